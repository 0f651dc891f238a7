"""The AEO's cards: counted off the top of the Action deck (its pips keyed when the deck is tracked
by pips, unseen with real dice), the turn ending where the deck runs out (4.13); and the two
Terrain cards it draws to keep the better (12.2.1, 12.2.2, 8.10)."""

import random
from collections.abc import Callable, Sequence

from companion.errors import BadFace, Overridable, RuleViolation
from companion.games.point_blank import sectors, turns
from companion.games.point_blank.aeo.events import AeoCardsDiscarded, AeoTerrainChosen, Why
from companion.games.point_blank.battlefield import SectorRef
from companion.games.point_blank.battlefield_events import TerrainReshuffled
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.events import DeckReshuffled
from companion.games.point_blank.state import PointBlankState
from companion.games.rules import Command
from companion.journal.events import Event

Fold = Callable[[PointBlankState, list[Event]], PointBlankState]
TRIES = 5
"""Pairs of Terrain cards drawn for one Sector at most while both are negative (the AEO "will never
select a Terrain card with a negative modifier"); after that its unit deploys on the card drawn
for it then (5.4)."""


def discards(state: PointBlankState, why: Why, count: int, pips: Sequence[int], force: bool, fold: Fold,
             again: Callable[[tuple[int, ...]], Command]) -> list[Event]:
    """`count` cards from the top of the Action deck to the discard pile. When the deck runs out
    the turn ends there and the rest come from the new deck (4.13); the game's last turn ending
    discards no more. `again` is the command that enters the same pips despite the count."""
    if state.check is not None:
        raise RuleViolation("finish the check in progress first: its cards are on the table")
    if state.dice_mode and pips:
        raise RuleViolation("with real dice the AEO's cards go to the discard pile unseen (4.11)")
    if not state.dice_mode and len(pips) != count:
        raise RuleViolation(f"key the pips of the {count} card{'s' * (count != 1)} the AEO discards")
    for pip in pips:
        if not 1 <= pip <= 6:
            raise BadFace(f"{pip} is not a card's pips: 1 to 6")
    events: list[Event] = []
    left = list(pips) if pips else [0] * count
    while left:
        if state.deck.exhausted:
            more = turns.turn_end(state) or [DeckReshuffled()]
            events += more
            state = fold(state, more)
            if state.game_over:
                break
        take = left[: state.deck.left]
        left = left[len(take):]
        forced = False
        if pips:
            deck = state.deck
            for pip in take:
                if not deck.could_draw(pip):
                    if not force:
                        raise Overridable(f"the deck cannot hold another {pip}: all {deck.composition[pip - 1]} "
                                          f"cards with {pip} pips have been seen since the last shuffle. If the deck "
                                          "was miscounted, Confirm counts them anyway", override=again(tuple(pips)))
                    forced = True
                deck = deck.draw(pip, True)
        discarded = AeoCardsDiscarded(why=why, count=len(take), pips=tuple(take) if pips else (), forced=forced)
        events.append(discarded)
        state = fold(state, [discarded])
    return events


def defence(catalog: Catalog, card: str) -> int:
    """A card's defence modifier for infantry (9.0); "No"/"None" counts as 0."""
    return catalog.terrain_card(card).defensive_bonus or 0


def choose_terrain(state: PointBlankState, sector: SectorRef | None, rng: random.Random, catalog: Catalog,
                   fold: Fold) -> list[Event]:
    """12.2.1: "Draw 2 Terrain cards for each unit that sets up in a Sector where no terrain exists,
    and select the terrain with a positive defense modifier ... Discard the Terrain card that was not
    selected ... An AEO will never select a Terrain card with a negative modifier. If two Terrain
    cards have the same defensive modifier then randomly determine."

    Decision: the better of the two is kept when it is not negative (a 0, Clear, when neither is
    positive); two negative cards are both discarded and two more drawn, up to `TRIES` pairs."""
    events: list[Event] = []
    for _ in range(TRIES):
        made, deck = sectors.laid_out(state, catalog)
        if deck.remaining < 2 and deck.discarded:
            made.append(TerrainReshuffled())
        events += made
        state = fold(state, made)
        pile = state.battlefield.deck
        assert pile is not None
        if pile.remaining == 0:
            break
        first = pile.pick(rng.randrange(pile.remaining))
        cards = [first]
        rest = pile.taken(first)
        if rest.remaining:
            cards.append(rest.pick(rng.randrange(rest.remaining)))
        best = max(defence(catalog, card) for card in cards)
        kept: str | None = None
        tie = False
        if best >= 0:
            top = [card for card in cards if defence(catalog, card) == best]
            tie = len(top) > 1 and top[0] != top[1]
            kept = top[rng.randrange(len(top))] if tie else top[0]
        chosen = AeoTerrainChosen(sector=sector, cards=tuple(cards), kept=kept, tie=tie)
        events.append(chosen)
        state = fold(state, [chosen])
        if kept is not None:
            break
    return events
