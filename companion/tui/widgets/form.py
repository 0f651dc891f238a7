"""The base of every modal form: Enter or OK submits, Escape cancels, a bad value is said, not raised."""

from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Label

Answer = TypeVar("Answer")


class Tick(Checkbox, inherit_bindings=False):
    """A checkbox that Space ticks, so that Enter submits the form instead of ticking a box by surprise."""

    BINDINGS = [Binding("space", "toggle_button", "Toggle", show=False)]


class Form(ModalScreen[Answer | None], Generic[Answer]):
    """Subclasses yield their `fields` and read them back in `answer`, raising ValueError (with a
    message a player can read) for a value that cannot be used; the form then stays open."""

    FORM_CLASS: ClassVar[str] = "form"
    """The container's class; its buttons row gets `<FORM_CLASS>-buttons`, for each game's stylesheet."""
    BINDINGS = [("escape", "dismiss(None)", "Cancel"), ("enter", "submit", "OK")]

    def compose(self) -> ComposeResult:
        # Not focusable itself, so the first field has the focus when the form opens.
        with VerticalScroll(classes=self.FORM_CLASS, can_focus=False):
            yield from self.fields()
            with Horizontal(classes=f"{self.FORM_CLASS}-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Label("", id="form-error", markup=False)  # a refusal may quote what was typed

    def fields(self) -> ComposeResult:
        raise NotImplementedError

    def answer(self) -> Answer:
        raise NotImplementedError

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit() if event.button.id == "ok" else self.dismiss(None)

    def on_input_submitted(self) -> None:
        self.submit()

    def action_submit(self) -> None:
        self.submit()

    def submit(self) -> None:
        try:
            self.dismiss(self.answer())
        except ValueError as error:
            self.query_one("#form-error", Label).update(str(error).splitlines()[0])
