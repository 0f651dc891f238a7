"""The units of a game (or the saved games) as a table: one row per unit, names shown as
written, the highlighted unit kept across redraws (by its number, so a unit added or removed above
it does not move it), and, where the game says which columns may give way, every column kept in
view on a narrow screen."""

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from companion.tui.widgets.fitted_columns import fitted_widths

Row = tuple[int, Sequence[str | Text]]
"""A unit's number and its cells; plain strings are shown as written, never read as markup."""
SCROLLBAR = 2


@dataclass(frozen=True, slots=True)
class Fit:
    """How a table too wide for its room narrows: shorter `headings`, then the `giving_way` groups
    of columns (by index) wrapped onto more lines, the first group first; or, with `cut`, cut short
    with an ellipsis, one line a row."""

    headings: Sequence[str]
    giving_way: Sequence[Collection[int]]
    cut: bool = False
    gap: int = 1
    """Blank columns after each column: two where a heading of two words ("last used") would read
    as one phrase with the heading before it."""


class UnitTable(DataTable[Text]):
    def __init__(self, columns: Sequence[str], *, fit: Fit | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=True,
                         cell_padding=0 if fit else 1)
        self._columns = columns
        self._fit = fit
        self._rows: list[tuple[int, list[Text]]] = []
        self._fitted_to = -1
        """The width the columns were last fitted to."""

    def on_mount(self) -> None:
        if self._fit is None:
            self.add_columns(*self._columns)

    def on_resize(self, _: events.Resize) -> None:
        # A height that follows the rows changes with them; only a new width needs new columns.
        if self._fit is not None and self.size.width != self._fitted_to:
            self._draw()

    def show(self, rows: Iterable[Row]) -> None:
        self._rows = [(number, [cell if isinstance(cell, Text) else Text(cell) for cell in cells])
                      for number, cells in rows]
        self._draw()

    def _draw(self) -> None:
        keep = self.selected()
        self.clear(columns=self._fit is not None)
        if self._fit is None:
            for number, cells in self._rows:
                self.add_row(*cells, key=str(number))
        else:
            self._fitted_to = self.size.width
            headings, widths = self._fitted(self._fit)
            for heading, width in zip(headings, widths, strict=True):
                self.add_column(heading, width=width + self._fit.gap)
            narrowed = self._cut if self._fit.cut else self._wrapped
            for number, cells in self._rows:
                self.add_row(*(narrowed(cell, width) for cell, width in zip(cells, widths, strict=True)),
                             key=str(number), height=None)
        if not self.row_count:
            return
        index = self.get_row_index(str(keep)) if keep is not None and str(keep) in self.rows else None
        self.move_cursor(row=min(self.cursor_row, self.row_count - 1) if index is None else index, animate=False)

    def _fitted(self, fit: Fit) -> tuple[Sequence[str], list[int]]:
        """The headings and each column's width, leaving `fit.gap` blank columns after each (the
        table's padding would take two on both sides)."""
        room = self.size.width - SCROLLBAR - fit.gap * len(self._columns)
        headings = self._columns
        natural = widest(headings, self._rows)
        if sum(natural) > room:
            headings = fit.headings
            natural = widest(headings, self._rows)
        return headings, fitted_widths(natural, fit.giving_way, room) if room > 0 else natural

    def _wrapped(self, cell: Text, width: int) -> Text:
        """The cell on lines of at most `width` columns, broken between words where it can, its colours kept."""
        if cell.cell_len <= width:
            return cell
        lines = cell.wrap(self.app.console, width)
        for line in lines:
            line.rstrip()
        return Text("\n").join(lines)

    @staticmethod
    def _cut(cell: Text, width: int) -> Text:
        """The cell on one line of at most `width` columns, ending in an ellipsis where it was cut."""
        if cell.cell_len <= width:
            return cell
        cut = cell.copy()
        cut.truncate(width, overflow="ellipsis")
        return cut

    def selected(self) -> int | None:
        """The highlighted unit's number, None when there are no units."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key(Coordinate(self.cursor_row, 0)).row_key.value
        return int(key) if key is not None else None

    def highlight(self, number: int) -> None:
        """The highlight on unit `number`'s row, when it has one."""
        if str(number) in self.rows:
            self.move_cursor(row=self.get_row_index(str(number)), animate=False)

    def move(self, step: int) -> None:
        """The highlight `step` rows on, round from the last row to the first."""
        if self.row_count:
            self.move_cursor(row=(self.cursor_row + step) % self.row_count, animate=False)


def widest(headings: Sequence[str], rows: Sequence[tuple[int, Sequence[Text]]]) -> list[int]:
    return [max([len(heading), *(cells[index].cell_len for _, cells in rows)])
            for index, heading in enumerate(headings)]
