"""Attacks and rallies (7.0-7.7): declared with their cost, changed by CAPs before the dice (3.23),
then rolled, with the hits, hit counter draws, reveals and destructions that follow."""

import random
from dataclasses import replace

from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes import attack, checks
from companion.games.conflict_of_heroes.actions import revealed
from companion.games.conflict_of_heroes.commands import DeclareAttack, DeclareModifier, DeclareRally
from companion.games.conflict_of_heroes.events import (
    AttackDeclared,
    AttackRolled,
    HitCounterDrawn,
    ModifierDeclared,
    RallyDeclared,
    RallyRolled,
    Source,
    UnitDestroyed,
)
from companion.games.conflict_of_heroes.hit_counters import available, draw
from companion.games.conflict_of_heroes.state import CohState, HitTaken, PendingRoll, UnitState
from companion.games.rules import Command
from companion.journal.events import Event

COMMANDS = (DeclareAttack, DeclareRally, DeclareModifier)
EVENTS = (AttackDeclared, RallyDeclared, ModifierDeclared, AttackRolled, HitCounterDrawn, UnitDestroyed, RallyRolled)


def decide(state: CohState, command: Command) -> list[Event]:
    match command:
        case DeclareAttack():
            return [_declare_attack(state, command)]
        case DeclareRally():
            return [_declare_rally(state, command)]
        case DeclareModifier(caps=caps):
            waiting = checks.pending(state)
            if waiting.roller is None:
                raise RuleViolation("initiative rolls are changed by the announced spends (3.24)")
            if waiting.faces:
                raise RuleViolation("CAPs on a roll are declared before rolling (3.23)")
            attack.check_cap_modifier(caps)
            side = checks.unit_in_play(state, waiting.roller).side
            _, cost = waiting.cost_unpaid
            state.side(side).caps.spend(cost + abs(caps), "this roll")
            return [ModifierDeclared(caps=caps)]
    raise TypeError(f"not an attack or rally command: {command!r}")


def rally_bonus(cover_dm: int, hill: bool, friends: int) -> int:
    """7.51: "Units in cover add a +1 rally die roll modifier to their rally attempt. The unit must
    be in a hex which provides at least +1DM of cover to receive this bonus. Hills do not count for
    this modifier." And +1 per friendly un-hit unit in the same hex."""
    return int(cover_dm >= 1 and not hill) + friends


def _declare_attack(state: CohState, command: DeclareAttack) -> AttackDeclared:
    attacker = checks.acting_unit(state, command.attacker, "fire")
    numbers = [target.unit for target in command.targets]
    if len(set(numbers)) != len(numbers):
        raise RuleViolation("each unit in the target hex is rolled against once (7.7)")
    targets = [checks.unit_in_play(state, number) for number in numbers]
    if attacker.number in numbers:
        raise RuleViolation(f"{attacker.label} cannot attack itself")
    for target in targets:
        if target.side == attacker.side:
            raise RuleViolation(f"{target.label} is {state.side(attacker.side).name}'s own unit: "
                                f"fire only at {state.side(3 - attacker.side).name}'s units")
    for kind in ("foot", "vehicle"):
        unhit = sum(1 for t in targets if t.hit is None and t.profile.kind == kind)
        left = sum(available(state.pools.pool(kind), state.counters_in_play(kind)).values())
        if unhit > left:
            # The piles were recorded when the first round started: a file changed now changes nothing here.
            raise RuleViolation(
                f"the {kind} hit counter pile has {left} left for {unhit} un-hit target{'s' if unhit > 1 else ''}"
                " in the hex: fire at another hex, or wait for a counter to go back (a hit unit that rallies or"
                " is destroyed returns its own); this game keeps the piles it started with")
    aps, caps = checks.payment(state, attacker, "fire", command.caps_paid)
    return AttackDeclared(
        attacker=attacker.number, label=attacker.label, targets=command.targets, band=command.band, aps=aps, caps=caps
    )


def _declare_rally(state: CohState, command: DeclareRally) -> RallyDeclared:
    unit = checks.own_turn_unit(state, command.unit)
    if unit.hit is None:
        raise NothingToDo(f"{unit.label} has no hit counter to rally from")
    if command.enemy_in_hex:
        raise RuleViolation("units in a hex with enemy units cannot rally (7.5)")
    if unit.hit.counter.rally is None:
        raise RuleViolation(f"{unit.label}'s counter cannot be rallied")
    aps, caps = checks.payment(state, unit, "rally", command.caps_paid)
    bonus = rally_bonus(command.cover_dm, command.hill, command.friends)
    return RallyDeclared(unit=unit.number, label=unit.label, bonus=bonus, aps=aps, caps=caps)


def rally_rolled(state: CohState, rally: RallyDeclared, modifier: int, faces: tuple[int, int],
                 source: Source) -> RallyRolled:
    unit = checks.unit_in_play(state, rally.unit)
    if unit.hit is None or unit.hit.counter.rally is None:
        raise NothingToDo(f"{unit.label} has no hit counter to rally from")
    counter = unit.hit.counter
    return RallyRolled(
        unit=unit.number, label=unit.label, aps=rally.aps, caps=rally.caps, modifier=modifier,
        bonus=rally.bonus, rally=counter.rally, counter=counter.name, faces=faces, source=source,
    )


def attack_rolled(state: CohState, waiting: PendingRoll, faces: tuple[int, int], source: Source,
                  rng: random.Random) -> list[Event]:
    """The roll against the next target in the hex, with the reveals before it and the hits after."""
    declared = waiting.attack
    if declared is None:
        raise NothingToDo("no attack is waiting")
    attacker = checks.unit_in_play(state, declared.attacker)
    spec = declared.targets[waiting.next_target]
    target = checks.unit_in_play(state, spec.unit)
    events: list[Event] = []
    if waiting.next_target == 0 and attacker.hit and attacker.hit.counter.changes_fire and not attacker.hit.revealed:
        events.append(revealed(attacker, "fires"))
    if target.hit and not target.hit.revealed and (
        target.hit.counter.changes_defence or target.hit.counter.shown_when_attacked
    ):
        events.append(revealed(target, "attacked"))
    firepower = attack.firepower(attacker.profile, attacker.counter, target.profile, declared.band)
    defence = attack.defence_value(target.profile, target.counter, spec.facing, spec.terrain_dm, declared.band)
    aps, caps = waiting.cost_unpaid
    hits = attack.hits(firepower + sum(faces) + waiting.modifier, defence)
    events.append(AttackRolled(
        attacker=attacker.number, attacker_label=attacker.label, target=target.number, target_label=target.label,
        aps=aps, caps=caps, modifier=waiting.modifier, firepower=firepower, defence=defence, faces=faces,
        hits=hits, last=waiting.next_target == len(declared.targets) - 1, source=source,
    ))
    if hits == 2 or (hits == 1 and target.hit is not None):
        events.append(destroyed(target))
    elif hits == 1:
        pool = state.pools.pool(target.profile.kind)
        key = draw(pool, state.counters_in_play(target.profile.kind), rng)
        if key is None:  # a short pile refuses the attack when it is declared, before any roll
            raise RuleViolation(f"the {target.profile.kind} hit counter pile is empty")
        counter = pool[key]
        events.append(HitCounterDrawn(unit=target.number, label=target.label, key=key, counter=counter))
        if counter.killed:
            events.append(UnitDestroyed(unit=target.number, label=target.label, side=target.side, counter=counter.name))
    return events


def destroyed(unit: UnitState) -> UnitDestroyed:
    return UnitDestroyed(unit=unit.number, label=unit.label, side=unit.side,
                         counter=unit.hit.counter.name if unit.hit else None)


def evolve(state: CohState, event: Event) -> CohState:
    match event:
        case AttackDeclared():
            return replace(state, pending=PendingRoll("attack", attack=event), last_rolls=())
        case RallyDeclared():
            return replace(state, pending=PendingRoll("rally", rally=event), last_rolls=())
        case ModifierDeclared(caps=caps):
            return state.with_pending(modifier=caps)
        case AttackRolled():
            return _attack_rolled(state, event)
        case HitCounterDrawn(unit=number, key=key, counter=counter):
            if counter.killed:
                state = replace(state, last_rolls=(*state.last_rolls, event))
            return state.changed_unit(number, hit=HitTaken(key, counter, revealed=counter.killed))
        case UnitDestroyed(unit=number):
            unit = state.unit(number)
            if unit is None or not unit.in_play:
                return state
            state = state.with_unit(replace(unit, status="destroyed", aps=0, hit=None))
            return state.with_caps(unit.side, state.side(unit.side).caps.lose_unit())
        case RallyRolled():
            state = state.paid(event.unit, event.aps, event.caps + abs(event.modifier))
            if event.rallied:
                state = state.changed_unit(event.unit, hit=None)
            return replace(state, pending=None, last_rolls=(event,)).turn_ended()
    return state


def _attack_rolled(state: CohState, roll: AttackRolled) -> CohState:
    state = state.paid(roll.attacker, roll.aps, roll.caps)
    attacker = state.unit(roll.attacker)
    if attacker is not None:
        state = state.with_caps(attacker.side, state.side(attacker.side).caps.drain(abs(roll.modifier)))
    first = state.pending is None or state.pending.next_target == 0
    rolls = (roll,) if first else (*state.last_rolls, roll)
    if roll.last:
        return replace(state, pending=None, last_rolls=rolls).turn_ended()
    if state.pending is None:
        return replace(state, last_rolls=rolls)
    waiting = replace(state.pending, next_target=state.pending.next_target + 1, modifier=0, faces=())
    return replace(state, pending=waiting, last_rolls=rolls)
