"""Exact odds from the unseen cards, checked against brute-force enumeration of every order."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from companion.games.point_blank.deck import Deck
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
    expected: Counter[int] = Counter()
    for first in range(1, 7):
        for second in range(1, 7):
            if second != first:
                expected[first + second] += 1
    assert odds == {total: Fraction(count, 30) for total, count in sorted(expected.items())}


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
