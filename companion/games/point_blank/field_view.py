"""What the screen says about the battlefield: Sectors and cards by name, the grid of Areas and
Sectors with the units in each, the terrain deck, and the Upkeep's moves and terrain removals."""

from companion.games.kit.forms import Option
from companion.games.point_blank.battlefield import Battlefield
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.objectives import objectives
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import card_name, checklist_lines, sector_name, side_name
from companion.games.point_blank.words import listed, plural

UNKNOWN = "?"
"""A Sector with no card yet: unknown until a unit enters or a card is placed (3.0)."""
LEGEND = "? no card yet · * objective · +S smoke · +B blaze · +W wreck · +X wire"
LABEL = 10
"""Columns of the grid's row labels: `2 German`."""
CELL = 24
"""The widest a grid cell gets, however wide the screen."""


def sector_option(state: PointBlankState, catalog: Catalog, key: str) -> Option:
    return key, f"{sector_name(state, catalog, key)} · {card_name(catalog, state.battlefield.card(key))}"


def sector_options(state: PointBlankState, catalog: Catalog, keys: list[str] | None = None) -> tuple[Option, ...]:
    """Sectors to choose from, as the grid lists them (every Sector in play unless `keys`)."""
    chosen = keys if keys is not None else [sector.key for sector in state.battlefield.sectors()]
    return tuple(sector_option(state, catalog, key) for key in chosen)


def fit(text: str, width: int) -> str:
    """`text` cut to `width` columns, an ellipsis marking the cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def card_cell(state: PointBlankState, catalog: Catalog, key: str) -> str:
    card = state.battlefield.card(key)
    if card is None:
        text = UNKNOWN
    else:
        objective = card in catalog.terrain and catalog.terrain[card].objective
        # The objective's mark goes first, where abbreviating a long name cannot cut it off.
        text = ("*" if objective else "") + catalog.terrain_name(card)
    markers = (("+S", state.smoke), ("+B", state.blaze), ("+W", state.wreck), ("+X", state.wire))
    marks = "".join(mark for mark, sectors in markers if key in sectors)
    return f"{text} {marks}" if marks else text


def units_cell(state: PointBlankState, key: str, width: int) -> str:
    """The units in the Sector by number and name; by number alone, or counted, when they do not fit."""
    here = state.in_sector(key)
    if not here:
        return ""
    for text in (", ".join(f"{u.id} {u.name}" for u in here), " ".join(f"#{u.id}" for u in here)):
        if len(text) <= width:
            return text
    return plural(len(here), "unit")


def grid_lines(state: PointBlankState, catalog: Catalog, width: int, height: int) -> list[str]:
    """The battlefield as the table lays it out: Areas as columns, side 2's half at the top, the
    centre row, side 1's half at the bottom; each Sector's card and its units, in two lines a
    Sector when `height` allows (else only in the rows with units, else one line). Then the
    terrain deck, the units off the battlefield and, when there is room, what the marks mean."""
    field = state.battlefield
    cell = max(4, min(CELL, (width - LABEL) // max(1, field.areas)))
    label = min(LABEL, max(1, width - cell * field.areas))
    off = [u for u in state.units if not u.eliminated and not field.holds(u.sector)]
    footer = [terrain_deck_line(field), *objective_lines(state, catalog)]
    if off:
        footer.append("Off the battlefield: " + ", ".join(f"{u.id} {u.name}" for u in off))
    rows = [(row, side, [f"{area}0" if side is None else f"{area}{row}/{side}" for area in field.letters])
            for row, side in field.rows_in_order()]
    manned = [any(state.in_sector(key) for key in keys) for _, _, keys in rows]
    if 1 + 2 * len(rows) + len(footer) <= height:
        two_lines = [True] * len(rows)
    elif 1 + len(rows) + sum(manned) + len(footer) <= height:
        two_lines = manned
    else:
        two_lines = [False] * len(rows)
    lines = [" " * label + "".join(area.ljust(cell) for area in field.letters)]
    for (row, side, keys), both in zip(rows, two_lines, strict=True):
        name = fit(f"{row}" if side is None else f"{row} {side_name(state, catalog, side)}", label - 1).ljust(label)
        if both:
            lines.append(name + "".join(fit(card_cell(state, catalog, key), cell - 1).ljust(cell) for key in keys))
            lines.append(" " * label + "".join(fit(units_cell(state, key, cell - 1), cell - 1).ljust(cell)
                                               for key in keys))
        else:
            lines.append(name + "".join(one_line(state, catalog, key, cell - 1).ljust(cell) for key in keys))
    if len(lines) + len(footer) < height:
        footer.append(LEGEND)
    return [line.rstrip() for line in lines] + [fit(line, width) for line in footer]


def one_line(state: PointBlankState, catalog: Catalog, key: str, width: int) -> str:
    """A Sector's card and units in one line: the units kept whole, the card's name cut to fit."""
    units = units_cell(state, key, width // 2)
    if not units:
        return fit(card_cell(state, catalog, key), width)
    return f"{fit(card_cell(state, catalog, key), width - len(units) - 1)} {units}"


def objective_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """The objectives in play, the control flags each needs (2.9: black for ordnance units, white for
    infantry) and who holds it."""
    found = []
    for key, card in objectives(state, catalog):
        side = state.controller(key)
        held = f", held by {side_name(state, catalog, side)}" if side is not None else ""
        found.append(f"{sector_name(state, catalog, key)} {card.name}: "
                     f"{card.ordnance_flags} black + {card.infantry_flags} white flags{held}")
    return ["Objectives: " + " · ".join(found)] if found else []


def terrain_deck_line(field: Battlefield) -> str:
    deck = field.deck
    if deck is None:
        return "Terrain deck: the default deck, laid out at the first card drawn"
    discards = f" · {plural(deck.discarded, 'card')} in its discard pile" if deck.discarded else ""
    return f"Terrain deck: {deck.remaining} of {plural(deck.size, 'card')} left{discards}"


def checklist(state: PointBlankState, catalog: Catalog) -> list[str]:
    """The turn end's and the Upkeep's checklist (`view.checklist_lines`) with the battlefield's
    part of the Upkeep, under its heading: the moves to resolve and the cards to remove (6.1.2)."""
    if state.settings is None or state.game_over:
        return checklist_lines(state, catalog)
    return checklist_lines(state, catalog, upkeep_lines(state, catalog))


def upkeep_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """The moves this Upkeep resolves (6.1.2.1) and the cards no unit is next to (6.1.2.4)."""
    lines: list[str] = []
    field = state.battlefield
    due = state.moves_due
    if due:
        lines.append("Moves to resolve now (M enters the Sector):")
        for move in due:
            who = listed([f"{state.unit(u).name} ({u})" for u in move.units])
            card = field.card(move.to)
            what = card_name(catalog, card) if card is not None else "no card yet: one is drawn"
            if state.blocked(move):
                what = "enemy units hold it: cancel the move, its marker off (t), 8.7"
            lines.append(f"  {who} to {sector_name(state, catalog, move.to)} ({what})")
    if state.mines_owed:
        names = ", ".join(state.unit(unit).name for unit in state.mines_owed)
        lines.append(f"Mines attack now (10.1.7; k opens it): {names}")
    if state.bog_owed:
        owed = ", ".join(f"{state.unit(unit).name} in {card_name(catalog, field.card(state.unit(unit).sector))}"
                         + (" (Wire: -1)" if wire else "") for unit, wire in state.bog_owed)
        lines.append(f"Bog checks owed (7.2; k opens the first): {owed}")
    lonely = removable(state, catalog)
    if lonely:
        lines.append("No unit next to these cards: remove them (T, 6.1.2.4): "
                     + ", ".join(f"{sector_name(state, catalog, key)} {card_name(catalog, field.card(key))}"
                                 for key in lonely))
    return lines


def removable(state: PointBlankState, catalog: Catalog) -> list[str]:
    """Sectors whose card leaves play in Upkeep: no unit in or next to it, not the scenario's and
    not an objective (6.1.2.4, 2.9)."""
    field = state.battlefield
    manned = {u.sector for u in state.units if not u.eliminated and field.holds(u.sector)}
    if not manned:
        return []
    found = []
    for sector in field.sectors():
        card = field.card(sector.key)
        if card is None or sector.key in field.fixed or (card in catalog.terrain and catalog.terrain[card].objective):
            continue
        if not ({sector.key} | field.adjacent(sector.key)) & manned:
            found.append(sector.key)
    return found
