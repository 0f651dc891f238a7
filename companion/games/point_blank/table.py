"""What the table does by hand: units deployed and corrected, Smoke, Blaze and Wreck cards placed."""

import random
from collections.abc import Mapping
from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.point_blank import sectors
from companion.games.point_blank.battlefield import on_side
from companion.games.point_blank.catalog import Catalog, SquadCard, UnitTemplate
from companion.games.point_blank.checks.base import MarkerChange
from companion.games.point_blank.commands import AddUnit, AdjustUnit, SetMarker
from companion.games.point_blank.events import MarkerSet, UnitAdded, UnitAdjusted
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import change_problem, from_template
from companion.games.point_blank.units import changed as unit_changed
from companion.journal.events import Event

# decide


def add_unit(state: PointBlankState, command: AddUnit, rng: random.Random, catalog: Catalog | None) -> list[Event]:
    """A unit deployed into a Sector with no terrain draws a card for it first (5.4)."""
    name = command.name or command.template.name
    drawn: list[Event] = []
    if command.sector is not None:
        key = sectors.in_play(state, command.sector.key)
        if state.battlefield.card(key) is None:
            drawn = sectors.draw(state, command.sector, rng, catalog)
    half_squad = half_squad_of(command.template, catalog)
    return [*drawn, UnitAdded(template=command.template, side=command.side, sector=command.sector, name=name,
                              half_squad=half_squad)]


def half_squad_of(template: UnitTemplate, catalog: Catalog | None) -> SquadCard | None:
    """The card of the half squad the library names for `template`: journaled with the unit, as the
    fold has no library to look it up in."""
    if template.half_squad is None:
        return None
    half = catalog.units.get(template.half_squad) if catalog is not None else None
    if half is None or half.kind != "half_squad":
        raise RuleViolation(f"{template.name}: the unit library has no half squad {template.half_squad}")
    return SquadCard.of(half)


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
            key = event.sector.key if event.sector is not None else ""
            unit = from_template(unit_id, event.side, event.template, key, event.name, event.half_squad)
            state = replace(state, units=(*state.units, unit))
            return stood_on(state, key, event.terrain)
        case UnitAdjusted(unit=unit_id, changes=changes):
            return adjusted(state, unit_id, changes)
        case MarkerSet(marker=marker, sector=sector, present=present):
            return marked(state, MarkerChange(marker=marker, sector=sector, present=present))
    return None


def adjusted(state: PointBlankState, unit_id: int, changes: Mapping[str, object]) -> PointBlankState:
    """A correction; one saved before the battlefield may move the unit (its sector as text, read
    on its own half) and name the card it stands on, which its Sector takes when it has none."""
    rest = {key: value for key, value in changes.items() if key not in ("sector", "terrain")}
    if isinstance(sector := changes.get("sector"), str):
        rest["sector"] = on_side(sector, state.unit(unit_id).side)
    state = changed(state, {unit_id: rest}) if rest else state
    if rest.get("moving") is False:
        # The move marker taken off: the move is cancelled (8.7).
        kept = tuple(replace(m, units=tuple(u for u in m.units if u != unit_id)) for m in state.moves)
        state = replace(state, moves=tuple(m for m in kept if m.units))
    terrain = changes.get("terrain")
    return stood_on(state, state.unit(unit_id).sector, terrain if isinstance(terrain, str) else None)


def stood_on(state: PointBlankState, key: str, terrain: str | None) -> PointBlankState:
    """Games saved before the battlefield kept a card per unit: the unit's Sector takes it when it has none."""
    field = state.battlefield
    if terrain is None or not field.holds(key) or field.card(key) is not None:
        return state
    return replace(state, battlefield=field.with_card(key, terrain))


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
        case "wire":
            return replace(state, wire=frozenset(updated))
    return replace(state, wreck=frozenset(updated))
