"""The dice roller: the big button rolls, face keys enter physical dice, history and statistics below."""

from itertools import islice

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from companion.dice.controller import KEYMAP
from companion.dice.state import DiceState
from companion.dice.view import HISTORY_HEADER, digits_for, history_line, pending_text, roll_line, statistics_text
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen
from companion.tui.widgets.fast_digits import FastDigits
from companion.tui.widgets.newest_first import NewestFirst


class DiceScreen(GameScreen):
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]

    @property
    def state(self) -> DiceState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="roll-area"):
            with Vertical(id="roll-spec"):
                yield Label("", id="spec", markup=False)
                yield Label("", id="source", markup=False)
                yield Static("", id="pending", markup=False)
            yield FastDigits("", id="faces")
            yield FastDigits("", id="total")
        with Horizontal(id="records"):
            with Vertical(id="history-box"):
                yield Label(HISTORY_HEADER, id="history-header", markup=False)
                yield NewestFirst(id="history")
            yield Static("", id="stats", markup=False)

    def show_state(self) -> None:
        """The roll itself paints in the first frame; history and statistics follow a frame later."""
        state = self.state
        self._set_text("#spec", f"Dice: {state.spec}")
        self._set_text("#source", roll_line(state))
        self._set_text("#pending", pending_text(state))
        faces, total = digits_for(state)
        self.query_one("#faces", FastDigits).update(faces)
        self.query_one("#total", FastDigits).update(total)
        self.call_after_refresh(self._show_records)

    def _set_text(self, selector: str, text: str) -> None:
        # Their size is fixed in the stylesheet, so an update needs no new layout of the screen;
        # and a line that reads the same is not drawn again (most rolls change only the digits).
        label = self.query_one(selector, Static)
        if label.content != text:
            label.update(text, layout=False)

    def _show_records(self) -> None:
        recent = self.state.recent
        self.query_one("#history", NewestFirst).show(
            lambda rows: [Text(history_line(entry), style="strike dim" if entry.voided else "")
                          for entry in islice(recent, rows)]
        )
        self._set_text("#stats", statistics_text(self.state))
