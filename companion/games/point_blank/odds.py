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
from functools import lru_cache
from math import comb

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
    """A forward pass over the blocks of cards; states that drew the same cards and scored the
    same hits are merged. A state is one integer (cards drawn per band, attacker and defender
    hits in bit fields) so that taking a block of cards is one addition."""
    bands = len(start)
    shift = 8  # no melee draws 256 cards
    hit_shift = [shift * bands, shift * (bands + 1)]

    def decode(code: int) -> tuple[int, ...]:
        return tuple((code >> (shift * i)) & 0xFF for i in range(bands))

    states: dict[int, int] = {0: 1}
    base, total, size = start, 1, sum(start)
    last = max(i for i, (side, _) in enumerate(blocks) if side >= 0)
    result: dict[tuple[int, int], int] = defaultdict(int)
    for index, (side, cards) in enumerate(blocks):
        if side < 0:
            size, base = sum(after) - (sum(start) - size), after
            continue
        total *= comb(size, cards)
        size -= cards
        if index == last:
            # The last block only asks how many of the cards left would hit: merge states on that.
            merged: dict[tuple[int, int, int, int], int] = defaultdict(int)
            for key, weight in states.items():
                pool = tuple(b - x for b, x in zip(base, decode(key)))
                hit_pool = sum(pool[i] for i in hits[side])
                a, d = (key >> hit_shift[0]) & 0xFF, (key >> hit_shift[1]) & 0xFF
                merged[(hit_pool, sum(pool) - hit_pool, a, d)] += weight
            for (hit_pool, miss_pool, a, d), weight in merged.items():
                hits_row, miss_row = PASCAL[hit_pool], PASCAL[miss_pool]
                for k in range(max(0, cards - miss_pool), min(cards, hit_pool) + 1):
                    result[(a + k, d) if side == 0 else (a, d + k)] += weight * hits_row[k] * miss_row[cards - k]
            break
        grown: dict[int, int] = defaultdict(int)
        for key, weight in states.items():
            pool = tuple(b - x for b, x in zip(base, decode(key)))
            for step, way in _steps(cards, pool, hits[side], hit_shift[side], shift):
                grown[key + step] += weight * way
        states = grown
    return MeleeOdds(dict(result), total)


def _pascal(rows: int) -> list[list[int]]:
    table = [[1]]
    for _ in range(1, rows):
        above = table[-1]
        table.append([1, *(x + y for x, y in zip(above, above[1:])), 1])
    return table


PASCAL = _pascal(256)
"""Binomial coefficients C(n, k) as PASCAL[n][k]: looked up, not computed, in the inner loops."""


@lru_cache(maxsize=4096)
def _steps(
    cards: int, pool: tuple[int, ...], scoring: frozenset[int], hit_shift: int, shift: int
) -> list[tuple[int, int]]:
    """Every way to take `cards` from the bands of `pool`: (the state's increment, the number of ways).
    Each band's unit increment (one card drawn from it, and a hit if it scores) is added k times."""
    unit = [(1 << (shift * band)) + ((1 << hit_shift) if band in scoring else 0) for band in range(len(pool))]
    partial: list[tuple[int, int, int]] = [(cards, 0, 1)]  # (cards still to take, increment, ways)
    for band in range(len(pool) - 1):
        size, row, step, rest = pool[band], PASCAL[pool[band]], unit[band], sum(pool[band + 1:])
        partial = [
            (left - k, increment + k * step, ways * row[k])
            for left, increment, ways in partial
            for k in range(max(0, left - rest), min(left, size) + 1)
        ]
    size, row, step = pool[-1], PASCAL[pool[-1]], unit[-1]
    return [(increment + left * step, ways * row[left]) for left, increment, ways in partial if left <= size]


def _dice_melee(fair: tuple[int, ...], attacker: int, defender: int, hits) -> MeleeOdds:
    """Real dice: independent throws, each band `fair[i]` faces out of 6."""
    def one_side(dice: int, scoring: frozenset[int]) -> dict[int, int]:
        hit = sum(fair[i] for i in scoring)
        return {k: comb(dice, k) * hit**k * (6 - hit) ** (dice - k) for k in range(dice + 1)}

    a, d = one_side(attacker, hits[0]), one_side(defender, hits[1])
    return MeleeOdds({(i, j): wa * wd for i, wa in a.items() for j, wd in d.items()}, 6 ** (attacker + defender))
