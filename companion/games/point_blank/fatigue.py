"""Fatigue and readiness (4.7-4.9, 7.6, 4.13.1): what an action does to a unit, and what it may not do."""

from dataclasses import replace
from typing import Literal

from companion.errors import RuleViolation
from companion.games.point_blank.units import Action, Unit

Via = Literal["card", "second_icon", "unit_card", "spend", "leader", "hero", "aeo"]
"""How a unit was ordered: an Action card (one per impulse, 6.2), the second icon of that card,
a Unit Action card (8.13), a Spend action (6.2.1.2), a leader's action (2.11), a hero (4.10) or
the solo opponent's action, read from its table (12.2.3)."""

FATIGUING: frozenset[str] = frozenset({"fire", "move", "assault", "melee"})
SPOTTING: frozenset[str] = frozenset({"fire", "move", "assault", "melee"})
SPENT_MAY: frozenset[str] = frozenset({"rally", "ready", "cover"})
SHAKEN_MAY_NOT: frozenset[str] = frozenset({"fire", "assault", "recon"})


def refusal(unit: Unit, action: Action, via: Via) -> RuleViolation | None:
    """Why the rules forbid ordering `unit` to `action`, or None when they allow it."""
    if unit.eliminated:
        return RuleViolation(f"{unit.name} is eliminated")
    if unit.abandoned and action != "rally":
        return RuleViolation(f"{unit.name}'s crew has abandoned it: it may only rally to re-crew (7.5)")
    if unit.spent and action not in SPENT_MAY:
        return RuleViolation(f"{unit.name} is spent: it may only rally or be readied (4.8)")
    if unit.shaken and action in SHAKEN_MAY_NOT:
        return RuleViolation(f"{unit.name} is shaken: no fire, assault or recon (7.14)")
    if action == "melee":
        if unit.fatigue == 2:
            return RuleViolation(f"{unit.name} is at Fatigue 2: it may not be ordered to melee (7.6)")
        if unit.kind == "weapon_team":
            return RuleViolation(f"{unit.name} is a Weapon Team: it may not initiate a melee (7.10.1.4)")
        if unit.vehicle and not unit.good_order:
            return RuleViolation(f"{unit.name} may only overrun in Good Order (7.11)")
    # A shaken unit with the rally icon may rally itself by a Spend action (8.8), though a Spend
    # action otherwise orders a Good Order unit (6.2.1); the table knows which cards print it.
    self_rally = action == "rally" and bool(unit.shaken) and not unit.spent
    if via == "spend" and not unit.good_order and not self_rally:
        return RuleViolation(f"a Spend action orders one Good Order unit; {unit.name} is not (6.2.1)")
    return None


def may_take(unit: Unit, action: Action) -> bool:
    """Whether an Action card's `action` would do something for `unit` that the rules allow: a
    rally wants a shaken or abandoned unit (8.8, 7.5), a ready a spent one (4.8)."""
    if unit.eliminated:
        return False
    if action == "rally":
        return bool(unit.shaken) or unit.abandoned
    if action == "ready":
        return unit.spent
    return refusal(unit, action, "card") is None


def acted(unit: Unit, action: Action, via: Via) -> Unit:
    """`unit` after carrying out `action`, ordered `via`."""
    spotted = unit.spotted or action in SPOTTING
    moving = unit.moving or action in ("move", "assault")
    in_melee = unit.in_melee or action == "melee"
    unit = replace(unit, spotted=spotted, moving=moving, in_melee=in_melee)
    if unit.leader:
        # Leaders never fatigue (7.6); a leader's own action spends the leader (2.11).
        return replace(unit, spent=unit.spent or via == "spend")
    if via == "spend":
        # A Spend action spends the unit and removes its fatigue; it gains none (4.7, 6.2.1.2).
        return replace(unit, spent=True, fatigue=0, fatigue_gained=False, acted_fatigued=False)
    acted_fatigued = unit.acted_fatigued or unit.fatigue == 2
    if via == "hero" or action not in FATIGUING or (action == "move" and not unit.infantry):
        return replace(unit, acted_fatigued=acted_fatigued)
    return replace(unit, fatigue=min(2, unit.fatigue + 1), fatigue_gained=True, acted_fatigued=acted_fatigued)


def fatigue_reduced(unit: Unit) -> Unit:
    """One fatigue level off (6.2.1.3, 8.9); fatigue gained this impulse stays (7.6)."""
    if unit.fatigue == 0:
        raise RuleViolation(f"{unit.name} has no fatigue to remove")
    if unit.fatigue_gained:
        raise RuleViolation(f"{unit.name} gained its fatigue this impulse: it cannot be removed until the next (7.6)")
    return replace(unit, fatigue=unit.fatigue - 1)


def readied(unit: Unit) -> Unit:
    if not unit.spent:
        raise RuleViolation(f"{unit.name} is not spent")
    if unit.acted_fatigued:
        raise RuleViolation(f"{unit.name} is spent by fatigue this impulse: it cannot be readied in it (7.6)")
    return replace(unit, spent=False)


def impulse_ended(unit: Unit) -> Unit:
    """A unit that acted at Fatigue 2 is spent and its fatigue removed, at the very end of the impulse (7.6)."""
    if unit.acted_fatigued:
        unit = replace(unit, spent=True, fatigue=0)
    return replace(unit, fatigue_gained=False, acted_fatigued=False)


def turn_ended(unit: Unit) -> Unit:
    """End of turn (4.13.1): spent units readied, fatigue one level down, Spotted removed except
    from units still completing a move, assault or melee."""
    return replace(
        unit,
        spent=False,
        fatigue=max(0, unit.fatigue - 1),
        spotted=unit.spotted and (unit.moving or unit.in_melee),
        fatigue_gained=False,
        acted_fatigued=False,
    )


def leader_upkeep(unit: Unit, side: int) -> Unit:
    """Upkeep 6.1.4: the phasing player readies all spent leaders."""
    if unit.leader and unit.side == side and unit.spent:
        return replace(unit, spent=False)
    return unit
