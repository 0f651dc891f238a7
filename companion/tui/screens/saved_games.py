"""Saved games: open, rename, delete, or start a new one."""

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from companion.bootstrap import GameProgress
from companion.errors import CompanionError
from companion.games.kit.keymap import keyed
from companion.games.registry import title_of
from companion.hardware.controls import Control, ControlPressed
from companion.journal.names import same_name
from companion.journal.store import GameInfo, GameStore
from companion.tui.buttons import MENU_HINT, does_nothing, on_menu
from companion.tui.messages import GameDeleted, GameRenamed, NewGame, OpenGame, Refused
from companion.tui.screens.all_actions import ActionBarScreen
from companion.tui.screens.home import ProgressOf, progress_or_none
from companion.tui.widgets.action_bar import ActionBar, Tap
from companion.tui.widgets.footer import FittingFooter
from companion.tui.widgets.mock_panel import MockPanel, PanelModal, Wired
from companion.tui.widgets.status_line import StatusLine
from companion.tui.widgets.title_bar import TitleBar
from companion.tui.widgets.unit_table import Fit, UnitTable

COLUMNS = ("#", "name", "game", "progress", "last used")
FIT = Fit(COLUMNS, giving_way=({1},), cut=True, gap=2)
"""A long name is cut short, so that the game, its progress and when it was last used stay in view;
two blank columns between two columns keep "progress" and "last used" apart over short cells."""


class SavedGamesScreen(ActionBarScreen):
    """A tap on a row highlights it, a second tap (or Enter, or Open) opens it."""

    BINDINGS = [
        # Before the table's own Enter, so that the footer shows it.
        Binding("enter", "open", "Open", priority=True),
        Binding("r", "rename", "Rename"),
        Binding("d", "delete", "Delete"),
        Binding("n", "new", "New game"),
        Binding("escape", "app.go_home", "Home"),
        # The app's own key for this very screen, kept out of its footer.
        Binding("g", "app.show_games", "Saved games", show=False),
    ]
    TAPS = (
        Tap("open", "Open", "enter"), Tap("rename", "Rename", "r"), Tap("delete", "Delete", "d"),
        Tap("new", "New game", "n"), Tap("home", "Home", "esc"),
    )
    NEED_A_GAME = frozenset({"open", "rename", "delete"})
    CHANGES = frozenset({"rename", "delete", "new"})
    """What a read-only view refuses at once, asking nothing."""
    WHAT_EACH_DOES = {
        "open": "Open the highlighted game", "rename": "Give the highlighted game another name",
        "delete": "Delete the highlighted game for good", "new": "Start a new game", "home": "Back to the home screen",
    }

    class ProgressFound(Message):
        def __init__(self, game_id: int, progress: GameProgress | None) -> None:
            super().__init__()
            self.game_id = game_id
            self.progress = progress

    def __init__(self, store: GameStore, kinds: list[tuple[str, str]], progress_of: ProgressOf,
                 mock_controls: Wired | None = None, read_only: str = "") -> None:
        super().__init__()
        self.read_only = read_only
        """Why nothing can be changed here (another companion holds the games file), or ""."""
        self.sub_title = "Saved games"
        self._store = store
        self._kinds = kinds
        self._progress_of = progress_of
        self._mock_controls = mock_controls
        self._games: list[GameInfo] = []
        self._progress: dict[int, str] = {}
        """Each game's progress in words, as the worker reads it."""
        self._rows_due = False

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield UnitTable(COLUMNS, fit=FIT, id="games")
        yield Static("no saved games yet" if self.read_only else "no saved games yet: n starts one", id="no-games")
        yield ActionBar(id="action-bar")
        if self._mock_controls is not None:
            yield MockPanel(self._mock_controls, classes="mock-panel")
        yield StatusLine()
        yield FittingFooter()

    def on_mount(self) -> None:
        self.refresh_games()

    def on_screen_resume(self) -> None:
        self.refresh_games()

    def refresh_games(self) -> None:
        if not self.query("#games"):
            return  # taken down as the app ends: nothing to show them in
        self._games = self._store.games()
        self._show_rows()
        # With no games, only what works is offered: a new game, or home.
        self.query_one("#games").display = bool(self._games)
        self.query_one("#no-games").display = not self._games
        self.query_one(ActionBar).show(self._offered())
        self.refresh_bindings()
        self.run_worker(self._find_progress, thread=True, name="saved games progress", group="saved games progress",
                        exclusive=True, exit_on_error=False)

    def _find_progress(self) -> None:
        """On a worker thread: each game folded through its own rules, newest first."""
        for game in list(self._games):
            self.post_message(self.ProgressFound(game.id, progress_or_none(self._progress_of, game)))

    def on_saved_games_screen_progress_found(self, found: ProgressFound) -> None:
        progress = found.progress
        words = "cannot be read here" if progress is None else "over" if progress.finished else progress.summary
        self._progress[found.game_id] = words
        if not self._rows_due:  # the games found in one frame are drawn together, the columns fitted once
            self._rows_due = True
            self.call_after_refresh(self._show_rows)

    def _show_rows(self) -> None:
        """Every game, newest first; a game's words may carry names from players (a side's): shown as written."""
        self._rows_due = False
        if not self.is_attached:
            return  # left before the worker's last game came back (a new game chosen at once)
        self.query_one(UnitTable).show(
            (game.id, [str(game.id), Text(game.name), Text(title_of(game.kind)), Text(self._progress.get(game.id, "…")),
                       game.last_used.astimezone().strftime("%Y-%m-%d %H:%M")])
            for game in self._games)

    def _selected(self) -> GameInfo | None:
        game_id = self.query_one(UnitTable).selected()
        return None if game_id is None else self._store.game(game_id)

    def on_data_table_row_selected(self, _: DataTable.RowSelected) -> None:
        self.action_open()

    def on_control(self, press: ControlPressed) -> str:
        """Next steps down the games, Confirm (or Roll) opens one, Undo goes home; returns why any
        other press does nothing."""
        if press.control == Control.NEXT:
            self.query_one(DataTable).action_cursor_down()
        elif press.control in (Control.CONFIRM, Control.ROLL):
            self.action_open()
        elif press.control == Control.UNDO:
            self.app.action_go_home()  # type: ignore[attr-defined]
        else:
            return does_nothing(press, "Next steps down, Confirm opens, Undo goes home")
        return ""

    def act(self, name: str, value: int | None = None) -> None:
        """A tap or a palette entry: the same as the key."""
        if name == "home":
            self.app.action_go_home()  # type: ignore[attr-defined]
        else:
            getattr(self, f"action_{name}")()

    def _offered(self) -> tuple[Tap, ...]:
        return tuple(tap for tap in self.TAPS if (self._games or tap.name not in self.NEED_A_GAME)
                     and not (self.read_only and tap.name in self.CHANGES))

    def _refused(self) -> bool:
        """A change asked of a read-only view: refused at once, in one line, before any question."""
        if self.read_only:
            self.notify(self.read_only, severity="error", timeout=4, markup=False)
        return bool(self.read_only)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Open, rename and delete are neither shown nor taken when there is no game to act on."""
        return bool(self._games) or action not in self.NEED_A_GAME

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys the footer and the keys panel show: on a read-only view, none of the changes it
        refuses. Their keys still reach their actions, which say why."""
        bindings = super().active_bindings
        if not self.read_only:
            return bindings
        return {key: bound for key, bound in bindings.items() if bound.binding.action not in self.CHANGES}

    def palette(self) -> Iterable[tuple[str, str, str, int | None]]:
        for tap in self._offered():
            yield keyed(tap.label, tap.key), self.WHAT_EACH_DOES[tap.name], tap.name, None

    def action_open(self) -> None:
        if game := self._selected():
            self.post_message(OpenGame(game))

    def action_rename(self) -> None:
        game = self._selected()
        if game is None or self._refused():
            return

        def renamed(name: str | None) -> None:
            if name is None:  # cancelled
                return
            try:
                self._store.rename(game.id, name)
            except CompanionError as error:  # the name rule's reason, or the games file's
                self.notify(str(error), severity="error", timeout=6, markup=False)
                return
            self.post_message(GameRenamed(game.id))
            self.refresh_games()

        self.app.push_screen(AskText(f"New name for {game.name}", game.name), renamed)

    def action_delete(self) -> None:
        game = self._selected()
        if game is None or self._refused():
            return

        def answered(name: str | None) -> None:
            if name is not None and same_name(name, game.name):
                try:
                    self._store.delete(game.id)
                except CompanionError as error:
                    self.notify(str(error), severity="error", timeout=6, markup=False)
                    return
                self.post_message(GameDeleted(game.id))
                self.refresh_games()
                self.notify(f"deleted {game.name}", markup=False)
            elif name is not None:
                self.notify("not deleted: the name did not match", severity="warning")

        prompt = f"Delete {game.name} and its {game.events} events for good? Type its name to confirm"
        self.app.push_screen(AskText(prompt, ""), answered)

    def action_new(self) -> None:
        if self._refused():
            return

        def chosen(kind: str | None) -> None:
            if kind:
                self.post_message(NewGame(kind))

        self.app.push_screen(ChooseKind(self._kinds), chosen)


class AskText(PanelModal[str | None]):
    """A name asked for (a rename, a delete's confirmation): typed, then Enter or the Confirm button;
    escape or the Undo button cancels. A name cannot be typed with the other buttons: they are refused."""

    BINDINGS = [("escape", "dismiss(None)", "Cancel")]

    def __init__(self, question: str, value: str) -> None:
        super().__init__()
        self._question = question
        self._value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(Text(self._question))
            yield Input(value=self._value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # As typed: the spaces around a name are the name rule's to leave out (`companion.journal.names`).
        self.dismiss(event.value)

    def on_control(self, press: ControlPressed) -> str:
        """Confirm answers with the name as typed, as Enter does; Undo cancels; returns why any other
        press does nothing."""
        if press.control == Control.CONFIRM:
            self.dismiss(self.query_one(Input).value)
        elif press.control == Control.UNDO:
            self.dismiss(None)
        else:
            self.post_message(Refused())
            return does_nothing(press, "type the name, then Confirm (Undo cancels)")
        return ""


class ChooseKind(PanelModal[str | None]):
    BINDINGS = [("escape", "dismiss(None)", "Cancel")]

    def __init__(self, kinds: list[tuple[str, str]]) -> None:
        super().__init__()
        self._kinds = kinds

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("New game of")
            yield OptionList(*(Option(Text(title), id=kind) for kind, title in self._kinds))

    def on_control(self, press: ControlPressed) -> str:
        if on_menu(self.query_one(OptionList), press):
            return ""
        if press.control == Control.UNDO:
            self.dismiss(None)
            return ""
        return does_nothing(press, f"{MENU_HINT}, Undo cancels")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
