"""Where undo stops: the latest fact at the table (a roll, a shuffle), which a game's state keeps.

A die the companion rolled, or a deck the players shuffled, is a fact: undoing it, or anything
decided before it, would let the players see a result and then change what led to it (or roll
again). A face the players keyed in from their own die is a fact too, but the entry itself may be
a typo: that one entry may be taken back and keyed again, and nothing before it.
"""

from dataclasses import dataclass
from typing import Literal

from companion.errors import RuleViolation
from companion.journal.events import Record


@dataclass(frozen=True, slots=True)
class Fact:
    seq: int = 0
    """The journal seq of the record that made the fact (0: none yet)."""
    what: str = ""
    """How the refusal names it: `the roll of 7`."""
    keyed: bool = False
    """A face keyed in from the players' own die, and nothing else happened with it (no shuffle)."""


def check_undo(fact: Fact, target: Record, verb: Literal["undo", "redo"]) -> None:
    """Refuses to undo `target` when a fact stands on or after it; a keyed face may be taken back
    (and redone) on its own. Redo only restores what an allowed undo took back."""
    if verb == "redo" or target.seq > fact.seq:
        return
    if target.seq == fact.seq and fact.keyed:
        return
    described = target.event.describe()
    if target.seq == fact.seq:
        raise RuleViolation(f"cannot undo “{described}”: {fact.what} stands (undo never re-rolls or re-shuffles)")
    raise RuleViolation(f"cannot undo “{described}”: {fact.what} came after it and stands")
