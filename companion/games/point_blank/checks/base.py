"""What a check is: rules code that asks for pips, replayed until every pip it needs is in.

A check's `resolve(draw)` reads like the rulebook: `draw("attack", 1)` returns the pips of the
next card. The companion replays it with the pips entered so far; when it asks for a pip not
yet entered, the step it asked for (what for, how many cards, what counts as success) is what
the screen shows, with the odds, until the player enters it. Its outcome is facts: findings
(a kind and its numbers, worded by `words.py`), the units' new markers and the marker cards.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from companion.games.point_blank.units import Unit

Success = Callable[[tuple[int, ...]], bool]


class Model(BaseModel):
    """A check's parts: their validators are built with the first check started, not with the game."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class UnitChange(Model):
    """New values for some of a unit's markers."""

    unit: int
    changes: dict[str, bool | int]


class MarkerChange(Model):
    marker: Literal["smoke", "blaze", "wreck", "wire"]
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


Effect = Literal[
    "none", "shaken", "reduced", "eliminated", "shaken_reduced",
    "crew_shaken", "crew_buttons", "crew_destroyed", "crew_abandons",
]
"""What one damage result or one melee hit did to a unit (see `damage.py`)."""

FindingKind = Literal[
    # numbers: (result,) unless said otherwise
    "total", "spotted", "not_spotted", "concealed", "not_concealed",
    "smoke", "mortar_smoke",  # mortar: (first card, second card)
    "smoke_placed", "no_smoke", "blaze", "ablaze", "no_fire",
    "bogged", "not_bogged", "unbogged", "still_bogged", "repaired", "still_broken",
    "odd", "even",
    "attack_held", "attack_hit",  # (attack, defence)
    "damage",  # (result, morale), with `effects`
    "hero", "weapon_broken", "out_of_fuel", "out_of_ammo", "radio_broken",
    "barrage_failed", "barrage_on_target",  # on target: (result, firepower)
    "sniper_removed", "sniper_discarded", "sniper_shuffled",
    "reinforced", "no_reinforcement", "immobilised",
    "melee_hits",  # (attacker's hits, defender's hits)
    "hits",  # (hits taken,), with an effect per hit
    "crew_morale_check", "attacker_retreats", "defender_retreats",
    "morale_passed", "morale_failed", "rallied", "stays_shaken", "recrewed",  # (result, morale)
    "to_hit",  # (2d6, modifier, need)
    "natural_twelve", "miss",
    "penetrated", "armour_held", "he_held", "he_hit",  # (attack, defence)
]


class Finding(Model):
    """One fact of a check's result: what happened, to which unit, with its numbers."""

    kind: FindingKind
    unit: int | None = None
    numbers: tuple[int, ...] = ()
    effects: tuple[Effect, ...] = ()
    sector: str = ""


class Outcome(Model):
    findings: tuple[Finding, ...] = ()
    changes: tuple[UnitChange, ...] = ()
    markers: tuple[MarkerChange, ...] = ()
    sniper_fate: Literal["removed", "discarded", "shuffled"] | None = None

    @model_validator(mode="before")
    @classmethod
    def _before_findings(cls, data: Any) -> Any:
        """Games saved before findings carried the outcome as an English sentence: its facts (the
        changes and markers) are kept; the findings are worked out again from the check's pips."""
        if isinstance(data, dict) and "text" in data:
            data = {key: value for key, value in data.items() if key != "text"}
        return data


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

    def snapshots(self) -> tuple[Snapshot, ...]:
        """The units the check captured, so a view can name them as they were."""
        return ()

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


def found(kind: FindingKind, *numbers: int, unit: int | None = None, sector: str = "",
          effects: tuple[Effect, ...] = ()) -> Finding:
    return Finding(kind=kind, unit=unit, numbers=numbers, sector=sector, effects=effects)
