"""A modal question: which dice to roll, typed as `2d6+1`."""

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from companion.dice.spec import DiceSpec
from companion.errors import BadSpec


class SpecPrompt(ModalScreen[DiceSpec | None]):
    BINDINGS = [("escape", "dismiss(None)", "Cancel")]

    def __init__(self, current: DiceSpec) -> None:
        super().__init__()
        self._current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Dice to roll (d6, 2d6, d10, 3d6+1, …)")
            yield Input(value=str(self._current), id="spec-input")
            yield Label("", id="spec-error", markup=False)  # it quotes what was typed

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(DiceSpec.parse(event.value))
        except BadSpec as error:
            self.query_one("#spec-error", Label).update(str(error))
