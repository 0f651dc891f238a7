"""Point Blank's data files: the deck's pips, the terrain cards and the unit library.

The shipped files load through importlib.resources; files of the same name in the user data dir
(`<data dir>/point_blank/`) replace the deck and add to (or replace by id) terrain and units.
A file that cannot be used raises `ConfigError` naming the file, the line and the reason.
"""

import tomllib
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.config import describe_validation_error, read_text_file
from companion.errors import ConfigError

SHIPPED = files("companion.games.point_blank.data")
FILES = ("deck.toml", "terrain.toml", "units.toml")

Los = Literal["clear", "degrading", "blocking"]
UnitKind = Literal["full_squad", "half_squad", "weapon_team", "afv", "vehicle", "leader"]


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
    objective: bool = False
    ordnance_flags: int = Field(default=0, ge=0)
    infantry_flags: int = Field(default=0, ge=0)
    in_default_deck: int | None = Field(default=None, ge=0)

    def bonus_for(self, vehicle: bool) -> int:
        if vehicle and self.vehicle_bonus is not None:
            return self.vehicle_bonus
        return self.defensive_bonus or 0

    @property
    def rally(self) -> int:
        """Added to a 2d6 rally or morale check in this terrain: blocking -2, degrading -1 (8.8)."""
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


class UnitFile(Data):
    units: dict[str, UnitTemplate]


@dataclass(frozen=True)
class Catalog:
    deck: DeckComposition
    terrain: dict[str, TerrainCard]
    units: dict[str, UnitTemplate]
    deck_source: str


def parse(model: type[Data], path: Path | str, text: str) -> Data:
    """`text` (the file at `path`) read as `model`, or `ConfigError` with file, line and reason."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(Path(path), text, error)) from None


def shipped_text(name: str) -> str:
    return SHIPPED.joinpath(name).read_text(encoding="utf-8")


def load_catalog(user_dir: Path | None = None) -> Catalog:
    """The shipped data with the user's files (if any) laid over it."""
    deck = parse(DeckComposition, "shipped deck.toml", shipped_text("deck.toml"))
    terrain = dict(parse(TerrainFile, "shipped terrain.toml", shipped_text("terrain.toml")).terrain)
    units = dict(parse(UnitFile, "shipped units.toml", shipped_text("units.toml")).units)
    source = "shipped default"
    if user_dir is not None:
        if (user := _read(user_dir / "deck.toml")) is not None:
            deck, source = parse(DeckComposition, user_dir / "deck.toml", user), str(user_dir / "deck.toml")
        if (user := _read(user_dir / "terrain.toml")) is not None:
            terrain.update(parse(TerrainFile, user_dir / "terrain.toml", user).terrain)
        if (user := _read(user_dir / "units.toml")) is not None:
            units.update(parse(UnitFile, user_dir / "units.toml", user).units)
    return Catalog(deck, terrain, units, source)


def deck_file_text(cards_per_pip: tuple[int, ...]) -> str:
    """A user deck file for counts the players have checked against their own deck."""
    counts = ", ".join(str(count) for count in cards_per_pip)
    return (
        "# The Action deck's cards per pip count (1 to 6), as counted and confirmed by the players.\n"
        "assumed = false\n"
        f"cards_per_pip = [{counts}]\n"
    )


def save_deck(user_dir: Path, cards_per_pip: tuple[int, ...]) -> Path:
    path = user_dir / "deck.toml"
    try:
        user_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(deck_file_text(cards_per_pip), encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"{path}: cannot write it: {error.strerror}") from None
    return path


def _read(path: Path) -> str | None:
    try:
        return read_text_file(path)
    except FileNotFoundError:
        return None
