"""The Conflict of Heroes screen: both CAP tracks in large digits, the units with their AP tracks and hits,
the pending roll with its odds for each CAP spend, and the table's buttons mapped onto the rules."""

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Digits, Label, Static

from companion.errors import CompanionError, ConfigError
from companion.games.conflict_of_heroes import undo, view
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AnnounceInitiative,
    ChangeVictoryPoints,
    CountInitiativeSpend,
    DeclareModifier,
    EnterFace,
    EraseFace,
    MarkSpent,
    Pass,
    Pivot,
    RevealCounter,
    Roll,
    SpendCaps,
    Stall,
    StartRound,
    UseCounterPools,
)
from companion.games.conflict_of_heroes.library import load_hit_counters, load_units, user_folder
from companion.games.conflict_of_heroes.state import CohState, UnitState
from companion.games.rules import Command, Redo, Undo
from companion.hardware.controls import Control, ControlPressed
from companion.journal.events import DecisionRedone, DecisionUndone
from companion.tui.conflict_of_heroes.prompts import (
    AddUnitForm,
    AttackForm,
    CounterPeek,
    MoveForm,
    RallyForm,
    SetupForm,
)
from companion.tui.screens.game_screen import GameScreen


class ConflictOfHeroesScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "conflict_of_heroes.tcss"
    # The footer keeps the keys of every turn; the help line under the units names the rest for the moment.
    BINDINGS = [
        Binding("space", "press('roll')", "Roll", priority=True),
        Binding("c", "press('confirm')", "Confirm"),
        Binding("n", "press('next')", "Next"),
        Binding("a", "activate", "Activate"),
        Binding("f", "fire", "Fire"),
        Binding("p", "pass_turn", "Pass"),
        Binding("backspace", "erase", "Erase face", show=False),
        Binding("s", "setup", "Sides", show=False),
        Binding("i", "add_unit", "Add unit", show=False),
        Binding("m", "move", "Move", show=False),
        Binding("v", "pivot", "Pivot", show=False),
        Binding("t", "stall", "Stall", show=False),
        Binding("r", "rally", "Rally", show=False),
        Binding("x", "mark_spent", "Mark spent", show=False),
        Binding("plus,equals_sign", "modifier(1)", "+CAP on roll", show=False),
        Binding("minus", "modifier(-1)", "-CAP on roll", show=False),
        Binding("left_square_bracket", "side_button(1)", "Side 1 CAP button", show=False),
        Binding("right_square_bracket", "side_button(2)", "Side 2 CAP button", show=False),
        Binding("comma", "victory(1, 1)", "VP +1 side 1", show=False),
        Binding("full_stop", "victory(2, 1)", "VP +1 side 2", show=False),
        Binding("less_than_sign", "victory(1, -1)", "VP -1 side 1", show=False),
        Binding("greater_than_sign", "victory(2, -1)", "VP -1 side 2", show=False),
        Binding("h", "peek", "Peek at hit", show=False),
        Binding("w", "reveal", "Show hit to opponent", show=False),
        *(Binding(str(key), f"digit({key})", show=False) for key in range(10)),
    ]

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="coh-top"):
            yield from self._side_panel(1)
            with Vertical(id="coh-middle"):
                # Plain text: these lines carry side, unit and counter names from players and data files.
                yield Label("", id="coh-situation", markup=False)
                yield Static("", id="coh-pending", markup=False)
                yield Static("", id="coh-rolls", markup=False)
            yield from self._side_panel(2)
        yield DataTable(id="coh-units", cursor_type="row", zebra_stripes=True)
        yield Static("", id="coh-help", markup=False)

    def _side_panel(self, side: int) -> ComposeResult:
        with Vertical(id=f"coh-side-{side}", classes="coh-side"):
            yield Label("", id=f"coh-name-{side}", classes="coh-name", markup=False)
            yield Digits("", id=f"coh-caps-{side}", classes="coh-caps")
            yield Label("", id=f"coh-track-{side}", classes="coh-track", markup=False)

    def on_mount(self) -> None:
        self.query_one("#coh-units", DataTable).add_columns("#", "side", "unit", "type", "status", "APs", "hit")
        folder = user_folder(self.companion.store.path.parent)
        try:
            self.library = load_units(folder)
            pools = load_hit_counters(folder)
        except ConfigError as problem:
            self.notify(f"{problem} (using the shipped files)", severity="error", timeout=10)
            self.library, pools = load_units(), load_hit_counters()
        if self.state.phase == "setup" and pools != self.state.pools:
            self.run_command(UseCounterPools(pools=pools))

    @property
    def state(self) -> CohState:
        return self.session.state

    def selected_unit(self) -> UnitState | None:
        table = self.query_one("#coh-units", DataTable)
        if table.row_count == 0:
            self.notify("add a unit first (i)", timeout=3)
            return None
        number = int(table.get_row_at(table.cursor_row)[0])
        return self.state.unit(number)

    # The table's buttons

    def on_control(self, press: ControlPressed) -> None:
        state = self.state
        match press.control:
            case Control.ROLL:
                self.run_command(Roll())
            case Control.FACE:
                if state.phase == "initiative" and state.pending is None:
                    self.run_command(AnnounceInitiative(side=state.initiative.next_side, caps=press.value))
                else:
                    self.run_command(EnterFace(entered=press.value))
            case Control.SIDE:
                self.side_button(press.value)
            case Control.UNDO:
                self.undo_button()
            case Control.REDO:
                self._settled_or_run(Redo(), self.session.timeline.redo, "redo")
            case Control.NEXT:
                if state.phase in ("setup", "round_over"):
                    self.run_command(StartRound())
                else:
                    self.query_one("#coh-units", DataTable).action_cursor_down()
            case Control.CONFIRM:
                if state.phase == "initiative" and state.pending is None:
                    initiative = state.initiative
                    self.run_command(AnnounceInitiative(side=initiative.next_side, caps=initiative.counted))
                else:
                    self.action_activate()

    def side_button(self, side: int) -> None:
        """A side's CAP button: adds a CAP to that side's pending roll or initiative spend, else spends one."""
        state = self.state
        pending = state.pending
        if pending is not None and pending.roller is not None and state.unit(pending.roller).side == side:
            self.run_command(DeclareModifier(caps=pending.modifier + 1 if pending.modifier < 2 else 0))
        elif state.phase == "initiative" and pending is None and state.initiative.next_side == side:
            self.run_command(CountInitiativeSpend(side=side))
        else:
            self.run_command(SpendCaps(side=side, caps=1, reason="CAP button", ends_turn=False))

    def undo_button(self) -> None:
        """Erases a keyed face first; otherwise undoes the latest decision unless a roll has settled it."""
        pending = self.state.pending
        if pending is not None and pending.faces:
            self.run_command(EraseFace())
        else:
            self._settled_or_run(Undo(), self.session.timeline.undo, "undo")

    def _settled_or_run(self, command: Command, target: Callable[[], DecisionUndone | DecisionRedone], verb: str) -> None:
        try:
            undo.check(self.session.records, target().target, verb)
        except CompanionError as refusal:
            self.notify(str(refusal), severity="error", timeout=8)
            return
        self.run_command(command)

    # Keys

    def action_press(self, control: str) -> None:
        self.on_control(ControlPressed(Control(control), source="keyboard"))

    def action_digit(self, key: int) -> None:
        self.on_control(ControlPressed(Control.FACE, key, source="keyboard"))

    def action_side_button(self, side: int) -> None:
        self.on_control(ControlPressed(Control.SIDE, side, source="keyboard"))

    def action_undo(self) -> None:
        self.on_control(ControlPressed(Control.UNDO, source="keyboard"))

    def action_redo(self) -> None:
        self.on_control(ControlPressed(Control.REDO, source="keyboard"))

    def action_erase(self) -> None:
        self.run_command(EraseFace())

    def action_modifier(self, step: int) -> None:
        if self.state.pending is not None:
            self.run_command(DeclareModifier(caps=self.state.pending.modifier + step))

    def action_victory(self, side: int, change: int) -> None:
        self.run_command(ChangeVictoryPoints(side=side, change=change))

    def action_setup(self) -> None:
        self._ask(SetupForm(self.state))

    def action_add_unit(self) -> None:
        self._ask(AddUnitForm(self.state, self.library, self.state.turn or 1))

    def action_activate(self) -> None:
        if unit := self.selected_unit():
            self.run_command(Activate(unit=unit.number))

    def action_move(self) -> None:
        if unit := self.selected_unit():
            self._ask(MoveForm(unit))

    def action_pivot(self) -> None:
        if unit := self.selected_unit():
            self.run_command(Pivot(unit=unit.number))

    def action_stall(self) -> None:
        if unit := self.selected_unit():
            self.run_command(Stall(unit=unit.number))

    def action_fire(self) -> None:
        if unit := self.selected_unit():
            self._ask(AttackForm(self.state, unit))

    def action_rally(self) -> None:
        if unit := self.selected_unit():
            self._ask(RallyForm(unit))

    def action_mark_spent(self) -> None:
        if unit := self.selected_unit():
            self.run_command(MarkSpent(unit=unit.number))

    def action_pass_turn(self) -> None:
        if self.state.turn is None:
            self.notify("nobody is to act now", timeout=3)
        else:
            self.run_command(Pass(side=self.state.turn))

    def action_peek(self) -> None:
        unit = self.selected_unit()
        if unit is None or unit.hit is None:
            self.notify("that unit has no hit counter", timeout=3)
        else:
            self.app.push_screen(CounterPeek(self.state.side(unit.side).name, unit))

    def action_reveal(self) -> None:
        if unit := self.selected_unit():
            self.run_command(RevealCounter(unit=unit.number))

    def _ask(self, form) -> None:
        def answered(commands: list[Command] | None) -> None:
            for command in commands or []:
                if self.run_command(command) is None:
                    break

        self.app.push_screen(form, answered)

    # Drawing

    def show_state(self) -> None:
        state = self.state
        for number, side in enumerate(state.sides, 1):
            track = side.caps
            self.query_one(f"#coh-name-{number}", Label).update(side.name)
            self.query_one(f"#coh-caps-{number}", Digits).update(str(track.current))
            lost = f"\nlost units on {', '.join(map(str, track.occupied))}" if track.occupied else ""
            self.query_one(f"#coh-track-{number}", Label).update(
                f"of {track.allowance} this round\nstart {track.start} · VP {side.victory_points}{lost}"
            )
            self.query_one(f"#coh-side-{number}").set_class(state.turn == number, "-to-act")
        self.query_one("#coh-situation", Label).update(view.situation(state))
        self.companion.show_side(state.turn)
        self.query_one("#coh-pending", Static).update("\n".join(view.pending_lines(state)))
        self.query_one("#coh-rolls", Static).update("\n".join(view.roll_lines(state)))
        self.query_one("#coh-help", Static).update(view.key_help(state))
        table = self.query_one("#coh-units", DataTable)
        cursor = table.cursor_row
        table.clear()
        for unit in state.units:
            number, *names = view.unit_cells(state, unit)
            table.add_row(number, *map(Text, names), key=str(unit.number))  # a str cell would be read as markup
        if table.row_count:
            table.move_cursor(row=min(cursor, table.row_count - 1), animate=False)
