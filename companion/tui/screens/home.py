"""The home screen: for each game, continue the latest one (unless it is over) or start a new one
(not in a read-only view, which can start none).

What a saved game has come to ("12 rolls", "turn 3", over) is its rules' to say, and reading it
means loading those rules and folding the game: that is done on a worker thread after the first
frame, and each entry gains its words when they arrive.
"""

from collections.abc import Callable, Iterable
from typing import NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.bootstrap import GameProgress
from companion.games.kit.keymap import keyed
from companion.hardware.controls import ControlPressed
from companion.journal.store import GameInfo, GameStore
from companion.tui.buttons import MENU_HINT, does_nothing, on_menu
from companion.tui.messages import ContinueGame, NewGame, ShowSavedGames
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.footer import FittingFooter
from companion.tui.widgets.mock_panel import MockPanel, Wired
from companion.tui.widgets.status_line import StatusLine
from companion.tui.widgets.title_bar import TitleBar

SAVED_GAMES = "saved-games"
SAVED_GAMES_KEY = "g"
"""The app's key for the saved games, from every screen."""
ProgressOf = Callable[[GameInfo], GameProgress | None]


class Entry(NamedTuple):
    """One line of the menu: continue or start a game of one kind, or the saved games."""

    action: str
    """`continue`, `new` or `saved`."""
    kind: str = ""
    title: str = ""
    game: GameInfo | None = None
    progress: GameProgress | None = None

    @property
    def id(self) -> str:
        return f"{self.action}:{self.kind}" if self.kind else SAVED_GAMES

    def prompt(self, two_lines: bool = False) -> Text:
        """What the entry says; on two lines, the game's name and progress go on the second (dim).
        Names from players (a game's name) are shown as written."""
        if self.action == "saved":
            return Text("Saved games…" + "\n" * two_lines)
        detail = ""
        if self.action == "continue":
            assert self.game is not None
            headline = Text.assemble("Continue ", (self.title, "bold"))
            detail = self.game.name
            if self.progress is not None and self.progress.summary:
                detail += f", {self.progress.summary}"
        else:
            headline = Text.assemble("New ", (self.title, "bold"), " game")
            if self.game is not None and self.progress is not None and self.progress.finished:
                detail = f"{self.game.name} is over"
        if two_lines:
            return Text.assemble(headline, "\n  ", (detail, "dim"))
        return Text.assemble(headline, (f" — {detail}" if self.action == "continue" else f"  ({detail})", "dim")
                             ) if detail else headline


def progress_or_none(progress_of: ProgressOf, game: GameInfo) -> GameProgress | None:
    """A fault in one game's rules costs that game its words, not the others theirs."""
    try:
        return progress_of(game)
    except Exception:
        return None


SAVED_GAMES_HELP = "Open, rename or delete a saved game, or start a new one"
SAVED_GAMES_HELP_READ_ONLY = "Look at the saved games (read only: nothing can be changed here)"

class HomeScreen(BaseScreen):
    """Next and Confirm (and Roll) move through the menu and pick an entry; a tap picks it too."""

    TALL_FROM = 28
    """Screen rows from which each entry takes two rows: an easier target for a finger."""

    class ProgressFound(Message):
        """From the worker: how far a saved game has come (None: it cannot be read here)."""

        def __init__(self, game_id: int, progress: GameProgress | None) -> None:
            super().__init__()
            self.game_id = game_id
            self.progress = progress

    def __init__(self, kinds: list[tuple[str, str]], store: GameStore, progress_of: ProgressOf,
                 mock_controls: Wired | None = None, read_only: bool = False) -> None:
        """`read_only`: nothing can be saved here (a read-only view): no new game is offered."""
        super().__init__()
        self._kinds = kinds
        self._read_only = read_only
        self._store = store
        self._progress_of = progress_of
        self._mock_controls = mock_controls
        self._latest: dict[str, GameInfo] = {}
        self._progress: dict[int, GameProgress | None] = {}

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label("What are you playing?", id="home-title")
        yield OptionList(id="home-menu")
        if self._mock_controls is not None:
            yield MockPanel(self._mock_controls, classes="mock-panel")
        yield StatusLine()
        yield FittingFooter()

    def on_mount(self) -> None:
        self.refresh_games()

    def on_screen_resume(self) -> None:
        self.refresh_games()

    def on_resize(self) -> None:
        # The entries' height follows the screen's (see the stylesheet): the menu measures them again.
        self._show_entries()

    def refresh_games(self) -> None:
        """The latest game of each kind from the games file (one query), then their progress."""
        if not self.query("#home-menu"):
            return  # taken down as the app ends: nothing to show them in
        latest: dict[str, GameInfo] = {}
        for game in self._store.games():
            latest.setdefault(game.kind, game)
        self._latest = latest
        self._show_entries()
        self.call_after_refresh(
            self.run_worker, self._find_progress, thread=True, name="home progress", group="home progress",
            exclusive=True, exit_on_error=False,
        )

    def _find_progress(self) -> None:
        """On a worker thread: each latest game folded through its own rules."""
        for game in list(self._latest.values()):
            self.post_message(self.ProgressFound(game.id, progress_or_none(self._progress_of, game)))

    def on_home_screen_progress_found(self, found: ProgressFound) -> None:
        self._progress[found.game_id] = found.progress
        self._show_entries()

    def entries(self) -> list[Entry | None]:
        """The menu as it stands, None between two games; a read-only view offers no new game (a
        kind without a game to continue there has no entry)."""
        entries: list[Entry | None] = []
        for kind, title in self._kinds:
            game = self._latest.get(kind)
            progress = self._progress.get(game.id) if game is not None else None
            if game is not None and not (progress is not None and progress.finished):
                entries.append(Entry("continue", kind, title, game, progress))
            elif self._read_only:
                continue
            if not self._read_only:
                entries.append(Entry("new", kind, title, game, progress))
            entries.append(None)
        entries.append(Entry("saved"))
        return entries

    def _show_entries(self) -> None:
        menu = self.query_one("#home-menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option is not None else None
        entries = self.entries()
        two_lines = self.app.size.height >= self.TALL_FROM
        menu.set_options(Option(entry.prompt(two_lines), id=entry.id) if entry else None for entry in entries)
        ids = [entry.id for entry in entries if entry]
        menu.highlighted = ids.index(highlighted) if highlighted in ids else 0

    # Choices

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action, _, kind = (event.option.id or "").partition(":")
        self.pick(action if kind else "saved", kind)

    def pick(self, action: str, kind: str = "") -> None:
        if action == "continue":
            self.post_message(ContinueGame(kind))
        elif action == "new":
            self.post_message(NewGame(kind))
        elif action == "saved":
            self.post_message(ShowSavedGames())

    def act(self, name: str, value: int | None = None) -> None:
        """A palette entry: `value` is the game's place in the list of kinds."""
        self.pick(name, self._kinds[value][0] if value is not None else "")

    def palette(self) -> Iterable[tuple[str, str, str, int | None]]:
        """(label, help, action name, value) for every entry of the menu, for the command palette."""
        places = {kind: index for index, (kind, _) in enumerate(self._kinds)}
        for entry in self.entries():
            if entry is None:
                continue
            value = places.get(entry.kind)
            match entry.action:
                case "continue":
                    # The palette reads its help as markup: no name from a player goes in it.
                    yield f"Continue {entry.title}", f"Go on with the latest {entry.title} game", "continue", value
                case "new":
                    yield f"New {entry.title} game", f"Start a new game of {entry.title}", "new", value
                case _:
                    help_text = SAVED_GAMES_HELP_READ_ONLY if self._read_only else SAVED_GAMES_HELP
                    yield keyed("Saved games", SAVED_GAMES_KEY), help_text, "saved", None

    def on_control(self, press: ControlPressed) -> str:
        """Next steps down, Confirm (or Roll) picks; returns why any other press does nothing."""
        return "" if on_menu(self.query_one("#home-menu", OptionList), press) else does_nothing(press, MENU_HINT)
