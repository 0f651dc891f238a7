"""Rows newest first, as many as fit: a record that grows without the widget ever changing size."""

from collections.abc import Callable, Iterable

from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

Rows = Callable[[int], Iterable[Text]]
"""Given how many rows fit, the newest that many, newest first."""


class NewestFirst(Widget):
    """A new row costs one repaint. A growing, auto-scrolling log also needs a layout and a scroll,
    each a frame of its own, and those frames kept the screen's 60 Hz update timer running for
    ~50 ms after each press, so the next press often waited a frame for its own paint.

    Rows are drawn line by line (Textual's line API): wrapping a many-line text every repaint
    costs several milliseconds, a row a few microseconds."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows: Rows = lambda _: ()
        self._strips: list[Strip] | None = None

    def show(self, rows: Rows) -> None:
        self._rows = rows
        self._strips = None
        self.refresh()

    def visible_rows(self) -> list[Text]:
        return list(self._rows(self.size.height))

    def on_resize(self) -> None:
        self._strips = None

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            console = self.app.console
            self._strips = [Strip(row.render(console)) for row in self.visible_rows()]
        style = self.rich_style
        strip = self._strips[y] if y < len(self._strips) else Strip.blank(0)
        return strip.crop_extend(0, self.size.width, style).apply_style(style)
