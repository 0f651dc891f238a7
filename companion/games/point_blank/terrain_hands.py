"""Each side's terrain hand (8.10, 6.1.2.2): a Recon action's search draws two Terrain cards from
the terrain deck, the side keeps one (three at most) and later places it into an empty Sector; the
other goes to the terrain discard pile. The AEO's search keeps its card the same way (12.3.4)."""

import random
from dataclasses import replace
from typing import Any

from companion.errors import RuleViolation
from companion.games.point_blank import sectors
from companion.games.point_blank.battlefield_events import TerrainKept, TerrainReshuffled, TerrainSearched
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import KeepTerrain
from companion.games.point_blank.state import PointBlankState, Search
from companion.journal.events import Event

MOST = 3
"""8.10: "The maximum amount of Terrain cards allowed to be held at any one time by a player is 3"."""
DRAWN = 2
HIDDEN = "?"
"""A Terrain card in a hand, as a follower of the table sees it."""


def search(state: PointBlankState, rng: random.Random, catalog: Catalog | None) -> list[Event]:
    if state.search is not None:
        drawn = " or ".join(catalog.terrain_name(card) if catalog is not None else card for card in state.search.cards)
        raise RuleViolation(f"keep {drawn} first: the last search's pick is still to make (8.10)")
    if len(state.terrain_hand(state.side)) >= MOST:
        raise RuleViolation(f"the side holds {MOST} Terrain cards, the most it may (8.10): place one first")
    events, deck = sectors.laid_out(state, catalog)
    if deck.remaining < DRAWN and deck.discarded:
        events.append(TerrainReshuffled())
        deck = deck.reshuffled()
    cards: list[str] = []
    while len(cards) < DRAWN and deck.remaining:
        cards.append(deck.pick(rng.randrange(deck.remaining)))
        deck = deck.taken(cards[-1])
    if not cards:
        raise RuleViolation("the terrain deck and its discard pile are empty: nothing to search")
    return [*events, TerrainSearched(side=state.side, cards=tuple(cards))]


def keep(state: PointBlankState, command: KeepTerrain) -> list[Event]:
    found = state.search
    if found is None:
        raise RuleViolation("no recon search is waiting: search first (8.10)")
    if command.card not in found.cards:
        raise RuleViolation(f"the search drew {' and '.join(found.cards)}, not {command.card}")
    return [TerrainKept(side=found.side, kept=command.card)]


def public(event: Event) -> dict[str, Any]:
    """The event as anyone may see it: a search's cards and the card kept left out."""
    shown = event.model_dump(mode="json")
    if isinstance(event, TerrainSearched | TerrainKept):
        return {key: value for key, value in shown.items() if key not in ("cards", "kept")}
    return shown


def hidden(state: PointBlankState) -> PointBlankState:
    """The state as anyone may see it: each card held or drawn by a search is a blank one."""

    def blank(cards: tuple[str, ...]) -> tuple[str, ...]:
        return (HIDDEN,) * len(cards)

    search = replace(state.search, cards=blank(state.search.cards)) if state.search is not None else None
    return replace(state, terrain_hands=(blank(state.terrain_hands[0]), blank(state.terrain_hands[1])),
                   search=search)


def evolve(state: PointBlankState, event: Event, voided: bool) -> PointBlankState | None:
    match event:
        case TerrainSearched(side=side, cards=cards):
            field = state.battlefield
            deck = field.deck
            for card in cards:
                deck = deck.taken(card) if deck is not None else None
            return replace(state, battlefield=replace(field, deck=deck), search=Search(side, cards))
        case TerrainKept() if voided:
            return state
        case TerrainKept(side=side, kept=kept):
            assert state.search is not None
            others = list(state.search.cards)
            others.remove(kept)
            field = state.battlefield
            deck = field.deck
            for card in others:
                deck = deck.discard(card) if deck is not None else None
            state = replace(state, battlefield=replace(field, deck=deck), search=None)
            return state.with_terrain_hand(side, (*state.terrain_hand(side), kept))
    return None
