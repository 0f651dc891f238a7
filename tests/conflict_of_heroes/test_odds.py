"""Exact odds per CAP spend, checked against every one of the 36 ways two dice fall."""

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.conflict_of_heroes import attack
from companion.games.conflict_of_heroes.odds import attack_odds_by_spend, chance_at_least, percent, rally_odds

FACES = list(product(range(1, 7), repeat=2))


def brute_force_hits(firepower: int, defence: int, caps: int, already_hit: bool) -> tuple[Fraction, Fraction]:
    """(hit, destroyed): two hits destroy an un-hit unit, any hit one with a hit counter (7.3)."""
    outcomes = [attack.hits(firepower + a + b + caps, defence) for a, b in FACES]
    destroying = 1 if already_hit else 2
    return Fraction(sum(h >= 1 for h in outcomes), 36), Fraction(sum(h >= destroying for h in outcomes), 36)


@settings(max_examples=200)
@given(firepower=st.integers(min_value=-4, max_value=12), defence=st.integers(min_value=5, max_value=22),
       already_hit=st.booleans())
def test_attack_odds_for_each_cap_spend_match_brute_force(firepower, defence, already_hit):
    for odds in attack_odds_by_spend(firepower, defence, range(-2, 3), already_hit):
        assert (odds.hit, odds.destroyed) == brute_force_hits(firepower, defence, odds.cap_modifier, already_hit)
        assert odds.miss == 1 - odds.hit


def test_figure_10_needs_a_9_to_hit_without_caps_and_a_7_with_two():
    without, _, two = attack_odds_by_spend(3, 12)
    assert without.hit == chance_at_least(9) == Fraction(10, 36)
    assert two.hit == chance_at_least(7) == Fraction(21, 36)


def test_rally_odds_match_brute_force_for_a_suppressed_unit_in_cover():
    for caps, chance in rally_odds(7, 1):
        assert chance == Fraction(sum(a + b + 1 + caps >= 7 for a, b in FACES), 36)
    assert rally_odds(7, 1)[0][1] == chance_at_least(6) == Fraction(26, 36)


def test_a_chance_that_is_neither_zero_nor_certain_never_reads_as_either():
    assert percent(Fraction(1, 36 * 36)) == "<1%"
    assert percent(Fraction(36 * 36 - 1, 36 * 36)) == ">99%"
    assert percent(Fraction(0)) == "0%"
    assert percent(Fraction(1)) == "100%"
    assert percent(Fraction(1, 2)) == "50%"
