"""Exact odds from the unseen cards, checked against brute-force enumeration of every order."""

from collections import Counter, defaultdict
from fractions import Fraction
from itertools import permutations, product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.games.point_blank import odds as odds_module
from companion.games.point_blank.deck import Deck, counts, minus
from companion.games.point_blank.odds import chance, melee_odds, total_odds


def brute_force_totals(cards: list[int], draws: int) -> dict[int, Fraction]:
    orders = list(permutations(range(len(cards)), draws))
    tally = Counter(sum(cards[i] for i in order) for order in orders)
    return {total: Fraction(n, len(orders)) for total, n in sorted(tally.items())}


def test_a_full_even_deck_gives_the_textbook_2d6_less_the_missing_pairs():
    deck = Deck.fresh((9, 9, 9, 9, 9, 9))
    odds = total_odds(deck, 2)
    assert odds[2] == Fraction(9 * 8, 54 * 53)
    assert sum(odds.values()) == 1


@pytest.mark.parametrize("seen", [(), (6,), (6, 6, 5), (1, 1, 2, 3)])
def test_2d6_odds_match_brute_force_over_the_unseen_cards(seen):
    deck = Deck.fresh((2, 2, 2, 1, 1, 2))
    for pip in seen:
        deck = deck.draw(pip)
    unseen = [pip for pip in range(1, 7) for _ in range(deck.unseen[pip - 1])]
    assert total_odds(deck.settle(), 2) == brute_force_totals(unseen, 2)


def test_dice_mode_odds_are_even_whatever_was_drawn():
    deck = Deck.fresh((1, 1, 1, 1, 1, 9)).draw(6)
    assert total_odds(deck, 1, dice=True) == {pip: Fraction(1, 6) for pip in range(1, 7)}


def test_a_2d6_across_the_last_card_reads_the_second_card_from_the_new_deck():
    deck = Deck.fresh((1, 1, 1, 1, 1, 1)).deal(1, 1).deal(2, 1)
    deck = deck.discard_unseen(3)  # one card left in the pile, four cards made up the old pile
    # The new deck holds everything except the hands and the card this check already holds.
    odds = total_odds(deck, 2)
    expected: dict[int, Fraction] = defaultdict(Fraction)
    for first in range(1, 7):
        for second in range(1, 7):
            if second != first:
                expected[first + second] += Fraction(1, 6) * Fraction(1, 5)
    assert odds == dict(sorted(expected.items()))


def test_the_chance_of_a_spot_counts_only_unseen_low_cards():
    deck = Deck.fresh((2, 2, 2, 2, 2, 2)).draw(1).draw(2).draw(3).settle()
    assert chance(deck, 1, lambda p: p[0] <= 3) == Fraction(3, 9)


@pytest.mark.parametrize(("attack", "defend", "a_on", "d_on", "left"), [
    (2, 2, 4, 4, 8), (3, 1, 3, 4, 8), (2, 3, 4, 5, 3), (3, 2, 4, 4, 2), (1, 3, 3, 5, 1),
])
def test_melee_odds_match_brute_force_including_across_a_shuffle(attack, defend, a_on, d_on, left):
    composition = (2, 1, 2, 2, 1, 2)
    deck = Deck.fresh(composition).draw(6).draw(4).settle()
    deck = deck.deal(1, 1)
    deck = deck.discard_unseen(deck.left - left)
    unseen = [p for p in range(1, 7) for _ in range(deck.unseen[p - 1])]
    new_deck = [p for p in range(1, 7) for _ in range(composition[p - 1])]
    exact = melee_odds(deck, attack, defend, a_on, d_on).as_fractions()
    brute = brute_force_melee_from_pool(unseen, left, new_deck, attack, defend, a_on, d_on)
    assert exact == brute


def brute_force_melee_from_pool(pool, left, new_deck, attack, defend, a_on, d_on):
    """The draw pile is any `left` of the unseen cards; draw from it, then from the new deck."""
    tally: Counter = Counter()
    needed = attack + defend
    first = min(needed, left)
    for order in permutations(range(len(pool)), first):
        drawn = [pool[i] for i in order]
        remaining = Counter(new_deck)
        remaining.subtract(drawn)
        after = list(remaining.elements())
        for more in permutations(range(len(after)), needed - first):
            cards = drawn + [after[i] for i in more]
            tally[(sum(p >= a_on for p in cards[:attack]), sum(p >= d_on for p in cards[attack:]))] += 1
    total = sum(tally.values())
    return {key: Fraction(n, total) for key, n in sorted(tally.items())}


def test_ties_in_melee_send_the_attacker_back():
    deck = Deck.fresh((0, 0, 0, 5, 0, 0))
    odds = melee_odds(deck, 1, 1)
    assert odds.attacker_retreats == 1 and odds.defender_retreats == 0


def card_by_card(deck, attack, defend, a_on, d_on):
    """Exact odds one card at a time over every pip value, the draw pile giving way to the new deck
    (every card but this melee's and the pending check's) after `deck.left` cards."""
    after = minus(deck.composition, counts(deck.held))
    left = deck.left or sum(after)
    states = {(deck.unseen if deck.left else after, 0, 0): 1}
    orders = 1
    for position in range(attack + defend):
        attacking = position < attack
        grown: Counter = Counter()
        for (pool, a, d), ways in states.items():
            if position == left:
                pool = minus(after, minus(deck.unseen, pool))
            for pip in range(1, 7):
                if pool[pip - 1]:
                    hit = pip >= (a_on if attacking else d_on)
                    key = minus(pool, counts((pip,))), a + (hit and attacking), d + (hit and not attacking)
                    grown[key] += ways * pool[pip - 1]
        orders *= sum(next(iter(grown))[0]) + 1
        states = grown
    tally: Counter = Counter()
    for (_, a, d), ways in states.items():
        tally[a, d] += ways
    return {key: Fraction(ways, orders) for key, ways in sorted(tally.items())}


@st.composite
def melees(draw):
    """A deck in any state its counts allow, and a melee it can hold."""
    composition = tuple(draw(st.integers(0, 4)) for _ in range(6))
    seen = tuple(draw(st.integers(0, n)) for n in composition)
    held = tuple(pip for pip in range(1, 7) for _ in range(draw(st.integers(0, seen[pip - 1]))))
    deck = Deck(composition=composition, left=0, seen=seen, held=held)
    deck = Deck(composition=composition, left=draw(st.integers(0, sum(deck.unseen))), seen=seen, held=held)
    cards = sum(minus(composition, counts(held)))
    attack = draw(st.integers(0, min(4, cards)))
    defend = draw(st.integers(0, min(4, cards - attack)))
    return deck, attack, defend, draw(st.integers(0, 8)), draw(st.integers(0, 8))


@settings(max_examples=300)
@given(melees())
def test_melee_odds_match_card_by_card_counting_in_any_deck_state(melee):
    deck, attack, defend, a_on, d_on = melee
    assume(attack + defend > 0)
    assert_the_same(melee_odds(deck, attack, defend, a_on, d_on), card_by_card(deck, attack, defend, a_on, d_on))


def assert_the_same(odds, exact):
    """The whole table, and the figures the screen shows from it."""
    assert odds.as_fractions() == exact
    assert odds.defender_retreats == sum((p for (a, d), p in exact.items() if a > d), Fraction(0))
    assert odds.attacker_retreats == sum((p for (a, d), p in exact.items() if d >= a), Fraction(0))
    assert odds.expected(0) == sum((a * p for (a, _), p in exact.items()), Fraction(0))
    assert odds.expected(1) == sum((d * p for (_, d), p in exact.items()), Fraction(0))


@pytest.mark.parametrize(("attack", "defend", "left", "a_on", "d_on"), [
    (5, 4, 3, 3, 5),  # the draw pile runs out inside the attacker's cards
    (3, 5, 5, 5, 2),  # inside the defender's
    (4, 4, 30, 2, 6),  # not at all
])
def test_a_melee_from_a_full_size_deck_with_three_bands_matches_card_by_card_counting(attack, defend, left, a_on, d_on):
    deck = Deck.fresh((9, 9, 9, 9, 9, 9)).deal(1, 5).deal(2, 5)
    for pip in (6, 6, 5, 1, 2, 3, 4, 6, 6, 6, 5, 5, 3, 3):
        deck = deck.draw(pip)
    deck = deck.settle().discard_unseen(deck.left - left)
    assert_the_same(melee_odds(deck, attack, defend, a_on, d_on), card_by_card(deck, attack, defend, a_on, d_on))


def test_melee_odds_with_real_dice_match_every_throw():
    throws: Counter[tuple[int, int]] = Counter()
    for faces in product(range(1, 7), repeat=5):
        throws[sum(p >= 3 for p in faces[:2]), sum(p >= 5 for p in faces[2:])] += 1
    odds = melee_odds(Deck.fresh((1, 1, 1, 1, 1, 1)), 2, 3, 3, 5, dice=True)
    assert_the_same(odds, {key: Fraction(n, 6**5) for key, n in sorted(throws.items())})


def test_the_same_deck_state_is_counted_once_and_then_read_from_the_cache():
    deck = Deck.fresh((9, 9, 9, 9, 9, 9)).deal(1, 5).deal(2, 5).draw(6).draw(1).settle().discard_unseen(30)
    before = odds_module._melee.cache_info()
    first = melee_odds(deck, 24, 25, 3, 4)
    again = melee_odds(deck.play(2), 24, 25, 3, 4)  # a card played from a hand: still unseen, same odds
    after = odds_module._melee.cache_info()
    assert again is first
    assert (after.misses - before.misses, after.hits - before.hits) == (1, 1)


def test_a_melee_needing_more_cards_than_the_deck_holds_has_no_odds():
    assert melee_odds(Deck.fresh((1, 1, 1, 1, 1, 1)), 4, 3).total == 0
