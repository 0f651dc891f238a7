"""The units of a game as a table: one row per unit, names shown as written, the highlighted unit
kept across redraws (by its number, so a unit added or removed above it does not move it)."""

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual.coordinate import Coordinate
from textual.widgets import DataTable

Row = tuple[int, Sequence[str | Text]]
"""A unit's number and its cells; plain strings are shown as written, never read as markup."""


class UnitTable(DataTable[Text]):
    def __init__(self, columns: Sequence[str], *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=True)
        self._columns = columns

    def on_mount(self) -> None:
        self.add_columns(*self._columns)

    def show(self, rows: Iterable[Row]) -> None:
        keep = self.selected()
        self.clear()
        for number, cells in rows:
            self.add_row(*(cell if isinstance(cell, Text) else Text(cell) for cell in cells), key=str(number))
        if not self.row_count:
            return
        index = self.get_row_index(str(keep)) if keep is not None and str(keep) in self.rows else None
        self.move_cursor(row=min(self.cursor_row, self.row_count - 1) if index is None else index, animate=False)

    def selected(self) -> int | None:
        """The highlighted unit's number, None when there are no units."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key(Coordinate(self.cursor_row, 0)).row_key.value
        return int(key) if key is not None else None

    def move(self, step: int) -> None:
        """The highlight `step` rows on, round from the last row to the first."""
        if self.row_count:
            self.move_cursor(row=(self.cursor_row + step) % self.row_count, animate=False)
