"""The home screen: every game the companion keeps, and the saved games."""

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList
from textual.widgets.option_list import Option

from companion.games.registry import title_of
from companion.hardware.controls import Control, ControlPressed
from companion.tui.widgets.status_line import StatusLine

SAVED_GAMES = "saved-games"


class HomeScreen(Screen):
    """Picking an entry resumes that kind's latest game, or starts one; Next and Confirm work too."""

    def __init__(self, kinds: list[str]) -> None:
        super().__init__()
        self._kinds = kinds

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("What are you playing?", id="home-title")
        options = [Option(title_of(kind), id=kind) for kind in self._kinds]
        yield OptionList(*options, None, Option("Saved games…", id=SAVED_GAMES), id="home-menu")
        yield from self.app.compose_hardware_panel()
        yield StatusLine()
        yield Footer()

    def on_screen_resume(self) -> None:
        self.app.refresh_status()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == SAVED_GAMES:
            self.app.action_show_games()
        else:
            self.app.resume_or_start(event.option.id)

    def on_control(self, press: ControlPressed) -> None:
        menu = self.query_one("#home-menu", OptionList)
        if press.control == Control.NEXT:
            menu.action_cursor_down()
        elif press.control in (Control.CONFIRM, Control.ROLL):
            menu.action_select()
