"""Activated units and what their actions cost: the AP track, and paying with APs or CAPs.

Decision: an activated unit's AP track starts at 7, as in every example of the excerpt. An action
may be paid partly or wholly with CAPs (command and opportunity actions, or topping up APs as in
figure 13's backwards move); APs can only come from the side's activated unit. A unit whose AP
track reaches 0 is marked spent.
"""

from typing import Literal

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.hit_counters import HitCounter
from companion.games.conflict_of_heroes.units import UnitProfile

ACTIVATION_APS = 7
PIVOT_COST = 1
STALL_COST = 1
RALLY_COST = 5

Action = Literal["move", "pivot", "stall", "fire", "rally"]


def cost(action: Action, profile: UnitProfile, counter: HitCounter | None, extra: int = 0) -> int:
    """APs the action costs, with the hit counter's changes; `extra` is terrain or moving backwards."""
    if action == "move":
        return max(0, profile.move_cost + (counter.move_cost if counter else 0) + extra)
    if action == "fire":
        return max(0, profile.fire_cost + (counter.fire_cost if counter else 0))
    return {"pivot": PIVOT_COST, "stall": STALL_COST, "rally": RALLY_COST}[action]


def check_allowed(action: Action, counter: HitCounter | None) -> None:
    """Refuses what a hit counter's symbols forbid (7.4)."""
    if counter is None:
        return
    if counter.only_rally and action != "rally":
        raise RuleViolation("this unit can do nothing but rally: its hit counter says so (7.4)")
    if counter.no_move and action in ("move", "pivot"):
        raise RuleViolation("this unit cannot move or pivot: its hit counter says so (7.4)")


def split(total: int, caps_paid: int) -> tuple[int, int]:
    """(APs, CAPs) for an action costing `total` of which `caps_paid` are paid in CAPs."""
    if not 0 <= caps_paid <= total:
        raise RuleViolation(f"pay between 0 and {total} of this {total}-point action in CAPs")
    return total - caps_paid, caps_paid
