"""The Conflict of Heroes screen: both CAP tracks in block digits that grow with the screen, each side
in its colour, the pending roll with its odds for each CAP spend, and the units with their AP tracks
and hits. What a press means is the game's controller's."""

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from companion.games.conflict_of_heroes import guided, view
from companion.games.conflict_of_heroes.controller import KEYMAP
from companion.games.conflict_of_heroes.library import library_of
from companion.games.conflict_of_heroes.state import CohState, UnitState
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen
from companion.tui.sides import side_class, side_style, sides_named
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.unit_table import Fit, UnitTable

SIDES = (1, 2)


FIT = Fit(view.UNIT_COLUMNS, tuple({view.UNIT_COLUMNS.index(name) for name in group}
                                  for group in (("unit", "type"), ("side", "hit"))))
"""On a narrow screen the names wrap onto more lines first, then the sides and the hit counters."""


class ConflictOfHeroesScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "conflict_of_heroes.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]
    # The CAP digits take more rows as the screen has more: 80x24, the 7-inch touchscreen, a TV.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall"), (45, "-huge")]
    _followed: tuple[int | None, int | None] = (None, None)
    """The side to act and its unit to act when the highlight last went to that unit."""

    @property
    def state(self) -> CohState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="coh-sides"):
            for side in SIDES:
                with Vertical(id=f"coh-side-{side}", classes="coh-side"):
                    yield Static("", id=f"coh-name-{side}", classes=f"coh-name {side_class(side)}", markup=False)
                    with Horizontal(classes="coh-figures"):
                        yield BigNumber(id=f"coh-caps-{side}", reserve=2, classes=f"coh-caps {side_class(side)}")
                        yield Static("", id=f"coh-track-{side}", classes="coh-track", markup=False)
        with Vertical(id="coh-middle"):
            yield Static("", id="coh-situation", markup=False)
            yield Static("", id="coh-pending", markup=False)
            yield Static("", id="coh-rolls", markup=False)
        yield UnitTable(view.UNIT_COLUMNS, fit=FIT, id="coh-units")

    # The highlighted unit

    def selected(self) -> int | None:
        return self.query_one("#coh-units", UnitTable).selected()

    def move_selection(self, step: int) -> None:
        self.query_one("#coh-units", UnitTable).move(step)

    # Drawing

    def _show_lines(self, selector: str, lines: list[str], names: dict[int, str]) -> None:
        """The lines with the sides' names in their colours; no room taken when there are none."""
        shown = self.query_one(selector, Static)
        shown.update(sides_named("\n".join(lines), names))
        shown.display = bool(lines)

    def show_state(self) -> None:
        state = self.state
        names = {number: state.side(number).name for number in SIDES}
        for number in SIDES:
            doing = view.side_doing(state, number)
            self.query_one(f"#coh-name-{number}", Static).update(Text(names[number] + (f" · {doing}" if doing else "")))
            self.query_one(f"#coh-caps-{number}", BigNumber).update(str(state.side(number).caps.current))
            self.query_one(f"#coh-track-{number}", Static).update(view.track_text(state, number))
            self.query_one(f"#coh-side-{number}").set_class(bool(doing), "-doing")
        self._show_lines("#coh-situation", [view.situation(state)], names)
        self._show_lines("#coh-pending", view.pending_lines(state), names)
        scenario = guided.scenario_lines(state, library_of(self.game.data))
        self._show_lines("#coh-rolls", [*view.roll_lines(state), *scenario], names)
        table = self.query_one("#coh-units", UnitTable)
        table.show((unit.number, self._unit_cells(unit)) for unit in state.units)
        moment = (state.turn, view.acting_unit(state, None))
        if moment != self._followed:
            # Only when the turn passes or the side's unit to act changes: otherwise the players move
            # the highlight where they like (to peek at their own counter in the other side's turn).
            self._followed = moment
            if (acting := view.acting_unit(state, table.selected())) is not None:
                table.highlight(acting)

    def _unit_cells(self, unit: UnitState) -> list[Text]:
        cells = [Text(cell) for cell in view.unit_cells(self.state, unit)]
        cells[1].stylize(side_style(unit.side))
        return cells
