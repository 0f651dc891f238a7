"""Exact chances of the next d6 / 2d6 check and of a melee, for the cards not yet seen.

Cards are drawn without replacement, so the chances change with every card: they are counted
exactly (integers, then one `Fraction`), never estimated. When a check needs more cards than
the draw pile holds, the rest come from the new deck, which holds every card except those in
hands and those of the pending check (4.13); cards in hands are unseen, so they count.
With real dice (4.11) each die is an even 1 in 6.

A melee is counted by bands, not card by card: the two hit thresholds cut the pips into three
bands, and only how many cards each side takes from each band matters. The attacker's ways are
products of binomials by band (through a shuffle, one convolution: see `_two_piles`); the
defender's hits depend only on how many of its hitting cards the attacker took, so each number of
attacker hits is one row of counts packed into one integer. Integers throughout, a `Fraction` at
the end; each state's odds are cached, so a redraw never counts them again.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from math import comb, factorial, perm
from operator import mul

from companion.games.point_blank.deck import PIPS, Deck, Pips, counts, minus

FAIR: Pips = (1, 1, 1, 1, 1, 1)


def draw_sequences(deck: Deck, cards: int, dice: bool = False) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every sequence of the next `cards` pips with its exact chance."""
    if dice:
        yield from _sequences(FAIR, 10**9, FAIR, cards, replace=True)
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
    """The joint chances of (attacker hits, defender hits) in a melee (7.10), as exact counts of
    ways out of `total`. Each row, one per number of attacker hits, packs the ways of 0 to
    `defender` defender hits into one integer, `width` bytes a slot: wide enough for `total` times
    the most hits, so sums over slots never carry into the next one."""

    rows: Mapping[int, int]
    defender: int
    width: int
    total: int

    @cached_property
    def ways(self) -> dict[tuple[int, int], int]:
        return {(a, d): w for a, row in sorted(self.rows.items())
                for d, w in enumerate(_unpacked(row, self.defender + 1, self.width)) if w}

    def p(self, test: Callable[[int, int], bool]) -> Fraction:
        return Fraction(sum(w for (a, d), w in self.ways.items() if test(a, d)), self.total)

    @cached_property
    def defender_retreats(self) -> Fraction:
        """The attacker scores more hits than it suffers (7.10.1.2)."""
        below = sum(row & ((1 << 8 * self.width * a) - 1) for a, row in self.rows.items())
        return Fraction(self._slot_sum(below), self.total)

    @cached_property
    def attacker_retreats(self) -> Fraction:
        """The attacker suffers at least as many hits as it scores: ties go to the defender (7.10.1.2)."""
        return 1 - self.defender_retreats

    @cached_property
    def expected_hits(self) -> tuple[Fraction, Fraction]:
        """(attacker's, defender's) expected hits."""
        scored = self._slot_sum(sum(a * row for a, row in self.rows.items()))
        columns = _unpacked(sum(self.rows.values()), self.defender + 1, self.width)
        return Fraction(scored, self.total), Fraction(sum(d * w for d, w in enumerate(columns)), self.total)

    def expected(self, side: int) -> Fraction:
        return self.expected_hits[side]

    def as_fractions(self) -> dict[tuple[int, int], Fraction]:
        return {key: Fraction(w, self.total) for key, w in sorted(self.ways.items())}

    def _slot_sum(self, packed: int) -> int:
        """The sum of the slots of `packed` (smaller than a slot can hold): casting out 2 ** (8 * width) - 1,
        as casting out nines sums decimal digits."""
        return packed % ((1 << 8 * self.width) - 1)


Bands = tuple[int, int, int]
"""Cards by band: pips below both thresholds, hitting only for the lower threshold, hitting for both."""


def melee_odds(
    deck: Deck, attacker_dice: int, defender_dice: int, attacker_hits_on: int = 4, defender_hits_on: int = 4,
    dice: bool = False,
) -> MeleeOdds:
    """Attacker's cards first, then the defender's; a card hits at `hits_on` pips or more (7.10)."""
    attacker_on, defender_on = min(max(attacker_hits_on, 1), 7), min(max(defender_hits_on, 1), 7)
    low, high = sorted((attacker_on, defender_on))

    def banded(pool: Pips) -> Bands:
        return sum(pool[: low - 1]), sum(pool[low - 1 : high - 1]), sum(pool[high - 1 :])

    attacker_hits_middle = attacker_on <= defender_on
    if dice:
        return _dice_melee(banded(FAIR), attacker_dice, defender_dice, attacker_hits_middle)
    after = banded(minus(deck.composition, counts(deck.held)))
    start = banded(deck.unseen) if deck.left else after
    return _melee(start, after, deck.left or sum(after), attacker_dice, defender_dice, attacker_hits_middle)


@lru_cache(maxsize=64)
def _melee(start: Bands, after: Bands, left: int, attacker: int, defender: int,
           attacker_hits_middle: bool) -> MeleeOdds:
    """The first `left` cards come from `start` (the unseen cards); the rest, if any, from the new
    deck: `after` less the cards drawn from the old pile. Ways are counted as sets of cards for each
    side from each pile, so the total is a product of binomials."""
    attacker_old = min(attacker, left)
    defender_old = min(defender, left - attacker_old)
    attacker_new, defender_new = attacker - attacker_old, defender - defender_old
    fresh = sum(after) - left
    total = (_choose(sum(start), attacker_old) * _choose(sum(start) - attacker_old, defender_old)
             * _choose(fresh, attacker_new) * _choose(fresh - attacker_new, defender_new))
    if not total:
        return MeleeOdds({}, defender, 1, 0)  # the new deck is short of cards too
    taken = _two_piles(start, after, attacker_old, attacker_new) if attacker_new else _one_pile(start, attacker)
    width = _width(total * (max(attacker, defender) + 1))

    def scoring(pool: Bands) -> tuple[int, int]:
        """(cards that hit for the defender, cards that miss for it)."""
        hit = pool[2] if attacker_hits_middle else pool[1] + pool[2]
        return hit, sum(pool) - hit

    # The defender's hits depend only on how many of its hitting cards the attacker took.
    if attacker_new or not defender_new:
        hit, miss = scoring(after if attacker_new else start)

        def defence(took: int) -> int:
            return _hypergeometric(hit - took, miss - attacker + took, defender, width)
    else:
        hit, miss = scoring(start)
        fresh_hit, fresh_miss = scoring(after)
        step = 8 * width

        @cache
        def newer(took: int) -> int:
            return _hypergeometric(fresh_hit - took, fresh_miss - left + took, defender_new, width)

        def defence(took: int) -> int:
            """The defender's old cards, then its new ones: the new deck lacks every card drawn."""
            row = 0
            old_hit, old_miss = _row(hit - took), _row(miss - attacker + took)
            for first in range(max(0, defender_old - len(old_miss) + 1), min(defender_old, len(old_hit) - 1) + 1):
                row += old_hit[first] * old_miss[defender_old - first] * newer(took + first) << step * first
            return row

    rows: dict[int, int] = defaultdict(int)
    defences: dict[int, int] = {}
    for (_, middle, high), ways in taken.items():
        scored, took = (middle + high, high) if attacker_hits_middle else (high, middle + high)
        if took not in defences:
            defences[took] = defence(took)
        rows[scored] += ways * defences[took]
    return MeleeOdds(rows, defender, width, total)


@cache
def _row(n: int) -> tuple[int, ...]:
    """C(n, k) for k = 0..n (nothing for a negative count): a lazily built Pascal's triangle."""
    return tuple(comb(n, k) for k in range(n + 1))


@cache
def _falling(n: int) -> tuple[int, ...]:
    """n! / (n - k)! for k = 0..n."""
    return tuple(perm(n, k) for k in range(n + 1))


def _choose(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _width(most: int) -> int:
    """Bytes a slot needs to hold counts up to `most` with a bit to spare."""
    return most.bit_length() // 8 + 1


def _packed(values: Iterable[int], width: int) -> int:
    """`values` in slots of `width` bytes, the first lowest, as one integer."""
    return int.from_bytes(b"".join(value.to_bytes(width, "little") for value in values), "little")


def _unpacked(packed: int, slots: int, width: int) -> list[int]:
    raw = packed.to_bytes(slots * width, "little")
    return [int.from_bytes(raw[i : i + width], "little") for i in range(0, len(raw), width)]


def _hypergeometric(hit: int, miss: int, cards: int, width: int) -> int:
    """C(hit, d) C(miss, cards - d) for d = 0..cards, packed `width` bytes apiece."""
    low, high = max(0, cards - miss), min(cards, hit)
    if low > high:
        return 0
    hits, misses = _row(hit)[low : high + 1], _row(miss)[cards - high : cards - low + 1]
    return _packed(map(mul, hits, reversed(misses)), width) << 8 * width * low


def _one_pile(pool: Bands, cards: int) -> dict[Bands, int]:
    """The ways to take `cards` from `pool`, by how many come from each band."""
    low, middle, high = _row(pool[0]), _row(pool[1]), _row(pool[2])
    taken = {}
    for first in range(max(0, cards - pool[1] - pool[2]), min(cards, pool[0]) + 1):
        rest = cards - first
        for last in range(max(0, rest - pool[1]), min(rest, pool[2]) + 1):
            taken[first, rest - last, last] = low[first] * middle[rest - last] * high[last]
    return taken


def _two_piles(old: Bands, new: Bands, from_old: int, from_new: int) -> dict[Bands, int]:
    """The ways to take all `from_old` cards from `old`, then `from_new` from `new` less those cards,
    by how many of all the cards come from each band.

    Per band, C(old, x) C(new - x, s - x) = new! / (new - s)! * C(new - x, spare) / (x! (s - x)! C(new, old))
    with spare = new - old, so the sum over every split x of the cards between the piles is a
    convolution with a multinomial: the first pile's counts, packed as a polynomial in two bands
    (the third implied), times (1 + u + v) ** from_new, done as shifts and additions."""
    cards = from_old + from_new
    radix = cards + 1  # a composition (a, b, c) sits at slot a + c * radix, b being implied
    spare = tuple(n - o for n, o in zip(new, old, strict=True))
    first: dict[int, int] = {}
    for a in range(min(from_old, old[0]) + 1):
        rest = from_old - a
        ways_a = _row(from_old)[a] * _row(new[0] - a)[spare[0]]
        for c in range(max(0, rest - old[1]), min(rest, old[2]) + 1):
            ways_c = _row(rest)[c] * _row(new[2] - c)[spare[2]]
            first[a + c * radix] = ways_a * ways_c * _row(new[1] - rest + c)[spare[1]]
    width = _width(sum(first.values()) * 3**from_new)
    step = 8 * width
    buffer = bytearray((max(first, default=0) + 1) * width)
    for slot, ways in first.items():
        buffer[slot * width : (slot + 1) * width] = ways.to_bytes(width, "little")
    packed = int.from_bytes(buffer, "little")
    for _ in range(from_new):
        packed += (packed << step) + (packed << step * radix)
    raw = packed.to_bytes(radix * radix * width, "little")
    falling = _falling(new[0]), _falling(new[1]), _falling(new[2])
    divisor = factorial(from_old) * factorial(from_new) * _row(new[0])[spare[0]] * _row(new[1])[spare[1]] * _row(
        new[2])[spare[2]]
    taken = {}
    for a in range(min(cards, new[0]) + 1):
        rest, scale = cards - a, falling[0][a]
        for c in range(max(0, rest - new[1]), min(rest, new[2]) + 1):
            index = (a + c * radix) * width
            if z := int.from_bytes(raw[index : index + width], "little"):
                taken[a, rest - c, c] = z * scale * falling[1][rest - c] * falling[2][c] // divisor
    return taken


@lru_cache(maxsize=32)
def _dice_melee(fair: Bands, attacker: int, defender: int, attacker_hits_middle: bool) -> MeleeOdds:
    """Real dice: independent throws, each band `fair[i]` faces out of 6."""
    def one_side(dice: int, faces: int) -> list[int]:
        return [comb(dice, k) * faces**k * (6 - faces) ** (dice - k) for k in range(dice + 1)]

    broad, narrow = fair[1] + fair[2], fair[2]
    scored = one_side(attacker, broad if attacker_hits_middle else narrow)
    suffered = one_side(defender, narrow if attacker_hits_middle else broad)
    total = 6 ** (attacker + defender)
    width = _width(total * (max(attacker, defender) + 1))
    packed = _packed(suffered, width)
    return MeleeOdds({a: ways * packed for a, ways in enumerate(scored) if ways}, defender, width, total)
