"""The dice roller: the big button rolls, face keys enter physical dice, history and statistics below."""

from statistics import fmean

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Digits, Label, Static

from companion.dice.rules import ChooseSpec, DiceState, EnterFace, EraseFace, RollDice, RollEntry
from companion.dice.spec import DiceSpec
from companion.games.rules import Redo, Undo
from companion.hardware.controls import Control, ControlPressed
from companion.tui.screens.game_screen import GameScreen
from companion.tui.screens.spec_prompt import SpecPrompt

QUICK_SPECS = tuple(DiceSpec.parse(text) for text in ("d6", "2d6", "d10"))


class DiceScreen(GameScreen):
    BINDINGS = [
        Binding("space", "press('roll')", "Roll", priority=True),
        Binding("backspace", "erase", "Erase face"),
        Binding("n", "press('next')", "Next dice"),
        Binding("e", "edit_spec", "Dice…"),
        *(Binding(str(key), f"face({key})", show=False) for key in range(10)),
    ]

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="roll-area"):
            with Vertical(id="roll-spec"):
                yield Label("", id="spec")
                yield Label("", id="source")
                yield Static("", id="pending")
            yield Digits("", id="faces")
            yield Digits("", id="total")
        with Horizontal(id="records"):
            yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
            yield Static("", id="stats")

    def on_mount(self) -> None:
        table = self.query_one("#history", DataTable)
        table.add_columns("#", "time", "dice", "faces", "mod", "total", "source")
        super().on_mount()

    @property
    def state(self) -> DiceState:
        return self.session.state

    def on_control(self, press: ControlPressed) -> None:
        match press.control:
            case Control.ROLL:
                if self.run_command(RollDice()):
                    self.companion.flash_roll_led()
            case Control.FACE:
                if self.run_command(EnterFace(entered=press.value)) and not self.state.pending:
                    self.companion.flash_roll_led()
            case Control.UNDO:
                # A half-entered physical roll is corrected face by face before any roll is undone.
                self.run_command(EraseFace() if self.state.pending else Undo())
            case Control.REDO:
                self.run_command(Redo())
            case Control.NEXT:
                self.run_command(ChooseSpec(spec=next_quick_spec(self.state.spec)))
            case Control.CONFIRM:
                self.notify("Confirm has nothing to confirm on the dice roller", timeout=2)

    def action_press(self, control: str) -> None:
        self.on_control(ControlPressed(Control(control), source="keyboard"))

    def action_face(self, key: int) -> None:
        self.on_control(ControlPressed(Control.FACE, key, source="keyboard"))

    def action_erase(self) -> None:
        self.run_command(EraseFace())

    def action_undo(self) -> None:
        self.on_control(ControlPressed(Control.UNDO, source="keyboard"))

    def action_edit_spec(self) -> None:
        def chosen(spec: DiceSpec | None) -> None:
            if spec is not None:
                self.run_command(ChooseSpec(spec=spec))

        self.app.push_screen(SpecPrompt(self.state.spec), chosen)

    def show_state(self) -> None:
        state = self.state
        self.query_one("#spec", Label).update(f"Dice: {state.spec}")
        last = state.last
        self.query_one("#faces", Digits).update(" ".join(map(str, last.roll.faces)) if last else "")
        self.query_one("#total", Digits).update(str(last.roll.total) if last else "-")
        self.query_one("#source", Label).update(
            f"{last.roll.spec}, {last.roll.source}" if last else "press Roll, or key in your dice"
        )
        self.query_one("#pending", Static).update(pending_text(state))
        self._show_history(state.history)
        self.query_one("#stats", Static).update(statistics_text(state))

    def _show_history(self, history: tuple[RollEntry, ...]) -> None:
        table = self.query_one("#history", DataTable)
        table.clear()
        for entry in reversed(history):
            roll = entry.roll
            style = "strike dim" if entry.voided else ""
            cells = (
                str(entry.seq),
                entry.at.astimezone().strftime("%H:%M:%S"),
                f"{roll.spec.count}d{roll.spec.sides}",
                " ".join(map(str, roll.faces)),
                f"{roll.spec.modifier:+d}" if roll.spec.modifier else "",
                str(roll.total),
                roll.source + (" (undone)" if entry.voided else ""),
            )
            table.add_row(*(Text(cell, style=style) for cell in cells), key=str(entry.seq))


def next_quick_spec(current: DiceSpec) -> DiceSpec:
    """d6 → 2d6 → d10 → d6; any other spec goes to d6."""
    if current in QUICK_SPECS:
        return QUICK_SPECS[(QUICK_SPECS.index(current) + 1) % len(QUICK_SPECS)]
    return QUICK_SPECS[0]


def pending_text(state: DiceState) -> str:
    if not state.pending:
        zero = ", 0 for 10" if state.spec.sides == 10 else ""
        return f"Physical dice: key the faces (1–{min(state.spec.sides, 9)}{zero})"
    slots = [str(face) for face in state.pending] + ["_"] * (state.spec.count - len(state.pending))
    return f"Physical dice: {' '.join(slots)}   (Undo / Backspace erases)"


def statistics_text(state: DiceState) -> str:
    spec = state.spec
    totals = [e.roll.total for e in state.history if not e.voided and e.roll.spec == spec]
    expected = spec.count * (spec.sides + 1) / 2 + spec.modifier
    if not totals:
        return f"{spec}: no rolls yet\nexpected average {expected:.2f}"
    return (
        f"{spec}: {len(totals)} rolls\n"
        f"average {fmean(totals):.2f} (expected {expected:.2f})\n"
        f"lowest {min(totals)}, highest {max(totals)}"
    )
