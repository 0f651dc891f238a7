"""Rows of cells (a label and its count) wrapped to the width they get, between cells and never
inside one: a count stays beside its label, and a narrow panel takes as few lines as it can."""

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

SEPARATOR = " · "


def flowed(rows: Sequence[Sequence[str]], width: int, separator: str = SEPARATOR) -> list[str]:
    """Each row from a new line, its cells joined by `separator` while they fit `width`; a cell
    wider than `width` has a line of its own."""
    lines: list[str] = []
    for row in rows:
        line = ""
        for cell in row:
            if line and cell_len(line) + cell_len(separator) + cell_len(cell) > width:
                lines.append(line)
                line = cell
            else:
                line = f"{line}{separator}{cell}" if line else cell
        lines.append(line)
    return lines


class CellRows(Widget):
    """Shows rows of cells as `flowed` lays them out at the widget's width, each line painted by
    `paint` (plain text by default: cells may hold names from players and files)."""

    DEFAULT_CSS = """
    CellRows {
        height: auto;
    }
    """

    def __init__(self, paint: Callable[[str], Text] = Text, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._paint = paint
        self._rows: tuple[tuple[str, ...], ...] = ()

    @property
    def rows(self) -> tuple[tuple[str, ...], ...]:
        return self._rows

    def show(self, rows: Sequence[Sequence[str]]) -> None:
        shown = tuple(tuple(row) for row in rows)
        if shown != self._rows:
            self._rows = shown
            self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(flowed(self._rows, width))

    def render(self) -> Text:
        return self._paint("\n".join(flowed(self._rows, self.content_size.width)))
