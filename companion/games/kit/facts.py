"""Where undo stops: the latest fact at the table (a roll, a shuffle), which a game's state keeps.

A die the companion rolled, or a deck the players shuffled, is a fact: undoing it, or anything
decided before it, would let the players see a result and then change what led to it (or roll
again). A face the players keyed in from their own die is a fact too, but the entry itself may be
a typo: that one entry may be taken back and keyed again, and nothing before it: the die was
rolled and seen, though the face keyed for it is taken back.
"""

from dataclasses import dataclass
from typing import Literal

from companion.errors import RuleViolation
from companion.games.kit.words import undo_refused
from companion.journal.record import Record


@dataclass(frozen=True, slots=True)
class Fact:
    """Where undo stops. A game's state keeps a subclass that also holds what made the fact (the
    roll's event, say), so its view can name it; the words are never kept in the state."""

    seq: int = 0
    """The journal seq of the record that made the fact (0: none yet)."""
    keyed: bool = False
    """A face keyed in from the players' own die, and nothing else happened with it (no shuffle)."""
    taken_back: bool = False
    """The keyed face was taken back (undone): the die it was keyed for was still rolled."""


def check_undo(fact: Fact, target: Record, verb: Literal["undo", "redo"], named: str, die: str = "die") -> None:
    """Refuses to undo `target` when a fact stands on or after it; a keyed face may be taken back
    (and redone) on its own. Redo only restores what an allowed undo took back. `named` is how
    the refusal names the fact, in the game's words: `the roll of 7`; `die` names the die (`d10`)."""
    if verb == "redo" or target.seq > fact.seq:
        return
    if target.seq == fact.seq and fact.keyed:
        return
    described = target.event.describe()
    if target.seq == fact.seq:
        raise RuleViolation(undo_refused(described, f"{named} stands (undo never re-rolls or re-shuffles)"))
    if fact.taken_back:
        raise RuleViolation(undo_refused(described, f"the {die} rolled after it stands ({named} keyed in was "
                                                    "taken back): key its face again"))
    raise RuleViolation(undo_refused(described, f"{named} came after it and stands"))
