"""What the table does by hand: units added and corrected, Smoke, Blaze and Wreck cards placed."""

from collections.abc import Mapping
from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.point_blank.checks.base import MarkerChange
from companion.games.point_blank.commands import AddUnit, AdjustUnit, SetMarker
from companion.games.point_blank.events import MarkerSet, UnitAdded, UnitAdjusted
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import change_problem, from_template
from companion.games.point_blank.units import changed as unit_changed
from companion.journal.events import Event

# decide


def add_unit(command: AddUnit) -> list[Event]:
    name = command.name or command.template.name
    return [UnitAdded(template=command.template, side=command.side, terrain=command.terrain,
                      sector=command.sector, name=name)]


def adjust_unit(state: PointBlankState, command: AdjustUnit) -> list[Event]:
    state.unit(command.unit)
    if problem := change_problem(command.changes):
        raise RuleViolation(problem)
    return [UnitAdjusted(unit=command.unit, changes=command.changes)]


def set_marker(command: SetMarker) -> list[Event]:
    if not command.sector.strip():
        raise RuleViolation("name the Sector the card lies in")
    return [MarkerSet(marker=command.marker, sector=command.sector.strip(), present=command.present)]


# evolve


def evolve(state: PointBlankState, event: Event) -> PointBlankState | None:
    match event:
        case UnitAdded():
            unit_id = max((u.id for u in state.units), default=0) + 1
            unit = from_template(unit_id, event.side, event.template, terrain=event.terrain, sector=event.sector)
            return replace(state, units=(*state.units, replace(unit, name=event.name)))
        case UnitAdjusted(unit=unit_id, changes=changes):
            return changed(state, {unit_id: changes})
        case MarkerSet(marker=marker, sector=sector, present=present):
            return marked(state, MarkerChange(marker=marker, sector=sector, present=present))
    return None


def changed(state: PointBlankState, changes: Mapping[int, Mapping[str, object]]) -> PointBlankState:
    units = tuple(unit_changed(u, dict(changes[u.id])) if u.id in changes else u for u in state.units)
    return replace(state, units=units)


def marked(state: PointBlankState, marker: MarkerChange) -> PointBlankState:
    current: frozenset[str] = getattr(state, marker.marker)
    updated = current | {marker.sector} if marker.present else current - {marker.sector}
    match marker.marker:
        case "smoke":
            return replace(state, smoke=frozenset(updated))
        case "blaze":
            return replace(state, blaze=frozenset(updated))
    return replace(state, wreck=frozenset(updated))
