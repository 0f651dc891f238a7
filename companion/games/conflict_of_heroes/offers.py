"""What the side to act may do now, asked of the rules themselves: the action bar and the palette
offer an action only when the command behind it would be taken for one of the side's units; before
the first round and between rounds, a −1 VP only for a side with a VP to lose and Next only when
a round may start.

As the bar's order already does (a Pinned unit is not offered its move first), the rules judge with
the real hit counters, face-down ones too: the bar is the acting side's, and an action offered only
to be refused by a counter its owner knows would be no help. A Pinned or Stunned unit's missing
Move can tell an attentive opponent that its counter forbids moving (see docs/conflict_of_heroes.md).
"""

from collections.abc import Callable, Iterable
from functools import partial

from companion.errors import CompanionError, NothingToDo
from companion.games.conflict_of_heroes import actions, activation, checks, combat, guided, rounds, setup
from companion.games.conflict_of_heroes.commands import (
    Activate,
    ChangeVictoryPoints,
    DeclareAttack,
    DeclareModifier,
    DeclareRally,
    MarkSpent,
    Move,
    Pivot,
    RevealCounter,
    SpendCaps,
    Stall,
    StartRound,
    Target,
)
from companion.games.conflict_of_heroes.state import CohState, UnitState
from companion.games.rules import Command

Decide = Callable[[CohState, Command], object]

PAID: tuple[activation.Action, ...] = ("fire", "move", "pivot", "rally")
"""The actions paid with APs, CAPs or both: offered when some split of their cost is paid."""


def taken(decide: Decide, state: CohState, command: Command) -> bool:
    """The rules take the command: `decide` refuses nothing."""
    try:
        decide(state, command)
    except CompanionError:
        return False
    return True


def offered(state: CohState, names: Iterable[str]) -> tuple[str, ...]:
    """`names` less the actions whose command the rules would refuse for every unit now; an action
    this module does not judge (undo, adding a unit, the next highlight) stays."""
    side = state.turn
    own = state.in_play(side) if side is not None else []
    everyone = state.in_play()
    judges: dict[str, Callable[[], bool]] = {
        "activate": lambda: any(taken(actions.decide, state, Activate(unit=unit.number)) for unit in own),
        "stall": lambda: any(taken(actions.decide, state, Stall(unit=unit.number)) for unit in own),
        "spent": lambda: any(taken(actions.decide, state, MarkSpent(unit=unit.number)) for unit in own),
        "peek": lambda: any(unit.hit is not None for unit in everyone),
        "reveal": lambda: any(taken(actions.decide, state, RevealCounter(unit=unit.number)) for unit in everyone),
        "side": lambda: bool(cap_sides(state)),
        "vp_down": lambda: bool(vp_down_sides(state)),
        **{action: partial(_paid_by_any, state, own, action) for action in PAID},
    }
    return _kept(names, judges)


def outside_turn(state: CohState, names: Iterable[str]) -> tuple[str, ...]:
    """`names` before the first round, between rounds or once the firefight is over, less a −1 VP
    no side can take and a Next that would start no round."""
    return _kept(names, {"next": lambda: starts_round(state), "vp_down": lambda: bool(vp_down_sides(state))})


def _kept(names: Iterable[str], judges: dict[str, Callable[[], bool]]) -> tuple[str, ...]:
    """`names` less those their judge refuses; only the names asked about are judged (asking the
    rules is a redraw's costly part), and one with no judge stays."""
    return tuple(name for name in names if name not in judges or judges[name]())


def vp_down_sides(state: CohState) -> tuple[int, ...]:
    """The sides with a victory point to lose (never below 0)."""
    return tuple(side for side in (1, 2) if taken(setup.decide, state, ChangeVictoryPoints(
        side=checks.side_number(side), change=-1)))


def starts_round(state: CohState) -> bool:
    """Next would start a round: one is on the map or arrives with it, and the rules take it."""
    try:
        check_map(state)
    except NothingToDo:
        return False
    return taken(_start, state, StartRound())


def check_map(state: CohState) -> None:
    """A round starts with units on the map, or with a scenario's reinforcements (5.1); one side's
    may all enter later. The table's decision, not the rules': a game the rules start with an
    empty map (from the CLI, or an old game) plays on, each side offered adding a unit."""
    number = state.round + 1
    if not state.in_play() and not guided.arrives(state, number):
        raise NothingToDo(f"add the firefight's units first (i): round {number} starts with units on the map")


def _start(state: CohState, command: Command) -> object:
    guided.check_round(state)
    return rounds.decide(state, command, state.pools)


def cap_sides(state: CohState) -> tuple[int, ...]:
    """The sides with a CAP to spend on their CAP button (a card and the like)."""
    return tuple(side for side in (1, 2) if taken(actions.decide, state, SpendCaps(
        side=checks.side_number(side), caps=1, use="side_button", ends_turn=False)))


def roll_steps(state: CohState) -> tuple[int, ...]:
    """The steps (+1, −1) of the CAPs on the waiting roll that the rules take: within 3.23's 2 either
    way, before a face is keyed, and paid by the rolling side's CAPs (none with none left)."""
    modifier = state.pending.modifier if state.pending is not None else 0
    return tuple(step for step in (1, -1) if taken(combat.decide, state, DeclareModifier(caps=modifier + step)))


def _paid_by_any(state: CohState, units: list[UnitState], action: activation.Action) -> bool:
    return any(_paid(state, unit, action) for unit in units)


def _paid(state: CohState, unit: UnitState, action: activation.Action) -> bool:
    """Some split of the action's cost between the unit's APs and its side's CAPs is taken, as the
    command itself would take it: a move before terrain, a rally with no enemy in its hex, a fire
    at any one enemy unit."""
    total = activation.cost(action, unit.profile, unit.counter)
    return any(taken(decide, state, command)
               for caps in range(total + 1) for decide, command in _commands(state, unit, action, caps))


def _commands(state: CohState, unit: UnitState, action: activation.Action, caps: int) -> list[tuple[Decide, Command]]:
    match action:
        case "move":
            return [(actions.decide, Move(unit=unit.number, caps_paid=caps))]
        case "pivot":
            return [(actions.decide, Pivot(unit=unit.number, caps_paid=caps))]
        case "rally":
            return [(combat.decide, DeclareRally(unit=unit.number, caps_paid=caps))]
        case "fire":
            return [(combat.decide, DeclareAttack(attacker=unit.number, targets=(Target(unit=enemy.number),),
                                                  caps_paid=caps)) for enemy in state.in_play(3 - unit.side)]
    raise NothingToDo(f"no {action} to judge")
