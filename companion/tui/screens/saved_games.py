"""Saved games: open, rename, delete, or start a new one."""

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Header, Input, Label, OptionList
from textual.widgets.option_list import Option

from companion.errors import CompanionError
from companion.games.registry import title_of
from companion.journal.store import GameInfo, GameStore
from companion.tui.messages import NewGame, OpenGame
from companion.tui.screens.game_screen import Wired
from companion.tui.widgets.mock_panel import MockPanel
from companion.tui.widgets.status_line import StatusLine


class SavedGamesScreen(Screen[None]):
    BINDINGS = [
        ("enter", "open", "Open"),
        ("r", "rename", "Rename"),
        ("d", "delete", "Delete"),
        ("n", "new", "New game"),
        ("escape", "app.go_home", "Home"),
    ]

    def __init__(self, store: GameStore, kinds: list[tuple[str, str]], mock_controls: Wired | None = None) -> None:
        super().__init__()
        self._store = store
        self._kinds = kinds
        self._mock_controls = mock_controls

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="games", cursor_type="row")
        if self._mock_controls is not None:
            yield MockPanel(list(self._mock_controls), classes="mock-panel")
        yield StatusLine()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("#", "name", "game", "events", "last used")
        self.show_games()

    def on_screen_resume(self) -> None:
        self.show_games()

    def show_games(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for game in self._store.games():
            used = game.last_used.astimezone().strftime("%Y-%m-%d %H:%M")
            table.add_row(str(game.id), Text(game.name), Text(title_of(game.kind)), str(game.events), used,
                          key=str(game.id))

    def _selected(self) -> GameInfo | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return self._store.game(int(str(key.value)))

    def on_data_table_row_selected(self, _: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        if game := self._selected():
            self.post_message(OpenGame(game))

    def action_rename(self) -> None:
        game = self._selected()
        if game is None:
            return

        def renamed(name: str | None) -> None:
            if name:
                try:
                    self._store.rename(game.id, name)
                except CompanionError as error:
                    self.notify(str(error), severity="error", timeout=6, markup=False)
                self.show_games()

        self.app.push_screen(AskText(f"New name for {game.name}", game.name), renamed)

    def action_delete(self) -> None:
        game = self._selected()
        if game is None:
            return

        def answered(name: str | None) -> None:
            if name == game.name:
                try:
                    self._store.delete(game.id)
                except CompanionError as error:
                    self.notify(str(error), severity="error", timeout=6, markup=False)
                    return
                self.show_games()
                self.notify(f"deleted {game.name}", markup=False)
            elif name is not None:
                self.notify("not deleted: the name did not match", severity="warning")

        prompt = f"Delete {game.name} and its {game.events} events for good? Type its name to confirm"
        self.app.push_screen(AskText(prompt, ""), answered)

    def action_new(self) -> None:
        def chosen(kind: str | None) -> None:
            if kind:
                self.post_message(NewGame(kind))

        self.app.push_screen(ChooseKind(self._kinds), chosen)


class AskText(ModalScreen[str | None]):
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
        self.dismiss(event.value.strip())


class ChooseKind(ModalScreen[str | None]):
    BINDINGS = [("escape", "dismiss(None)", "Cancel")]

    def __init__(self, kinds: list[tuple[str, str]]) -> None:
        super().__init__()
        self._kinds = kinds

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("New game of")
            yield OptionList(*(Option(Text(title), id=kind) for kind, title in self._kinds))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
