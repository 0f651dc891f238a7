"""What the players ask of the Conflict of Heroes companion, named in the imperative.

A roll's faces are keyed in with the kit's `EnterFace` and `EraseFace`, as in every game.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.games.conflict_of_heroes.attack import Facing, RangeBand
from companion.games.conflict_of_heroes.units import UnitProfile
from companion.games.rules import Command

SideNumber = Literal[1, 2]

CapsUse = Literal["command_action", "card", "side_button", "other"]
"""What CAPs the companion does not model were spent on: a command action, an action card, a press
of the side's CAP button with no roll to change, or (in games from before these kinds) anything else."""


# Setting up the firefight


class NameSide(Command):
    side: SideNumber
    name: str = Field(min_length=1, max_length=30)


class SetStartingCaps(Command):
    """The firefight's starting CAPs for one side; only before the first round."""

    side: SideNumber
    caps: int = Field(ge=0, le=30)


class ChooseFirstOnTie(Command):
    """The side that announces its initiative spend first on a CAP tie (the Soviet side, 3.24)."""

    side: SideNumber


class AddUnit(Command):
    side: SideNumber
    label: str = Field(min_length=1, max_length=30)
    profile: UnitProfile


class ChangeVictoryPoints(Command):
    side: SideNumber
    change: int


# Rounds and initiative


class StartRound(Command):
    """CAPs refilled, every unit fresh, then the initiative roll."""


class CountInitiativeSpend(Command):
    """A press of the announcing side's CAP button: one more CAP to announce, back to 0 after the most it can."""

    side: SideNumber


class AnnounceInitiative(Command):
    side: SideNumber
    caps: int


# Rolls: the pending one is rolled with the random source or entered from physical dice


class DeclareModifier(Command):
    """CAPs changing the pending roll, declared before any die of it is rolled (3.23)."""

    caps: int


class Roll(Command):
    """Roll the pending roll with the random source."""


# Activations and actions


class Activate(Command):
    unit: int


class Move(Command):
    unit: int
    extra_aps: int = Field(default=0, ge=0, le=10)
    """Terrain and backwards movement on top of the unit's move cost."""
    caps_paid: int = 0


class Pivot(Command):
    unit: int
    caps_paid: int = 0


class Stall(Command):
    """Spend one AP doing nothing."""

    unit: int


class SpendCaps(Command):
    """CAPs for something the companion does not model itself, such as a card."""

    side: SideNumber
    caps: int = Field(ge=1)
    use: CapsUse = "command_action"
    ends_turn: bool = True


class MarkSpent(Command):
    unit: int


class Pass(Command):
    side: SideNumber


class Target(BaseModel):
    """One unit in the target hex, and how the attack meets it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    unit: int
    facing: Facing = "front"
    terrain_dm: int = Field(default=0, ge=-5, le=10)


class DeclareAttack(Command):
    """Fire at every unit in the target hex: one roll each (7.7); the cost is paid with the first roll."""

    attacker: int
    targets: tuple[Target, ...] = Field(min_length=1)
    band: RangeBand = "normal"
    caps_paid: int = 0


class DeclareRally(Command):
    unit: int
    cover_dm: int = Field(default=0, ge=-5, le=10)
    """The DM of the unit's hex: at least +1 gives the cover bonus (7.51)..."""
    hill: bool = False
    """...unless the cover is a hill: hills do not count for it (7.51)."""
    friends: int = Field(default=0, ge=0, le=10)
    """Un-hit friendly units in the same hex (7.51)."""
    enemy_in_hex: bool = False
    caps_paid: int = 0


class RevealCounter(Command):
    """Show a hit counter to the opponent when a rule says so (7.4)."""

    unit: int
