"""A Point Blank event as the players read it on screen (the log panel, undo, redo) and in
`companion log`: sides, units, Sectors and terrain cards by their names."""

from companion.games.point_blank.battlefield_events import (
    SectorCorrected,
    TerrainDrawn,
    TerrainKept,
    TerrainPlaced,
    TerrainRemoved,
    TerrainSearched,
    UnitsMoved,
)
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.events import (
    CardDiscarded,
    CardsDealt,
    CheckAbandoned,
    CheckResolved,
    CheckStarted,
    EventCardPlayed,
    FatigueReduced,
    HandFlushed,
    ImpulseEnded,
    MarkerSet,
    ObjectiveControlled,
    TurnEnded,
    UnitAdded,
    UnitAdjusted,
    UnitsOrdered,
)
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import card_name, objective_name, sector_name, side_name, unit_names
from companion.games.point_blank.words import abandoned, listed, plural, resolved, title
from companion.journal.events import Event

ORDERED_BY = {"card": "with an Action card", "second_icon": "with its card's second icon",
              "unit_card": "with a Unit Action card", "spend": "as a Spend action", "leader": "by a leader",
              "hero": "by a hero", "aeo": "by the AEO"}
FATIGUE_BY = {"discard": "by a discard", "ready": "by a Ready action", "leader": "by a leader",
              "bonus": "for an odd d6", "aeo": "by the AEO"}


def words(state: PointBlankState, catalog: Catalog, event: Event) -> str:
    """The event's line with names as of `state`; its own line for an event that names nothing."""
    names = unit_names(state)
    side = lambda number: side_name(state, catalog, number)  # noqa: E731
    sector = lambda key: sector_name(state, catalog, key)  # noqa: E731
    units = lambda ids: listed([names.get(unit, f"unit {unit}") for unit in ids])  # noqa: E731
    match event:
        case CardsDealt(side=number, count=count):
            return f"{side(number)} draws {plural(count, 'card')}"
        case UnitAdded(name=name, side=number, sector=where):
            return f"unit added: {name} ({side(number)})" + (f" in {sector(where.key)}" if where else "")
        case UnitAdjusted(unit=unit, changes=changes):
            said = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in changes.items())
            return f"{units((unit,))} corrected: {said}"
        case UnitsOrdered(units=ordered, action=action, via=via, targets=targets, destination=destination):
            against = f" against {units(targets)}" if targets else ""
            towards = f" towards {sector(destination.key)}" if destination else ""
            return f"{action.capitalize()} ordered {ORDERED_BY[via]}: {units(ordered)}{against}{towards}"
        case EventCardPlayed(side=number, name=name):
            return f"{side(number)} plays {name}"
        case FatigueReduced(unit=unit, via=via):
            return f"fatigue removed from {units((unit,))} {FATIGUE_BY[via]}"
        case HandFlushed(side=number):
            return f"{side(number)} flushes its hand"
        case CardDiscarded(side=number):
            return f"{side(number)} discards a card"
        case ImpulseEnded(side=number):
            return f"{side(number)}'s impulse ends"
        case ObjectiveControlled(side=number, sector=key):
            return f"{side(number)} takes control of {objective_name(state, catalog, key)}"
        case CheckStarted(check=check):
            return f"check: {title(check, names, sector)}"
        case CheckResolved(check=check, outcome=outcome):
            return resolved(check, outcome, names, sector)
        case CheckAbandoned(check=check):
            return abandoned(check, names, sector)
        case MarkerSet(marker=marker, sector=key, present=present):
            return f"{marker} {'placed in' if present else 'removed from'} {sector(key)}"
        case TerrainPlaced(sector=where, card=card, from_deck=from_deck, from_hand=hand):
            source = " from the terrain deck" if from_deck else f" from {side(hand)}'s hand" if hand else ""
            return f"{card_name(catalog, card)} placed in {sector(where.key)}{source}"
        case TerrainSearched(side=number, cards=cards):
            return f"{side(number)}'s recon search draws {plural(len(cards), 'Terrain card')}"
        case TerrainKept(side=number):
            return f"{side(number)} keeps a Terrain card from its search"
        case TerrainDrawn(sector=where, card=card):
            return f"terrain drawn for {sector(where.key)}: {card_name(catalog, card)}"
        case SectorCorrected(sector=where, card=card):
            return f"{sector(where.key)} corrected: {card_name(catalog, card) if card else 'no card'}"
        case TerrainRemoved(sector=where, card=card):
            return f"{card_name(catalog, card)} removed from {sector(where.key)} to the terrain discard pile"
        case UnitsMoved(units=moved, sector=where):
            return f"{units(moved)} entered {sector(where.key)}"
    return event.describe()


def log_lines(state: PointBlankState, catalog: Catalog | None = None) -> list[str]:
    """The newest results, oldest first: a plain d6 check by its pips, the rest as `words` says
    them; without the catalog (terrain cards, nationalities), each result's own line with the
    units' names."""
    names = unit_names(state)
    lines = []
    for entry in state.log:
        match entry:
            case CheckResolved(check=PlainCheck() as check, pips=pips):
                drawn = f" ({'+'.join(map(str, pips))})" if len(pips) > 1 else ""
                lines.append(f"{title(check)}: {sum(pips)}{drawn}")
            case _ if catalog is not None:
                lines.append(words(state, catalog, entry))
            case CheckResolved(check=check, outcome=outcome):
                lines.append(resolved(check, outcome, names))
            case CheckAbandoned(check=check):
                lines.append(abandoned(check, names))
            case _:
                lines.append(entry.describe())
    return lines


def latest_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """What the screen shows in place of a check: the newest entry of the log (a result, an order,
    an impulse's or a turn's end); when a check's card was the deck's last, its result and then
    the turn end it brought, which followed it in the same command and would otherwise hide it (4.13)."""
    lines = log_lines(state, catalog)
    if not lines:
        return []
    ends = [index for index, entry in enumerate(state.log) if isinstance(entry, TurnEnded)]
    # The turn end is the latest impulse boundary and its seq the one after the check's result.
    if ends and ends[-1] > 0 and isinstance(state.log[ends[-1] - 1], CheckResolved) \
            and state.resolved + 1 == state.impulse_began:
        first, *then = lines[ends[-1] - 1:]
        return [f"Latest: {first}", *(f"then {line}" for line in then)]
    return [f"Latest: {lines[-1]}"]
