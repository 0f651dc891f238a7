"""The dice roller: the big button rolls, face keys enter physical dice; the newest roll in large
dice and digits, the history and statistics below."""

from itertools import islice
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from companion.dice.controller import KEYMAP
from companion.dice.state import DiceState
from companion.dice.view import history_table, pending_text, shown_roll, statistics_line, statistics_text
from companion.session import GameSession
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.dice_faces import DiceFaces
from companion.tui.widgets.newest_first import NewestFirst


class DiceScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "dice.tcss"
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]
    # Below 100 columns the statistics shrink to one line above the history.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    @property
    def state(self) -> DiceState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="roll-area"):
            with Vertical(id="roll-spec"):
                yield Label("", id="spec", markup=False)
                yield Label("", id="source", markup=False)
                yield DiceFaces(id="faces")
                yield Static("", id="pending", markup=False)
            yield BigNumber(id="total")
        with Horizontal(id="records"):
            with Vertical(id="history-box"):
                yield Static("", id="stats-line", markup=False)
                yield NewestFirst(id="history")
            yield Static("", id="stats", markup=False)

    def show_state(self) -> None:
        """The roll itself paints in the first frame; history and statistics follow a frame later."""
        state = self.state
        self._set_text("#spec", f"Dice: {state.spec}")
        roll = shown_roll(state)
        self._set_text("#source", roll.caption)
        self._set_text("#pending", pending_text(state))
        self.query_one("#faces", DiceFaces).show(roll.faces, roll.sides)
        total = self.query_one("#total", BigNumber)
        total.reserve = roll.reserve
        total.update(roll.total)
        self.call_after_refresh(self._show_records)

    def switch_view(self, view: str) -> None:
        """The fairness of the dice, over this game's rolls or every saved game's."""
        from companion.tui.screens.fairness import FairnessScreen  # its charts load on first use

        # A game followed over the table network has no games file here: this game's dice only.
        games_file = self.session.store.path if isinstance(self.session, GameSession) else None
        self.app.push_screen(FairnessScreen(self.state.statistics, games_file))

    def _set_text(self, selector: str, text: str) -> None:
        # Their size is fixed in the stylesheet, so an update needs no new layout of the screen;
        # and a line that reads the same is not drawn again (most rolls change only the digits).
        label = self.query_one(selector, Static)
        if label.content != text:
            label.update(text, layout=False)

    def _show_records(self) -> None:
        recent = self.state.recent
        history = self.query_one("#history", NewestFirst)

        def rows(count: int) -> list[Text]:
            shown = list(islice(recent, max(0, count - 1)))
            header, *lines = history_table(shown, history.size.width)
            return [Text(header, style="bold"),
                    *(Text(line, style="strike dim" if entry.voided else "") for entry, line in zip(shown, lines,
                                                                                                    strict=True))]

        history.show(rows)
        self._set_text("#stats", statistics_text(self.state))
        self._set_text("#stats-line", statistics_line(self.state))
