"""The AEO's actions carried out (12.3.3-12.3.4.5): the selection rules pick the unit, the
companion records what it picked (ties drawn at random, a fact) and gives the order through the
game's own commands, so fatigue, markers and checks follow as in a two-player game.

The actions without a flowchart (12.2.3: "Assault, Cover, Rally, Ready, and Sniper actions do not
have a flowchart"), and Melee, Wind, Hand Flush and Discard, are decided by the rules alone; Move,
Fire, Recon, Smoke and Conceal need the solo flowchart's answer, which the players give
(`ChartAnswer`). Assault takes the Move and Fire charts' answers (12.3.3.2).
"""

import random

from companion.errors import RuleViolation
from companion.games.point_blank import builders, orders
from companion.games.point_blank.aeo import select
from companion.games.point_blank.aeo.cards import Fold, discards
from companion.games.point_blank.aeo.charted import charted, done, fire_check, impossible, leadership, moved
from companion.games.point_blank.aeo.commands import ResolveAeoAction
from companion.games.point_blank.aeo.models import Outcome, Tie
from companion.games.point_blank.aeo.progress import Stage, not_now, stage
from companion.games.point_blank.aeo.select import pick, sector_key, unit_id
from companion.games.point_blank.aeo.table import AeoAction
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import Order, ReduceFatigue
from companion.games.point_blank.events import CheckStarted, MarkerSet
from companion.games.point_blank.state import PointBlankState
from companion.journal.events import Event

CHARTED = ("move", "fire", "assault", "recon", "smoke", "conceal")
"""The actions whose unit and manner a solo flowchart gives (12.1), which the players consult."""


def ties(*found: Tie | None) -> tuple[Tie, ...]:
    return tuple(tie for tie in found if tie is not None)


def resolve(state: PointBlankState, command: ResolveAeoAction, rng: random.Random, catalog: Catalog,
            fold: Fold) -> list[Event]:
    """The AEO's next action, or the next step of the one under way."""
    at = stage(state)
    match at.kind:
        case "act":
            return act(state, at, command, rng, catalog, fold)
        case "smoke":
            return smoke_result(state, rng, catalog, fold)
        case "order":
            assert state.aeo is not None and state.aeo.impulse is not None and state.aeo.impulse.pending is not None
            return moved(state, state.aeo.impulse.pending, catalog)
        case "attacks":
            return next_attack(state, catalog)
    raise RuleViolation(not_now(at))


def act(state: PointBlankState, at: Stage, command: ResolveAeoAction, rng: random.Random, catalog: Catalog,
        fold: Fold) -> list[Event]:
    aeo = state.aeo
    assert aeo is not None and at.action is not None
    side = aeo.side
    action: AeoAction = at.action
    if action in CHARTED:
        if command.answer is None:
            raise RuleViolation(f"the {action} flowchart's answer first: Confirm asks for it (12.1)")
        return charted(state, at, command.answer, rng, catalog, fold)
    match action:
        case "sniper":
            return sniper(state, at, side, rng, catalog)
        case "ready":
            return ready(state, at, side, rng)
        case "rally":
            return rally(state, at, side, rng, catalog)
        case "melee":
            return melee(state, at, side, rng)
        case "wind":
            # 7.24: "all Smoke markers are removed from the battlefield".
            cleared = sorted(state.smoke)
            return [done(at, "wind", sectors=tuple(cleared)),
                    *(MarkerSet(marker="smoke", sector=key, present=False) for key in cleared)]
        case "flush":
            if not select.may_flush(state, side):
                return impossible(at, "flushed")
            return discarding(state, at, "flush", 4, command, fold)
        case "discard":
            return discarding(state, at, "discard", 1, command, fold)
        case "reinforcement":
            # 12.3.4.3: "Reinforcement actions will execute in accordance with the scenario rules": the
            # scenario's Reinforcement Table when it has one for the AEO (8.11); otherwise the companion
            # brings its reinforcements in at the start of their turn.
            if orders.by_card(state, side):
                return [done(at, "reinforcement"), CheckStarted(check=orders.reinforcement(state, side))]
            later = state.scenario is not None and any(f.side == side and f.turn > state.turn
                                                       for f in state.scenario.forces)
            return [done(at, "reinforcement")] if later else impossible(at, "no_reinforcement")
    raise RuleViolation(f"the AEO has no rule for {action}")


def discarding(state: PointBlankState, at: Stage, why: str, count: int, command: ResolveAeoAction,
               fold: Fold) -> list[Event]:
    outcome: Outcome = "flush" if why == "flush" else "discard"
    first = done(at, outcome, pips=command.pips)
    cards = discards(fold(state, [first]), "flush" if why == "flush" else "discard", count, command.pips,
                     command.force, fold, lambda pips: ResolveAeoAction(pips=pips, force=True))
    return [first, *cards]


def sniper(state: PointBlankState, at: Stage, side: int, rng: random.Random, catalog: Catalog) -> list[Event]:
    groups = select.sniper(state, side)
    if not groups:
        return impossible(at, "no_target")
    sector, tie = pick(rng, groups[0], sector_key)
    target, unit_tie = pick(rng, select.sniper_targets(state, side, sector), unit_id)
    check = builders.sniper(state, catalog, target.id, None)
    return [done(at, "sniper", sector=sector, targets=(target.id,), ties=ties(tie, unit_tie)),
            CheckStarted(check=check)]


def ready(state: PointBlankState, at: Stage, side: int, rng: random.Random) -> list[Event]:
    found = select.ready(state, side)
    if found is None:
        return impossible(at, "nothing_to_ready")
    kind, candidates = found
    unit, tie = pick(rng, candidates, unit_id)
    if kind == "ready":
        effects = orders.order(state, Order(units=(unit.id,), action="ready", via="aeo"))
        return [done(at, "readied", units=(unit.id,), ties=ties(tie)), *effects]
    effects = orders.reduce_fatigue(state, ReduceFatigue(unit=unit.id, via="aeo"))
    return [done(at, "fatigue", units=(unit.id,), ties=ties(tie)), *effects]


def rally(state: PointBlankState, at: Stage, side: int, rng: random.Random, catalog: Catalog) -> list[Event]:
    sectors = select.rally(state, side)
    if not sectors:
        return impossible(at, "no_shaken")
    sector, tie = pick(rng, sectors, sector_key)
    units = tuple(u.id for u in select.stack(state, side, sector) if select.shaken(u))
    leader = select.best_leader(state, side, sector)
    check = builders.rally(state, catalog, units, leadership(state, leader))
    effects = orders.order(state, Order(units=units, action="rally", via="aeo", leader=leader, check=check))
    return [done(at, "rally", units=units, sector=sector, leader=leader, ties=ties(tie)), *effects]


def melee(state: PointBlankState, at: Stage, side: int, rng: random.Random) -> list[Event]:
    options = select.melee(state, side)
    if not options:
        return impossible(at, "no_melee")
    (sector, units, near), tie = pick(rng, options, lambda option: option[0])
    against, target_tie = pick(rng, near, sector_key)
    targets = tuple(u.id for u in select.standing(state, 3 - side) if u.sector == against)
    attackers = tuple(u.id for u in units)
    effects = orders.order(state, Order(units=attackers, action="melee", via="aeo", targets=targets))
    return [done(at, "melee", units=attackers, sector=sector, to=against, targets=targets,
                 ties=ties(tie, target_tie)), *effects]


def smoke_result(state: PointBlankState, rng: random.Random, catalog: Catalog, fold: Fold) -> list[Event]:
    """12.3.4.5: "If the smoke attempt fails the AEO will cancel its move on a d6 check of 1 or 2.
    Roll a physical d6 for this result." Smoke laid, the move goes ahead; else the die decides."""
    assert state.aeo is not None and state.aeo.impulse is not None
    pending = state.aeo.impulse.pending
    assert pending is not None
    at = Stage("smoke", pending.index, pending.action)
    if pending.to in state.smoke:
        laid = done(at, "smoke_laid", pending.model_copy(update={"kind": "order"}), units=pending.units,
                    sector=pending.sector, to=pending.to)
        return [laid, *moved(fold(state, [laid]), pending, catalog)]
    return [done(at, "smoke_failed", pending.model_copy(update={"kind": "die"}), units=pending.units,
                 sector=pending.sector, to=pending.to)]


def next_attack(state: PointBlankState, catalog: Catalog) -> list[Event]:
    """The stack's next attack (8.4: Weapon Teams "may fire separately in the same impulse")."""
    assert state.aeo is not None and state.aeo.impulse is not None
    pending = state.aeo.impulse.pending
    assert pending is not None
    at = Stage("attacks", pending.index, pending.action)
    targets = tuple(t for t in pending.targets if not state.unit(t).eliminated)
    if not targets:
        return [done(at, "fires", targets=pending.targets, reason="no_target")]
    group, rest = pending.groups[0], pending.groups[1:]
    later = pending.model_copy(update={"groups": rest}) if rest else None
    check = fire_check(state, catalog, group, targets, pending, assault=pending.action == "assault")
    return [done(at, "fires", later, units=group, sector=pending.sector, targets=targets),
            CheckStarted(check=check)]

