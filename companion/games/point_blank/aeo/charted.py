"""The AEO's actions a solo flowchart steers (12.1): Move, Fire, Assault, Recon, Smoke, Conceal.

The flowcharts are not in the rulebook's text: the players consult the chart the companion names
and answer which Sector acts, where it moves, at whom it fires, how it recons. The companion then
applies the rules the text does give: a stack acts together for an Assault, Move or Fire
(12.3.2); one unit acts for a Unit Action, in the 12.3.2 order; the best leader of the Sector lends
his modifier (12.3.4); and a move into a Sector is preceded by a smoke attempt there (12.3.4.5).

Decisions: smoke is attempted only when the move enters another Sector without smoke already
(never into a Marsh, 10.1.6); an in-Sector move or a Sector already in smoke moves at once. An
offensive AEO whose assault does not move cannot carry it out (12.3.3.2 lets only a defensive one
fire in place).
"""

import random
from typing import Any

from companion.errors import RuleViolation
from companion.games.point_blank import builders, orders, sectors
from companion.games.point_blank.aeo import select
from companion.games.point_blank.aeo.cards import Fold, choose_terrain
from companion.games.point_blank.aeo.events import AeoActed
from companion.games.point_blank.aeo.models import Act, ChartAnswer, Outcome, Pending, Reason
from companion.games.point_blank.aeo.progress import Stage
from companion.games.point_blank.aeo.select import pick, unit_id
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.checks.fire import InfantryFire
from companion.games.point_blank.commands import Order, RemoveTerrain
from companion.games.point_blank.events import CheckStarted
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Action, Unit
from companion.games.point_blank.view import sector_name
from companion.journal.events import Event

FIRE_TICKS = ("cover", "degraded", "range_one", "flanking", "support_weapon", "flamethrower", "flamethrower_only",
              "blaze")


def done(at: Stage, outcome: Outcome, pending: Pending | None = None, **fields: Any) -> AeoActed:
    assert at.action is not None
    return AeoActed(act=Act.model_validate({"index": at.index, "action": at.action, "outcome": outcome, **fields}),
                    pending=pending)


def impossible(at: Stage, reason: Reason) -> list[Event]:
    return [done(at, "impossible", reason=reason)]


def leadership(state: PointBlankState, leader: int | None) -> int:
    """What the leader lends: his modifier while in Good Order (8.8)."""
    if leader is None:
        return 0
    unit = state.unit(leader)
    return unit.leadership if unit.leader and unit.good_order else 0


def charted(state: PointBlankState, at: Stage, answer: ChartAnswer, rng: random.Random, catalog: Catalog,
            fold: Fold) -> list[Event]:
    assert state.aeo is not None and at.action is not None
    if not answer.sector:
        return impossible(at, "chart_none")
    units = select.stack(state, state.aeo.side, answer.sector)
    if not units:
        raise RuleViolation(f"the AEO has no unit in {sector_name(state, catalog, answer.sector)}")
    match at.action:
        case "move":
            return move(state, at, units, answer, catalog)
        case "assault":
            return assault(state, at, units, answer, catalog)
        case "fire":
            return fire(state, at, units, answer, catalog)
    return unit_action(state, at, units, answer, rng, catalog, fold)


def destination(state: PointBlankState, sector: str, to: str, catalog: Catalog) -> str:
    field = state.battlefield
    if to != sector and to not in field.adjacent(sector):
        raise RuleViolation(f"a move from {sector_name(state, catalog, sector)} goes to an adjacent Sector or stays "
                            f"in its own, not {sector_name(state, catalog, to)} (8.7)")
    return to


def move(state: PointBlankState, at: Stage, units: list[Unit], answer: ChartAnswer, catalog: Catalog) -> list[Event]:
    movers = tuple(u.id for u in units if select.may(u, "move"))
    if not movers:
        return impossible(at, "no_unit")
    if not answer.to:
        raise RuleViolation("the Move flowchart names the Sector the stack moves to (8.7)")
    pending = Pending(kind="smoke", index=at.index, action="move", units=movers, sector=answer.sector,
                      to=destination(state, answer.sector, answer.to, catalog))
    return smoke_first(state, at, pending, None)


def assault(state: PointBlankState, at: Stage, units: list[Unit], answer: ChartAnswer,
            catalog: Catalog) -> list[Event]:
    """12.3.3.2: "see the Move flowchart for the movement portion of the action and the Fire
    flowchart for the fire portion ... If the AEO moves and that unit has no valid targets then the
    fire portion of the assault action will not be exectuted. If the AEO is in a defensive posture and
    does not move then it may conduct a fire action. If a move and fire cannot be performed then
    count the assault action as a Discard action."""
    assert state.aeo is not None
    movers = tuple(u.id for u in units if select.may(u, "assault"))
    if not movers:
        return impossible(at, "no_unit")
    if not answer.to:
        if state.aeo.posture == "defensive" and answer.targets:
            return fire(state, at, units, answer, catalog)
        return impossible(at, "no_move_no_fire")
    leader = select.best_leader(state, state.aeo.side, answer.sector)
    pending = Pending(kind="smoke", index=at.index, action="assault", units=movers, sector=answer.sector,
                      to=destination(state, answer.sector, answer.to, catalog), targets=answer.targets, leader=leader,
                      modifier=answer.modifier, ticks=answer.ticks)
    return smoke_first(state, at, pending, catalog)


def smoke_first(state: PointBlankState, at: Stage, pending: Pending, catalog: Catalog | None) -> list[Event]:
    """12.3.4.5: "The AEO will always attempt to lay smoke when moving into a Sector. The smoke
    attempt will be made into the Sector that it is intending to move into." """
    assert state.aeo is not None
    fields: dict[str, Any] = {"units": pending.units, "sector": pending.sector, "to": pending.to}
    if pending.to == pending.sector:
        return moved(state, pending, catalog)
    if pending.to in state.smoke or state.battlefield.card(pending.to) == "marsh":
        reason: Reason = "already_smoke" if pending.to in state.smoke else "marsh"
        return [done(at, "smoke_first", pending.model_copy(update={"kind": "order"}), reason=reason, **fields),
                *moved(state, pending, catalog)]
    leader = select.best_leader(state, state.aeo.side, pending.sector)
    check = builders.smoke(state, pending.to, leadership(state, leader))
    return [done(at, "smoke_first", pending, **fields), CheckStarted(check=check)]


def moved(state: PointBlankState, pending: Pending, catalog: Catalog | None) -> list[Event]:
    """The move (or the assault's move and fire) ordered, its marker pointing at its Sector."""
    at = Stage("order", pending.index, pending.action)
    standing = tuple(u for u in pending.units if not state.unit(u).eliminated)
    targets = tuple(t for t in pending.targets if not state.unit(t).eliminated)
    if not standing:
        return [done(at, "cancelled", units=pending.units, sector=pending.sector, to=pending.to, reason="no_unit")]
    fields: dict[str, Any] = {"units": standing, "sector": pending.sector, "to": pending.to}
    if pending.action == "move" or not targets:
        effects = orders.order(state, Order(units=standing, action="move", via="aeo", destination=pending.to))
        return [done(at, "moved", **fields), *effects]
    assert catalog is not None
    groups, by_hand = select.fire_groups([state.unit(u) for u in standing])
    check = fire_check(state, catalog, groups[0], targets, pending, assault=True) if groups else None
    later = pending.model_copy(update={"kind": "attacks", "groups": tuple(groups[1:]), "targets": targets}) \
        if len(groups) > 1 else None
    effects = orders.order(state, Order(units=standing, action="assault", via="aeo", leader=pending.leader,
                                        destination=pending.to, check=check))
    return [done(at, "moved", later, targets=targets, by_hand=tuple(by_hand), **fields), *effects]


def fire_check(state: PointBlankState, catalog: Catalog, group: tuple[int, ...], targets: tuple[int, ...],
               terms: Pending | ChartAnswer, assault: bool = False, leader: int | None = None) -> InfantryFire:
    ticks = set(terms.ticks)
    lead = leadership(state, terms.leader if isinstance(terms, Pending) else leader)
    return builders.fire(state, catalog, group, targets, modifier=terms.modifier, leadership=lead,
                         cover="cover" in ticks, degraded_los="degraded" in ticks, range_one="range_one" in ticks,
                         assault=assault, flanking="flanking" in ticks, support_weapon="support_weapon" in ticks,
                         flamethrower="flamethrower" in ticks, flamethrower_only="flamethrower_only" in ticks,
                         blaze="blaze" in ticks)


def fire(state: PointBlankState, at: Stage, units: list[Unit], answer: ChartAnswer, catalog: Catalog) -> list[Event]:
    """The stack fires together (12.3.2): its infantry as one fire group, then each Weapon Team in
    turn; an AFV's own attack the players start (8.4)."""
    assert state.aeo is not None
    groups, by_hand = select.fire_groups(units)
    if not groups and not by_hand:
        return impossible(at, "no_unit")
    if not answer.targets:
        raise RuleViolation("the Fire flowchart names the units fired at")
    leader = select.best_leader(state, state.aeo.side, answer.sector)
    firing = (*(u for group in groups for u in group), *by_hand)
    check = fire_check(state, catalog, groups[0], answer.targets, answer, leader=leader) if groups else None
    later = Pending(kind="attacks", index=at.index, action="fire", units=firing, sector=answer.sector,
                    targets=answer.targets, groups=tuple(groups[1:]), leader=leader, modifier=answer.modifier,
                    ticks=answer.ticks) if len(groups) > 1 else None
    effects = orders.order(state, Order(units=firing, action="fire", via="aeo", leader=leader, check=check))
    return [done(at, "fires", later, units=groups[0] if groups else firing, sector=answer.sector,
                 targets=answer.targets, by_hand=tuple(by_hand)), *effects]


UNIT_ACTIONS: dict[str, Action] = {"recon": "recon", "smoke": "smoke", "conceal": "conceal"}


def unit_action(state: PointBlankState, at: Stage, units: list[Unit], answer: ChartAnswer, rng: random.Random,
                catalog: Catalog, fold: Fold) -> list[Event]:
    """One unit of the Sector acts, chosen by 12.3.2's order; Recon spots, searches for terrain or
    clears a Sector (8.10), Smoke goes into its own Sector when not moving (12.3.4.5), Conceal
    checks the Sector (8.2)."""
    assert state.aeo is not None and at.action is not None
    action = UNIT_ACTIONS[at.action]
    able = [u for u in units if select.may(u, action) and not (action == "smoke" and u.kind == "weapon_team")]
    candidates = select.unit_action(able)
    if not candidates:
        return impossible(at, "no_unit")
    unit, tie = pick(rng, candidates, unit_id)
    leader = select.best_leader(state, state.aeo.side, unit.sector)
    lead = leadership(state, leader)
    chosen: dict[str, Any] = {"units": (unit.id,), "sector": unit.sector, "ties": (tie,) if tie else ()}
    order = Order(units=(unit.id,), action=action, via="aeo", leader=leader)
    try:
        if action == "smoke":
            check = builders.smoke(state, unit.sector, lead)
            return [done(at, "ordered", **chosen), *orders.order(state, order.model_copy(update={"check": check}))]
        if action == "conceal":
            concealing = builders.concealment(state, catalog, (unit.id,), lead)
            return [done(at, "ordered", **chosen),
                    *orders.order(state, order.model_copy(update={"check": concealing}))]
    except RuleViolation:
        return impossible(at, "marsh" if action == "smoke" else "clear_terrain")
    return recon(state, at, order, answer, chosen, rng, catalog, fold)


def recon(state: PointBlankState, at: Stage, order: Order, answer: ChartAnswer, chosen: dict[str, Any],
          rng: random.Random, catalog: Catalog, fold: Fold) -> list[Event]:
    assert state.aeo is not None
    fields: dict[str, Any] = {**chosen, "to": answer.at}
    ordered = orders.order(state, order)
    if answer.recon == "search":
        first = done(at, "recon", **fields)
        after = fold(state, [first, *ordered])
        return [first, *ordered, *choose_terrain(after, None, rng, catalog, fold)]
    if not answer.at:
        raise RuleViolation("the Recon flowchart names the Sector it spots or clears (8.10)")
    if answer.recon == "remove":
        removed = sectors.remove(state, RemoveTerrain(sector=answer.at), catalog)
        return [done(at, "recon", **fields), *ordered, *removed]
    seen = tuple(u.id for u in select.standing(state, state.aeo.pu) if u.sector == answer.at)
    if not seen:
        raise RuleViolation(f"no player unit in {answer.at} to spot")
    try:
        check = builders.spotting(state, catalog, seen, leadership(state, order.leader))
    except RuleViolation:
        return [done(at, "recon", reason="spotted_already", **fields), *ordered]
    return [done(at, "recon", targets=seen, **fields), *ordered, CheckStarted(check=check)]
