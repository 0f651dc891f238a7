"""Which AEO unit acts (12.3.2-12.3.4.5): each selection rule as a pure function of the table.

A rule that ends in "randomly determine" returns every candidate it leaves; `pick` then draws one
with the companion's random source and says what it drew among (a `Tie`), which the journal keeps.

Decisions (the text is silent):
- Distance is counted in moves (8.7): a row forward or back in an Area, or a neighbouring Area's
  same row, one each.
- "The unit with the most fatigue" comes first in a Ready action; the type order breaks ties
  between equally fatigued units. A unit that gained its fatigue this impulse keeps it (7.6).
- A Unit Action (one unit of a Sector) takes the least fatigued unit, then the 12.3.2 order.
- A melee goes from the Sector whose eligible units have the least fatigue; every unit of that
  Sector at that fatigue joins it, against the player units of one adjacent Sector.
- A leader benefits a unit most by rallying it, then by readying it, then by removing its fatigue;
  a leader whose card the unit library does not describe is taken to have Rally and Ready.
- Infantry leaders lead infantry and Weapon Teams; armour leaders lead AFVs and vehicles.
"""

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from companion.games.point_blank import fatigue
from companion.games.point_blank.aeo.models import Tie
from companion.games.point_blank.battlefield import AREAS, ref
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Action, Unit

T = TypeVar("T")
UNIT_ACTION_ORDER = ("afv", "infantry", "weapon_team")
"""12.3.2: "a stack of units with equal fatigue levels, the selected AEO will be in the following
order: AFV, Infantry Unit, Weapon Team"."""
READY_ORDER = ("afv", "weapon_team", "infantry")
"""12.3.4.1: "select the unit to be readied in the following order: AFV, Weapon Team, Infantry Unit"."""
ASSUMED_LEADER_ACTIONS = ("rally", "ready")


def pick(rng: random.Random, candidates: Sequence[T], name: Callable[[T], str]) -> tuple[T, Tie | None]:
    """One of the candidates a rule left: the only one, or one drawn at random and named with the rest."""
    if len(candidates) == 1:
        return candidates[0], None
    chosen = candidates[rng.randrange(len(candidates))]
    return chosen, Tie(among=tuple(name(c) for c in candidates), chosen=name(chosen))


def unit_id(unit: Unit) -> str:
    return str(unit.id)


def sector_key(key: str) -> str:
    return key


def type_of(unit: Unit) -> str:
    if unit.vehicle:
        return "afv"
    if unit.infantry:
        return "infantry"
    return unit.kind


def first_by(units: Iterable[Unit], order: Sequence[str]) -> list[Unit]:
    """The units of the first type in `order` that any of them has."""
    found = list(units)
    for kind in order:
        of_kind = [u for u in found if type_of(u) == kind]
        if of_kind:
            return of_kind
    return [u for u in found if type_of(u) not in order]


def position(key: str) -> tuple[int, int] | None:
    """A Sector on the grid: its Area's column, and its row counted across the centre."""
    found = ref(key)
    if found is None:
        return None
    row = 0 if found.row == 0 else (found.row if found.side == 2 else -found.row)
    return AREAS.index(found.area), row


def distance(a: str, b: str) -> int:
    here, there = position(a), position(b)
    if here is None or there is None:
        return 99
    return abs(here[0] - there[0]) + abs(here[1] - there[1])


def standing(state: PointBlankState, side: int) -> list[Unit]:
    """A side's units on the battlefield, not eliminated."""
    return [u for u in state.units if u.side == side and not u.eliminated and state.battlefield.holds(u.sector)]


def stack(state: PointBlankState, side: int, sector: str) -> list[Unit]:
    """12.3.2: "A stack of AEO units will always act together to conduct an Assault, Move, or Fire
    action": every unit of the side in the Sector."""
    return [u for u in standing(state, side) if u.sector == sector]


def may(unit: Unit, action: Action) -> bool:
    return fatigue.refusal(unit, action, "card") is None


def unit_action(units: Sequence[Unit]) -> list[Unit]:
    """12.3.2: "If the action is a Unit Action and a Sector is selected with a stack of units with
    equal fatigue levels, the selected AEO will be in the following order: AFV, Infantry Unit, Weapon
    Team". The least fatigued first; the units left tie."""
    acting = [u for u in units if not u.leader]
    if not acting:
        return []
    least = min(u.fatigue for u in acting)
    return first_by((u for u in acting if u.fatigue == least), UNIT_ACTION_ORDER)


def melee(state: PointBlankState, side: int) -> list[tuple[str, list[Unit], list[str]]]:
    """12.3.2: "For Melee actions, select an AEO that is adjacent to a PU. If multiple AEOs in
    different Sectors are adjacent, select the unit(s) with the least fatigue to conduct the
    action." Each candidate Sector with its units at the least fatigue and the adjacent player Sectors."""
    enemy = {u.sector for u in standing(state, 3 - side)}
    able = [u for u in standing(state, side) if not u.leader and may(u, "melee")
            and state.battlefield.adjacent(u.sector) & enemy]
    if not able:
        return []
    least = min(u.fatigue for u in able)
    sectors = sorted({u.sector for u in able if u.fatigue == least})
    return [(key, [u for u in able if u.sector == key and u.fatigue == least],
             sorted(state.battlefield.adjacent(key) & enemy)) for key in sectors]


def ready(state: PointBlankState, side: int) -> tuple[str, list[Unit]] | None:
    """12.3.4.1: "ready any one spent unit. If multiple units are spent, select the unit to be
    readied in the following order: AFV, Weapon Team, Infantry Unit ... If no units are spent, then
    reduce the fatigue of one unit. Select the unit with the most fatigue ... in the following
    order ... If there are no units to be readied or have fatigue removed, then conduct a Discard
    action." ("ready", ties) or ("fatigue", ties), None for a Discard action."""
    return ready_one_of([u for u in standing(state, side) if not u.leader])


def ready_one_of(units: list[Unit]) -> tuple[str, list[Unit]] | None:
    """A spent unit readied, else the most fatigued losing a level (12.3.4.1's order, which the
    leaders' Ready action follows too); None when no unit would benefit."""
    spent = [u for u in units if u.spent and not u.acted_fatigued]
    if spent:
        return "ready", first_by(spent, READY_ORDER)
    tired = [u for u in units if u.fatigue and not u.fatigue_gained]
    if tired:
        most = max(u.fatigue for u in tired)
        return "fatigue", first_by((u for u in tired if u.fatigue == most), READY_ORDER)
    return None


def shaken(unit: Unit) -> bool:
    return bool(unit.shaken) or unit.abandoned


def rally(state: PointBlankState, side: int) -> list[str]:
    """12.3.3.3: "If AEO units are shaken then a rally is played on the Sector with the most shaken
    units. If there are equal amounts of shaken units in different Sectors then randomly determine";
    "no units are available to rally" leaves none."""
    counts: dict[str, int] = {}
    for unit in standing(state, side):
        if shaken(unit):
            counts[unit.sector] = counts.get(unit.sector, 0) + 1
    if not counts:
        return []
    most = max(counts.values())
    return sorted(key for key, count in counts.items() if count == most)


def sniper(state: PointBlankState, side: int) -> list[list[str]]:
    """12.3.4.2: "the AEO will target a Sector of PUs closest to an AEO unit. If multiple Player
    Units are at equal distance from an AEO unit then randomly determine. If the target is an AFV it
    may only be targeted if the AFV is unbuttoned. If the AFV is buttoned select another target in
    the Sector or another target in the next closest Sector." The player Sectors holding a target
    the sniper may take (not a buttoned AFV, not in smoke, 8.12), nearest first, in groups of equal
    distance."""
    own = {u.sector for u in standing(state, side)}
    targets = sniper_targets(state, side)
    near: dict[int, set[str]] = {}
    for key in {u.sector for u in targets}:
        near.setdefault(min((distance(key, mine) for mine in own), default=99), set()).add(key)
    return [sorted(near[d]) for d in sorted(near)]


def sniper_targets(state: PointBlankState, side: int, sector: str | None = None) -> list[Unit]:
    return [u for u in standing(state, 3 - side) if not (u.vehicle and u.buttoned) and u.sector not in state.smoke
            and (sector is None or u.sector == sector)]


def acquire_cover(held: int, most: int = 2) -> tuple[int, bool]:
    """12.3.3.1: "The AEO may not possess more than 2 cover markers at any one time. If a cover
    marker is generated and the AEO already has 2, then ignore the "Acquire Cover" result only."
    The markers held after it, and whether one was taken."""
    return (held + 1, True) if held < most else (held, False)


def may_flush(state: PointBlankState, side: int) -> bool:
    """12.3.4.4: "Once per game turn the AEO may flush their hand"."""
    return side not in state.flushed


def smoke_cancels(face: int) -> bool:
    """12.3.4.5: "If the smoke attempt fails the AEO will cancel its move on a d6 check of 1 or 2"."""
    return face <= 2


def fire_groups(units: Sequence[Unit]) -> tuple[list[tuple[int, ...]], list[int]]:
    """The stack's attacks (8.4): "Only Infantry units may form a fire group" (the one with the most
    firepower leads); Weapon Teams "may fire separately in the same impulse", each on its own; AFVs
    and vehicles fire their ordnance or machine guns, which the players start themselves."""
    firing = [u for u in units if not u.leader and may(u, "fire")]
    infantry = sorted((u for u in firing if u.infantry), key=lambda u: (-u.firepower, u.fatigue, u.id))
    groups = [tuple(u.id for u in infantry)] if infantry else []
    groups += [(u.id,) for u in firing if u.kind == "weapon_team"]
    return groups, [u.id for u in firing if u.vehicle]


def best_leader(state: PointBlankState, side: int, sector: str) -> int | None:
    """12.3.4: "Leader modifiers are always applied to enhance an AEO selected action": the Good
    Order leader of the Sector with the highest modifier who has not acted this impulse."""
    here = [u for u in stack(state, side, sector) if u.leader and u.good_order and u.id not in state.leaders_acted]
    return max(here, key=lambda u: (u.leadership, -u.id)).id if here else None


def leads(leader: Unit, unit: Unit) -> bool:
    if unit.leader:
        return False
    return unit.vehicle if leader.armour_leader else not unit.vehicle


def leader_action(state: PointBlankState, leader: Unit) -> tuple[str, list[Unit]] | None:
    """12.3.4: "AEO leaders will always use one of their leader actions where a unit in their Sector
    may benefit ... Leaders will play the action on their card on a unit that would benefit the most
    from this play ... If there are multiple units that would benefit equally ... randomly decide
    ... If there is no unit that would benefit from a leader action, then the leader will not
    execute their action." ("rally" | "ready" | "fatigue", the tied units) or None."""
    actions = leader.leader_actions or ASSUMED_LEADER_ACTIONS
    here = [u for u in stack(state, leader.side, leader.sector) if not u.leader]
    if "rally" in actions:
        worst = [u for u in here if shaken(u)]
        if worst:
            most = max(u.shaken + u.abandoned for u in worst)
            return "rally", [u for u in worst if u.shaken + u.abandoned == most]
    if "ready" in actions:
        return ready_one_of(here)
    return None


def lone_leader(state: PointBlankState, leader: Unit) -> list[str]:
    """12.3.4: "Leaders that are alone in a Sector will execute a move towards the closest stack of
    units that does not contain a leader and the units must be units that the leader can lead."
    The nearest such stacks' Sectors (tied); none when he is not alone or no stack waits for him.

    Example (12.3.4): "An infantry leader is closer to an AFV than a stack of infantry. The infantry
    leader would move towards the stack of infantry and avoid the AFV." """
    side = leader.side
    if len(stack(state, side, leader.sector)) > 1 or not may(leader, "move") or not steps_towards(state, leader):
        return []
    stacks = {u.sector for u in standing(state, side) if leads(leader, u)}
    stacks = {key for key in stacks if not any(u.leader for u in stack(state, side, key))}
    if not stacks:
        return []
    nearest = min(distance(leader.sector, key) for key in stacks)
    return sorted(key for key in stacks if distance(leader.sector, key) == nearest)


def steps_towards(state: PointBlankState, leader: Unit, goal: str | None = None) -> list[str]:
    """The Sectors next to the leader's (8.7) with no enemy in them; towards `goal`, those that
    bring him closest to it (tied)."""
    enemy = {u.sector for u in standing(state, 3 - leader.side)}
    steps = sorted(key for key in state.battlefield.adjacent(leader.sector) if key not in enemy)
    if goal is None or not steps:
        return steps
    closest = min(distance(key, goal) for key in steps)
    return [key for key in steps if distance(key, goal) == closest]


def leaders_waiting(state: PointBlankState, side: int, done: Iterable[int]) -> list[Unit]:
    """The AEO's leaders with a turn still to take after the action: Good Order, not acted this
    impulse, and with a unit to benefit or a stack to join."""
    seen = set(done)
    return [u for u in standing(state, side) if u.leader and u.good_order and u.id not in state.leaders_acted
            and u.id not in seen and (leader_action(state, u) is not None or lone_leader(state, u))]
