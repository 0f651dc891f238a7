"""A number in block digits that grow with the space they get: read across the table.

Every game shows its key number with it (the dice total, Point Blank's cards left, each side's
CAPs). The glyphs are a 3×5 pixel font drawn in half blocks: a pixel is `scale` columns wide and
`scale` half rows tall, so it stays square on a terminal's 1:2 cells, and the largest scale that
fits the widget's size is used. A widget too small for even the smallest glyphs shows plain text.
"""

from typing import Literal

from rich.segment import Segment
from textual.reactive import reactive
from textual.strip import Strip

from companion.tui.widgets.drawn_lines import DrawnLines

FONT: dict[str, tuple[str, ...]] = {
    "0": ("###", "# #", "# #", "# #", "###"),
    "1": (" # ", "## ", " # ", " # ", "###"),
    "2": ("###", "  #", "###", "#  ", "###"),
    "3": ("###", "  #", " ##", "  #", "###"),
    "4": ("# #", "# #", "###", "  #", "  #"),
    "5": ("###", "#  ", "###", "  #", "###"),
    "6": ("###", "#  ", "###", "# #", "###"),
    "7": ("###", "  #", "  #", " # ", " # "),
    "8": ("###", "# #", "###", "# #", "###"),
    "9": ("###", "# #", "###", "  #", "###"),
    "-": ("   ", "   ", "###", "   ", "   "),
    "+": ("   ", " # ", "###", " # ", "   "),
    "/": ("  #", "  #", " # ", "#  ", "#  "),
    ":": (" ", "#", " ", "#", " "),
    ".": (" ", " ", " ", " ", "#"),
    "?": ("###", "  #", " ##", "   ", " # "),
    " ": ("   ", "   ", "   ", "   ", "   "),
}
"""Each glyph's rows, top first; `#` is a lit pixel. A character not here shows as `?`."""
GLYPH_HEIGHT = 5
WIDEST_GLYPH = 3
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
ALIASES = {"−": "-", "–": "-"}
MOST_SCALE = 12
"""A TV shows a dice total 30 rows tall at most: larger stops being easier to read."""

Align = Literal["left", "center", "right"]


def glyph(char: str) -> tuple[str, ...]:
    return FONT.get(ALIASES.get(char, char), FONT["?"])


def pixel_width(text: str) -> int:
    """The text's width in font pixels, one blank pixel between glyphs."""
    return sum(len(glyph(char)[0]) for char in text) + max(0, len(text) - 1)


def fitting_scale(text_width: int, width: int, height: int, most: int = MOST_SCALE) -> int:
    """The largest scale at which `text_width` pixels fit `width` columns and the glyphs fit
    `height` rows; 0 when not even scale 1 fits."""
    if text_width <= 0:
        return 0
    by_width = width // text_width
    by_height = (2 * height) // GLYPH_HEIGHT
    return max(0, min(by_width, by_height, most))


def big_lines(text: str, scale: int) -> list[str]:
    """The text in half-block glyphs at `scale`, as ceil(5 × scale / 2) lines of equal width."""
    pixels = [""] * GLYPH_HEIGHT
    for index, char in enumerate(text):
        rows = glyph(char)
        for row in range(GLYPH_HEIGHT):
            pixels[row] += (" " if index else "") + rows[row]
    # Half rows: every pixel row repeated `scale` times, every pixel `scale` columns wide.
    half_rows = [[lit == "#" for lit in row for _ in range(scale)] for row in pixels for _ in range(scale)]
    if len(half_rows) % 2:
        half_rows.append([False] * len(half_rows[0]))
    return [
        "".join(HALF_BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(half_rows[::2], half_rows[1::2], strict=True)
    ]


class BigNumber(DrawnLines):
    """Set `value` (or call `update`) to show a number; its colour and background come from CSS.

    `reserve` is how many characters the widget keeps room for, so that the digits keep their
    size when `7` becomes `12` (a dice total keeps room for its highest total)."""

    DEFAULT_CSS = """
    BigNumber {
        width: 1fr;
        height: 1fr;
    }
    """

    value: reactive[str] = reactive("", layout=False)

    def __init__(
        self,
        value: str = "",
        *,
        reserve: int = 0,
        align: Align = "center",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._reserve = reserve
        self.align = align
        self.set_reactive(BigNumber.value, value)

    @property
    def reserve(self) -> int:
        return self._reserve

    @reserve.setter
    def reserve(self, characters: int) -> None:
        if characters != self._reserve:
            self._reserve = characters
            self.redraw()

    def update(self, value: str) -> None:
        self.value = value

    @property
    def scale(self) -> int:
        """How large the glyphs are drawn now: 0 for plain text."""
        text_width = max(pixel_width(self.value), pixel_width("0" * self._reserve))
        return fitting_scale(text_width, self.size.width, self.size.height)

    def watch_value(self) -> None:
        self.redraw()

    def text_lines(self) -> list[str]:
        """What the widget shows, line by line, before alignment."""
        scale = self.scale
        if scale == 0:
            return [self.value] if self.value else []
        return big_lines(self.value, scale) if self.value else []

    def draw(self) -> list[Strip]:
        width, height, style = self.size.width, self.size.height, self.rich_style
        lines = self.text_lines()
        top = max(0, (height - len(lines)) // 2)
        strips = [Strip.blank(width, style)] * top
        for line in lines[: height - top]:
            spare = max(0, width - len(line))
            left = {"left": 0, "center": spare // 2, "right": spare}[self.align]
            strips.append(Strip([Segment(" " * left + line, style)]).crop_extend(0, width, style))
        return strips
