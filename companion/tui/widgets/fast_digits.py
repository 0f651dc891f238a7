"""Textual's big three-row digits, drawn as lines: a new value costs three strips."""

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.renderables.digits import DIGITS, DIGITS3X3, DIGITS3X3_BOLD
from textual.strip import Strip
from textual.widgets import Digits


def glyph_rows(text: str, bold: bool) -> tuple[str, str, str]:
    """The three rows of `text` in Textual's 3×3 font (its bold cut when `bold`), as `Digits` draws them."""
    font = DIGITS3X3_BOLD if bold else DIGITS3X3
    rows: tuple[list[str], list[str], list[str]] = ([], [], [])
    for character in text.replace(".", "•"):
        at = DIGITS.find(character) * 3
        cells = (" ", " ", character) if at < 0 else (font[at].ljust(3), font[at + 1].ljust(3), font[at + 2].ljust(3))
        for row, cell in zip(rows, cells, strict=True):
            row.append(cell)
    return "".join(rows[0]), "".join(rows[1]), "".join(rows[2])


class FastDigits(Digits):
    """The same glyphs and styles as `Digits`, which lays its value out through a Rich console and
    an `Align` on every change (~0.7 ms each on a desktop core; the dice screen redraws two on
    every roll, on the way from the press to the screen). Selected text is left to `Digits`."""

    def __init__(self, value: str = "", *, id: str | None = None) -> None:
        super().__init__(value, id=id)
        self._drawn: tuple[str, int, Style, str] | None = None
        self._lines: list[Strip] = []

    def render_line(self, y: int) -> Strip:
        if self.text_selection:
            return super().render_line(y)
        width, style, align = self.size.width, self.rich_style, str(self.styles.text_align)
        if self._drawn != (self.value, width, style, align):
            self._drawn = (self.value, width, style, align)
            self._lines = [self._line(row, width, style, align) for row in glyph_rows(self.value, bool(style.bold))]
        return self._lines[y] if y < len(self._lines) else Strip.blank(width, style)

    @staticmethod
    def _line(row: str, width: int, style: Style, align: str) -> Strip:
        room = max(0, width - cell_len(row))
        left = room if align == "right" else room // 2 if align == "center" else 0
        return Strip([Segment(" " * left + row, style)]).crop_extend(0, width, style)
