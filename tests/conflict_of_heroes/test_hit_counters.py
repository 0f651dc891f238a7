"""Hit counter piles: drawing without replacement and what a counter says to its owner."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.conflict_of_heroes.hit_counters import HitCounter, available, draw
from companion.games.conflict_of_heroes.library import shipped

POOL = shipped().pools.foot


def test_the_suppressed_counter_raises_fire_cost_by_one_lowers_both_firepowers_by_two_and_rallies_on_7():
    suppressed = POOL["suppressed"]
    assert (suppressed.fire_cost, suppressed.red_fp, suppressed.blue_fp, suppressed.rally) == (1, -2, -2, 7)
    assert (suppressed.move_cost, suppressed.front_dr, suppressed.flank_dr) == (0, 0, 0)
    assert suppressed.effects() == "fire cost +1, red FP −2, blue FP −2, rally 7+"


def test_the_counters_the_rules_name_are_all_shipped_in_both_piles():
    names = {"Suppressed", "Pinned", "Stunned", "Panic", "Killed"}
    piles = shipped().pools
    assert {c.name for c in piles.foot.values()} == names
    assert {c.name for c in piles.vehicle.values()} == names
    assert POOL["killed"].killed and POOL["killed"].rally is None
    assert POOL["pinned"].no_move and POOL["stunned"].only_rally and POOL["panic"].shown_when_attacked


@settings(max_examples=100)
@given(counts=st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=5), seed=st.integers())
def test_drawing_until_the_pile_is_empty_draws_each_counter_exactly_as_often_as_it_exists(counts, seed):
    pool = {f"c{i}": HitCounter(name=f"C{i}", count=n, rally=7) for i, n in enumerate(counts)}
    rng = random.Random(seed)
    in_play: list[str] = []
    while (key := draw(pool, in_play, rng)) is not None:
        in_play.append(key)
    assert Counter(in_play) == Counter({key: c.count for key, c in pool.items() if c.count})
    assert not available(pool, in_play)


def test_a_counter_back_in_the_pile_can_be_drawn_again():
    pool = {"only": HitCounter(name="Only", count=1, rally=7)}
    assert draw(pool, ["only"], random.Random(1)) is None
    assert draw(pool, [], random.Random(1)) == "only"


def test_each_physical_counter_is_equally_likely_to_be_drawn():
    pool = {"three": HitCounter(name="Three", count=3, rally=7), "one": HitCounter(name="One", count=1, rally=7)}
    rng = random.Random(11)
    drawn = Counter(draw(pool, [], rng) for _ in range(4000))
    assert 0.70 < drawn["three"] / 4000 < 0.80
