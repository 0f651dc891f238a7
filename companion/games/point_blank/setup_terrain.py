"""The battlefield as Point Blank's guided setup uses it: the scenario's Sectors as the battlefield's
keys, and the battlefield's own commands to lay it out (5.3), place a named card, draw a random
one (a fact), and deploy a unit (5.4: a Sector with no card draws one first)."""

import random

from companion.games.point_blank import sectors, table
from companion.games.point_blank.battlefield import AREAS, SectorRef
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import AddUnit, DrawTerrain, LayOutBattlefield, PlaceTerrain
from companion.games.point_blank.scenario import PbScenario
from companion.games.point_blank.state import PointBlankState
from companion.games.rules import Command
from companion.journal.events import Event

COMMANDS: tuple[type[Command], ...] = ()
"""Setup needs no battlefield commands of its own: it issues the battlefield's."""


def key(sector: str, half: int) -> str:
    """The battlefield's key for a scenario's Sector: `B0` on the centre row, `A2/1` on side 1's half."""
    return sector if half == 0 else f"{sector}/{half}"


def lay_out(scenario: PbScenario, catalog: Catalog) -> LayOutBattlefield:
    """The scenario's Areas (lettered from A) and rows, and its terrain deck: the default deck
    with the scenario's changes."""
    areas = max(AREAS.index(area) for area in scenario.areas) + 1
    deck = terrain_deck(scenario, catalog) if scenario.terrain_deck else None
    return LayOutBattlefield(areas=areas, rows=scenario.rows, deck=deck)


def place_card(sector: str, card: str) -> Command:
    return PlaceTerrain(sector=SectorRef.model_validate(sector), card=card, fixed=True)


def draw_card(sector: str) -> Command:
    return DrawTerrain(sector=SectorRef.model_validate(sector))


def card_in(state: PointBlankState, sector: str) -> str | None:
    """The card in a Sector, None while it is unknown (or off the battlefield laid out)."""
    return state.battlefield.card(sector) if state.battlefield.holds(sector) else None


def terrain_deck(scenario: PbScenario, catalog: Catalog) -> dict[str, int]:
    """The terrain deck (9.0) as the scenario changes it."""
    return sectors.default_deck(catalog) | scenario.terrain_deck


def decide(state: PointBlankState, command: Command, rng: random.Random, catalog: Catalog) -> list[Event]:
    match command:
        case LayOutBattlefield():
            return sectors.lay_out(state, command, catalog)
        case PlaceTerrain():
            return sectors.place(state, command, catalog)
        case DrawTerrain():
            return sectors.draw_terrain(state, command, rng, catalog)
        case AddUnit():
            return table.add_unit(state, command, rng, catalog)
    raise TypeError(f"not a battlefield command: {command!r}")
