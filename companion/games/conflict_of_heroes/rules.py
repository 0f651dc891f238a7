"""Conflict of Heroes rules for the companion: commands in, events out, the game as a fold of events.

The companion replaces the two CAP tracks, the AP tracks and the hit counter cup; the players
still move the counters on the map and tell it ranges, facings and terrain. See
docs/conflict_of_heroes.md for a round played with it and the decisions taken where the text is
silent.
"""

import random
from dataclasses import replace
from functools import cache
from typing import ClassVar

from pydantic import TypeAdapter

from companion.dice.rolling import roll_faces
from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes import activation, attack, initiative
from companion.games.conflict_of_heroes.cap_track import CapTrack
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AddUnit,
    AnnounceInitiative,
    ChangeVictoryPoints,
    ChooseFirstOnTie,
    CountInitiativeSpend,
    DeclareAttack,
    DeclareModifier,
    DeclareRally,
    EnterFace,
    EraseFace,
    MarkSpent,
    Move,
    NameSide,
    Pass,
    Pivot,
    RevealCounter,
    Roll,
    SetStartingCaps,
    SpendCaps,
    Stall,
    StartRound,
    UseCounterPools,
)
from companion.games.conflict_of_heroes.events import (
    ActionPaid,
    AttackDeclared,
    AttackRolled,
    CapsSpent,
    CohEvent,
    CounterPoolsChosen,
    CounterRevealed,
    FaceEntered,
    FaceErased,
    FirstOnTieChosen,
    HitCounterDrawn,
    InitiativeAnnounced,
    InitiativeRolled,
    InitiativeSpendCounted,
    ModifierDeclared,
    Passed,
    RallyDeclared,
    RallyRolled,
    RoundStarted,
    SideNamed,
    Source,
    StartingCapsSet,
    UnitActivated,
    UnitAdded,
    UnitDestroyed,
    UnitMarkedSpent,
    VictoryPointsChanged,
)
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools, available, draw
from companion.games.conflict_of_heroes.library import load_hit_counters
from companion.games.conflict_of_heroes.odds import TWO_D6
from companion.games.conflict_of_heroes.state import (
    CohState,
    HitTaken,
    Initiative,
    PendingRoll,
    SideState,
    UnitState,
)
from companion.games.rules import Command
from companion.journal.events import Event, Record

DEFAULT_SIDES = (("German", 7), ("Soviet", 7))
SOVIET = 2


@cache
def shipped_pools() -> HitCounterPools:
    return load_hit_counters()


class ConflictOfHeroesRules:
    """CAP and AP tracks, initiative, attacks and hit counters; rolls and draws use the given random source."""

    kind: ClassVar[str] = "conflict_of_heroes"
    title: ClassVar[str] = "Conflict of Heroes"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(CohEvent)

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def initial(self) -> CohState:
        sides = tuple(SideState(name, CapTrack.starting_with(caps)) for name, caps in DEFAULT_SIDES)
        return CohState(sides=sides, units=(), pools=shipped_pools(), first_on_tie=SOVIET)

    # Deciding

    def decide(self, state: CohState, command: Command) -> list[Event]:
        match command:
            case NameSide(side=side, name=name):
                return [] if state.side(side).name == name else [SideNamed(side=side, name=name)]
            case SetStartingCaps(side=side, caps=caps):
                _in_setup(state, "starting CAPs are set before the first round")
                return [StartingCapsSet(side=side, caps=caps)]
            case ChooseFirstOnTie(side=side):
                return [FirstOnTieChosen(side=side)]
            case UseCounterPools(pools=pools):
                return [] if pools == state.pools else [CounterPoolsChosen(pools=pools)]
            case AddUnit(side=side, label=label, profile=profile):
                return [UnitAdded(number=state.next_number, side=side, label=label, profile=profile)]
            case ChangeVictoryPoints(side=side, change=change):
                if state.side(side).victory_points + change < 0:
                    raise RuleViolation("victory points do not go below 0")
                return [VictoryPointsChanged(side=side, change=change)]
            case StartRound():
                if state.phase not in ("setup", "round_over"):
                    raise RuleViolation("the round goes on until both sides pass in a row")
                return [RoundStarted(round=state.round + 1)]
            case CountInitiativeSpend(side=side):
                return [_count_initiative(state, side)]
            case AnnounceInitiative(side=side, caps=caps):
                return [self._announce(state, side, caps)]
            case DeclareModifier(caps=caps):
                return [self._modifier(state, caps)]
            case Roll():
                pending = _pending(state)
                if pending.faces:
                    raise RuleViolation(f"{len(pending.faces)} of {pending.dice} dice are in: enter the rest, or erase them")
                faces = roll_faces(TWO_D6.model_copy(update={"count": pending.dice}), self._rng)
                return self._resolve(state, pending, faces, "generated")
            case EnterFace(entered=entered):
                pending = _pending(state)
                faces = (*pending.faces, TWO_D6.face(entered))
                if len(faces) < pending.dice:
                    return [FaceEntered(face=faces[-1])]
                return self._resolve(state, pending, faces, "physical")
            case EraseFace():
                if state.pending is None or not state.pending.faces:
                    raise NothingToDo("no face to erase")
                return [FaceErased()]
            case Activate(unit=number):
                unit = _own_turn_unit(state, number)
                if unit.status != "fresh":
                    raise RuleViolation(f"{unit.label} is {unit.status}: only fresh units activate")
                return [UnitActivated(unit=number, label=unit.label)]
            case Move(unit=number, extra_aps=extra, caps_paid=caps):
                return self._action(state, number, "move", extra, caps)
            case Pivot(unit=number, caps_paid=caps):
                return self._action(state, number, "pivot", 0, caps)
            case Stall(unit=number):
                return self._action(state, number, "stall", 0, 0)
            case SpendCaps(side=side, caps=caps, reason=reason, ends_turn=ends_turn):
                if ends_turn:
                    _check_turn(state, side)
                elif state.phase == "setup":
                    raise RuleViolation("CAPs are spent once the first round has started")
                state.side(side).caps.spend(caps, reason)
                return [CapsSpent(side=side, caps=caps, reason=reason, ends_turn=ends_turn)]
            case MarkSpent(unit=number):
                unit = _unit(state, number)
                if unit.status != "active":
                    raise RuleViolation(f"{unit.label} is not the activated unit")
                return [UnitMarkedSpent(unit=number, label=unit.label)]
            case Pass(side=side):
                _check_turn(state, side)
                return [Passed(side=side)]
            case DeclareAttack():
                return [self._declare_attack(state, command)]
            case DeclareRally():
                return [self._declare_rally(state, command)]
            case RevealCounter(unit=number):
                unit = _unit(state, number)
                if unit.hit is None or unit.hit.revealed:
                    raise NothingToDo(f"{unit.label} has no hidden hit counter")
                return [_reveal(unit, "shown to the opponent")]
        raise TypeError(f"Conflict of Heroes does not take {command!r}")

    def _announce(self, state: CohState, side: int, caps: int) -> InitiativeAnnounced:
        _check_announcing(state, side)
        initiative.check_spend(caps, state.side(side).caps.current)
        return InitiativeAnnounced(side=side, caps=caps)

    def _modifier(self, state: CohState, caps: int) -> ModifierDeclared:
        pending = _pending(state)
        if pending.roller is None:
            raise RuleViolation("initiative rolls are changed by the announced spends (3.24)")
        if pending.faces:
            raise RuleViolation("CAPs on a roll are declared before rolling (3.23)")
        attack.check_cap_modifier(caps)
        side = _unit(state, pending.roller).side
        _, cost = pending.cost_unpaid
        state.side(side).caps.spend(cost + abs(caps), "this roll")
        return ModifierDeclared(caps=caps)

    def _action(self, state: CohState, number: int, action: activation.Action, extra: int, caps: int) -> list[Event]:
        unit = _own_turn_unit(state, number)
        activation.check_allowed(action, unit.counter)
        aps, caps = activation.split(activation.cost(action, unit.profile, unit.counter, extra), caps)
        _check_payment(state, unit, aps, caps)
        events: list[Event] = []
        if action == "move" and unit.counter and unit.counter.move_cost and not unit.hit.revealed:
            events.append(_reveal(unit, "its move cost is changed (7.4)"))
        return [*events, ActionPaid(unit=number, label=unit.label, action=action, aps=aps, caps=caps)]

    def _declare_attack(self, state: CohState, command: DeclareAttack) -> AttackDeclared:
        attacker = _own_turn_unit(state, command.attacker)
        activation.check_allowed("fire", attacker.counter)
        numbers = [target.unit for target in command.targets]
        if len(set(numbers)) != len(numbers):
            raise RuleViolation("each unit in the target hex is rolled against once (7.7)")
        targets = [_unit(state, number) for number in numbers]
        if attacker.number in numbers:
            raise RuleViolation(f"{attacker.label} cannot attack itself")
        for kind in ("foot", "vehicle"):
            unhit = sum(1 for t in targets if t.hit is None and t.profile.kind == kind)
            if unhit > sum(available(state.pools.pool(kind), state.counters_in_play(kind)).values()):
                raise RuleViolation(f"the {kind} hit counter pile is short: add counters (hit_counters.toml)")
        aps, caps = activation.split(activation.cost("fire", attacker.profile, attacker.counter), command.caps_paid)
        _check_payment(state, attacker, aps, caps)
        return AttackDeclared(
            attacker=attacker.number, label=attacker.label, targets=command.targets, band=command.band, aps=aps, caps=caps
        )

    def _declare_rally(self, state: CohState, command: DeclareRally) -> RallyDeclared:
        unit = _own_turn_unit(state, command.unit)
        if unit.hit is None:
            raise NothingToDo(f"{unit.label} has no hit counter to rally from")
        if command.enemy_in_hex:
            raise RuleViolation("units in a hex with enemy units cannot rally (7.5)")
        if unit.counter.rally is None:
            raise RuleViolation(f"{unit.label}'s counter cannot be rallied")
        aps, caps = activation.split(activation.cost("rally", unit.profile, unit.counter), command.caps_paid)
        _check_payment(state, unit, aps, caps)
        bonus = int(command.in_cover) + command.friends
        return RallyDeclared(unit=unit.number, label=unit.label, bonus=bonus, aps=aps, caps=caps)

    def _resolve(self, state: CohState, pending: PendingRoll, faces: tuple[int, ...], source: Source) -> list[Event]:
        if pending.kind == "initiative":
            order = state.initiative.order
            by_side = {order[0]: faces[:2], order[1]: faces[2:]}
            return [InitiativeRolled(
                spends=(state.initiative.spend_of(1), state.initiative.spend_of(2)),
                faces=(by_side[1], by_side[2]),
                source=source,
            )]
        if pending.kind == "rally":
            rally = pending.rally
            unit = _unit(state, rally.unit)
            return [RallyRolled(
                unit=unit.number, label=unit.label, aps=rally.aps, caps=rally.caps, modifier=pending.modifier,
                bonus=rally.bonus, rally=unit.counter.rally, counter=unit.counter.name, faces=faces, source=source,
            )]
        return self._attack_roll(state, pending, faces, source)

    def _attack_roll(self, state: CohState, pending: PendingRoll, faces: tuple[int, ...], source: Source) -> list[Event]:
        declared = pending.attack
        attacker = _unit(state, declared.attacker)
        spec = declared.targets[pending.next_target]
        target = _unit(state, spec.unit)
        events: list[Event] = []
        if pending.next_target == 0 and attacker.counter and attacker.counter.changes_fire and not attacker.hit.revealed:
            events.append(_reveal(attacker, "its fire is changed (7.4)"))
        if target.hit and not target.hit.revealed and (target.counter.changes_defence or target.counter.shown_when_attacked):
            events.append(_reveal(target, "attacked (7.4)"))
        firepower = attack.firepower(attacker.profile, attacker.counter, target.profile, declared.band)
        defence = attack.defence_value(target.profile, target.counter, spec.facing, spec.terrain_dm, declared.band)
        aps, caps = pending.cost_unpaid
        roll = AttackRolled(
            attacker=attacker.number, attacker_label=attacker.label, target=target.number, target_label=target.label,
            aps=aps, caps=caps, modifier=pending.modifier, firepower=firepower, defence=defence, faces=faces,
            hits=0, last=pending.next_target == len(declared.targets) - 1, source=source,
        )
        roll = roll.model_copy(update={"hits": attack.hits(roll.attack_value, defence)})
        events.append(roll)
        if roll.hits == 2 or (roll.hits == 1 and target.hit is not None):
            events.append(_destroyed(target))
        elif roll.hits == 1:
            pool = state.pools.pool(target.profile.kind)
            key = draw(pool, state.counters_in_play(target.profile.kind), self._rng)
            events.append(HitCounterDrawn(unit=target.number, label=target.label, key=key, counter=pool[key]))
            if pool[key].killed:
                events.append(UnitDestroyed(unit=target.number, label=target.label, side=target.side, counter=pool[key].name))
        return events

    # Folding

    def evolve(self, state: CohState, record: Record, voided: bool) -> CohState:
        event = record.event
        if isinstance(event, UnitAdded):
            state = replace(state, next_number=max(state.next_number, event.number + 1))
        if voided:
            return state
        match event:
            case SideNamed(side=side, name=name):
                return state.with_side(side, replace(state.side(side), name=name))
            case StartingCapsSet(side=side, caps=caps):
                return state.with_caps(side, CapTrack.starting_with(caps))
            case FirstOnTieChosen(side=side):
                return replace(state, first_on_tie=side)
            case CounterPoolsChosen(pools=pools):
                return replace(state, pools=pools)
            case UnitAdded(number=number, side=side, label=label, profile=profile):
                return replace(state, units=(*state.units, UnitState(number, side, label, profile)))
            case VictoryPointsChanged(side=side, change=change):
                side_state = state.side(side)
                return state.with_side(side, replace(side_state, victory_points=max(0, side_state.victory_points + change)))
            case RoundStarted(round=number):
                return _new_round(state, number)
            case UnitActivated(unit=number):
                return _activate(state, number)
            case ActionPaid(unit=number, aps=aps, caps=caps):
                return _end_turn(_pay(state, number, aps, caps))
            case CapsSpent(side=side, caps=caps, ends_turn=ends_turn):
                state = state.with_caps(side, state.side(side).caps.drain(caps))
                return _end_turn(state) if ends_turn else state
            case UnitMarkedSpent(unit=number):
                return _set_unit(state, number, status="spent")
            case Passed(side=side):
                passes = state.passes + 1
                if passes >= 2:
                    return replace(state, phase="round_over", turn=None, passes=passes, pending=None)
                return replace(state, turn=3 - side, passes=passes)
            case AttackDeclared():
                return replace(state, pending=PendingRoll("attack", attack=event), last_rolls=())
            case RallyDeclared():
                return replace(state, pending=PendingRoll("rally", rally=event), last_rolls=())
            case ModifierDeclared(caps=caps):
                return _with_pending(state, modifier=caps)
            case InitiativeSpendCounted(side=side, caps=caps):
                if state.initiative is None or state.initiative.next_side != side or state.pending is not None:
                    return state
                return replace(state, initiative=replace(state.initiative, counted=caps))
            case InitiativeAnnounced(side=side, caps=caps):
                return _announced(state, side, caps)
            case FaceEntered(face=face):
                return _with_pending(state, faces=(*state.pending.faces, face)) if state.pending else state
            case FaceErased():
                return _with_pending(state, faces=state.pending.faces[:-1]) if state.pending else state
            case InitiativeRolled():
                return _initiative_rolled(state, event)
            case AttackRolled():
                return _attack_rolled(state, event)
            case HitCounterDrawn(unit=number, key=key, counter=counter):
                return _set_unit(state, number, hit=HitTaken(key, counter, revealed=counter.killed))
            case CounterRevealed(unit=number):
                unit = state.unit(number)
                if unit is None or unit.hit is None:
                    return state
                return state.with_unit(replace(unit, hit=replace(unit.hit, revealed=True)))
            case UnitDestroyed(unit=number):
                return _destroy(state, number)
            case RallyRolled():
                return _rally_rolled(state, event)
        return state


def _count_initiative(state: CohState, side: int) -> InitiativeSpendCounted:
    _check_announcing(state, side)
    most = min(initiative.MAX_INITIATIVE_SPEND, state.side(side).caps.current)
    counted = state.initiative.counted + 1
    return InitiativeSpendCounted(side=side, caps=counted if counted <= most else 0)


# Checks


def _check_announcing(state: CohState, side: int) -> None:
    if state.phase != "initiative" or state.initiative is None or state.initiative.next_side is None:
        raise RuleViolation("initiative spends are announced at the start of a round")
    expected = state.initiative.next_side
    if side != expected:
        raise RuleViolation(f"{state.side(expected).name} announces first (3.24)")


def _in_setup(state: CohState, why: str) -> None:
    if state.phase != "setup":
        raise RuleViolation(why)


def _pending(state: CohState) -> PendingRoll:
    if state.pending is None:
        raise NothingToDo("no roll is waiting: declare an attack or a rally, or announce initiative")
    return state.pending


def _unit(state: CohState, number: int) -> UnitState:
    unit = state.unit(number)
    if unit is None:
        raise RuleViolation(f"there is no unit {number}")
    if not unit.in_play:
        raise RuleViolation(f"{unit.label} is destroyed")
    return unit


def _check_turn(state: CohState, side: int) -> None:
    if state.phase != "play":
        raise RuleViolation("actions are taken once initiative is decided")
    if state.pending is not None:
        raise RuleViolation("a roll is waiting: roll it first (or undo its declaration before any die is in)")
    if state.turn != side:
        raise RuleViolation(f"it is {state.side(state.turn).name}'s turn")


def _own_turn_unit(state: CohState, number: int) -> UnitState:
    unit = _unit(state, number)
    _check_turn(state, unit.side)
    return unit


def _check_payment(state: CohState, unit: UnitState, aps: int, caps: int) -> None:
    if aps:
        if unit.status != "active":
            raise RuleViolation(f"{unit.label} is not activated: pay with CAPs (a command action), or activate it")
        if aps > unit.aps:
            raise RuleViolation(f"{aps} APs needed, {unit.label} has {unit.aps} left")
    state.side(unit.side).caps.spend(caps, "this action")


def _reveal(unit: UnitState, reason: str) -> CounterRevealed:
    return CounterRevealed(unit=unit.number, label=unit.label, name=unit.counter.name, reason=reason)


def _destroyed(unit: UnitState) -> UnitDestroyed:
    return UnitDestroyed(unit=unit.number, label=unit.label, side=unit.side, counter=unit.counter.name if unit.counter else None)


# Folding helpers: facts may follow a decision that was undone later, so each one applies what it can.


def _set_unit(state: CohState, number: int, **changes) -> CohState:
    unit = state.unit(number)
    if unit is None or not unit.in_play:
        return state
    return state.with_unit(replace(unit, **changes))


def _pay(state: CohState, number: int, aps: int, caps: int) -> CohState:
    unit = state.unit(number)
    if unit is None:
        return state
    if aps and unit.status == "active":
        left = max(0, unit.aps - aps)
        state = state.with_unit(replace(unit, aps=left, status="active" if left else "spent"))
    return state.with_caps(unit.side, state.side(unit.side).caps.drain(caps))


def _end_turn(state: CohState) -> CohState:
    if state.phase != "play" or state.turn is None:
        return state
    return replace(state, turn=3 - state.turn, passes=0)


def _with_pending(state: CohState, **changes) -> CohState:
    return replace(state, pending=replace(state.pending, **changes)) if state.pending else state


def _new_round(state: CohState, number: int) -> CohState:
    units = tuple(replace(u, status="fresh", aps=0) if u.in_play else u for u in state.units)
    sides = tuple(replace(s, caps=s.caps.refill()) for s in state.sides)
    state = replace(state, round=number, phase="initiative", turn=None, passes=0, units=units, sides=sides,
                    pending=None, last_rolls=())
    return _open_initiative(state)


def _open_initiative(state: CohState) -> CohState:
    caps = (state.sides[0].caps.current, state.sides[1].caps.current)
    return replace(state, initiative=Initiative(initiative.announcing_order(caps, state.first_on_tie)))


def _announced(state: CohState, side: int, caps: int) -> CohState:
    state = state.with_caps(side, state.side(side).caps.drain(caps))
    if state.phase != "initiative" or state.initiative is None:
        return state
    announced = replace(state.initiative, spends=(*state.initiative.spends, caps), counted=0)
    pending = PendingRoll("initiative") if announced.next_side is None else None
    return replace(state, initiative=announced, pending=pending)


def _initiative_rolled(state: CohState, roll: InitiativeRolled) -> CohState:
    state = replace(state, pending=None, last_rolls=(roll,))
    first = initiative.winner(roll.totals)
    if first is None:
        return _open_initiative(state)
    return replace(state, phase="play", turn=first, passes=0)


def _activate(state: CohState, number: int) -> CohState:
    unit = state.unit(number)
    if unit is None or not unit.in_play:
        return state
    previous = state.active_unit(unit.side)
    if previous is not None:
        state = state.with_unit(replace(previous, status="spent"))
    return state.with_unit(replace(unit, status="active", aps=activation.ACTIVATION_APS))


def _attack_rolled(state: CohState, roll: AttackRolled) -> CohState:
    state = _pay(state, roll.attacker, roll.aps, roll.caps)
    attacker = state.unit(roll.attacker)
    if attacker is not None:
        state = state.with_caps(attacker.side, state.side(attacker.side).caps.drain(abs(roll.modifier)))
    first = state.pending is None or state.pending.next_target == 0
    rolls = (roll,) if first else (*state.last_rolls, roll)
    if roll.last:
        return _end_turn(replace(state, pending=None, last_rolls=rolls))
    if state.pending is None:
        return replace(state, last_rolls=rolls)
    pending = replace(state.pending, next_target=state.pending.next_target + 1, modifier=0, faces=())
    return replace(state, pending=pending, last_rolls=rolls)


def _destroy(state: CohState, number: int) -> CohState:
    unit = state.unit(number)
    if unit is None or not unit.in_play:
        return state
    state = state.with_unit(replace(unit, status="destroyed", aps=0, hit=None))
    return state.with_caps(unit.side, state.side(unit.side).caps.lose_unit())


def _rally_rolled(state: CohState, roll: RallyRolled) -> CohState:
    state = _pay(state, roll.unit, roll.aps, roll.caps + abs(roll.modifier))
    if roll.rallied:
        state = _set_unit(state, roll.unit, hit=None)
    return _end_turn(replace(state, pending=None, last_rolls=(roll,)))
