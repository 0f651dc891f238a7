"""Point Blank's data as models: the deck's pips, the terrain cards and the unit library.

The files themselves load through the game kit's one loader (`data.FILES`); this module says what
they hold and gives the loaded files one typed view, `Catalog`.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.config import AtKey
from companion.games.point_blank.aeo.table import AeoTableFile

Los = Literal["clear", "degrading", "blocking"]
UnitKind = Literal["full_squad", "half_squad", "weapon_team", "afv", "vehicle", "leader"]
ControlFlag = Literal["infantry", "ordnance", "none"]
LeaderAction = Literal["rally", "ready", "move", "fire", "recon", "conceal", "smoke", "assault", "melee"]


class Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DeckComposition(Data):
    """How many Action cards carry each pip count, 1 to 6."""

    cards_per_pip: tuple[int, int, int, int, int, int]
    assumed: bool = False
    """True while the counts are a guess nobody has checked against a real deck."""
    note: str = ""

    @model_validator(mode="after")
    def _some_cards(self) -> Self:
        if any(count < 0 for count in self.cards_per_pip):
            raise ValueError("a pip count cannot have fewer than 0 cards")
        if sum(self.cards_per_pip) < 2:
            raise ValueError("a deck needs at least 2 cards for a 2d6 check")
        return self

    @property
    def size(self) -> int:
        return sum(self.cards_per_pip)


class TerrainCard(Data):
    name: str
    rule: str
    defensive_bonus: int | None = None
    """None where the card says "No" or "None": it adds nothing."""
    vehicle_bonus: int | None = None
    refusable: bool | None = None
    bogs: bool
    los: Los
    rally_modifier: int | None = None
    """Replaces the line-of-sight rally modifier (8.8) where the card says so."""
    infantry_morale: int = 0
    """Added to an infantry unit's 2d6 morale check in this terrain (Gully and Cemetery: -2)."""
    firepower: int | None = Field(default=None, ge=0, le=20)
    """Mines: the infantry firepower its card prints (10.1.7); unset, the Mines check asks for it."""
    road: bool = False
    """A Road Bonus (10.1.8): an infantry unit moving out of it into another Area is not spent."""
    objective: bool = False
    ordnance_flags: int = Field(default=0, ge=0)
    infantry_flags: int = Field(default=0, ge=0)
    in_default_deck: int | None = Field(default=None, ge=0)

    def bonus_for(self, vehicle: bool) -> int:
        if vehicle and self.vehicle_bonus is not None:
            return self.vehicle_bonus
        return self.defensive_bonus or 0

    @property
    def checks_bog(self) -> bool:
        """A vehicle entering it checks for bogging (7.2): a card that bogs, outside clear terrain."""
        return self.bogs and self.los != "clear"

    @property
    def rally(self) -> int:
        """Added to a 2d6 rally in this terrain: blocking -2, degrading -1 (8.8), or the card's own."""
        if self.rally_modifier is not None:
            return self.rally_modifier
        return {"blocking": -2, "degrading": -1, "clear": 0}[self.los]


class TerrainFile(Data):
    terrain: dict[str, TerrainCard]


class UnitTemplate(Data):
    name: str
    kind: UnitKind
    nationality: str = ""
    """Such as "us" or "german": the add-unit form puts a unit on the side already playing it."""
    morale: int = Field(ge=2, le=12)
    firepower: int = Field(default=0, ge=0, le=20)
    leadership: int = Field(default=0, ge=0, le=5)
    melee_modifier: int = Field(default=0, ge=0, le=3)
    front_armour: int = Field(default=0, ge=0, le=10)
    flank_armour: int = Field(default=0, ge=0, le=10)
    wheeled: bool = False
    open_topped: bool = False
    leader_actions: tuple[LeaderAction, ...] = ()
    """A leader's card: the actions it prints (2.11), which the AEO's leaders use (12.3.4)."""
    armour_leader: bool = False
    """A leader of AFVs, not of infantry (12.2.1)."""
    control_flag: ControlFlag | None = None
    """The control flag its card prints (2.9): white (infantry) or black (ordnance); unset, squads
    and half squads carry a white one, AFVs a black one, other units none."""
    half_squad: str | None = None
    """A full squad's half squad card (8.4 "reduced to a half squad", 6.1.7): the key of a
    `half_squad` unit of the same file, whose values the squad takes once reduced. Unset, a reduced
    squad keeps its own."""

    @model_validator(mode="after")
    def _only_a_full_squad_is_reduced(self) -> Self:
        if self.half_squad is not None and self.kind != "full_squad":
            raise AtKey(("half_squad",), "only a full squad is reduced to a half squad")
        return self


class SquadCard(Data):
    """What a squad's card prints that changes when it is reduced: the half squad card replaces
    the full squad's on the table (8.4), and the full squad's replaces both half squads (6.1.7)."""

    name: str
    morale: int = Field(ge=2, le=12)
    firepower: int = Field(default=0, ge=0, le=20)
    melee_modifier: int = Field(default=0, ge=0, le=3)

    @classmethod
    def of(cls, template: UnitTemplate) -> "SquadCard":
        return cls(name=template.name, morale=template.morale, firepower=template.firepower,
                   melee_modifier=template.melee_modifier)


class UnitFile(Data):
    nationalities: dict[str, str] = {}
    """Each nationality's name as the table says it: `us = "US"`."""
    units: dict[str, UnitTemplate]

    @model_validator(mode="after")
    def _half_squads_are_in_the_file(self) -> Self:
        for key, template in self.units.items():
            if template.half_squad is None:
                continue
            half = self.units.get(template.half_squad)
            if half is None:
                raise AtKey(("units", key, "half_squad"), f"{template.half_squad} is no unit of this file")
            if half.kind != "half_squad":
                raise AtKey(("units", key, "half_squad"), f"{template.half_squad} is a {half.kind.replace('_', ' ')}, "
                                                          "not a half squad")
        return self


CLEAR = TerrainCard(name="Clear", rule="10.1.3", defensive_bonus=0, bogs=False, los="clear")


@dataclass(frozen=True, slots=True)
class Catalog:
    """The loaded data files of one game, typed."""

    deck: DeckComposition
    terrain: Mapping[str, TerrainCard]
    units: Mapping[str, UnitTemplate]
    nationalities: Mapping[str, str]
    aeo_table: AeoTableFile | None = None
    """The AEO Action Selection Table (12.1), the players' rows laid over the shipped ones."""

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> "Catalog":
        """From the kit's loaded files (`deck.toml`, `terrain.toml`, `units.toml`, `aeo_table.toml`)."""
        terrain: TerrainFile = data["terrain.toml"]
        units: UnitFile = data["units.toml"]
        return cls(data["deck.toml"], terrain.terrain, units.units, units.nationalities, data.get("aeo_table.toml"))

    def terrain_card(self, key: str) -> TerrainCard:
        """The card a unit stands on; a key no file knows (a removed user card) reads as Clear."""
        return self.terrain.get(key, CLEAR)

    def terrain_name(self, key: str) -> str:
        card = self.terrain.get(key)
        return card.name if card is not None else key

    def nationality_name(self, key: str) -> str:
        return self.nationalities.get(key, key.upper() if len(key) <= 3 else key.capitalize())

    def nationality_keys(self) -> tuple[str, ...]:
        """Every nationality the library names, in the order its units come."""
        found = dict.fromkeys(self.nationalities)
        found.update(dict.fromkeys(t.nationality for t in self.units.values() if t.nationality))
        return tuple(found)


def deck_file_text(cards_per_pip: tuple[int, ...]) -> str:
    """A players' deck file for counts they have checked against their own deck."""
    counts = ", ".join(str(count) for count in cards_per_pip)
    return (
        "# The Action deck's cards per pip count (1 to 6), as counted and confirmed by the players.\n"
        "assumed = false\n"
        f"cards_per_pip = [{counts}]\n"
    )
