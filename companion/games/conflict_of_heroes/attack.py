"""Attack and defence values and the hits they make (7.0-7.2, 7.6, 7.63).

AV = firepower of the colour matching the target's defence colour + range or close combat
modifier + any hit counter change + 2d6 + CAP modifier (3.23, own rolls only, up to 2).
DV = front or flank DR (close combat: always flank) + any hit counter change + terrain DM;
defenders never add CAPs. AV >= DV: one hit; AV >= DV + 4: two hits, the unit is destroyed.
"""

from typing import Literal

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.hit_counters import HitCounter
from companion.games.conflict_of_heroes.units import UnitProfile

RangeBand = Literal["normal", "long", "adjacent", "close_combat"]
"""Within range; beyond range up to double it (7.61); within one hex (7.62); same hex (7.63)."""

Facing = Literal["front", "flank"]

MAX_CAP_MODIFIER = 2
LONG_RANGE = -2
SHORT_RANGE = 3
CLOSE_COMBAT_BOXED = -2
CLOSE_COMBAT = 4
TWO_HITS_MARGIN = 4

RANGE_NAMES: dict[RangeBand, str] = {
    "normal": "in range",
    "long": "long range",
    "adjacent": "adjacent",
    "close_combat": "close combat",
}


def check_cap_modifier(caps: int) -> None:
    if abs(caps) > MAX_CAP_MODIFIER:
        raise RuleViolation(f"a roll may be changed by at most {MAX_CAP_MODIFIER} CAPs either way (3.23)")


def range_modifier(band: RangeBand, boxed: bool) -> int:
    """-2 at long range, +3 adjacent, in close combat -2 for white-boxed firepower and +4 otherwise."""
    if band == "long":
        return LONG_RANGE
    if band == "adjacent":
        return SHORT_RANGE
    if band == "close_combat":
        return CLOSE_COMBAT_BOXED if boxed else CLOSE_COMBAT
    return 0


def firepower(attacker: UnitProfile, counter: HitCounter | None, target: UnitProfile, band: RangeBand) -> int:
    """The attacker's FP against this target before the dice: colour, range and hit counter applied."""
    colour = target.defence
    change = 0 if counter is None else (counter.red_fp if colour == "red" else counter.blue_fp)
    return attacker.firepower(colour) + change + range_modifier(band, attacker.boxed(colour))


def facing_met(facing: Facing, band: RangeBand) -> Facing:
    """The rating the attack meets: the flank from outside the arc (7.2), and always in close combat (7.63)."""
    return "flank" if band == "close_combat" else facing


def defence_value(
    target: UnitProfile, counter: HitCounter | None, facing: Facing, terrain_dm: int, band: RangeBand
) -> int:
    """DR (flank from outside the arc, and always in close combat) + counter change + terrain DM."""
    flank = facing_met(facing, band) == "flank"
    rating = target.flank_dr if flank else target.front_dr
    if counter is not None:
        rating += counter.flank_dr if flank else counter.front_dr
    return rating + terrain_dm


def hits(attack_value: int, defence: int) -> int:
    """0, 1, or 2 (two hits destroy the unit)."""
    if attack_value >= defence + TWO_HITS_MARGIN:
        return 2
    return 1 if attack_value >= defence else 0
