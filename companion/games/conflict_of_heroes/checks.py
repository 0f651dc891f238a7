"""The refusals every command family shares: whose turn it is, which unit, what it can pay."""

from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes import activation
from companion.games.conflict_of_heroes.commands import SideNumber
from companion.games.conflict_of_heroes.state import CohState, Initiative, PendingRoll, UnitState


def side_number(value: int | None) -> SideNumber:
    """A side from a button or a key: 1 or 2, anything else refused (a board may send any number)."""
    if value == 1:
        return 1
    if value == 2:
        return 2
    raise RuleViolation(f"there is no side {value}: the sides are 1 and 2")


def unit_in_play(state: CohState, number: int) -> UnitState:
    unit = state.unit(number)
    if unit is None:
        raise RuleViolation(f"there is no unit {number}")
    if not unit.in_play:
        raise RuleViolation(f"{unit.label} is destroyed")
    return unit


def check_turn(state: CohState, side: int) -> int:
    """The side to act, when it is `side`."""
    if state.phase != "play" or state.turn is None:
        raise RuleViolation("actions are taken once initiative is decided")
    if state.pending is not None:
        raise RuleViolation("a roll is waiting: roll it first (or undo its declaration before any die is in)")
    if state.turn != side:
        raise RuleViolation(f"it is {state.side(state.turn).name}'s turn")
    return side


def own_turn_unit(state: CohState, number: int) -> UnitState:
    """A unit in play of the side to act: a unit of the other side is refused, naming both sides."""
    unit = unit_in_play(state, number)
    if state.phase == "play" and state.pending is None and state.turn not in (None, unit.side):
        raise RuleViolation(f"it is {state.side(state.turn).name}'s turn, and {unit.label} is "
                            f"{state.side(unit.side).name}'s")
    check_turn(state, unit.side)
    return unit


def acting_unit(state: CohState, number: int, action: activation.Action) -> UnitState:
    """A unit in play of the side to act whose hit counter allows the action (7.4)."""
    unit = own_turn_unit(state, number)
    activation.check_allowed(action, unit.counter)
    return unit


def affords(unit: UnitState, action: activation.Action) -> bool:
    """The activated unit's hit counter allows the action, and it has the APs for it (a move on
    open ground)."""
    try:
        activation.check_allowed(action, unit.counter)
    except RuleViolation:
        return False
    return unit.aps >= activation.cost(action, unit.profile, unit.counter)


def payment(state: CohState, unit: UnitState, action: activation.Action, caps_paid: int,
            extra: int = 0) -> tuple[int, int]:
    """(APs, CAPs) the action costs `unit` with `caps_paid` of it in CAPs; refused when its hit
    counter forbids it (7.4), or the unit or its side cannot pay: a unit not activated pays all in
    CAPs (a command action), and a refusal offers activating only to a fresh unit, and paying the
    APs it lacks in CAPs only when its side has them."""
    activation.check_allowed(action, unit.counter)
    total = activation.cost(action, unit.profile, unit.counter, extra)
    aps, caps = activation.split(total, caps_paid)
    if aps:
        in_caps = f"pay its whole {action} cost of {total} in CAPs (a command action)"
        if unit.status == "spent":  # a spent unit is not activated again this round
            raise RuleViolation(f"{unit.label} is spent: {in_caps}")
        if unit.status != "active":
            raise RuleViolation(f"{unit.label} is not activated: {in_caps}, or activate it")
        if aps > unit.aps:
            # The forms behind fire, move and rally take a part of the cost in CAPs.
            affords = state.side(unit.side).caps.current >= aps - unit.aps
            rest = ": pay the rest in CAPs in the form" if affords else ""
            raise RuleViolation(f"{aps} APs needed, {unit.label} has {unit.aps} left{rest}")
    state.side(unit.side).caps.spend(caps, "this action")
    return aps, caps


def announcing(state: CohState, side: int) -> Initiative:
    """This round's initiative, when it is `side`'s turn to announce its spend."""
    if state.phase != "initiative" or state.initiative is None or state.initiative.next_side is None:
        raise RuleViolation("initiative spends are announced at the start of a round")
    expected = state.initiative.next_side
    if side != expected:
        raise RuleViolation(f"{state.side(expected).name} announces first (3.24)")
    return state.initiative


def pending(state: CohState) -> PendingRoll:
    if state.pending is None:
        raise NothingToDo("no roll is waiting: declare an attack or a rally, or announce initiative")
    return state.pending
