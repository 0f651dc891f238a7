"""The AEO's leaders after its action (12.3.4): each in turn uses a leader action where a unit of
his Sector benefits most, or, alone in his Sector, moves towards the nearest stack he can lead."""

import random

from companion.errors import RuleViolation
from companion.games.point_blank import builders, orders
from companion.games.point_blank.aeo import select
from companion.games.point_blank.aeo.events import AeoActed
from companion.games.point_blank.aeo.models import Act, Outcome
from companion.games.point_blank.aeo.progress import impulse
from companion.games.point_blank.aeo.select import pick, sector_key, unit_id
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import Order, ReduceFatigue
from companion.games.point_blank.state import PointBlankState
from companion.journal.events import Event

OUTCOMES: dict[str, Outcome] = {"rally": "leader_rally", "ready": "leader_ready", "fatigue": "leader_fatigue"}


def act(state: PointBlankState, rng: random.Random, catalog: Catalog) -> list[Event]:
    """The first leader still waiting takes his turn."""
    turn = impulse(state)
    assert state.aeo is not None
    waiting = select.leaders_waiting(state, state.aeo.side, turn.leaders if turn is not None else ())
    if turn is None or not waiting:
        raise RuleViolation("no AEO leader has a unit to help or a stack to join")
    leader = waiting[0]
    plan = select.leader_action(state, leader)
    if plan is not None:
        kind, candidates = plan
        unit, tie = pick(rng, candidates, unit_id)
        said = AeoActed(act=Act(index=-1, action="leader", outcome=OUTCOMES[kind], units=(unit.id,),
                                sector=leader.sector, leader=leader.id, ties=(tie,) if tie else ()))
        if kind == "rally":
            check = builders.rally(state, catalog, (unit.id,), leader.leadership)
            return [said, *orders.order(state, Order(units=(unit.id,), action="rally", via="leader", leader=leader.id,
                                                     check=check))]
        if kind == "ready":
            return [said, *orders.order(state, Order(units=(unit.id,), action="ready", via="leader",
                                                     leader=leader.id))]
        return [said, *orders.reduce_fatigue(state, ReduceFatigue(unit=unit.id, via="leader", leader=leader.id))]
    goal, goal_tie = pick(rng, select.lone_leader(state, leader), sector_key)
    step, step_tie = pick(rng, select.steps_towards(state, leader, goal), sector_key)
    said = AeoActed(act=Act(index=-1, action="leader", outcome="leader_move", units=(leader.id,), sector=leader.sector,
                            to=step, sectors=(goal,), leader=leader.id,
                            ties=tuple(tie for tie in (goal_tie, step_tie) if tie is not None)))
    return [said, *orders.order(state, Order(units=(leader.id,), action="move", via="aeo", destination=step))]
