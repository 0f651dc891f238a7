"""Fields that pick a Sector from the battlefield, with defaults from the table: where a unit is
deployed (5.4), where a move order points (8.7); and the battlefield's size at setup (5.3)."""

from companion.games.kit.forms import Choice, Field, Number, Option
from companion.games.point_blank.battlefield import AREAS, DEFAULT_AREAS, DEFAULT_ROWS, MAX_ROWS
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.field_view import sector_options
from companion.games.point_blank.state import PointBlankState

OFF = "-"
"""The value of "off the battlefield" and "no card" in a choice."""


def sector_choice(state: PointBlankState, catalog: Catalog, name: str, label: str, default: str | None,
                  keys: list[str] | None = None, off: str = "") -> Choice:
    """A Sector of the battlefield (or those of `keys`), `off` offered first when given."""
    options: tuple[Option, ...] = sector_options(state, catalog, keys)
    if off:
        options = ((OFF, off), *options)
    chosen = default if default is not None and any(value == default for value, _ in options) else options[0][0]
    return Choice(name, label, options, chosen)


def selected_sector(state: PointBlankState, selected: int | None) -> str | None:
    """The Sector of the selected unit, when it stands on the battlefield."""
    if selected is None:
        return None
    sector = state.unit(selected).sector
    return sector if state.battlefield.holds(sector) else None


def deploy_sector(state: PointBlankState, catalog: Catalog, selected: int | None) -> Choice:
    """Where a new unit is deployed (5.4): the selected unit's Sector by default, or off the
    battlefield (a reinforcement still to come)."""
    return sector_choice(state, catalog, "sector", "Sector (one with no card draws a terrain card, 5.4)",
                         selected_sector(state, selected), off="Off the battlefield (arrives later)")


def move_destination(state: PointBlankState, catalog: Catalog, selected: int | None) -> Choice:
    """Where a move order's marker points (8.7): a Sector next to the selected unit's, or its own
    (an in-Sector move); forward, towards the enemy, by default."""
    here = selected_sector(state, selected)
    field = state.battlefield
    if here is None or selected is None:
        return sector_choice(state, catalog, "destination", "Moving to (the move marker, 8.7)", None,
                             off="Not tracked: moved by hand")
    keys = [sector.key for sector in field.sectors() if sector.key == here or sector.key in field.adjacent(here)]
    unit = state.unit(selected)
    # Infantry in Wire leave it only after an in-Sector move (10.1.5).
    ahead = here if unit.infantry and state.wired(here) else field.forward(here, unit.side)
    return sector_choice(state, catalog, "destination", "Moving to (the move marker, 8.7; its own Sector: in-Sector)",
                         ahead, keys, off="Not tracked: moved by hand")


def layout_fields() -> tuple[Field, ...]:
    return (
        Number("areas", f"Areas on the battlefield (1 to {len(AREAS)}: A to {AREAS[-1]})", DEFAULT_AREAS, 1,
               len(AREAS)),
        Number("rows", "Sectors in each side's half, beside the centre row 0", DEFAULT_ROWS, 1, MAX_ROWS),
    )
