"""What the players ask the Deckung helper for."""

from pydantic import Field

from companion.games.deckung.cover import CoverKind, Position
from companion.games.rules import Command


class ChooseCover(Command):
    cover: CoverKind


class ChoosePosition(Command):
    position: Position


class ShootCover(Command):
    """A weapon with this Durchschlag (penetration) fires at cover of this Härtegrad (hardness)."""

    penetration: int = Field(ge=0, le=99)
    hardness: int = Field(ge=0, le=99)


class PlaceModels(Command):
    """Models of one rank in direct contact with the destroyed cover: each tests for splinters."""

    count: int = Field(ge=1, le=20)
    rank: str


class RollDie(Command):
    """Roll the W10 the next model's test waits for."""


class ClearCover(Command):
    """Done with this cover: start on the next (the cover's kind and position stay chosen)."""
