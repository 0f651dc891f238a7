"""Exact chances of the next d6 / 2d6 check and of a melee, for the cards not yet seen.

Cards are drawn without replacement, so the chances change with every card: they are counted
exactly (integers, then one `Fraction`), never estimated. When a check needs more cards than
the draw pile holds, the rest come from the new deck, which holds every card except those in
hands and those of the pending check (4.13); cards in hands are unseen, so they count.
With real dice (4.11) each die is an even 1 in 6.
"""

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod

from companion.games.point_blank.deck import PIPS, Deck, Pips, counts, minus

FAIR: Pips = (1, 1, 1, 1, 1, 1)


def draw_sequences(deck: Deck, cards: int, dice: bool = False) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every sequence of the next `cards` pips with its exact chance."""
    if dice:
        for pips, chance in _sequences(FAIR, 10**9, FAIR, cards, replace=True):
            yield pips, chance
        return
    after = minus(deck.composition, counts(deck.held))
    yield from _sequences(deck.unseen if deck.left else after, deck.left or 10**9, after, cards, replace=False)


def _sequences(pool: Pips, left: int, after: Pips, cards: int, replace: bool):
    if cards == 0:
        yield (), Fraction(1)
        return
    total = sum(pool)
    for pip in PIPS:
        weight = pool[pip - 1]
        if not weight:
            continue
        chance = Fraction(weight, total)
        if replace:
            rest_pool, rest_left, rest_after = pool, left, after
        else:
            rest_after = minus(after, counts((pip,)))
            rest_pool, rest_left = minus(pool, counts((pip,))), left - 1
            if rest_left == 0:
                rest_pool, rest_left = rest_after, 10**9
        for more, more_chance in _sequences(rest_pool, rest_left, rest_after, cards - 1, replace):
            yield (pip, *more), chance * more_chance


def total_odds(deck: Deck, cards: int, dice: bool = False) -> dict[int, Fraction]:
    """The chance of each total of the next `cards` pips (1 for d6, 2 for 2d6)."""
    odds: dict[int, Fraction] = defaultdict(Fraction)
    for pips, chance in draw_sequences(deck, cards, dice):
        odds[sum(pips)] += chance
    return dict(sorted(odds.items()))


def chance(deck: Deck, cards: int, succeeds: Callable[[tuple[int, ...]], bool], dice: bool = False) -> Fraction:
    """The chance that the next `cards` pips make `succeeds` true."""
    return sum((c for pips, c in draw_sequences(deck, cards, dice) if succeeds(pips)), Fraction(0))


@dataclass(frozen=True)
class MeleeOdds:
    """The joint chances of (attacker hits, defender hits) in a melee (7.10)."""

    ways: dict[tuple[int, int], int]
    total: int

    def p(self, test: Callable[[int, int], bool]) -> Fraction:
        return Fraction(sum(w for (a, d), w in self.ways.items() if test(a, d)), self.total)

    @property
    def attacker_retreats(self) -> Fraction:
        """The attacker suffers at least as many hits as it scores: ties go to the defender (7.10.1.2)."""
        return self.p(lambda a, d: d >= a)

    @property
    def defender_retreats(self) -> Fraction:
        return self.p(lambda a, d: a > d)

    def expected(self, side: int) -> Fraction:
        return Fraction(sum(w * key[side] for key, w in self.ways.items()), self.total)

    def as_fractions(self) -> dict[tuple[int, int], Fraction]:
        return {key: Fraction(w, self.total) for key, w in sorted(self.ways.items())}


def melee_odds(
    deck: Deck, attacker_dice: int, defender_dice: int, attacker_hits_on: int = 4, defender_hits_on: int = 4,
    dice: bool = False,
) -> MeleeOdds:
    """Attacker's cards first, then the defender's; a card hits at `hits_on` pips or more (7.10)."""
    cuts = sorted({1, min(max(attacker_hits_on, 1), 7), min(max(defender_hits_on, 1), 7), 7})
    bands = [(low, high) for low, high in zip(cuts, cuts[1:]) if low < high]

    def banded(pool: Pips) -> tuple[int, ...]:
        return tuple(sum(pool[p - 1] for p in range(low, high)) for low, high in bands)

    hits = tuple(
        frozenset(i for i, (low, _) in enumerate(bands) if low >= threshold)
        for threshold in (attacker_hits_on, defender_hits_on)
    )
    if dice:
        fair = banded(FAIR)
        return _dice_melee(fair, attacker_dice, defender_dice, hits)
    after = banded(minus(deck.composition, counts(deck.held)))
    start = banded(deck.unseen) if deck.left else after
    left = deck.left or sum(after)
    blocks: list[tuple[int, int]] = []
    for side, cards in ((0, attacker_dice), (1, defender_dice)):
        if cards and left < cards:
            # The draw pile runs out inside this side's cards: the rest come from the new deck.
            blocks += [(side, left)] * (left > 0) + [(-1, 0), (side, cards - left)]
            left = 10**9
        elif cards:
            blocks.append((side, cards))
            left -= cards
    return _melee(start, after, tuple(blocks), hits)


def _melee(start: tuple[int, ...], after: tuple[int, ...], blocks, hits) -> MeleeOdds:
    """A forward pass over the blocks of cards; states that drew the same cards are merged."""
    states: dict[tuple[tuple[int, ...], int, int], int] = {(tuple(0 for _ in start), 0, 0): 1}
    base, total, size = start, 1, sum(start)
    last = max(i for i, (side, _) in enumerate(blocks) if side >= 0)
    result: dict[tuple[int, int], int] = defaultdict(int)
    for index, (side, cards) in enumerate(blocks):
        if side < 0:
            size, base = sum(after) - (sum(start) - size), after
            continue
        total *= comb(size, cards)
        size -= cards
        grown: dict[tuple[tuple[int, ...], int, int], int] = defaultdict(int)
        for (drawn, a, d), weight in states.items():
            pool = tuple(b - x for b, x in zip(base, drawn))
            if index == last:
                hit_pool = sum(pool[i] for i in hits[side])
                miss_pool = sum(pool) - hit_pool
                for k in range(max(0, cards - miss_pool), min(cards, hit_pool) + 1):
                    key = (a + k, d) if side == 0 else (a, d + k)
                    result[key] += weight * comb(hit_pool, k) * comb(miss_pool, cards - k)
                continue
            for split in _splits(cards, pool):
                way = prod(map(comb, pool, split))
                scored = sum(split[i] for i in hits[side])
                moved = tuple(map(int.__add__, drawn, split))
                grown[(moved, a + scored, d) if side == 0 else (moved, a, d + scored)] += weight * way
        states = grown
    return MeleeOdds(dict(result), total)


def _splits(cards: int, pool: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to take `cards` from bands holding `pool`, as counts per band."""
    if len(pool) == 1:
        if cards <= pool[0]:
            yield (cards,)
        return
    rest = sum(pool[1:])
    for k in range(max(0, cards - rest), min(cards, pool[0]) + 1):
        for tail in _splits(cards - k, pool[1:]):
            yield (k, *tail)


def _dice_melee(fair: tuple[int, ...], attacker: int, defender: int, hits) -> MeleeOdds:
    """Real dice: independent throws, each band `fair[i]` faces out of 6."""
    def one_side(dice: int, scoring: frozenset[int]) -> dict[int, int]:
        hit = sum(fair[i] for i in scoring)
        return {k: comb(dice, k) * hit**k * (6 - hit) ** (dice - k) for k in range(dice + 1)}

    a, d = one_side(attacker, hits[0]), one_side(defender, hits[1])
    return MeleeOdds({(i, j): wa * wd for i, wa in a.items() for j, wd in d.items()}, 6 ** (attacker + defender))
