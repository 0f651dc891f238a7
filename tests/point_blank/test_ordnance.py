"""Ordnance: range bands (3.2), the 2d6 To-Hit, penetration against armour and HE against infantry (8.4)."""

from companion.games.point_blank.checks.base import Outcome
from companion.games.point_blank.checks.ordnance import Ordnance, band, distance
from tests.point_blank.checks_helpers import afv, said, squad


def test_range_counts_sectors_across_the_centre_and_two_per_area():
    assert distance("A", 1, 1, "A", 2, 1) == 1
    assert distance("A", 1, 1, "A", 1, 2) == 2
    assert distance("A", 0, 1, "B", 0, 1) == 2


def test_the_m10_at_a4_firing_at_c4_on_the_far_side_uses_the_white_band():
    assert band(distance("A", 4, 1, "C", 4, 2)) == "white"


def test_three_sectors_is_medium_range():
    assert band(3) == "yellow" and band(2) == "red" and band(6) == "white"


def test_seven_or_less_on_2d6_hits_and_a_higher_penetration_destroys():
    check = Ordnance(firer=afv(1, "M10"), to_hit=7, penetration=3, armour=1, targets=(afv(),), sector="C2")
    outcome = check.advance((3, 4, 4, 5))  # hit on 7; 4 + 3 = 7 vs 5 + 1 = 6
    assert isinstance(outcome, Outcome) and outcome.changes[0].changes == {"eliminated": True}
    assert outcome.markers[0].marker == "wreck"


def test_a_to_hit_over_the_number_misses():
    check = Ordnance(firer=afv(1, "M10"), to_hit=7, modifier=1, targets=(afv(),))
    outcome = check.advance((3, 4))
    assert isinstance(outcome, Outcome) and "miss" in said(outcome)


def test_he_against_infantry_makes_damage_checks():
    check = Ordnance(firer=afv(1, "M10"), to_hit=8, high_explosive=3, against_armour=False,
                     targets=(squad(5, morale=6),))
    outcome = check.advance((2, 2, 4, 2, 3))  # 7 vs 2: damage 3 + 5 = 8 > 6
    assert isinstance(outcome, Outcome) and outcome.changes[0].changes["shaken"] == 1
