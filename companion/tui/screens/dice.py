"""The dice roller: the big button rolls, face keys enter physical dice, history and statistics below."""

from collections import Counter
from itertools import islice
from statistics import fmean

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits, Label, Static

from companion.dice.rules import ChooseSpec, DiceState, EnterFace, EraseFace, History, RollDice, RollEntry
from companion.dice.spec import DiceSpec
from companion.games.rules import Redo, Undo
from companion.hardware.controls import Control, ControlPressed
from companion.tui.screens.game_screen import GameScreen
from companion.tui.screens.spec_prompt import SpecPrompt
from companion.tui.widgets.newest_first import NewestFirst

HISTORY_HEADER = f"{'#':>5}  {'time':<8}  {'dice':<6} {'faces':<18} {'mod':>4}  {'total':>5}  source"
BARS = "·▁▂▃▄▅▆▇█"
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
            with Vertical(id="history-box"):
                yield Label(HISTORY_HEADER, id="history-header")
                yield NewestFirst(id="history")
            yield Static("", id="stats")

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
        """The roll itself paints in the first frame; history and statistics follow a frame later."""
        state = self.state
        last = state.last
        self._set_text("#spec", f"Dice: {state.spec}")
        # The roll's number tells a repeat of the same faces from a press that did nothing.
        self._set_text("#source", f"roll {last.seq}: {last.roll.spec}, {last.roll.source}" if last
                       else "press Roll, or key in your dice")
        self._set_text("#pending", pending_text(state))
        faces, total = digits_for(state)
        self.query_one("#faces", Digits).update(faces)
        self.query_one("#total", Digits).update(total)
        self.call_after_refresh(self._show_records)

    def _set_text(self, selector: str, text: str) -> None:
        # Their size is fixed in the stylesheet, so an update needs no new layout of the screen;
        # and a line that reads the same is not drawn again (most rolls change only the digits).
        label = self.query_one(selector, Static)
        if label.content != text:
            label.update(text, layout=False)

    def _show_records(self) -> None:
        history = self.state.history
        self.query_one("#history", NewestFirst).show(lambda rows: newest_lines(history, rows))
        self._set_text("#stats", statistics_text(self.state))


def newest_lines(history: History, rows: int) -> list[Text]:
    return [history_line(entry) for entry in islice(history.newest_first(), rows)]


def history_line(entry: RollEntry) -> Text:
    roll = entry.roll
    faces = " ".join(map(str, roll.faces))
    modifier = f"{roll.spec.modifier:+d}" if roll.spec.modifier else ""
    source = roll.source + (" (undone)" if entry.voided else "")
    line = (
        f"{entry.seq:>5}  {entry.at.astimezone():%H:%M:%S}  {roll.spec.count}d{roll.spec.sides:<4} "
        f"{faces:<18} {modifier:>4}  {roll.total:>5}  {source}"
    )
    return Text(line, style="strike dim" if entry.voided else "")


def digits_for(state: DiceState) -> tuple[str, str]:
    """Faces and total padded to the widest the dice can show, so a new roll needs no new layout."""
    spec, last = state.spec, state.last
    face_width = len(str(spec.sides))
    total_width = max(len(str(spec.count * spec.sides + spec.modifier)), len(str(spec.count + spec.modifier)))
    if last is None or last.roll.spec != spec:
        return " ".join(" " * face_width for _ in range(spec.count)), "-".rjust(total_width)
    faces = " ".join(str(face).rjust(face_width) for face in last.roll.faces)
    return faces, str(last.roll.total).rjust(total_width)


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
    return f"Physical dice: {' '.join(slots)}  (Undo erases)"


def statistics_text(state: DiceState) -> str:
    spec = state.spec
    if not spec.within_limits:
        return f"{spec}: beyond the dice limits, no statistics"
    totals = [e.roll.total for e in state.history if not e.voided and e.roll.spec == spec]
    expected = spec.count * (spec.sides + 1) / 2 + spec.modifier
    if not totals:
        return f"{spec}: no rolls yet\nexpected average {expected:.2f}"
    return (
        f"{spec}: {len(totals)} rolls\n"
        f"average {fmean(totals):.2f} (expected {expected:.2f})\n"
        f"lowest {min(totals)}, highest {max(totals)}"
        + spread_of_totals(spec, totals)
    )


def spread_of_totals(spec: DiceSpec, totals: list[int]) -> str:
    """A one-line bar per possible total (`2 ▁▂▄▆█▆▄▂▁·· 12`), for dice with few totals."""
    low, high = spec.count + spec.modifier, spec.count * spec.sides + spec.modifier
    if high - low + 1 > 24:
        return ""
    counts = Counter(totals)
    most = max(counts.values())
    bars = "".join(BARS[round(counts[total] / most * (len(BARS) - 1))] for total in range(low, high + 1))
    return f"\n{low} {bars} {high}"
