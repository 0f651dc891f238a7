"""What a unit's counter says: firepower by colour, defence ratings, AP costs and range."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Colour = Literal["red", "blue"]
"""Red: bullets and high explosive against soft targets; blue: armour piercing against armour (7.1)."""

Kind = Literal["foot", "vehicle"]


class UnitProfile(BaseModel):
    """One counter's printed values. A white box around a firepower changes it in close combat (7.63)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    nationality: str = ""
    """`German`, `Soviet`: a new unit goes to the side already playing its nationality."""
    kind: Kind = "foot"
    red_fp: int
    blue_fp: int
    red_boxed: bool = False
    blue_boxed: bool = False
    front_dr: int
    flank_dr: int
    defence: Colour = "red"
    fire_cost: int = Field(ge=0)
    move_cost: int = Field(ge=0)
    range: int = Field(ge=0)

    def firepower(self, colour: Colour) -> int:
        return self.red_fp if colour == "red" else self.blue_fp

    def boxed(self, colour: Colour) -> bool:
        return self.red_boxed if colour == "red" else self.blue_boxed
