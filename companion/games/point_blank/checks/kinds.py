"""Every kind of check, as the one tagged union events and the state carry."""

from typing import Annotated

from pydantic import Field

from companion.games.point_blank.checks.battlefield import (
    Blaze,
    Bog,
    Concealment,
    FatigueBonus,
    PlainCheck,
    Reinforcement,
    Repair,
    Smoke,
    Spotting,
    Unbog,
)
from companion.games.point_blank.checks.fire import Barrage, InfantryFire, Minefield, Sniper
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.checks.morale import MoraleCheck, Rally
from companion.games.point_blank.checks.ordnance import Ordnance

AnyCheck = Annotated[
    PlainCheck | Spotting | Concealment | Smoke | Blaze | Bog | Unbog | Repair | FatigueBonus | Reinforcement
    | InfantryFire | Barrage | Sniper | Minefield | Ordnance | Melee | MoraleCheck | Rally,
    Field(discriminator="kind"),
]
