"""Orders and what else an impulse's action may be: units ordered by a card, a leader or a hero
(6.2, 2.11, 4.10), event cards, and fatigue removed by a discard or a Ready action (6.2.1.3, 8.9)."""

from collections.abc import Callable
from dataclasses import replace
from functools import partial

from companion.errors import NothingToDo, RuleViolation
from companion.games.point_blank import fatigue
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.checks.battlefield import FatigueBonus, Reinforcement
from companion.games.point_blank.commands import Order, PlayEventCard, ReduceFatigue
from companion.games.point_blank.events import CheckStarted, EventCardPlayed, FatigueReduced, UnitsOrdered
from companion.games.point_blank.state import PendingMelee, PendingMove, PointBlankState
from companion.games.point_blank.table import changed
from companion.games.point_blank.turns import played, use_card
from companion.games.point_blank.units import Unit
from companion.games.point_blank.view import sector_name
from companion.journal.events import Event

# decide


def event_card(state: PointBlankState, command: PlayEventCard) -> list[Event]:
    use_card(state, "event")
    played = EventCardPlayed(side=state.side, name=command.name)
    if not command.reinforcement:
        return [played]
    return [played, CheckStarted(check=reinforcement(state, state.side))]


def reinforcement(state: PointBlankState, side: int) -> Reinforcement:
    """The d6 check of a Reinforcement card `side` plays, on what the scenario's table still holds (8.11)."""
    table = by_card(state, side)
    if not table:
        raise RuleViolation("no unit of this side is still to come by a Reinforcement card (8.11): "
                            "play it as another event")
    return Reinforcement(side=side, table=table)


def by_card(state: PointBlankState, side: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """`side`'s units still to come by a Reinforcement card: each one's place in the scenario's
    forces, and its faces."""
    forces = state.scenario.forces if state.scenario is not None else ()
    return tuple((index, force.card) for index, force in enumerate(forces)
                 if force.side == side and force.card and index not in state.reinforced)


def reducible(state: PointBlankState, unit: Unit) -> None:
    """Refuses a fatigue reduction the rules do not allow `unit`, whatever removes it."""
    if unit.side != state.side:
        raise RuleViolation(f"{unit.name} is not the phasing side's unit")
    fatigue.fatigue_reduced(unit)


def reduce_fatigue(state: PointBlankState, command: ReduceFatigue, catalog: Catalog | None = None) -> list[Event]:
    """Fatigue off a unit; a refusal names Sectors as the screen does (with the catalog, by the
    sides' names)."""
    unit = state.unit(command.unit)
    reducible(state, unit)
    if command.via == "bonus":
        if not state.fatigue_bonus_owed:
            raise RuleViolation("no odd d6 has earned a second fatigue reduction (6.2.1.3)")
        if unit.id == state.fatigue_bonus_first:
            raise RuleViolation(f"{unit.name} lost the first fatigue level: the odd d6's level comes off "
                                "another unit (6.2.1.3, 8.9)")
        sector = state.fatigue_bonus_sector
        if not in_sector(unit, sector):
            raise RuleViolation(f"after a leader's Ready action the odd d6's level comes off a unit "
                                f"only in his Sector, {sector_name(state, catalog, str(sector))} (8.9)")
        return [FatigueReduced(side=state.side, unit=unit.id, via="bonus")]
    if command.via == "aeo":
        aeo_acts(state, unit.side)
        return [FatigueReduced(side=state.side, unit=unit.id, via="aeo")]
    sector = None
    if command.via == "leader":
        leader = leader_may_act(state, command.leader)
        sector = leader.sector or None
        if not in_sector(unit, sector):
            raise RuleViolation(f"{leader.name} removes fatigue only in his own Sector, "
                                f"{sector_name(state, catalog, leader.sector)} (8.9)")
    else:
        use_card(state, command.via)
    reduced = FatigueReduced(side=state.side, unit=unit.id, via=command.via, leader=command.leader)
    if not bonus_units(state, unit.id, sector):
        return [reduced]  # the odd d6 would draw a card for nothing (8.9: another unit with a fatigue counter)
    return [reduced, CheckStarted(check=FatigueBonus(first=unit.id, sector=sector))]


def bonus_units(state: PointBlankState, first: int | None, sector: str | None = None) -> list[Unit]:
    """The phasing side's units an odd d6's second level may come off: another unit than the one
    that lost the first (6.2.1.3 "one more unit", 8.9 "one other unit"), with fatigue it may lose (7.6),
    and after a leader's Ready action one in his `sector` (8.9 "only within the same Sector")."""
    return [other for other in state.units if other.side == state.side and other.id != first
            and not other.eliminated and other.fatigue > 0 and not other.fatigue_gained
            and in_sector(other, sector)]


def in_sector(unit: Unit, sector: str | None) -> bool:
    """Whether `unit` stands in `sector` as far as the table knows: with no Sector to keep to, or
    the unit's own not tracked, it does."""
    return not sector or not unit.sector or unit.sector == sector


def aeo_acts(state: PointBlankState, side: int) -> None:
    """Only the solo opponent's own units, in its own impulse, act by its table (12.2.3)."""
    if state.aeo is None or state.aeo.side != side or state.side != side:
        raise RuleViolation("only the AEO's units act by the AEO's table, in its impulse (12.2.3)")


def leader_may_act(state: PointBlankState, leader_id: int | None) -> Unit:
    leader = state.unit(leader_id) if leader_id is not None else None
    if leader is None or not leader.leader:
        raise RuleViolation("name the leader who takes this action (2.11)")
    if leader.side != state.side:
        raise RuleViolation(f"{leader.name} acts only in his own side's impulse (6.2.1.4)")
    if leader.spent or leader.shaken or leader.id in state.leaders_acted:
        raise RuleViolation(f"{leader.name} must be Good Order and not have acted this impulse (2.11, 6.2.1.4)")
    return leader


def order(state: PointBlankState, command: Order, catalog: Catalog | None = None) -> list[Event]:
    """The units ordered; a refusal names Sectors as the screen does (with the catalog, by the
    sides' names)."""
    where = partial(sector_name, state, catalog)
    if not command.units:
        raise NothingToDo("order at least one unit")
    units = [state.unit(u) for u in command.units]
    acting_side = units[0].side
    if any(u.side != acting_side for u in units):
        raise RuleViolation("one order commands units of one side")
    if acting_side != state.side and command.action != "cover":
        raise RuleViolation("these units' side is not the one to act; only a Cover card is played out of turn (8.3)")
    via = command.via
    if via in ("unit_card", "spend") and len(units) != 1:
        raise RuleViolation("a Unit Action card or a Spend action orders exactly one unit (6.2.1.2, 8.13)")
    _one_stack(state, command, units, where)
    _may_order_via(state, command, units, acting_side)
    if command.action == "melee":
        _melee_targets(state, acting_side, command.targets)
        _within_reach(state, units, command.targets, where)
    elif command.targets:
        raise RuleViolation("only a melee or overrun order names the enemy units it attacks (7.10)")
    if command.destination is not None:
        _destination(state, command, units, where)
    for unit in units:
        refused = fatigue.refusal(unit, command.action, via)
        if refused:
            raise refused
        if command.action == "ready":
            fatigue.readied(unit)
    ordered = UnitsOrdered(side=acting_side, units=command.units, action=command.action, via=via,
                           leader=command.leader, targets=command.targets, destination=command.destination)
    return [ordered] if command.check is None else [ordered, CheckStarted(check=command.check)]


def _one_stack(state: PointBlankState, command: Order, units: list[Unit], where: Callable[[str], str]) -> None:
    """One order commands one stack: units in one Sector (8.4 a fire group, 8.6 a melee, 8.7 a
    move, 8.8 a rally), and a leader who acts or lends his modifier is stacked with them (2.11).
    Units in no Sector the battlefield knows (off it, or an old game's text) are not held to it."""
    field = state.battlefield
    sectors = sorted({unit.sector for unit in units if field.holds(unit.sector)})
    if len(sectors) > 1:
        raise RuleViolation(f"one order commands a stack in one Sector, not units in "
                            f"{' and '.join(map(where, sectors))} (8.4, 8.7, 8.8)")
    leader = state.unit(command.leader) if command.leader is not None else None
    if leader is not None and sectors and field.holds(leader.sector) and leader.sector != sectors[0]:
        raise RuleViolation(f"{leader.name} in {where(leader.sector)} leads only the units stacked with him, "
                            f"not those in {where(sectors[0])} (2.11)")


def in_reach(state: PointBlankState, unit: Unit, target: Unit) -> bool:
    """Whether `unit` may melee `target`: in an adjacent Sector, or a Sector in an adjacent Area
    (8.6); a unit in no Sector the battlefield knows is taken to be."""
    field = state.battlefield
    if not (field.holds(unit.sector) and field.holds(target.sector)):
        return True
    return target.sector == unit.sector or target.sector in field.adjacent(unit.sector)


def _within_reach(state: PointBlankState, units: list[Unit], targets: tuple[int, ...],
                  where: Callable[[str], str]) -> None:
    for unit in units:
        for target in map(state.unit, targets):
            if not in_reach(state, unit, target):
                raise RuleViolation(f"{target.name} in {where(target.sector)} is out of reach of {unit.name} in "
                                    f"{where(unit.sector)}: a melee goes into an adjacent Sector or Area (8.6)")


def _may_order_via(state: PointBlankState, command: Order, units: list[Unit], acting_side: int) -> None:
    via = command.via
    if command.action == "cover":
        if acting_side == state.side:
            raise RuleViolation("a Cover card is played in the opponent's impulse, against their fire (8.3)")
        if state.deck.hands[acting_side - 1] <= 0:
            raise RuleViolation("the covering side has no card in hand for a Cover card")
    elif via in ("card", "unit_card", "spend"):
        use_card(state, via)
    elif via == "second_icon":
        if state.card_used != "card" or state.second_icon_used:
            raise RuleViolation("only a two-icon Action card played this impulse gives a second action (6.2.1.1)")
    elif via == "leader":
        leader_may_act(state, command.leader)
    elif via == "aeo":
        aeo_acts(state, acting_side)
    elif via == "hero" and not all(u.hero for u in units):
        raise RuleViolation("only a unit holding a hero marker takes a hero action (4.10)")


def _destination(state: PointBlankState, command: Order, units: list[Unit], where: Callable[[str], str]) -> None:
    """A move's marker points one Sector forward or back, sideways to the same row of a
    neighbouring Area, or at the units' own Sector for an in-Sector move (8.7)."""
    assert command.destination is not None
    if command.action not in ("move", "assault"):
        raise RuleViolation("only a move or an assault points its units at a Sector (8.7, 8.1)")
    field = state.battlefield
    key = command.destination.key
    if not field.holds(key):
        raise RuleViolation(f"{where(key)} is not on the battlefield (5.3)")
    for unit in units:
        if field.holds(unit.sector) and key != unit.sector and key not in field.adjacent(unit.sector):
            raise RuleViolation(f"{unit.name} in {where(unit.sector)} moves to an adjacent Sector or within its own, "
                                f"not to {where(key)} (8.7)")


def _melee_targets(state: PointBlankState, side: int, targets: tuple[int, ...]) -> None:
    if not targets:
        raise RuleViolation("name the enemy units the melee or overrun attacks (7.10)")
    for target in map(state.unit, targets):
        if target.side == side:
            raise RuleViolation(f"{target.name} is on the attacking side: a melee attacks enemy units (7.10)")
        if target.eliminated:
            raise RuleViolation(f"{target.name} is eliminated")


# evolve


def evolve(state: PointBlankState, event: Event) -> PointBlankState | None:
    """The state after an order, an event card or fatigue removed; None for another family's event."""
    match event:
        case UnitsOrdered():
            return _ordered(state, event)
        case EventCardPlayed():
            return played(state, "event", event.side)
        case FatigueReduced(unit=unit_id, via=via):
            state = changed(state, {unit_id: {"fatigue": max(0, state.unit(unit_id).fatigue - 1)}})
            if via == "bonus":
                return replace(state, fatigue_bonus_owed=False, fatigue_bonus_first=None, fatigue_bonus_sector=None)
            if via == "leader" and event.leader is not None:
                state = changed(state, {event.leader: {"spent": True}})
                return replace(state, leaders_acted=state.leaders_acted | {event.leader})
            if via == "aeo":
                return state
            return played(state, "discard" if via == "discard" else "ready", event.side)
    return None


def _ordered(state: PointBlankState, event: UnitsOrdered) -> PointBlankState:
    updates: dict[int, Unit] = {}
    for unit_id in event.units:
        unit = state.unit(unit_id)
        if event.action == "ready":
            updates[unit_id] = replace(unit, spent=False)
        elif event.action == "rally" and not (unit.shaken or unit.abandoned):
            updates[unit_id] = unit  # in the stack with nothing to rally, it takes no action (8.8)
        else:
            updates[unit_id] = fatigue.acted(unit, event.action, event.via)
        if event.via == "hero":
            updates[unit_id] = replace(updates[unit_id], hero=False)
    if event.via == "leader" and event.leader is not None:
        leader = updates.get(event.leader, state.unit(event.leader))
        updates[event.leader] = replace(leader, spent=True)
        state = replace(state, leaders_acted=state.leaders_acted | {event.leader})
    if event.action in fatigue.SPOTTING:
        # One unit that moves, fires, assaults or melees spots every unit in its Sector (7.16, 8.2).
        sectors = {(u.side, u.sector) for u in updates.values() if u.sector and u.spotted}
        for unit in state.units:
            if (unit.side, unit.sector) in sectors and unit.id not in updates:
                updates[unit.id] = replace(unit, spotted=True)
    if event.action in ("move", "assault") and event.destination is not None:
        # A new move order points the marker anew (8.7: "They may change direction").
        ordered = set(event.units)
        kept = tuple(replace(m, units=tuple(u for u in m.units if u not in ordered)) for m in state.moves)
        move = PendingMove(event.side, state.impulse, event.units, event.destination.key)
        state = replace(state, moves=(*(m for m in kept if m.units), move))
    if event.action == "melee" and event.targets:
        # 7.10: the In Melee marker goes on both sides of the melee until it resolves in Upkeep.
        for target in event.targets:
            updates[target] = replace(updates.get(target, state.unit(target)), in_melee=True)
        melee = PendingMelee(event.side, state.impulse, event.units, event.targets)
        state = replace(state, melees=(*state.melees, melee))
    state = replace(state, units=tuple(updates.get(u.id, u) for u in state.units), log=state.logged(event))
    if event.action == "cover":
        return replace(state, deck=state.deck.play(event.side))
    if event.via in ("card", "unit_card", "spend"):
        return played(state, event.via, event.side)
    if event.via == "second_icon":
        return replace(state, second_icon_used=True)
    return state
