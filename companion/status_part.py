"""What one part of the companion (the hardware, the serial board, the table network, speech) says on
the status line: its words, and whether the player must act on them."""

from typing import NamedTuple


class StatusPart(NamedTuple):
    """Said by the part's own state, never read back from its words: a table named `down-stairs` is
    not down, and a board that could not start is in trouble whatever its error says."""

    text: str = ""
    must_act: bool = False
    """Something the player must see to, or know before playing on (a board lost, refused or busy, a
    table link down, speech unavailable, a read-only view): it has the line's room first, and is
    never left out."""
