"""Rounds and initiative (3.24): a new round refills the CAP tracks, the sides announce their spends
in order, the initiative roll decides who acts first, and two passes in a row end the round."""

from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes import checks, initiative
from companion.games.conflict_of_heroes.commands import AnnounceInitiative, CountInitiativeSpend, Pass, StartRound
from companion.games.conflict_of_heroes.events import (
    CounterPoolsChosen,
    InitiativeAnnounced,
    InitiativeRolled,
    InitiativeSpendCounted,
    Passed,
    RoundStarted,
    Source,
)
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.state import CohState, Initiative, PendingRoll
from companion.games.rules import Command
from companion.journal.events import Event

COMMANDS = (StartRound, CountInitiativeSpend, AnnounceInitiative, Pass)
EVENTS = (RoundStarted, InitiativeSpendCounted, InitiativeAnnounced, InitiativeRolled, Passed)


def decide(state: CohState, command: Command, pools: HitCounterPools) -> list[Event]:
    """`pools`: the piles loaded from the data files, recorded when the first round starts."""
    match command:
        case StartRound():
            if state.phase not in ("setup", "round_over"):
                raise RuleViolation("the round goes on until both sides pass in a row")
            # The game keeps the piles it started with, whatever the files say when it is reopened.
            one, two = (side.caps.refill().current for side in state.sides)
            started = RoundStarted(round=state.round + 1, caps=(one, two))
            if state.phase == "setup" and pools != state.pools:
                return [CounterPoolsChosen(pools=pools), started]
            return [started]
        case CountInitiativeSpend(side=side):
            counting = checks.announcing(state, side)
            most = min(initiative.MAX_INITIATIVE_SPEND, state.side(side).caps.current)
            counted = counting.counted + 1
            return [InitiativeSpendCounted(side=side, caps=counted if counted <= most else 0)]
        case AnnounceInitiative(side=side, caps=caps):
            checks.announcing(state, side)
            initiative.check_spend(caps, state.side(side).caps.current)
            return [InitiativeAnnounced(side=side, caps=caps)]
        case Pass(side=side):
            checks.check_turn(state, side)
            return [Passed(side=side)]
    raise TypeError(f"not a round command: {command!r}")


def passed_over(state: CohState) -> list[Event]:
    """The pass of a side given the turn with no unit in play, decided with what gave it the turn.

    Every action is a unit's, a command action and a card too (8.1: a card is played on a unit),
    and destroyed units are taken out of the game (7.3): a side with no unit in play can do nothing
    but pass. A player passes when nothing else is left ("Neither player had to pass, since both
    could have continued to take command actions", the example of figure 3), so the companion
    passes for it: its opponent acts on, and the round ends when the opponent passes too (two passes
    in a row). Recorded as a fact, so a game saved before this folds as it did."""
    side = state.turn
    if state.phase != "play" or state.pending is not None or side is None or not state.cannot_act(side):
        return []
    return [Passed(side=checks.side_number(side), no_unit=True)]


def rolled(state: CohState, faces: tuple[int, ...], source: Source) -> InitiativeRolled:
    """The initiative roll: the first two faces are the side that announced first."""
    if state.initiative is None:
        raise RuleViolation("no initiative roll is waiting")
    order = state.initiative.order
    by_side = {order[0]: (faces[0], faces[1]), order[1]: (faces[2], faces[3])}
    return InitiativeRolled(
        spends=(state.initiative.spend_of(1), state.initiative.spend_of(2)),
        faces=(by_side[1], by_side[2]),
        source=source,
    )


def evolve(state: CohState, event: Event) -> CohState:
    match event:
        case RoundStarted(round=number):
            units = tuple(replace(u, status="fresh", aps=0) if u.in_play else u for u in state.units)
            one, two = (replace(s, caps=s.caps.refill()) for s in state.sides)
            return _open_initiative(replace(state, round=number, phase="initiative", turn=None, passes=0, units=units,
                                            sides=(one, two), pending=None, last_rolls=()))
        case InitiativeSpendCounted(side=side, caps=caps):
            if state.initiative is None or state.initiative.next_side != side or state.pending is not None:
                return state
            return replace(state, initiative=replace(state.initiative, counted=caps))
        case InitiativeAnnounced(side=side, caps=caps):
            state = state.with_caps(side, state.side(side).caps.drain(caps))
            if state.phase != "initiative" or state.initiative is None:
                return state
            announced = replace(state.initiative, spends=(*state.initiative.spends, caps), counted=0)
            waiting = PendingRoll("initiative") if announced.next_side is None else None
            return replace(state, initiative=announced, pending=waiting)
        case InitiativeRolled():
            state = replace(state, pending=None, last_rolls=(event,))
            first = initiative.winner(event.totals)
            if first is None:
                return _open_initiative(state)
            return replace(state, phase="play", turn=first, passes=0)
        case Passed(side=side, no_unit=no_unit):
            # The companion's pass for a side with no unit follows the action that left it none: both are said.
            state = replace(state, last_rolls=(*state.last_rolls, event) if no_unit else (event,))
            passes = state.passes + 1
            if passes >= 2:
                return replace(state, phase="round_over", turn=None, passes=passes, pending=None)
            return replace(state, turn=3 - side, passes=passes)
    return state


def _open_initiative(state: CohState) -> CohState:
    caps = (state.sides[0].caps.current, state.sides[1].caps.current)
    return replace(state, initiative=Initiative(initiative.announcing_order(caps, state.first_on_tie), caps=caps))
