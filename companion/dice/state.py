"""The dice roller's state: the dice chosen, faces keyed so far, and a window of the newest rolls."""

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator, WithJsonSchema

from companion.dice.events import DiceRolled
from companion.dice.spec import DiceSpec
from companion.dice.statistics import EMPTY, DiceStatistics, DieType, FaceTally, Source, TotalsTally

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


class SavedStatistics(BaseModel):
    """The running statistics as the games file keeps them: their maps' keys are in their values."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    faces: list[tuple[Source, FaceTally]]
    totals: list[TotalsTally]

    @classmethod
    def of(cls, statistics: DiceStatistics) -> "SavedStatistics":
        return cls(faces=[(die.source, tally) for die, tally in statistics.by_die.items()],
                   totals=list(statistics.by_spec.values()))

    def statistics(self) -> DiceStatistics:
        return DiceStatistics({DieType(tally.sides, source): tally for source, tally in self.faces},
                              {tally.spec: tally for tally in self.totals})


def _read_statistics(value: Any) -> DiceStatistics:
    if isinstance(value, DiceStatistics):
        return value
    return SavedStatistics.model_validate(value).statistics()


Statistics = Annotated[
    DiceStatistics,
    PlainValidator(_read_statistics),
    PlainSerializer(lambda statistics: SavedStatistics.of(statistics).model_dump(mode="json")),
    # Stands for `SavedStatistics` in the state's schema: change this line when that model changes,
    # so the state's shape (and its snapshots' version) changes with it.
    WithJsonSchema({"type": "object", "title": "SavedStatistics", "properties": {"faces": {}, "totals": {}}}),
]


@dataclass(frozen=True, slots=True)
class DiceState:
    spec: DiceSpec
    pending: tuple[int, ...] = ()
    recent: tuple[RollEntry, ...] = ()
    """The newest rolls, newest first, at most `WINDOW` of them."""
    rolls: int = 0
    """Every roll made in this game, undone ones included."""
    statistics: Statistics = EMPTY
    """The rolls in force, tallied as they come: per die type and source, and per spec."""

    @property
    def last(self) -> RollEntry | None:
        """The latest roll in force, the one the big digits show."""
        return next((entry for entry in self.recent if not entry.voided), None)
