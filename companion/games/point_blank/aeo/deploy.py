"""Where the AEO sets up (12.2.1, 12.2.2), computed from the scenario's forces and battlefield:
a defender fills its objectives in the placement order, puts a leader and a Support Weapon with
them and spreads the rest so no Area stays empty; an attacker spreads evenly over every Area.
Every random choice is made here once and journaled with the placements.

Decisions (the text is silent):
- The AEO sets up on its own half of the battlefield, and in the objective Sectors (row 0 too).
- A defender's Area takes the Sector of its half whose scenario terrain has a positive defence,
  nearest the objective; else the one nearest the objective with no card yet (the AEO draws two
  for it); a card of no defence only when nothing else is left. An attacker's Areas take the row
  where the scenario deploys most of that side's units (the row nearest the centre on a tie).
- Units go in the order of battle's order; the extra units of an uneven spread, and the gaps to
  fill, go to the Areas nearest the objective first (equally near: drawn at random).
- One leader goes to the objective (12.2.1); the others, like an attacker's, join the stacks they
  can lead, one each, nearest the objective first, and the objective's stack when none is left.
- Support Weapons beyond the objective's one go to the other infantry units in turn.
- A vehicle counts as an AFV in the placement order.
"""

import random
from collections import Counter
from collections.abc import Callable, Sequence

from companion.games.point_blank.aeo.cards import defence
from companion.games.point_blank.aeo.models import Deployment, Placement, Tie, WeaponPlaced, Why
from companion.games.point_blank.aeo.select import distance, pick
from companion.games.point_blank.aeo.table import Posture
from companion.games.point_blank.battlefield import AREAS
from companion.games.point_blank.catalog import Catalog, UnitTemplate
from companion.games.point_blank.scenario import RANDOM, PbScenario
from companion.games.point_blank.state import PointBlankState

OBJECTIVE_ORDER: tuple[tuple[str, ...], ...] = (
    ("weapon_team", "infantry"), ("afv", "infantry"), ("infantry", "infantry"), ("weapon_team",), ("afv",))
"""12.2.1's "Unit placement in Objectives setup order": one Weapon Team and one infantry unit; one
AFV and one infantry unit; two infantry units; one Weapon Team; one AFV."""


class Plan:
    """The placements as they are worked out."""

    def __init__(self, kinds: dict[int, str], rng: random.Random) -> None:
        self.kinds = kinds
        self.rng = rng
        self.placed: dict[int, Placement] = {}
        self.ties: list[Tie] = []

    def put(self, force: int, sector: str, why: Why, step: int = 0) -> None:
        self.placed[force] = Placement(force=force, sector=sector, why=why, step=step)

    def choose(self, candidates: Sequence[str]) -> str:
        chosen, tie = pick(self.rng, list(candidates), str)
        if tie is not None:
            self.ties.append(tie)
        return chosen

    def at(self, sector: str) -> list[int]:
        return [force for force, p in self.placed.items() if p.sector == sector]


def kind_of(catalog: Catalog, unit: str) -> str:
    kind = catalog.units[unit].kind
    if kind in ("afv", "vehicle"):
        return "afv"
    return "infantry" if kind in ("full_squad", "half_squad") else kind


def objectives(scenario: PbScenario, catalog: Catalog) -> list[str]:
    """The Sectors of the scenario's objective cards, in the order it lists them."""
    return [p.sector if p.side == 0 else f"{p.sector}/{p.side}" for p in scenario.battlefield
            if p.card != RANDOM and p.card in catalog.terrain and catalog.terrain[p.card].objective]


def plan(state: PointBlankState, scenario: PbScenario, side: int, posture: Posture, catalog: Catalog,
         rng: random.Random) -> Deployment:
    forces = [index for index, force in enumerate(scenario.forces) if force.side == side and force.at_setup]
    work = Plan({index: kind_of(catalog, scenario.forces[index].unit) for index in forces}, rng)
    targets = objectives(scenario, catalog)
    if posture == "defensive" and targets:
        defend(state, scenario, side, forces, targets, work, catalog)
        weapons = support_weapons(scenario, side, forces, work, lambda key: key in targets)
    else:
        focus = attack(scenario, side, forces, targets, work, catalog)
        weapons = support_weapons(scenario, side, forces, work, lambda key: key[0] in focus)
    return Deployment(side=side, posture=posture, placements=tuple(work.placed[f] for f in forces if f in work.placed),
                      weapons=weapons, ties=tuple(work.ties), objectives=tuple(targets))


def nearest_first(areas: Sequence[str], targets: Sequence[str], work: Plan) -> list[str]:
    """The Areas nearest the objectives' first, those equally near in an order drawn at random."""
    def away(area: str) -> int:
        return min((abs(AREAS.index(area) - AREAS.index(target[0])) for target in targets), default=0)

    ordered: list[str] = []
    for gap in sorted({away(area) for area in areas}):
        group = [area for area in areas if away(area) == gap]
        while group:
            chosen = work.choose(group)
            ordered.append(chosen)
            group.remove(chosen)
    return ordered


def defend(state: PointBlankState, scenario: PbScenario, side: int, forces: list[int], targets: list[str],
           work: Plan, catalog: Catalog) -> None:
    """12.2.1 Defender Setup."""
    pool = [force for force in forces if work.kinds[force] != "leader"]
    for target in targets:
        for step, wanted in enumerate(OBJECTIVE_ORDER):
            taken = take(pool, wanted, work.kinds)
            if taken:
                for force in taken:
                    pool.remove(force)
                    work.put(force, target, "objective", step)
                break
    held = {target[0] for target in targets}
    areas = nearest_first([area for area in scenario.areas if area not in held], targets, work)
    sectors = {area: area_sector(state, catalog, area, side, scenario.rows, targets) for area in areas}
    for number, force in enumerate(pool if areas else ()):
        work.put(force, sectors[areas[number % len(areas)]], "spread")
    # "If there are not enough units take one Infantry unit from the Objective to fill the gap
    # providing at least one unit remains with the Objective."
    for area in areas[len(pool):]:
        spare = [f for target in targets for f in work.at(target)[::-1]
                 if work.kinds[f] == "infantry" and len(work.at(target)) > 1]
        if spare:
            work.put(spare[0], sectors[area], "gap")
    leaders = [force for force in forces if work.kinds[force] == "leader"]
    if leaders:
        objective_leader(scenario, forces, targets, leaders, work, catalog)
        spread_leaders(scenario, [f for f in leaders if f not in work.placed], targets, work, catalog)


def take(pool: list[int], wanted: tuple[str, ...], kinds: dict[int, str]) -> list[int]:
    """The first units of the order of battle that make up `wanted`, or none if it cannot."""
    taken: list[int] = []
    for kind in wanted:
        found = next((force for force in pool if kinds[force] == kind and force not in taken), None)
        if found is None:
            return []
        taken.append(found)
    return taken


def area_sector(state: PointBlankState, catalog: Catalog, area: str, side: int, rows: int,
                targets: Sequence[str]) -> str:
    def rank(key: str) -> tuple[int, int, str]:
        card = state.battlefield.card(key)
        terrain = 0 if card is not None and defence(catalog, card) > 0 else 1 if card is None else 2
        return terrain, min(distance(key, target) for target in targets), key

    return min((f"{area}{row}/{side}" for row in range(1, rows + 1)), key=rank)


def objective_leader(scenario: PbScenario, forces: list[int], targets: list[str], leaders: list[int], work: Plan,
                     catalog: Catalog) -> None:
    """12.2.1: "The AEO will place one leader with a stack of units in an objective favoring leaders
    with the rally action icon as their leader action. If no such leader exists, then randomly
    determine. If there is Infantry and AFVs combined in an objective, the AEO will favor infantry
    leader placement in an objective over armor leaders. If there is only one AFV in the scenario and
    an armor leader is present, then the AEO will select the armor leader to be placed with the AFV
    in the objective instead of an infantry leader." """
    def template(force: int) -> UnitTemplate:
        return catalog.units[scenario.forces[force].unit]

    armour = [f for f in leaders if template(f).armour_leader]
    infantry = [f for f in leaders if f not in armour]
    afvs = [f for f in forces if work.kinds[f] == "afv"]
    stacks = [target for target in targets if work.at(target)]
    if not stacks:
        return
    where, candidates = stacks[0], leaders
    lone_afv = afvs[0] if len(afvs) == 1 and afvs[0] in work.placed and work.placed[afvs[0]].sector in targets \
        else None
    if lone_afv is not None and armour:
        where, candidates = work.placed[lone_afv].sector, armour
    elif any(work.kinds[f] != "afv" for f in work.at(where)):
        candidates = infantry or leaders
    else:
        candidates = armour or leaders
    rallying = [f for f in candidates if "rally" in template(f).leader_actions] or candidates
    work.put(int(work.choose([str(f) for f in rallying])), where, "leader")


def spread_leaders(scenario: PbScenario, leaders: list[int], targets: Sequence[str], work: Plan,
                   catalog: Catalog) -> None:
    """The other leaders join the stacks they can lead, one each, nearest the objective first."""
    stacks = sorted({p.sector for p in work.placed.values()},
                    key=lambda key: (min((distance(key, t) for t in targets), default=0), key))
    for leader in leaders:
        armour = catalog.units[scenario.forces[leader].unit].armour_leader
        free = [key for key in stacks if not any(work.kinds[f] == "leader" for f in work.at(key))
                and any((work.kinds[f] == "afv") == armour for f in work.at(key) if work.kinds[f] != "leader")]
        home = free[0] if free else (stacks[0] if stacks else None)
        if home is not None:
            work.put(leader, home, "stack")


def setup_row(scenario: PbScenario, side: int) -> int:
    rows = Counter(int(f.sector[1]) for f in scenario.forces if f.side == side and f.at_setup and f.on == side)
    if not rows:
        return 1
    most = max(rows.values())
    return min(row for row, count in rows.items() if count == most)


def attack(scenario: PbScenario, side: int, forces: list[int], targets: list[str], work: Plan,
           catalog: Catalog) -> list[str]:
    """12.2.2: "An AEO that is an attacker will evenly distribute their forces among all Areas on the
    Map Board Tiles. Attacking AEOs will not leave any Area empty if possible ... If multiple
    objectives are in different Areas then randomly determine." The objective's Area it favours."""
    focus = [work.choose(sorted({target[0] for target in targets}))] if targets else []
    areas = nearest_first(list(scenario.areas), focus, work) if focus else list(scenario.areas)
    row = setup_row(scenario, side)
    pool = [force for force in forces if work.kinds[force] != "leader"]
    for number, force in enumerate(pool):
        work.put(force, f"{areas[number % len(areas)]}{row}/{side}", "even")
    leaders = [force for force in forces if work.kinds[force] == "leader"]
    spread_leaders(scenario, leaders, [f"{area}0" for area in focus], work, catalog)
    for leader in leaders:
        if leader not in work.placed:
            work.put(leader, f"{areas[0]}{row}/{side}", "stack")
    return focus


def support_weapons(scenario: PbScenario, side: int, forces: list[int], work: Plan,
                    near: Callable[[str], bool]) -> tuple[WeaponPlaced, ...]:
    """12.2.1: "Place an infantry Support Weapon with any Infantry unit in the objective Sector. If
    multiple Support Weapons are present, then randomly determine the Support Weapon." 12.2.2: "They
    will place Support Weapons in stacks of units that are within the same Area as the scenario
    objectives." `near`: the Sectors the first weapon goes to."""
    weapons = list(scenario.sides[side - 1].support_weapons)
    if not weapons:
        return ()
    infantry = [f for f in forces if work.kinds[f] == "infantry" and f in work.placed]
    first = [f for f in infantry if near(work.placed[f].sector)]
    carriers = first + [f for f in infantry if f not in first]
    if first:
        chosen = work.choose(weapons)
        weapons.remove(chosen)
        weapons.insert(0, chosen)
    return tuple(WeaponPlaced(name=name, force=carriers[number % len(carriers)] if carriers else None)
                 for number, name in enumerate(weapons))
