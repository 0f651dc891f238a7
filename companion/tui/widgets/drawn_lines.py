"""A widget drawn as lines once per change, size or style, and repainted from those lines."""

from textual.strip import Strip
from textual.widget import Widget


class DrawnLines(Widget):
    """Subclasses say how to `draw` their lines and call `redraw` when what they show changes.

    Textual asks for every line again on each repaint of the region around any dirty widget, and
    a Rich renderable is measured and wrapped again each time; lines drawn once make a repaint a
    look-up."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: list[Strip] | None = None
        self._blank = Strip.blank(0)

    def draw(self) -> list[Strip]:
        """The lines from the top; the rest of the widget is left blank."""
        raise NotImplementedError

    def redraw(self) -> None:
        self._lines = None
        self.refresh()

    def on_resize(self) -> None:
        self.redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.redraw()

    def render_line(self, y: int) -> Strip:
        if self._lines is None:
            self._lines = self.draw()
            self._blank = Strip.blank(self.size.width, self.rich_style)
        return self._lines[y] if y < len(self._lines) else self._blank
