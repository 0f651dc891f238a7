"""The line across the top of every screen: the command palette's icon, and the title in the middle."""

from textual import events
from textual.content import Content
from textual.widget import Widget

ICON = "⭘"
ICON_WIDTH = 8
"""Columns at the left that open the palette when clicked: the icon, with room for a finger."""
RIGHT_MARGIN = 10
"""Columns kept clear at the right, so that the title stands in the middle of the screen."""


class TitleBar(Widget):
    """What Textual's `Header` shows (its icon opens the command palette; the screen's title, else the
    app's, with the sub-title after a dim dash), drawn by one widget: `Header` is four (itself, the
    icon, the title, the clock's space), each styled and laid out at every screen's first frame."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def on_mount(self) -> None:
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._retitle, init=False)
            self.watch(owner, "sub_title", self._retitle, init=False)

    def _retitle(self) -> None:
        self.refresh()

    def render(self) -> Content:
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        middle = max(0, self.size.width - ICON_WIDTH - RIGHT_MARGIN)
        return Content.assemble(
            f" {ICON}".ljust(ICON_WIDTH),
            self.app.format_title(title, sub_title).center(middle, ellipsis=True),
        )

    async def on_click(self, event: events.Click) -> None:
        if event.x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action("app.command_palette")
