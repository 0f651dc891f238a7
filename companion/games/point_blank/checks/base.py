"""What a check is: rules code that asks for pips, replayed until every pip it needs is in.

A check's `resolve(draw)` reads like the rulebook: `draw("attack", 1)` returns the pips of the
next card. The companion replays it with the pips entered so far; when it asks for a pip not
yet entered, the step it asked for (what for, how many cards, what counts as success) is what
the screen shows, with the odds, until the player enters it.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.games.point_blank.units import Unit

Success = Callable[[tuple[int, ...]], bool]


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class UnitChange(Model):
    """New values for some of a unit's markers."""

    unit: int
    changes: dict[str, bool | int]


class MarkerChange(Model):
    marker: Literal["smoke", "blaze", "wreck"]
    sector: str
    present: bool


class Snapshot(Model):
    """A unit as it stood when the check began: what the check's results depend on."""

    id: int
    name: str
    kind: str
    morale: int
    firepower: int = 0
    shaken: int = 0
    reduced: bool = False
    spent: bool = False
    buttoned: bool = False
    open_topped: bool = False
    front_armour: int = 0
    flank_armour: int = 0
    leadership: int = 0

    @classmethod
    def of(cls, unit: "Unit") -> "Snapshot":
        return cls(**{name: getattr(unit, name) for name in cls.model_fields})

    def unit(self) -> "Unit":
        return Unit(side=0, **self.model_dump())


class Outcome(Model):
    text: str
    changes: tuple[UnitChange, ...] = ()
    markers: tuple[MarkerChange, ...] = ()
    sniper_fate: Literal["removed", "discarded", "shuffled"] | None = None


@dataclass(frozen=True)
class Step:
    prompt: str
    cards: int
    success: Success | None = None
    """Whether the cards give the result the prompt names ("6 = out", "4+ sets ablaze", "N or
    less hits"), for showing its chance before the cards are drawn."""


class NeedPips(Exception):
    def __init__(self, step: Step) -> None:
        self.step = step


Draw = Callable[..., tuple[int, ...]]


class Check(Model):
    """A check's inputs, captured when it starts; subclasses set `kind` and `resolve`."""

    def resolve(self, draw: Draw) -> Outcome:
        raise NotImplementedError

    @property
    def title(self) -> str:
        return self.__class__.__name__

    def advance(self, pips: tuple[int, ...]) -> Step | Outcome:
        """The next step to draw for, or the outcome once every pip it needs is in."""
        remaining = list(pips)

        def draw(prompt: str, cards: int = 1, success: Success | None = None) -> tuple[int, ...]:
            if len(remaining) < cards:
                # Part of a 2d6 is in: the chance of success no longer fits the cards still to come.
                raise NeedPips(Step(prompt, cards - len(remaining), None if remaining else success))
            taken = tuple(remaining[:cards])
            del remaining[:cards]
            return taken

        try:
            outcome = self.resolve(draw)
        except NeedPips as need:
            return need.step
        if remaining:
            raise ValueError(f"{len(remaining)} pips more than the check needs")
        return outcome


def change(unit: int, **changes: bool | int) -> UnitChange:
    return UnitChange(unit=unit, changes=changes)
