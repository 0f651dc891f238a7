"""Are my dice fair? Each die type's faces against a fair die, generated and physical apart, with the
chi-square verdict: for this game, or (key `a`) for every saved game."""

from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Label, Static

from companion.dice.journal_dice import games_statistics
from companion.dice.statistics import DiceStatistics
from companion.dice.stats_view import fairness_text
from companion.errors import CompanionError
from companion.games.kit.words import count_of
from companion.games.registry import dice_events_of
from companion.hardware.controls import Control, ControlPressed
from companion.journal.store import GameStore
from companion.tui.buttons import does_nothing
from companion.tui.widgets.face_chart import FaceChart
from companion.tui.widgets.mock_panel import PanelModal


class FairnessScreen(PanelModal[None]):
    CSS_PATH = Path(__file__).parent / "fairness.tcss"
    BINDINGS = [
        Binding("escape,f", "close", "Close"),
        Binding("a", "toggle_scope", "This game / all games"),
    ]

    def __init__(self, this_game: DiceStatistics, store_path: Path | None) -> None:
        super().__init__()
        self._this_game = this_game
        self._store_path = store_path
        self._all: DiceStatistics | None = None
        self._showing_all = False

    def compose(self) -> ComposeResult:
        yield Label("", id="fairness-title", markup=False)
        yield VerticalScroll(id="fairness-dice")
        yield Footer()

    def on_mount(self) -> None:
        self._show(self._this_game, "Are the dice fair? This game")

    def action_close(self) -> None:
        self.dismiss(None)

    def on_control(self, press: ControlPressed) -> str:
        """Next shows this game's dice or every game's, Confirm or Undo closes; returns why any other
        press does nothing."""
        if press.control == Control.NEXT:
            self.action_toggle_scope()
        elif press.control in (Control.CONFIRM, Control.UNDO):
            self.dismiss(None)
        else:
            return does_nothing(press, "Next switches the games counted, Confirm closes")
        return ""

    def action_toggle_scope(self) -> None:
        self._showing_all = not self._showing_all
        if not self._showing_all:
            self._show(self._this_game, "Are the dice fair? This game")
        elif self._store_path is None:
            self._showing_all = False
            self.notify("all saved games: only on the companion that keeps the games file", markup=False)
        elif self._all is not None:
            self._show(self._all, "Are the dice fair? All saved games")
        else:
            self.query_one("#fairness-title", Label).update("Are the dice fair? All saved games: counting…")
            self._count_all_games()

    @work(thread=True, exclusive=True)
    def _count_all_games(self) -> None:
        """Every saved game's journal, read on a thread through a read-only connection of its own."""
        assert self._store_path is not None
        try:
            store = GameStore(self._store_path, readonly=True)
            try:
                counted = games_statistics(store, store.games(), dice_events_of)
            finally:
                store.close()
        except CompanionError as error:
            self.app.call_from_thread(self.notify, str(error), severity="error", markup=False)
            return
        self.app.call_from_thread(self._counted, counted)

    def _counted(self, counted: DiceStatistics) -> None:
        self._all = counted
        if self._showing_all:
            self._show(counted, "Are the dice fair? All saved games")

    def _show(self, statistics: DiceStatistics, title: str) -> None:
        self.query_one("#fairness-title", Label).update(title + "  (a: this game / all games · esc: close)")
        box = self.query_one("#fairness-dice", VerticalScroll)
        box.remove_children()
        die_types = statistics.die_types()
        if not die_types:
            box.mount(Static("no dice rolled yet", markup=False))
            return
        for die in die_types:
            tally = statistics.faces_of(die.sides, die.source)
            heading = f"d{die.sides}, {die.source}: {count_of(tally.rolls, 'roll')}, {count_of(tally.faces, 'face')}"
            chart = FaceChart(classes="fairness-chart")
            chart.tally = tally
            box.mount(Static(heading, classes="fairness-heading", markup=False),
                      Static(fairness_text(tally.fit()), classes="fairness-verdict", markup=False), chart)
