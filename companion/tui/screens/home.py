"""The home screen: every game the companion keeps, and the saved games."""

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList
from textual.widgets.option_list import Option

from companion.hardware.controls import Control, ControlPressed
from companion.tui.messages import ContinueGame, ShowSavedGames
from companion.tui.screens.game_screen import Wired
from companion.tui.widgets.mock_panel import MockPanel
from companion.tui.widgets.status_line import StatusLine

SAVED_GAMES = "saved-games"


class HomeScreen(Screen[None]):
    """Picking an entry resumes that kind's latest game, or starts one; Next and Confirm work too."""

    def __init__(self, kinds: list[tuple[str, str]], mock_controls: Wired | None = None) -> None:
        super().__init__()
        self._kinds = kinds
        self._mock_controls = mock_controls

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("What are you playing?", id="home-title")
        options = [Option(Text(title), id=kind) for kind, title in self._kinds]
        yield OptionList(*options, None, Option("Saved games…", id=SAVED_GAMES), id="home-menu")
        if self._mock_controls is not None:
            yield MockPanel(list(self._mock_controls), classes="mock-panel")
        yield StatusLine()
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == SAVED_GAMES:
            self.post_message(ShowSavedGames())
        elif event.option.id is not None:
            self.post_message(ContinueGame(event.option.id))

    def on_control(self, press: ControlPressed) -> None:
        menu = self.query_one("#home-menu", OptionList)
        if press.control == Control.NEXT:
            menu.action_cursor_down()
        elif press.control in (Control.CONFIRM, Control.ROLL):
            menu.action_select()
