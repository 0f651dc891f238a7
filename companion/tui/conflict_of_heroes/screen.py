"""The Conflict of Heroes screen: both CAP tracks in large digits, the units with their AP tracks and
hits, the pending roll with its odds for each CAP spend. What a press means is the game's controller's."""

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Digits, Label, Static

from companion.games.conflict_of_heroes import guided, view
from companion.games.conflict_of_heroes.controller import KEYMAP
from companion.games.conflict_of_heroes.library import library_of
from companion.games.conflict_of_heroes.state import CohState
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen


class ConflictOfHeroesScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "conflict_of_heroes.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]

    @property
    def state(self) -> CohState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="coh-top"):
            yield from self._side_panel(1)
            with Vertical(id="coh-middle"):
                yield Label("", id="coh-situation", markup=False)
                yield Static("", id="coh-pending", markup=False)
                yield Static("", id="coh-rolls", markup=False)
            yield from self._side_panel(2)
        yield DataTable(id="coh-units", cursor_type="row", zebra_stripes=True)

    def _side_panel(self, side: int) -> ComposeResult:
        with Vertical(id=f"coh-side-{side}", classes="coh-side"):
            yield Label("", id=f"coh-name-{side}", classes="coh-name", markup=False)
            yield Digits("", id=f"coh-caps-{side}", classes="coh-caps")
            yield Label("", id=f"coh-track-{side}", classes="coh-track", markup=False)

    def on_mount(self) -> None:
        # Runs before the base's first redraw (Textual calls the subclass's on_mount first).
        self.query_one("#coh-units", DataTable).add_columns(*view.UNIT_COLUMNS)

    # The highlighted unit

    def selected(self) -> int | None:
        table = self.query_one("#coh-units", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return int(key) if key is not None else None

    def move_selection(self, step: int) -> None:
        table = self.query_one("#coh-units", DataTable)
        if table.row_count:
            table.move_cursor(row=(table.cursor_row + step) % table.row_count)

    # Drawing

    def show_state(self) -> None:
        state = self.state
        for number in (1, 2):
            side = state.side(number)
            self.query_one(f"#coh-name-{number}", Label).update(side.name)
            self.query_one(f"#coh-caps-{number}", Digits).update(str(side.caps.current))
            self.query_one(f"#coh-track-{number}", Label).update(view.track_text(state, number))
            self.query_one(f"#coh-side-{number}").set_class(state.turn == number, "-to-act")
        self.query_one("#coh-situation", Label).update(view.situation(state))
        self.query_one("#coh-pending", Static).update("\n".join(view.pending_lines(state)))
        scenario = guided.scenario_lines(state, library_of(self.game.data))
        self.query_one("#coh-rolls", Static).update("\n".join([*view.roll_lines(state), *scenario]))
        table = self.query_one("#coh-units", DataTable)
        cursor = table.cursor_row
        table.clear()
        for unit in state.units:
            table.add_row(*(Text(cell) for cell in view.unit_cells(state, unit)), key=str(unit.number))
        if table.row_count:
            table.move_cursor(row=min(cursor, table.row_count - 1), animate=False)
