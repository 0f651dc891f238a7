"""Take Cover's screen: the four squad cards opposite each other, the turn, the step in progress with
its odds, the deck by count and what happened."""

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal
from textual.widgets import Static

from companion.games.take_cover.cards import SQUAD_NAMES
from companion.games.take_cover.controller import KEYMAP
from companion.games.take_cover.state import TakeCoverState
from companion.games.take_cover.view import (
    data_labels,
    deck_lines,
    squad_lines,
    squad_title,
    step_lines,
    turn_line,
)
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen


class TakeCoverScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "take_cover.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]

    @property
    def state(self) -> TakeCoverState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        yield Static("", id="tc-turn", markup=False)
        # German squads on the top row, each above the Russian squad it faces (A above C, B above D).
        with Grid(id="tc-squads"):
            for name in SQUAD_NAMES:
                yield Static("", id=f"tc-squad-{name}", classes="tc-squad", markup=False)
        yield Static("", id="tc-step", markup=False)
        with Horizontal(id="tc-bottom"):
            yield Static("", id="tc-deck", markup=False)
            yield Static("", id="tc-log", markup=False)

    def show_state(self) -> None:
        state = self.state
        deck_file, charts = data_labels(self.game.data)
        self.query_one("#tc-turn", Static).update(Text(turn_line(state)))
        for name in SQUAD_NAMES:
            squad = state.squad(name)
            card = self.query_one(f"#tc-squad-{name}", Static)
            card.update(Text.assemble((squad_title(state, name), "bold"), "\n", "\n".join(squad_lines(state, name))))
            card.set_class(squad.side == "German", "-german")
            card.set_class(squad.side == "Russian", "-russian")
            card.set_class(squad.eliminated, "-eliminated")
            card.set_class(state.deciding == squad.side, "-acting")
        self.query_one("#tc-step", Static).update(Text("\n".join(step_lines(state, charts))))
        self.query_one("#tc-deck", Static).update(Text("\n".join(deck_lines(state, deck_file))))
        self.query_one("#tc-log", Static).update(Text("\n".join(state.log)))
