"""The Point Blank screen: the cards left in block digits, the side to act in its colour, the odds,
the check in progress (else the latest result), the units, the checklists and the log; and, in
their place on a key, the battlefield grid with each Sector's card and units.

Everything it shows is worded by `companion.games.point_blank.view`; every key goes through the
game's controller. Players draw their real cards and key in the pips (face keys on GPIO, the
serial board, the on-screen panel or 1-6 on the keyboard).
"""

from pathlib import Path

from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from companion.games.descriptor import Game
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.aeo.view import panel_lines
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.controller import KEYMAP
from companion.games.point_blank.event_words import latest_lines, log_lines
from companion.games.point_blank.field_view import checklist, grid_lines
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import (
    SHORT_UNIT_COLUMNS,
    UNIT_COLUMNS,
    check_lines,
    deck_lines,
    odds_lines,
    side_name,
    situation,
    to_act,
    unit_row,
)
from companion.session import GameSession
from companion.tui.keys import bindings
from companion.tui.point_blank.aeo_panel import AeoPanel
from companion.tui.screens.game_screen import GameScreen
from companion.tui.sides import side_colour, sides_named
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.mock_panel import Wired
from companion.tui.widgets.unit_table import Fit, UnitTable

SIDES = (1, 2)
COLOURED = (UNIT_COLUMNS.index("side"), UNIT_COLUMNS.index("sector"))
"""The unit table's columns that name a side, in its colour."""
FIT = Fit(SHORT_UNIT_COLUMNS, tuple({UNIT_COLUMNS.index(name) for name in group}
                                    for group in (("unit", "terrain"), ("state", "sector"))))
"""On a narrow screen the unit table's headings shorten, then the names wrap onto more lines, then
the state and the sector (the other columns are short)."""


class PointBlankScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "point_blank.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]
    # Below 130 columns the checklists and the log go under the unit table, which needs the width.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (130, "-wide")]
    # The cards left take more rows on the 7-inch touchscreen and on a TV.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall"), (45, "-huge")]

    def __init__(self, game: Game, session: GameSession, mock_controls: Wired | None = None,
                 read_only: str = "") -> None:
        super().__init__(game, session, mock_controls, read_only)
        self.catalog = Catalog.of(game.data)
        self.showing_field = False
        """The battlefield grid is shown in place of the deck, the units and the checklists."""

    @property
    def state(self) -> PointBlankState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="pb-top"):
            with Vertical(id="pb-deck"):
                yield Static("cards left", id="pb-left-caption")
                yield BigNumber(id="pb-left", reserve=2)
            with Vertical(id="pb-middle"):
                yield Static("", id="pb-situation", markup=False)
                yield Static("", id="pb-cards", markup=False)
                yield Static("", id="pb-odds", markup=False)
                yield Static("", id="pb-check", markup=False)
        with Horizontal(id="pb-bottom"):
            yield UnitTable(UNIT_COLUMNS, fit=FIT, id="pb-units")
            # Panels stack here, under the unit table on a narrow screen, beside it on a wide one.
            with VerticalScroll(id="pb-side", can_focus=False):
                yield AeoPanel()
                yield Static("", id="pb-checklist", markup=False)
                yield Static("", id="pb-log", markup=False)
        with VerticalScroll(id="pb-field-view", can_focus=False):
            yield Static("", id="pb-field", markup=False)

    @property
    def names(self) -> dict[int, str]:
        return {side: side_name(self.state, self.catalog, side) for side in SIDES}

    def show_state(self) -> None:
        state, catalog, names = self.state, self.catalog, self.names
        self.query_one("#pb-left", BigNumber).update(str(state.deck.left) if state.settings else "--")
        line = sides_named(situation(state, catalog), names)
        if state.settings is not None and not state.game_over:
            colour = side_colour(state.side)
            line.highlight_words([to_act(state, catalog)], Style(color="black", bgcolor=colour, bold=True))
        self.query_one("#pb-situation", Static).update(line)
        self._show("#pb-cards", deck_lines(state, catalog) if state.settings else [])
        self._show("#pb-odds", odds_lines(state))
        checking = check_lines(state, catalog)
        latest = latest_lines(state, catalog)
        self._show("#pb-check", checking or latest)
        check = self.query_one("#pb-check", Static)
        check.set_class(not checking, "-latest")
        check.set_class(not (checking or latest), "-empty")
        self.set_class(bool(checking), "-checking")
        self._show("#pb-checklist", checklist(state, catalog))
        self._show("#pb-log", log_lines(state, catalog))
        self.query_one(AeoPanel).show(panel_lines(state, catalog))
        # The AEO's step and what it just did come before the unit table on a narrow screen.
        self.set_class(stage(state).kind != "none" and not checking, "-aeo")
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
        self._show("#pb-field", grid_lines(self.state, self.catalog, view.size.width, view.size.height))

    def _show(self, selector: str, lines: list[str]) -> None:
        """The lines as written (names come from players and files), each side's name in its colour."""
        self.query_one(selector, Static).update(sides_named("\n".join(lines), self.names))

    def _show_units(self) -> None:
        names = self.names
        self.query_one("#pb-units", UnitTable).show(
            (unit.id, [sides_named(cell, names) if index in COLOURED else cell
                       for index, cell in enumerate(unit_row(self.state, self.catalog, unit))])
            for unit in self.state.units)

    def selected(self) -> int | None:
        return self.query_one("#pb-units", UnitTable).selected()

    def move_selection(self, step: int) -> None:
        self.query_one("#pb-units", UnitTable).move(step)
