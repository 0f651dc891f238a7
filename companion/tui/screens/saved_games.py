"""Saved games: open, rename, delete, or start a new one."""

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Header, Input, Label, OptionList
from textual.widgets.option_list import Option

from companion.games.registry import title_of
from companion.journal.store import GameInfo, GameStore
from companion.tui.widgets.status_line import StatusLine


class SavedGamesScreen(Screen):
    BINDINGS = [
        ("enter", "open", "Open"),
        ("r", "rename", "Rename"),
        ("d", "delete", "Delete"),
        ("n", "new", "New game"),
        ("escape", "app.go_home", "Home"),
    ]

    def __init__(self, store: GameStore, kinds: list[str]) -> None:
        super().__init__()
        self._store = store
        self._kinds = kinds

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="games", cursor_type="row")
        yield StatusLine()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("#", "name", "game", "events", "last used")
        self.show_games()

    def on_screen_resume(self) -> None:
        self.app.refresh_status()
        self.show_games()

    def show_games(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for game in self._store.games():
            used = game.last_used.astimezone().strftime("%Y-%m-%d %H:%M")
            # A str cell would be read as markup.
            table.add_row(str(game.id), Text(game.name), title_of(game.kind), str(game.events), used,
                          key=str(game.id))

    def _selected(self) -> GameInfo | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return self._store.game(int(key.value))

    def on_data_table_row_selected(self, _: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        if game := self._selected():
            self.app.open_game(game)

    def action_rename(self) -> None:
        game = self._selected()
        if game is None:
            return

        def renamed(name: str | None) -> None:
            if name:
                self._store.rename(game.id, name)
                self.show_games()

        self.app.push_screen(AskText(f"New name for {game.name}", game.name), renamed)

    def action_delete(self) -> None:
        game = self._selected()
        if game is None:
            return

        def answered(name: str | None) -> None:
            if name == game.name:
                self._store.delete(game.id)
                self.show_games()
                self.notify(f"deleted {game.name}")
            elif name is not None:
                self.notify("not deleted: the name did not match", severity="warning")

        prompt = f"Delete {game.name} and its {game.events} events for good? Type its name to confirm"
        self.app.push_screen(AskText(prompt, ""), answered)

    def action_new(self) -> None:
        def chosen(kind: str | None) -> None:
            if kind:
                self.app.open_game(self._store.create_game(kind))

        self.app.push_screen(ChooseKind(self._kinds), chosen)


class AskText(ModalScreen[str | None]):
    BINDINGS = [("escape", "dismiss(None)", "Cancel")]

    def __init__(self, question: str, value: str) -> None:
        super().__init__()
        self._question = question
        self._value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self._question, markup=False)  # it names the game
            yield Input(value=self._value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())


class ChooseKind(ModalScreen[str | None]):
    BINDINGS = [("escape", "dismiss(None)", "Cancel")]

    def __init__(self, kinds: list[str]) -> None:
        super().__init__()
        self._kinds = kinds

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("New game of")
            yield OptionList(*(Option(title_of(kind), id=kind) for kind in self._kinds))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
