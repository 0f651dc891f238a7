"""Rows newest first, as many as fit: a record that grows without the widget ever changing size."""

from collections.abc import Callable, Iterable

from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from companion.tui.widgets.drawn_lines import DrawnLines

Rows = Callable[[int], Iterable[Text]]
"""Given how many rows fit, the newest that many, newest first."""


class NewestFirst(DrawnLines):
    """A new row costs one repaint. A growing, auto-scrolling log also needs a layout and a scroll,
    each a frame of its own, and those frames kept the screen's 60 Hz update timer running for
    ~50 ms after each press, so the next press often waited a frame for its own paint.

    Rows are drawn once per change, as lines (Textual's line API): a many-line text is wrapped
    again on every repaint, which took ~8 ms for a screenful."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows: Rows = lambda _: ()

    def show(self, rows: Rows) -> None:
        self._rows = rows
        self.redraw()

    def visible_rows(self) -> list[Text]:
        return list(self._rows(self.size.height))

    def draw(self) -> list[Strip]:
        # One style look-up per drawing: it walks the ancestors for the background.
        console, width, style = self.app.console, self.size.width, self.rich_style
        # `Text.render` leaves out the text's own style when it has no spans (Rich 15): an undone
        # roll lost its strike and the header its bold, so the row's style goes under each segment.
        return [Strip(row.render(console)).apply_style(console.get_style(row.style, default=Style.null()))
                .crop_extend(0, width, style).apply_style(style)
                for row in self.visible_rows()]
