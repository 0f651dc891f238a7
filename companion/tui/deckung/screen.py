"""The Deckung helper: the cover and the attacker's modifier in large digits, a shot at the cover,
and each model in contact with its W10s."""

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits, Label, Static

from companion.games.deckung.controller import KEYMAP
from companion.games.deckung.state import DeckungState
from companion.games.deckung.view import cover_lines, model_line, modifier_digits, prompt, shot_lines
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen


class DeckungScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "deckung.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]

    @property
    def state(self) -> DeckungState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="dk-top"):
            yield Static("", id="dk-cover", markup=False)
            with Vertical(id="dk-modifier-box"):
                yield Label("Waffe abfeuern", id="dk-modifier-label")
                yield Digits("", id="dk-modifier")
        yield Static("", id="dk-shot", markup=False)
        yield Static("", id="dk-prompt", markup=False)
        yield Static("", id="dk-models", markup=False)
        yield Static("", id="dk-log", markup=False)

    def show_state(self) -> None:
        state = self.state
        self.query_one("#dk-cover", Static).update(Text("\n".join(cover_lines(state))))
        self.query_one("#dk-modifier", Digits).update(modifier_digits(state))
        self.query_one("#dk-shot", Static).update(Text("\n".join(shot_lines(state))))
        self.query_one("#dk-prompt", Static).update(Text(prompt(state)))
        self.query_one("#dk-models", Static).update(Text("\n".join(model_line(model) for model in state.models)))
        self.query_one("#dk-log", Static).update(Text("\n".join(state.log)))
