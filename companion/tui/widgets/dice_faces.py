"""The faces of a roll: d6 drawn as dice with pips, other dice as block digits; as large as fits.

Dice are laid out left to right and wrap onto more rows when they must; each is drawn at the largest
size at which all of them fit. Faces that fit nowhere are shown as plain numbers.
"""

from math import ceil

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from companion.tui.widgets.big_number import big_lines, fitting_scale, pixel_width
from companion.tui.widgets.drawn_lines import DrawnLines

PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
}
"""Each d6 face's pips on a 3×3 grid, as (row, column)."""
DIE_HEIGHTS = (11, 9, 7, 5, 3)
"""The sizes a die is drawn at, largest first; a die is twice as wide as high, plus one column."""
GAP = 2
"""Columns between two dice, and (halved) rows between two rows of dice."""


def die_lines(face: int, height: int) -> list[str]:
    """One d6 face, `height` rows of `2 × height + 1` columns: pips on a blank face."""
    width = 2 * height + 1
    pip = "●" if height < 7 else "▐█▌"
    row_margin, column_margin = (height - 1) // 4, (width - 1) // 4
    rows = (row_margin, height // 2, height - 1 - row_margin)
    columns = (column_margin, width // 2, width - 1 - column_margin)
    lines = [[" "] * width for _ in range(height)]
    for row, column in PIPS[face]:
        start = columns[column] - len(pip) // 2
        lines[rows[row]][start:start + len(pip)] = pip
    return ["".join(line) for line in lines]


def pip_layout(count: int, width: int, height: int) -> tuple[int, int] | None:
    """The largest die height at which `count` dice fit, and how many go on a row; None if none fits."""
    for die_height in DIE_HEIGHTS:
        per_row = (width + GAP) // (2 * die_height + 1 + GAP)
        if per_row < 1:
            continue
        rows = ceil(count / per_row)
        if rows * die_height + (rows - 1) <= height:
            return die_height, min(per_row, count)
    return None


class DiceFaces(DrawnLines):
    """Call `show(faces, sides)`; an empty roll shows nothing. The die's colours come from the
    `dice-faces--die` component class."""

    DEFAULT_CSS = """
    DiceFaces {
        width: 1fr;
        height: 1fr;
    }
    DiceFaces > .dice-faces--die {
        background: $foreground 90%;
        color: $background;
    }
    """
    COMPONENT_CLASSES = {"dice-faces--die"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.faces: tuple[int, ...] = ()
        self.sides = 6

    def show(self, faces: tuple[int, ...], sides: int) -> None:
        if (faces, sides) != (self.faces, self.sides):
            self.faces, self.sides = faces, sides
            self.redraw()

    @property
    def drawn_as_pips(self) -> bool:
        return bool(self.faces) and self.sides == 6 and pip_layout(len(self.faces), *self.size) is not None

    def draw(self) -> list[Strip]:
        width, height = self.size
        style = self.rich_style
        if not self.faces:
            return []
        layout = pip_layout(len(self.faces), width, height) if self.sides == 6 else None
        if layout is None:
            return self._digits(width, height, style)
        die_height, per_row = layout
        die_style = style + self.get_component_rich_style("dice-faces--die")
        strips: list[Strip] = []
        for first in range(0, len(self.faces), per_row):
            if strips:
                strips.append(Strip.blank(width, style))
            dice = [die_lines(face, die_height) for face in self.faces[first:first + per_row]]
            for row in range(die_height):
                segments: list[Segment] = []
                for index, die in enumerate(dice):
                    if index:
                        segments.append(Segment(" " * GAP, style))
                    segments.append(Segment(die[row], die_style))
                strips.append(Strip(segments).crop_extend(0, width, style))
        return strips

    def _digits(self, width: int, height: int, style: Style) -> list[Strip]:
        text = " ".join(map(str, self.faces))
        scale = fitting_scale(pixel_width(text), width, height, most=4)
        lines = big_lines(text, scale) if scale else [text]
        return [Strip([Segment(line, style)]).crop_extend(0, width, style) for line in lines]
