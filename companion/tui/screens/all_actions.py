"""Every action of the moment as large buttons, for the action bar's More… button: a tap answers
with the action and its value, Close (or escape) with None. And the screens that have the bar."""

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Label

from companion.hardware.controls import Control, ControlPressed
from companion.tui.buttons import does_nothing
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.action_bar import CLOSE, ActionBar, Tap
from companion.tui.widgets.mock_panel import PanelModal


class AllActions(PanelModal[tuple[str, int | None] | None]):
    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, taps: tuple[Tap, ...]) -> None:
        super().__init__()
        self.taps = taps

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="all-actions", classes="form"):
            yield Label("Every action now", classes="form-title")
            yield ActionBar(id="all-actions-bar", max_rows=None)

    def on_mount(self) -> None:
        self.query_one(ActionBar).show((*self.taps, CLOSE))

    def on_action_bar_tapped(self, tapped: ActionBar.Tapped) -> None:
        tapped.stop()
        self.dismiss(None if (tapped.name, tapped.value) == (CLOSE.name, CLOSE.value) else (tapped.name, tapped.value))

    def action_close(self) -> None:
        self.dismiss(None)

    def on_control(self, press: ControlPressed) -> str:
        """The table's buttons close it: a tap chooses here."""
        if press.control in (Control.CONFIRM, Control.UNDO):
            self.dismiss(None)
            return ""
        return does_nothing(press, "tap an action, or Confirm closes the list")


class ActionBarScreen(BaseScreen):
    """A screen with an action bar: a button tapped, or chosen from More…'s list, does what its key does."""

    def act(self, name: str, value: int | None = None) -> object:
        raise NotImplementedError

    def on_action_bar_tapped(self, tapped: ActionBar.Tapped) -> None:
        tapped.stop()
        self.act(tapped.name, tapped.value)

    def on_action_bar_show_all(self, more: ActionBar.ShowAll) -> None:
        more.stop()
        self.app.push_screen(AllActions(more.taps), self._chosen)

    def _chosen(self, chosen: tuple[str, int | None] | None) -> None:
        if chosen is not None:
            self.act(*chosen)
