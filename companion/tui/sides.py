"""Each side's colour and name, the same on every screen and in every game.

Sides are numbered from 1 as the games number them (Point Blank's and Conflict of Heroes' side 1
and 2; a game with named sides gives each name its number). Three ways to the same colour:

- stylesheets: the `$side-1` … `$side-4` variables (`border: round $side-2;`), and the classes
  `side_class(n)` (text in the side's colour) and `side_frame_class(n)` (a border in it);
- Rich text, such as a table cell: `side_text(name, n)` or `side_style(n)`; a line that names
  sides: `sides_named(line, names)`;
- a side without a name from its game reads `Side 1`: `side_name(n, names)`.
"""

import re
from collections.abc import Mapping

from rich.style import Style
from rich.text import Text

SIDE_COLOURS = ("#3d8fe0", "#e8772e", "#5cb85c", "#c678dd")
"""Blue, orange, green, violet: told apart with the common colour blindnesses, and none of them
the red of an error."""


def side_colour(side: int) -> str:
    """The side's colour as `#rrggbb`; a fifth side takes the first colour again."""
    return SIDE_COLOURS[(side - 1) % len(SIDE_COLOURS)]


def side_class(side: int) -> str:
    """A widget with this class shows its text in the side's colour."""
    return f"side-{(side - 1) % len(SIDE_COLOURS) + 1}"


def side_frame_class(side: int) -> str:
    """A widget with this class has a border in the side's colour."""
    return f"side-frame-{(side - 1) % len(SIDE_COLOURS) + 1}"


def side_style(side: int, *, bold: bool = True) -> Style:
    return Style(color=side_colour(side), bold=bold)


def side_name(side: int, names: Mapping[int, str] | None = None) -> str:
    """The name the game gave the side, else `Side 1`."""
    return (names or {}).get(side) or f"Side {side}"


def side_text(name: str, side: int, *, bold: bool = True) -> Text:
    """The name in its side's colour, shown as written (names come from players and files)."""
    return Text(name, style=side_style(side, bold=bold))


def sides_named(line: str, names: Mapping[int, str]) -> Text:
    """The line as written, each side's name in it (a whole word, not part of one) in its colour."""
    text = Text(line)
    # The longest names first, so that "Red Army" is not taken for "Red".
    for side, name in sorted(names.items(), key=lambda item: -len(item[1])):
        if name.strip():
            text.highlight_regex(rf"(?<!\w){re.escape(name)}(?!\w)", side_style(side))
    return text


def theme_variables() -> dict[str, str]:
    """`side-1` … for the app's stylesheets (`App.get_theme_variable_defaults`)."""
    return {f"side-{number}": colour for number, colour in enumerate(SIDE_COLOURS, 1)}
