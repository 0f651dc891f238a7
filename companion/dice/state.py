"""The dice roller's state: the dice chosen, faces keyed so far, and a window of the newest rolls."""

from dataclasses import dataclass
from datetime import datetime

from companion.dice.events import DiceRolled
from companion.dice.spec import DiceSpec

WINDOW = 100
"""Rolls kept in memory, newest first: more than the tallest screen shows. `companion log` has them all."""


@dataclass(frozen=True, slots=True)
class RollEntry:
    number: int
    """Counts the game's rolls, undone ones included: roll 7 is the seventh roll made."""
    seq: int
    at: datetime
    roll: DiceRolled
    voided: bool


@dataclass(frozen=True, slots=True)
class DiceState:
    spec: DiceSpec
    pending: tuple[int, ...] = ()
    recent: tuple[RollEntry, ...] = ()
    """The newest rolls, newest first, at most `WINDOW` of them."""
    rolls: int = 0
    """Every roll made in this game, undone ones included."""

    @property
    def last(self) -> RollEntry | None:
        """The latest roll in force, the one the big digits show."""
        return next((entry for entry in self.recent if not entry.voided), None)
