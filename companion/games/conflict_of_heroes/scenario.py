"""A Conflict of Heroes firefight as a scenario file: the sides with their starting CAPs and VP, the
map, every unit with where and in which round it enters, the rounds and the victory conditions."""

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Self

from pydantic import Field, ValidationInfo, field_validator, model_validator

from companion.config import AtKey
from companion.games.kit.guide import ScenarioChosenEvent
from companion.games.kit.scenarios import Part, Scenario, some

NAME_LENGTH = 30
"""As long as a side's name or a unit's label may be (`NameSide`, `AddUnit`)."""

TEMPLATE = '''# A Conflict of Heroes firefight for the companion (docs/scenarios.md has the whole format).
# Check it with: companion scenarios check THIS_FILE
game = "conflict_of_heroes"
title = "My firefight"
background = "What happened here, in a few sentences."
map = "Map 1"
rounds = 4                       # the firefight ends after this round
victory = "The side with more victory points at the end of round 4 wins."
special_rules = []               # e.g. ["No CAPs may be spent in round 1."]
source = "ours"
notes = ""
gaps = []                        # where your source is silent, what you assumed

[[sides]]                        # the left CAP track
name = "German"
nationality = "German"
caps = 7                         # the CAP track's start value
victory_points = 0
first_on_tie = false

[[sides]]                        # the right CAP track
name = "Soviet"
nationality = "Soviet"
caps = 7
first_on_tie = true              # announces first on a CAP tie (3.24)

[[forces]]                       # one table per counter; unit = an id from units.toml
side = 1
unit = "german_rifle_squad"
label = "Squad A"
where = "in hex 1A1"
round = 1                        # 1: on the map at the start; later: a reinforcement that round

[[forces]]
side = 2
unit = "soviet_rifle_squad"
label = "Squad B"
where = "enters by the east edge"
round = 2
'''


class CohSide(Part):
    name: str = Field(min_length=1, max_length=NAME_LENGTH)
    nationality: str = ""
    caps: int = Field(ge=0, le=30)
    """The CAP track's start value (7.3 counts lost units down from it)."""
    victory_points: int = Field(default=0, ge=0, le=99)
    first_on_tie: bool = False
    """Announces its initiative spend first when the CAPs are tied (3.24: the Soviet side)."""


class CohForce(Part):
    """One counter of the order of battle."""

    side: Literal[1, 2]
    unit: str
    """Its id in the unit library (`units.toml`, shipped or the players' own)."""
    label: str = Field(default="", max_length=NAME_LENGTH)
    """The letter or name on the map (`Squad A`); blank: the unit's name."""
    where: str = ""
    """The hex or map edge it sets up on, or enters by."""
    round: int = Field(default=1, ge=1, le=99)
    """1: on the map when play starts; later: a reinforcement, in the tracker from that round's start (5.1)."""

    @field_validator("unit")
    @classmethod
    def _in_the_library(cls, unit: str, info: ValidationInfo) -> str:
        library: Mapping[str, Any] | None = (info.context or {}).get("units.toml")
        if library is not None and unit not in library:
            raise ValueError(f"no unit {unit!r} in the unit library (units.toml has {some(library)})")
        return unit


class CohScenario(Scenario):
    TEMPLATE: ClassVar[str] = TEMPLATE

    game: Literal["conflict_of_heroes"]
    map: str = ""
    """Which map boards, and how they lie."""
    rounds: int = Field(ge=1, le=99)
    sides: tuple[CohSide, CohSide]
    forces: tuple[CohForce, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if sum(side.first_on_tie for side in self.sides) > 1:
            raise AtKey(("sides", 1, "first_on_tie"), "only one side announces first on a CAP tie")
        for index, force in enumerate(self.forces):
            if force.round > self.rounds:
                raise AtKey(("forces", index, "round"), f"{force.label or force.unit} enters in round {force.round}, "
                            f"after the last round ({self.rounds})")
        return self

    def length(self) -> str:
        return f"{self.rounds} round{'s' * (self.rounds != 1)}"

    def body_lines(self) -> list[str]:
        lines = [f"Sides: {self.sides[0].name} ({self.sides[0].caps} CAPs) against "
                 f"{self.sides[1].name} ({self.sides[1].caps} CAPs)"]
        if self.map:
            lines.append(f"Map: {self.map}")
        for number, side in enumerate(self.sides, 1):
            lines.append(f"{side.name}:")
            for force in self.forces:
                if force.side == number:
                    when = "" if force.round == 1 else f", enters in round {force.round}"
                    at = f": {force.where}" if force.where else ""
                    lines.append(f"  {force.label or force.unit} ({force.unit}){at}{when}")
        return lines

    def first_on_tie(self) -> Literal[1, 2] | None:
        return 1 if self.sides[0].first_on_tie else 2 if self.sides[1].first_on_tie else None


class ScenarioChosen(ScenarioChosenEvent):
    type: Literal["coh_scenario_chosen"] = "coh_scenario_chosen"
    scenario: CohScenario
