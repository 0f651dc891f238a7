"""A Point Blank scenario file: the sides with their nationalities and solo postures, the
battlefield's Areas and Sectors with their fixed or random cards, the forces with where and when
each unit enters, hand size, turns, victory conditions and special rules (5.0–5.5, 12.1).

A Sector is named by its Area and row (`A2`) and the side of the battlefield it lies on: row 0 is
the neutral centre (side 0); rows 1 and up lie on side 1's or side 2's half (3.0).
"""

import re
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Self

from pydantic import Field, ValidationInfo, field_validator, model_validator

from companion.config import AtKey
from companion.games.kit.guide import ScenarioChosenEvent
from companion.games.kit.scenarios import Part, Scenario, some
from companion.games.point_blank.aeo.table import Posture
from companion.games.point_blank.battlefield import sector_words

RANDOM = "random"
"""A Sector's card drawn by the companion from the terrain deck."""
SECTOR = re.compile(r"^[A-E][0-9]$")
HalfOf = Literal[0, 1, 2]

TEMPLATE = '''# A Point Blank scenario for the companion (docs/scenarios.md has the whole format).
# Check it with: companion scenarios check THIS_FILE
game = "point_blank"
title = "My scenario"
background = "What is going on, in a few sentences."
areas = ["A", "B", "C"]          # the Areas in play (columns), out of A to E
rows = 4                         # Sectors 1 to `rows` on each side, and the centre row 0
turns = 3                        # the game ends when the Action deck runs out for the last time
hand_size = 5
first = 1                        # the side that takes the first impulse
victory = "The side that controls the objective at the end of turn 3 wins."
special_rules = []
source = "ours"
notes = ""
gaps = []
# terrain_deck = { woods = 4 }   # cards of the default terrain deck this scenario adds or removes

[[sides]]                        # side 1: the Allied half of the battlefield
name = "US"
nationality = "us"               # as units.toml names it
posture = "offensive"            # solo play (12.1): the AEO's posture when it plays this side

[[sides]]                        # side 2: the Axis half
name = "German"
nationality = "german"
posture = "defensive"

[[battlefield]]                  # one table per Sector that starts with a card
sector = "B0"                    # the centre row has no side
card = "bridge"                  # a card from terrain.toml (terrain or objective) ...

[[battlefield]]
sector = "A2"
side = 1                         # ... on side 1's half
card = "random"                  # ... or drawn from the terrain deck by the companion

[[forces]]                       # one table per unit; unit = an id from units.toml
side = 1
unit = "us_rifle_squad"
name = "1st squad"
sector = "A2"                    # on its own side's half unless `half` says otherwise
turn = 1                         # 1: deployed at setup; later: arrives at the start of that turn
# card = [5, 6]                  # instead of turn: arrives by a Reinforcement card on a d6 of 5 or 6 (8.11)

[[forces]]
side = 2
unit = "german_rifle_squad"
sector = "B0"
'''


class PbSide(Part):
    name: str = Field(min_length=1, max_length=30)
    nationality: str = ""
    """The unit library's key for it (`us`, `german`): the screen names the side by it."""
    posture: Posture | None = None
    """Solo play (12.1): the posture of the AEO when it plays this side."""
    support_weapons: tuple[str, ...] = ()
    """The side's infantry Support Weapons, by name: the AEO gives them to its infantry (12.2.1, 12.2.2)."""


def check_sector(sector: str) -> str:
    if not SECTOR.match(sector):
        raise ValueError(f"{sector!r} is not a Sector: an Area letter A to E and a row number (A2, B0)")
    return sector


def check_card(card: str, info: ValidationInfo, random_allowed: bool) -> str:
    if random_allowed and card == RANDOM:
        return card
    terrain = (info.context or {}).get("terrain.toml")
    cards: Mapping[str, Any] | None = getattr(terrain, "terrain", None)
    if cards is not None and card not in cards:
        raise ValueError(f"no card {card!r} in terrain.toml (terrain and objective cards by id, or \"random\")")
    return card


class Placement(Part):
    """A Sector that starts with a card (5.3)."""

    sector: str
    side: HalfOf = 0
    card: str = RANDOM

    @field_validator("sector")
    @classmethod
    def _sector(cls, sector: str) -> str:
        return check_sector(sector)

    @field_validator("card")
    @classmethod
    def _card(cls, card: str, info: ValidationInfo) -> str:
        return check_card(card, info, random_allowed=True)

    @model_validator(mode="after")
    def _half(self) -> Self:
        if (self.sector[1] == "0") != (self.side == 0):
            raise AtKey(("side",), f"{self.sector}: row 0 is the centre (side 0); other rows lie on side 1 or 2")
        return self


class PbForce(Part):
    """One unit of the order of battle, with where and when it enters (5.4)."""

    side: Literal[1, 2]
    unit: str
    """Its id in the unit library (`units.toml`, under [units])."""
    name: str = Field(default="", max_length=30)
    sector: str
    half: HalfOf | None = None
    """The side whose half the Sector lies on: its own side's unless said (row 0 is side 0)."""
    turn: int = Field(default=1, ge=1, le=99)
    """1: deployed at setup; later: arrives at the start of that turn, as a reinforcement."""
    card: tuple[Literal[1, 2, 3, 4, 5, 6], ...] = Field(default=(), max_length=6)
    """The scenario's Reinforcement Table (8.11): it arrives when its side plays a Reinforcement card
    and the d6 shows one of these; empty: it comes by `turn`."""

    @field_validator("card")
    @classmethod
    def _faces_once(cls, card: tuple[int, ...]) -> tuple[int, ...]:
        if len(set(card)) != len(card):
            raise ValueError("each d6 face once")
        return card

    @model_validator(mode="after")
    def _turn_or_card(self) -> Self:
        if self.card and self.turn != 1:
            raise AtKey(("card",), f"a unit arrives in turn {self.turn} or by a Reinforcement card, not both")
        return self

    @property
    def at_setup(self) -> bool:
        return self.turn == 1 and not self.card

    def arrives_in(self, turn: int) -> bool:
        """Whether it enters at the start of `turn` (1: deployed at setup)."""
        return self.turn == turn and not self.card

    @field_validator("sector")
    @classmethod
    def _sector(cls, sector: str) -> str:
        return check_sector(sector)

    @field_validator("unit")
    @classmethod
    def _in_the_library(cls, unit: str, info: ValidationInfo) -> str:
        library = (info.context or {}).get("units.toml")
        units: Mapping[str, Any] | None = getattr(library, "units", None)
        if units is not None and unit not in units:
            raise ValueError(f"no unit {unit!r} in the unit library (units.toml has {some(units)})")
        return unit

    @property
    def on(self) -> int:
        """The half of the battlefield its Sector lies on."""
        if self.sector[1] == "0":
            return 0
        return self.half if self.half is not None else self.side


class PbScenario(Scenario):
    TEMPLATE: ClassVar[str] = TEMPLATE

    game: Literal["point_blank"]
    areas: tuple[Literal["A", "B", "C", "D", "E"], ...] = Field(min_length=1, max_length=5)
    rows: int = Field(ge=1, le=9)
    turns: int = Field(ge=1, le=99)
    hand_size: int = Field(default=5, ge=1, le=10)
    first: Literal[1, 2] = 1
    sides: tuple[PbSide, PbSide]
    battlefield: tuple[Placement, ...] = ()
    forces: tuple[PbForce, ...] = Field(min_length=1)
    terrain_deck: dict[str, int] = {}
    """Cards of the default terrain deck (9.0) this scenario changes: the count it has instead."""

    @field_validator("terrain_deck")
    @classmethod
    def _deck(cls, deck: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        for card, count in deck.items():
            check_card(card, info, random_allowed=False)
            if not 0 <= count <= 99:
                raise ValueError(f"{card}: a count from 0 to 99")
        return deck

    @model_validator(mode="after")
    def _on_the_battlefield(self) -> Self:
        seen: set[tuple[str, int]] = set()
        for index, place in enumerate(self.battlefield):
            self._inside(place.sector, ("battlefield", index, "sector"))
            if (place.sector, place.side) in seen:
                raise AtKey(("battlefield", index, "sector"), f"{place.sector} (side {place.side}) is given two cards")
            seen.add((place.sector, place.side))
        for index, force in enumerate(self.forces):
            self._inside(force.sector, ("forces", index, "sector"))
            if force.turn > self.turns:
                raise AtKey(("forces", index, "turn"), f"{force.name or force.unit} arrives in turn {force.turn}, "
                            f"after the last ({self.turns})")
        return self

    def _inside(self, sector: str, location: tuple[str | int, ...]) -> None:
        if sector[0] not in self.areas or int(sector[1]) > self.rows:
            raise AtKey(location, f"{sector} lies outside the battlefield (Areas {', '.join(self.areas)}, "
                                  f"rows 0 to {self.rows})")

    def sector_name(self, sector: str, half: int) -> str:
        """How the screen names a Sector, with `sector_words` and the scenario's sides: `B0`, `A2 US`."""
        return sector_words(sector if half == 0 else f"{sector}/{half}", lambda side: self.sides[side - 1].name)

    def length(self) -> str:
        return f"{self.turns} turn{'s' * (self.turns != 1)}"

    def body_lines(self) -> list[str]:
        lines = [f"Sides: {self.sides[0].name} (side 1) against {self.sides[1].name} (side 2); "
                 f"{self.sides[self.first - 1].name} acts first; hands of {self.hand_size}"]
        lines += [f"Solo: the AEO plays {side.name} in {side.posture} posture" for side in self.sides if side.posture]
        lines.append(f"Battlefield: Areas {', '.join(self.areas)}, rows 0 to {self.rows} on each side")
        lines += [f"  {self.sector_name(p.sector, p.side)}: {p.card}" for p in self.battlefield]
        for number, side in enumerate(self.sides, 1):
            lines.append(f"{side.name}:")
            for force in self.forces:
                if force.side == number:
                    when = "" if force.at_setup else f", arrives {arrival(force)}"
                    named = f"{force.name} ({force.unit})" if force.name else force.unit
                    lines.append(f"  {named} in {self.sector_name(force.sector, force.on)}{when}")
        return lines


def arrival(force: PbForce) -> str:
    """When a reinforcement arrives, as the setup guide and the scenario's listing say it."""
    if force.card:
        return f"by a Reinforcement card (8.11) on a d6 of {faces(force.card)}"
    return f"in turn {force.turn}"


def faces(card: tuple[int, ...]) -> str:
    """`5 or 6`, `1, 2 or 3`."""
    named = [str(face) for face in sorted(card)]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"


class ScenarioChosen(ScenarioChosenEvent):
    type: Literal["pb_scenario_chosen"] = "pb_scenario_chosen"
    scenario: PbScenario
