"""The battlefield as Point Blank's guided setup uses it, through four calls: a named card placed in
a Sector (`place_card`), a random terrain card drawn for a Sector (`draw_card`, a fact), the card a
Sector holds (`card_in`), and what is left in the terrain deck (`deck_left`).

STAND-IN: the battlefield proper (Areas and Sectors, the terrain deck as data, a unit moving into an
unknown Sector drawing a card in Upkeep, the grid view) is built on its own branch. Until it is
merged, these calls are served by the small stand-in below: a Sector → card table in the state,
and the default terrain deck from `terrain.toml`'s counts with the scenario's changes. Merging it
means pointing these calls at its commands and state; the setup's steps do not change.
"""

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from companion.errors import RuleViolation
from companion.games.point_blank.catalog import Catalog
from companion.games.rules import Command
from companion.journal.events import Event

if TYPE_CHECKING:  # the state holds these events' results, and its module imports them
    from companion.games.point_blank.state import PointBlankState


class PlaceCard(Command):
    """A named terrain or objective card out of the terrain deck into a Sector (5.3)."""

    sector: str
    card: str


class DrawCard(Command):
    """A random terrain card from the terrain deck for a Sector (5.3, 5.4): the companion draws it."""

    sector: str


class SectorCardPlaced(Event):
    type: Literal["pb_setup_card_placed"] = "pb_setup_card_placed"
    sector: str
    card: str

    def describe(self) -> str:
        return f"{self.sector}: {self.card} placed"


class SectorCardDrawn(Event):
    """A card the companion drew: a fact, never drawn again."""

    type: Literal["pb_setup_card_drawn"] = "pb_setup_card_drawn"
    sector: str
    card: str

    def describe(self) -> str:
        return f"{self.sector}: {self.card} drawn from the terrain deck"


COMMANDS = (PlaceCard, DrawCard)
EVENTS = (SectorCardPlaced, SectorCardDrawn)


def place_card(sector: str, card: str) -> Command:
    return PlaceCard(sector=sector, card=card)


def draw_card(sector: str) -> Command:
    return DrawCard(sector=sector)


def card_in(state: "PointBlankState", sector: str) -> str | None:
    """The card in a Sector, None while it is unknown."""
    return dict(state.sectors).get(sector)


def deck_left(state: "PointBlankState", catalog: Catalog) -> dict[str, int]:
    """The terrain deck (9.0) as the scenario changes it, less the cards on the battlefield."""
    counts = {key: card.in_default_deck or 0 for key, card in catalog.terrain.items()}
    if state.scenario is not None:
        counts |= state.scenario.terrain_deck
    for _, card in state.sectors:
        if counts.get(card, 0) > 0:
            counts[card] -= 1
    return {key: count for key, count in counts.items() if count > 0}


def decide(state: "PointBlankState", command: Command, rng: random.Random, catalog: Catalog) -> list[Event]:
    match command:
        case PlaceCard(sector=sector, card=card):
            return [SectorCardPlaced(sector=sector, card=card)]
        case DrawCard(sector=sector):
            if card_in(state, sector) is not None:
                return []
            left = deck_left(state, catalog)
            if not left:
                raise RuleViolation("the terrain deck is empty: shuffle its discard pile into a new deck (4.12)")
            cards = sorted(left)
            pick = rng.randrange(sum(left.values()))
            for card in cards:
                pick -= left[card]
                if pick < 0:
                    return [SectorCardDrawn(sector=sector, card=card)]
    raise TypeError(f"not a battlefield command: {command!r}")


def evolve(state: "PointBlankState", event: Event) -> "PointBlankState":
    assert isinstance(event, EVENTS)
    placed = tuple((sector, card) for sector, card in state.sectors if sector != event.sector)
    return replace(state, sectors=(*placed, (event.sector, event.card)))
