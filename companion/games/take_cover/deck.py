"""Take Cover's deck by count, as pure functions: dealing, playing, drawing up with reshuffles, and
what the companion has not seen.

The companion never knows a hand or the order of the draw deck. It knows the cards played face up
(by type), the cards on the table, the Medic cards set aside and how many cards went face down;
every other card is "unseen": in the draw deck, in a hand, face down in the discard pile or set aside.
"""

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from companion.errors import RuleViolation
from companion.games.take_cover.cards import HAND_SIZE, SET_ASIDE, Side, shuffled
from companion.games.take_cover.state import Deck, Squad


def dealt(composition: dict[str, int], set_aside: bool) -> Deck:
    """The squads on the table, four cards set aside if the option is on, five to each hand."""
    aside = SET_ASIDE if set_aside else 0
    return Deck(composition=dict(composition), draw=shuffled(composition) - aside - 2 * HAND_SIZE,
                hands=(HAND_SIZE, HAND_SIZE), set_aside=aside)


def seen_plus(seen: dict[str, int], cards: dict[str, int]) -> dict[str, int]:
    merged = dict(seen)
    for kind, count in cards.items():
        if count:
            merged[kind] = merged.get(kind, 0) + count
    return merged


def played(deck: Deck, side: Side, cards: dict[str, int]) -> Deck:
    """Cards from a hand, face up onto the discard pile."""
    count = sum(cards.values())
    return replace(deck.with_hand(side, deck.hand(side) - count), discard=deck.discard + count,
                   seen=seen_plus(deck.seen, cards))


def to_table(deck: Deck, side: Side) -> Deck:
    """A card from a hand attached to a squad."""
    return deck.with_hand(side, deck.hand(side) - 1)


def from_table(deck: Deck, cards: dict[str, int]) -> Deck:
    """Cards from the table (detached, removed by an event, an eliminated squad's) onto the discard pile."""
    return replace(deck, discard=deck.discard + sum(cards.values()), seen=seen_plus(deck.seen, cards))


def face_down(deck: Deck, side: Side, count: int) -> Deck:
    """Cards discarded face down: the companion counts them but does not know them."""
    return replace(deck.with_hand(side, deck.hand(side) - count), discard=deck.discard + count)


def medic_aside(deck: Deck, side: Side) -> Deck:
    return replace(deck.with_hand(side, deck.hand(side) - 1), medics_aside=deck.medics_aside + 1)


def reshuffled(deck: Deck, cycle_set_aside: bool) -> Deck:
    """The discard pile (with the set-aside cards, under the option) becomes the draw deck; under the
    option four cards are set aside again."""
    pool = deck.discard + (deck.set_aside if cycle_set_aside else 0)
    aside = SET_ASIDE if cycle_set_aside and pool > SET_ASIDE else 0
    kept = deck.set_aside if not cycle_set_aside else aside
    return replace(deck, draw=deck.draw + pool - aside, discard=0, seen={}, set_aside=kept,
                   reshuffles=deck.reshuffles + 1)


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The draw deck ran out while drawing: the discard pile, with the `added` set-aside cards,
    became a new deck, from which `aside` cards were set aside face down again."""

    added: int
    aside: int


DrawStep = int | Reshuffle
"""Cards drawn in a row, or a reshuffle between them."""


def drawing(deck: Deck, side: Side, cycle_set_aside: bool) -> tuple[Deck, tuple[DrawStep, ...]]:
    """The deck after `side` draws back up to five, with what the table does on the way, in order.
    Stops short when no card is left anywhere to draw."""
    steps: list[DrawStep] = []
    while deck.hand(side) < HAND_SIZE:
        if deck.draw == 0:
            if deck.discard == 0 and not (cycle_set_aside and deck.set_aside):
                break
            after = reshuffled(deck, cycle_set_aside)
            added = deck.set_aside if cycle_set_aside else 0
            steps.append(Reshuffle(added=added, aside=after.set_aside if cycle_set_aside else 0))
            deck = after
            if deck.draw == 0:
                break
        deck = replace(deck.with_hand(side, deck.hand(side) + 1), draw=deck.draw - 1)
        last = steps[-1] if steps else None
        if isinstance(last, int):
            steps[-1] = last + 1
        else:
            steps.append(1)
    return deck, tuple(steps)


def drawn_up(deck: Deck, side: Side, cycle_set_aside: bool) -> tuple[Deck, int, int]:
    """The deck after `side` draws back up to five, with how many cards were drawn and how many
    times the deck was reshuffled on the way."""
    deck, steps = drawing(deck, side, cycle_set_aside)
    drawn = sum(step for step in steps if isinstance(step, int))
    return deck, drawn, sum(isinstance(step, Reshuffle) for step in steps)


def on_table(squads: Iterable[Squad]) -> dict[str, int]:
    """Attached cards by type, on the squads still standing."""
    counts: dict[str, int] = {}
    for squad in squads:
        if not squad.eliminated:
            for card in squad.attached:
                counts[card.kind] = counts.get(card.kind, 0) + 1
    return counts


def beyond_unseen(kind: str, total: int, left: int) -> RuleViolation:
    """The refusal of more cards of `kind` than the `left` of its `total` that can still be in a hand."""
    noun = kind.replace("_", " ").title()
    cards = f"the deck has {total} {noun} card{'s' * (total != 1)}"
    if not left:
        return RuleViolation(f"{cards}, and all are out since the last reshuffle: check the cards on the table")
    return RuleViolation(f"{cards} and {total - left} {'is' if total - left == 1 else 'are'} out since the last "
                         f"reshuffle: at most {left} can still be in a hand")


def check_unseen(deck: Deck, squads: Iterable[Squad], kind: str, count: int = 1) -> None:
    """Refuses `count` cards of `kind` when fewer can be in a hand: the rest are out since the last reshuffle."""
    left = unseen(deck, squads).get(kind, 0)
    if count > left:
        raise beyond_unseen(kind, deck.composition.get(kind, 0), left)


def unseen(deck: Deck, squads: Iterable[Squad]) -> dict[str, int]:
    """By type, the cards the companion has not seen since the last reshuffle: in the draw deck, in
    the hands, face down in the discard pile, or set aside face down."""
    table = on_table(squads)
    left = {}
    for kind, total in deck.composition.items():
        known = deck.seen.get(kind, 0) + table.get(kind, 0)
        if kind == "squad":
            known = total
        elif kind == "medic":
            known += deck.medics_aside
        left[kind] = max(total - known, 0)
    return left


def chance_of(kind: str, deck: Deck, squads: Iterable[Squad]) -> Fraction | None:
    """The share of `kind` among the unseen cards: the chance the next card drawn is one, as far as
    the companion knows (a player who knows their own hand knows better). None: no unseen card."""
    left = unseen(deck, squads)
    total = sum(left.values())
    return Fraction(left.get(kind, 0), total) if total else None
