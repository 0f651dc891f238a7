"""Take Cover's screen: the four squad cards opposite each other in their sides' colours, the key
figure in block digits (the MFP during a fire, else the draw deck), the step in progress with its
odds, the deck by count and what happened."""

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Static

from companion.games.take_cover.cards import SIDES, SQUAD_NAMES, side_number
from companion.games.take_cover.controller import KEYMAP
from companion.games.take_cover.state import TakeCoverState
from companion.games.take_cover.view import (
    data_labels,
    deck_rows,
    key_number,
    log_lines,
    squad_lines,
    squad_title,
    step_lines,
    turn_line,
)
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen
from companion.tui.sides import side_class, side_style, sides_named
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.cell_rows import CellRows

NAMES = {side_number(side): side for side in SIDES}


class TakeCoverScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "take_cover.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]
    # Taller squad cards and larger digits on the 7-inch touchscreen and on a TV.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall"), (45, "-huge")]

    @property
    def state(self) -> TakeCoverState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        yield Static("", id="tc-turn", markup=False)
        with Horizontal(id="tc-main"):
            # German squads on the top row, each above the Russian squad it faces (A above C, B above D).
            with Grid(id="tc-squads"):
                for name in SQUAD_NAMES:
                    yield Static("", id=f"tc-squad-{name}", classes="tc-squad", markup=False)
            with Vertical(id="tc-key"):
                yield Static("", id="tc-key-label", markup=False)
                yield BigNumber(id="tc-key-number", reserve=2)
                yield Static("", id="tc-key-note", markup=False)
        yield Static("", id="tc-step", markup=False)
        with Horizontal(id="tc-bottom"):
            yield CellRows(lambda line: sides_named(line, NAMES), id="tc-deck")
            yield Static("", id="tc-log", markup=False)

    def show_state(self) -> None:
        state = self.state
        deck_file, charts = data_labels(self.game.data)
        self.query_one("#tc-turn", Static).update(sides_named(turn_line(state), NAMES))
        for name in SQUAD_NAMES:
            squad = state.squad(name)
            side = side_number(squad.side)
            card = self.query_one(f"#tc-squad-{name}", Static)
            card.update(Text.assemble((squad_title(state, name), side_style(side)), "\n",
                                      "\n".join(squad_lines(state, name))))
            for number in NAMES:
                card.set_class(side == number, side_class(number))
            card.set_class(squad.eliminated, "-eliminated")
            card.set_class(state.deciding == squad.side, "-acting")
        label, figure, note = key_number(state, deck_file)
        self.query_one("#tc-key-label", Static).update(Text(label))
        self.query_one("#tc-key-number", BigNumber).update(figure)
        self.query_one("#tc-key-note", Static).update(Text(note))
        self.query_one("#tc-step", Static).update(sides_named("\n".join(step_lines(state, charts)), NAMES))
        self.query_one("#tc-deck", CellRows).show(deck_rows(state, deck_file))
        self.query_one("#tc-log", Static).update(sides_named("\n".join(log_lines(state)), NAMES))
