"""Who controls each objective (2.9): when an impulse or a turn ends, the side whose units in an
objective's Sector carry the flags its card asks for (white for infantry units, black for ordnance
units) takes control, and keeps it, the Sector empty or not, until the other side takes it.

Decision: a unit carries the flag its library entry gives (`control_flag`); where the library does
not say, squads and half squads carry a white flag, AFVs a black one, weapon teams, other vehicles and
leaders none. When both sides' units carry enough flags (a melee in the Sector), or while Wire lies
on the objective (10.1.5), control does not change. A table that judges otherwise undoes the change.
"""

from collections.abc import Sequence
from dataclasses import replace

from companion.games.point_blank.catalog import Catalog, ControlFlag, TerrainCard, UnitKind
from companion.games.point_blank.events import ImpulseEnded, ObjectiveControlled, TurnEnded
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Unit
from companion.journal.events import Event

BY_KIND: dict[UnitKind, ControlFlag] = {"full_squad": "infantry", "half_squad": "infantry", "afv": "ordnance"}


def taken(state: PointBlankState, events: Sequence[Event], catalog: Catalog) -> list[Event]:
    """Control changed at the end of an impulse or a turn among `events`; `state` is after them."""
    if not any(isinstance(event, ImpulseEnded | TurnEnded) for event in events):
        return []
    changed: list[Event] = []
    for key, card in objectives(state, catalog):
        holding = [side for side in (1, 2) if carries_flags(state, key, side, card)]
        # Wire on an objective "must be removed before any change of control can occur" (10.1.5).
        if len(holding) == 1 and state.controller(key) != holding[0] and not state.wired(key):
            changed.append(ObjectiveControlled(sector=key, side=holding[0]))
    return changed


def objectives(state: PointBlankState, catalog: Catalog) -> list[tuple[str, TerrainCard]]:
    """The objective cards on the battlefield, with their Sectors' keys."""
    field = state.battlefield
    cards = [(sector.key, catalog.terrain.get(field.card(sector.key) or "")) for sector in field.sectors()]
    return [(key, card) for key, card in cards if card is not None and card.objective]


def carries_flags(state: PointBlankState, key: str, side: int, card: TerrainCard) -> bool:
    if not card.infantry_flags and not card.ordnance_flags:
        return False
    flags = [flag(unit) for unit in state.in_sector(key) if unit.side == side]
    return flags.count("infantry") >= card.infantry_flags and flags.count("ordnance") >= card.ordnance_flags


def flag(unit: Unit) -> ControlFlag:
    return unit.control_flag or BY_KIND.get(unit.kind, "none")


def evolve(state: PointBlankState, event: Event) -> PointBlankState | None:
    if not isinstance(event, ObjectiveControlled):
        return None
    control = tuple((key, side) for key, side in state.control if key != event.sector)
    return replace(state, control=(*control, (event.sector, event.side)), log=state.logged(event))
