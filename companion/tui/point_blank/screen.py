"""The Point Blank screen: the deck and its odds, the check in progress, the units, the checklists;
and, in its place on a key, the battlefield grid with each Sector's card and units.

Everything it shows is worded by `companion.games.point_blank.view`; every key goes through the
game's controller. Players draw their real cards and key in the pips (face keys on GPIO, the
serial board, the on-screen panel or 1-6 on the keyboard).
"""

from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Digits, Label, Static

from companion.games.descriptor import Game
from companion.games.point_blank.aeo.view import panel_lines
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.controller import KEYMAP
from companion.games.point_blank.field_view import checklist, grid_lines
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import (
    UNIT_COLUMNS,
    check_lines,
    deck_lines,
    log_lines,
    odds_lines,
    situation,
    unit_row,
)
from companion.session import GameSession
from companion.tui.keys import bindings
from companion.tui.point_blank.aeo_panel import AeoPanel
from companion.tui.screens.game_screen import GameScreen, Wired


class PointBlankScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "point_blank.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]
    # Below 130 columns the side column narrows so the units' markers stay in view.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (130, "-wide")]

    def __init__(self, game: Game, session: GameSession, mock_controls: Wired | None = None) -> None:
        super().__init__(game, session, mock_controls)
        self.catalog = Catalog.of(game.data)
        self.showing_field = False
        """The battlefield grid is shown in place of the deck, the units and the checklists."""

    @property
    def state(self) -> PointBlankState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="pb-top"):
            with Vertical(id="pb-deck"):
                yield Label("cards left", classes="pb-caption")
                yield Digits("", id="pb-left")
            with Vertical(id="pb-middle"):
                yield Static("", id="pb-situation", markup=False)
                yield Static("", id="pb-cards", markup=False)
                yield Static("", id="pb-odds", markup=False)
                yield Static("", id="pb-check", markup=False)
        with Horizontal(id="pb-bottom"):
            yield DataTable(id="pb-units", cursor_type="row", zebra_stripes=True)
            with Vertical(id="pb-side"):
                yield AeoPanel()
                yield Static("", id="pb-checklist", markup=False)
                yield Static("", id="pb-log", markup=False)
        with VerticalScroll(id="pb-field-view", can_focus=False):
            yield Static("", id="pb-field", markup=False)

    def on_mount(self) -> None:
        # Textual calls GameScreen.on_mount (the first redraw) after this one.
        self.query_one("#pb-units", DataTable).add_columns(*UNIT_COLUMNS)

    def show_state(self) -> None:
        state, catalog = self.state, self.catalog
        self.query_one("#pb-left", Digits).update(str(state.deck.left).rjust(2) if state.settings else "--")
        self._show("#pb-situation", [situation(state, catalog)])
        self._show("#pb-cards", deck_lines(state, catalog) if state.settings else [])
        self._show("#pb-odds", odds_lines(state))
        self._show("#pb-check", check_lines(state))
        self._show("#pb-checklist", checklist(state, catalog))
        self._show("#pb-log", log_lines(state, catalog))
        self.query_one(AeoPanel).show(panel_lines(state, catalog))
        self._show_units()
        if self.showing_field:
            self._show_field()

    def switch_view(self, view: str) -> None:
        self.showing_field = not self.showing_field
        self.set_class(self.showing_field, "-field")
        # The grid fits the space it gets, known once the new layout is done.
        self.call_after_refresh(self._show_field)

    def on_resize(self, _: events.Resize) -> None:
        if self.showing_field:
            self.call_after_refresh(self._show_field)

    def _show_field(self) -> None:
        view = self.query_one("#pb-field-view", VerticalScroll)
        lines = grid_lines(self.state, self.catalog, view.size.width, view.size.height)
        self._show("#pb-field", lines)

    def _show(self, selector: str, lines: list[str]) -> None:
        self.query_one(selector, Static).update(Text("\n".join(lines)))

    def _show_units(self) -> None:
        table = self.query_one("#pb-units", DataTable)
        cursor = table.cursor_row
        table.clear()
        for unit in self.state.units:
            # Names come from players and data files: cells are text, never markup.
            table.add_row(*map(Text, unit_row(self.state, self.catalog, unit)), key=str(unit.id))
        if table.row_count:
            table.move_cursor(row=min(cursor, table.row_count - 1), animate=False)

    def selected(self) -> int | None:
        table = self.query_one("#pb-units", DataTable)
        if not table.row_count:
            return None
        return int(str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value))

    def move_selection(self, step: int) -> None:
        table = self.query_one("#pb-units", DataTable)
        if table.row_count:
            table.move_cursor(row=max(0, min(table.row_count - 1, table.cursor_row + step)), animate=False)
