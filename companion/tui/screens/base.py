"""What every screen the players come back to (home, saved games, a game's) does alike."""

from textual import events
from textual.notifications import Notifications
from textual.screen import Screen
from textual.widgets._toast import ToastRack


class BaseScreen(Screen[None]):
    """A screen that forms, panels and other screens open over."""

    def on_screen_suspend(self, _: events.ScreenSuspend) -> None:
        """A form, a panel or another screen comes over this one: what was said here goes, rather
        than stand at the top right over the new screen's first lines (Messages keeps it), or stay
        drawn here beside a form too small to hide it."""
        self.app.clear_notifications()
        # Textual redraws the notifications of the screen in front only, by now the new one: this
        # screen's own would stay until they time out, seen around a form that does not fill the
        # screen (the dice's, Deckung's, saved games' questions).
        for rack in self.query_children(ToastRack):
            rack.show(Notifications())
