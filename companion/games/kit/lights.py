"""What the table's lights show, as a pure function of a game's state.

A game's `lights(state)` says which side's LED is lit, what the board's number display shows, and
when the roll LED flashes (whenever `roll` changes: the seq of the latest roll or resolved check,
so an undo, a redo or a redraw never flashes it). The app applies it to GPIO and to the serial
board after each commit; screens never touch hardware.
"""

from typing import NamedTuple


class Lights(NamedTuple):
    roll: int = 0
    """Changes when the roll LED should flash once: the journal seq of the latest roll."""
    side: int | None = None
    """The side to act (1 or 2) lights its LED; None puts both out."""
    number: int | None = None
    """What the board's number display shows (a total, cards left, CAPs); None blanks it."""


DARK = Lights()
