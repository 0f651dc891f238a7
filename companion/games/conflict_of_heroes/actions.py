"""A unit's actions on its side's turn: activating, moving, pivoting, stalling, being marked spent, CAPs
spent on what the companion does not model, and a hit counter shown when a rule says so."""

from dataclasses import replace

from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes import activation, checks
from companion.games.conflict_of_heroes.commands import (
    Activate,
    MarkSpent,
    Move,
    Pivot,
    RevealCounter,
    SpendCaps,
    Stall,
)
from companion.games.conflict_of_heroes.events import (
    CAPS_USES,
    ActionPaid,
    CapsSpent,
    CounterRevealed,
    RevealCause,
    UnitActivated,
    UnitMarkedSpent,
)
from companion.games.conflict_of_heroes.state import CohState, UnitState
from companion.games.rules import Command
from companion.journal.events import Event

COMMANDS = (Activate, Move, Pivot, Stall, SpendCaps, MarkSpent, RevealCounter)
EVENTS = (UnitActivated, ActionPaid, CapsSpent, UnitMarkedSpent, CounterRevealed)


def decide(state: CohState, command: Command) -> list[Event]:
    match command:
        case Activate(unit=number):
            unit = checks.own_turn_unit(state, number)
            if unit.status != "fresh":
                raise RuleViolation(f"{unit.label} is {unit.status}: only fresh units activate")
            return [UnitActivated(unit=number, label=unit.label)]
        case Move(unit=number, extra_aps=extra, caps_paid=caps):
            return _action(state, number, "move", extra, caps)
        case Pivot(unit=number, caps_paid=caps):
            return _action(state, number, "pivot", 0, caps)
        case Stall(unit=number):
            return _action(state, number, "stall", 0, 0)
        case SpendCaps(side=side, caps=caps, use=use, ends_turn=ends_turn):
            if ends_turn:
                checks.check_turn(state, side)
            elif state.phase == "setup":
                raise RuleViolation("CAPs are spent once the first round has started")
            state.side(side).caps.spend(caps, CAPS_USES[use])
            return [CapsSpent(side=side, caps=caps, use=use, ends_turn=ends_turn)]
        case MarkSpent(unit=number):
            unit = checks.own_turn_unit(state, number)
            if unit.status != "active":
                raise RuleViolation(f"{unit.label} is not the activated unit")
            return [UnitMarkedSpent(unit=number, label=unit.label)]
        case RevealCounter(unit=number):
            unit = checks.unit_in_play(state, number)
            if unit.hit is None or unit.hit.revealed:
                raise NothingToDo(f"{unit.label} has no hidden hit counter")
            return [revealed(unit, "asked")]
    raise TypeError(f"not an action command: {command!r}")


def _action(state: CohState, number: int, action: activation.Action, extra: int, caps_paid: int) -> list[Event]:
    unit = checks.own_turn_unit(state, number)
    aps, caps = checks.payment(state, unit, action, caps_paid, extra)
    shown: list[Event] = []
    if action == "move" and unit.hit and unit.hit.counter.move_cost and not unit.hit.revealed:
        shown.append(revealed(unit, "moves"))
    return [*shown, ActionPaid(unit=number, label=unit.label, action=action, aps=aps, caps=caps)]


def revealed(unit: UnitState, cause: RevealCause) -> CounterRevealed:
    """The unit's hit counter, shown to the opponent."""
    name = unit.hit.counter.name if unit.hit else ""
    return CounterRevealed(unit=unit.number, label=unit.label, name=name, cause=cause)


def evolve(state: CohState, event: Event) -> CohState:
    match event:
        case UnitActivated(unit=number):
            unit = state.unit(number)
            if unit is None or not unit.in_play:
                return state
            previous = state.active_unit(unit.side)
            if previous is not None:
                state = state.with_unit(replace(previous, status="spent"))
            return replace(state, last_rolls=(event,)).changed_unit(number, status="active",
                                                                   aps=activation.ACTIVATION_APS)
        case ActionPaid(unit=number, aps=aps, caps=caps):
            return replace(state.paid(number, aps, caps), last_rolls=(event,)).turn_ended()
        case CapsSpent(side=side, caps=caps, ends_turn=ends_turn):
            state = replace(state.with_caps(side, state.side(side).caps.drain(caps)), last_rolls=(event,))
            return state.turn_ended() if ends_turn else state
        case UnitMarkedSpent(unit=number):
            return replace(state, last_rolls=(event,)).changed_unit(number, status="spent")
        case CounterRevealed(unit=number):
            unit = state.unit(number)
            if unit is None or unit.hit is None:
                return state
            return state.with_unit(replace(unit, hit=replace(unit.hit, revealed=True)))
    return state
