"""What a failed damage check (8.4) and melee hits (7.10.1.1) do to a unit.

Decision (rules README, Point Blank): result > morale -> shaken (already shaken -> reduced to a
half squad; a shaken half squad -> eliminated); result > 2 x morale -> shaken and reduced (a half
squad is eliminated); result > 3 x morale -> a full Good-Order unit is eliminated.
Decision (ours, the text is silent): leaders and Weapon Teams cannot be reduced, so they take
damage as a half squad does (shaken, then eliminated), as 7.10.1.1 says for leaders in melee.
An AFV's crew takes a Shaken marker per failure and must button (unless open-topped); buttoned
crews are immune to infantry fire (7.3); the third marker, or a failure while shaken and
un-buttoned, abandons the vehicle (7.14, 8.4).
"""

from dataclasses import dataclass, replace

from companion.games.point_blank.checks.base import Effect
from companion.games.point_blank.units import Unit


@dataclass(frozen=True)
class Damage:
    shaken: int
    reduced: bool
    eliminated: bool
    abandoned: bool
    effects: tuple[Effect, ...]
    """What happened, one effect per damage result or melee hit."""

    buttoned: bool | None = None
    """Set when a shaken crew must button (7.14)."""

    def changes(self) -> dict[str, bool | int]:
        changes: dict[str, bool | int] = {"shaken": self.shaken, "reduced": self.reduced,
                                          "eliminated": self.eliminated, "abandoned": self.abandoned}
        if self.buttoned is not None:
            changes["buttoned"] = self.buttoned
        return changes

    def harmed(self, unit: Unit) -> bool:
        """Whether the unit suffered a result (what a Blaze weapon needs, 7.1)."""
        return (self.shaken, self.reduced) != (unit.shaken, unit.reduced) or self.eliminated or self.abandoned


def _result(shaken: int, reduced: bool, eliminated: bool, abandoned: bool, effect: Effect) -> Damage:
    return Damage(shaken=0 if eliminated or abandoned else shaken, reduced=reduced,
                  eliminated=eliminated, abandoned=abandoned, effects=(effect,))


def cannot_reduce(unit: Unit) -> bool:
    return unit.half_squad or unit.leader or unit.kind == "weapon_team"


def one_hit(unit: Unit) -> Damage:
    """One more shaken result: shaken, then reduced, then eliminated (7.10.1.1, 7.14)."""
    if unit.vehicle:
        markers = unit.shaken + 1
        if markers >= 3:
            return _result(markers, unit.reduced, True, False, "crew_destroyed")
        if unit.open_topped:
            return _result(markers, unit.reduced, False, False, "crew_shaken")
        return replace(_result(markers, unit.reduced, False, False, "crew_buttons"), buttoned=True)
    if not unit.shaken:
        return _result(1, unit.reduced, False, False, "shaken")
    if not cannot_reduce(unit):
        return _result(1, True, False, False, "reduced")
    return _result(1, unit.reduced, True, False, "eliminated")


def hits(unit: Unit, count: int) -> Damage:
    """`count` melee hits applied one after another (7.10.1.1)."""
    damage = Damage(unit.shaken, unit.reduced, unit.eliminated, unit.abandoned, ())
    effects: list[Effect] = []
    for _ in range(count):
        if damage.eliminated:
            break
        damage = one_hit(replace(unit, shaken=damage.shaken, reduced=damage.reduced))
        effects += damage.effects
    return replace(damage, effects=tuple(effects))


def damage_check(unit: Unit, result: int) -> Damage:
    """A damage check's modified result against the unit's morale (8.4, with the README decision)."""
    morale = unit.morale
    if result <= morale:
        return _result(unit.shaken, unit.reduced, False, False, "none")
    if unit.vehicle:
        if (unit.shaken and not unit.buttoned) or unit.shaken >= 2:
            # A third shaken result from fire abandons the vehicle (7.14, 7.17.2.1); in melee it is destroyed.
            return _result(0, False, False, True, "crew_abandons")
        return one_hit(unit)
    if result > 3 * morale and not unit.half_squad and unit.good_order and not cannot_reduce(unit):
        return _result(0, unit.reduced, True, False, "eliminated")
    if result > 2 * morale:
        if cannot_reduce(unit):
            return _result(0, unit.reduced, True, False, "eliminated")
        return _result(1, True, False, False, "shaken_reduced")
    damage = one_hit(unit)
    return _result(damage.shaken, damage.reduced, damage.eliminated, False, damage.effects[0])
