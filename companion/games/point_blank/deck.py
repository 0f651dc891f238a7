"""The Action deck as the companion counts it: cards left, cards in hands, pips seen this deck.

Every Action card carries a d6 icon (2.7, 4.11). The players draw the real cards; the companion
counts each card that leaves the draw pile: dealt to a hand (pips unknown), drawn for a check
(pips entered by the player) or, with real dice, discarded one per die rolled (4.11).

Decision (rules README, Point Blank): the rulebook prints no per-pip card counts, so the
composition is a data file the players confirm or edit. A pip is "seen" once entered for a
check since the last shuffle; every other card (in the draw pile, in a hand, played from a
hand) is unseen, so the odds count cards in hands as possible next cards.
"""

from dataclasses import dataclass, replace

Pips = tuple[int, int, int, int, int, int]
NO_PIPS: Pips = (0, 0, 0, 0, 0, 0)
PIPS = range(1, 7)


def counts(pips: tuple[int, ...]) -> Pips:
    """How many of `pips` show each pip count, 1 to 6."""
    return tuple(pips.count(pip) for pip in PIPS)  # type: ignore[return-value]


def plus(a: Pips, b: Pips) -> Pips:
    return tuple(x + y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def minus(a: Pips, b: Pips) -> Pips:
    """`a` less `b`, never below zero (a miscounted deck can have entered more than it holds)."""
    return tuple(max(0, x - y) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Deck:
    composition: Pips
    """Every Action card in the game, by pip count; the sniper's fate (8.12) changes it."""
    left: int
    """Cards in the draw pile."""
    seen: Pips = NO_PIPS
    """Pips entered since the last shuffle: those cards are out of the draw pile."""
    hands: tuple[int, int] = (0, 0)
    held: tuple[int, ...] = ()
    """Pips drawn for the check in progress: on the table, not yet in the discard pile."""
    miscounts: int = 0
    """Pips entered with the override although the count said the deck could not hold them."""

    @classmethod
    def fresh(cls, composition: Pips) -> "Deck":
        return cls(composition=tuple(composition), left=sum(composition))  # type: ignore[arg-type]

    @property
    def size(self) -> int:
        return sum(self.composition)

    @property
    def unseen(self) -> Pips:
        """The cards that could be on top of the draw pile now, by pip count."""
        return minus(self.composition, self.seen)

    @property
    def discarded(self) -> int:
        """Cards in the discard pile by the count: the deck less the draw pile, the hands and the
        check's cards on the table."""
        return self.size - self.left - sum(self.hands) - len(self.held)

    @property
    def exhausted(self) -> bool:
        return self.left == 0

    def could_draw(self, pip: int) -> bool:
        """Whether the draw pile (or the new deck, once this one is out) can hold a `pip`."""
        pool = self.unseen if self.left else minus(self.composition, counts(self.held))
        return pool[pip - 1] > 0

    def draw(self, pip: int, forced: bool = False) -> "Deck":
        """The top card, its pips entered; shuffle first when the draw pile is out."""
        deck = self.reshuffled() if self.exhausted else self
        return replace(
            deck,
            left=deck.left - 1,
            seen=plus(deck.seen, counts((pip,))),
            held=(*deck.held, pip),
            miscounts=deck.miscounts + forced,
        )

    def discard_unseen(self, cards: int) -> "Deck":
        """Cards discarded from the draw pile unseen: one per die rolled with real dice (4.11)."""
        return replace(self, left=self.left - cards)

    def deal(self, side: int, cards: int) -> "Deck":
        hands = list(self.hands)
        hands[side - 1] += cards
        return replace(self, left=self.left - cards, hands=tuple(hands))  # type: ignore[arg-type]

    def play(self, side: int, cards: int = 1) -> "Deck":
        """Cards leave a hand for the discard pile (played, spent or discarded)."""
        hands = list(self.hands)
        hands[side - 1] -= cards
        return replace(self, hands=tuple(hands))  # type: ignore[arg-type]

    def settle(self) -> "Deck":
        """The check is resolved: its cards go to the discard pile (4.11)."""
        return replace(self, held=())

    def reshuffled(self) -> "Deck":
        """The discard pile becomes the new deck (4.12). Cards in hands and the cards of a check
        still pending stay out, and those drawn for it from the new deck are not shuffled back
        into it (4.13)."""
        return replace(
            self,
            left=self.size - sum(self.hands) - len(self.held),
            seen=counts(self.held),
        )

    def blank_added(self) -> "Deck":
        """The sniper left the game: a blank card with a 1-pip icon goes to the discard pile (8.12)."""
        return replace(
            self,
            composition=plus(self.composition, counts((1,))),
            seen=plus(self.seen, counts((1,))),
        )

    def card_removed(self, pip: int) -> "Deck":
        """A played card leaves the game for good (the sniper card, 8.12)."""
        return replace(self, composition=minus(self.composition, counts((pip,))))

    def corrected(self, pile: Pips) -> "Deck":
        """The draw pile as the players counted it, card by card: its cards are the unseen ones now.
        A pip count the pile holds more of than the deck was thought to means the deck has more.
        The hands and the check's cards stay as counted: `room_for` says whether the pile fits beside them."""
        composition: Pips = tuple(max(count, counted) for count, counted in zip(self.composition, pile, strict=True))  # type: ignore[assignment]
        return replace(self, composition=composition, left=sum(pile), seen=minus(composition, pile), miscounts=0)

    def room_for(self, pile: Pips) -> int:
        """How many cards a draw pile counted as `pile` may hold: the deck it leaves (`corrected`)
        less the cards in hands and on the table, which are out of the draw pile whatever their pips."""
        return self.corrected(pile).size - sum(self.hands) - len(self.held)

    def card_returned(self) -> "Deck":
        """A played card is shuffled back into the draw pile (the sniper on a 6, 8.12)."""
        return replace(self, left=self.left + 1)
