"""The Deckung helper: the cover, and the attacker's modifier in block digits that grow with the
screen; a shot at the cover, and each model in contact with its W10s."""

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from companion.games.deckung.controller import KEYMAP
from companion.games.deckung.state import DeckungState
from companion.games.deckung.view import (
    MODIFIER_LABEL,
    cover_lines,
    log_lines,
    model_line,
    modifier_digits,
    modifier_note,
    prompt,
    shot_lines,
)
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen
from companion.tui.widgets.big_number import BigNumber


class DeckungScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "deckung.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]
    # Larger digits on the 7-inch touchscreen and on a TV.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall"), (45, "-huge")]

    @property
    def state(self) -> DeckungState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="dk-top"):
            yield Static("", id="dk-cover", markup=False)
            with Vertical(id="dk-modifier-box"):
                yield Static(MODIFIER_LABEL, id="dk-modifier-label", markup=False)
                yield BigNumber(id="dk-modifier", reserve=2)
                yield Static("", id="dk-modifier-note", markup=False)
        yield Static("", id="dk-shot", markup=False)
        yield Static("", id="dk-prompt", markup=False)
        yield Static("", id="dk-models", markup=False)
        yield Static("", id="dk-log", markup=False)

    def show_state(self) -> None:
        state = self.state
        self.query_one("#dk-cover", Static).update(Text("\n".join(cover_lines(state))))
        self.query_one("#dk-modifier", BigNumber).update(modifier_digits(state))
        self.query_one("#dk-modifier-note", Static).update(Text(modifier_note(state)))
        self.query_one("#dk-shot", Static).update(Text("\n".join(shot_lines(state))))
        waiting = prompt(state)
        self.query_one("#dk-prompt", Static).update(Text(waiting))
        self.query_one("#dk-prompt").display = bool(waiting)
        self.query_one("#dk-models", Static).update(Text("\n".join(model_line(model) for model in state.models)))
        self.query_one("#dk-log", Static).update(Text("\n".join(log_lines(state))))
