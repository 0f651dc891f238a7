"""Melee (7.10): dice counts from the modifier table and the rulebook's examples."""

from companion.games.point_blank.checks.base import Outcome
from companion.games.point_blank.checks.melee import Melee, melee_dice, overrun_dice, spread
from tests.point_blank.checks_helpers import said, squad


def test_two_ss_units_of_two_attack_with_four_dice_against_two():
    ss = (squad(1, "SS", firepower=2), squad(2, "SS", firepower=2))
    us = (squad(3, "Airborne", firepower=2),)
    assert melee_dice(ss, us, "clear") == (4, 2)


def test_a_firepower_one_unit_defends_with_two_dice_in_brush_and_three_in_woods():
    attackers = (squad(1, firepower=2),)
    defender = (squad(3, firepower=1),)
    assert melee_dice(attackers, defender, "degrading")[1] == 2
    assert melee_dice(attackers, defender, "blocking")[1] == 3


def test_a_defender_always_draws_at_least_one_card():
    assert melee_dice((squad(1, firepower=2),), (squad(3, firepower=0, shaken=1),), "clear")[1] == 1


def test_every_unit_takes_a_hit_before_any_takes_a_second():
    assert spread(3, 2) == [2, 1] and spread(1, 3) == [1, 0, 0]


def test_the_airborne_melee_example_scores_three_hits_to_one():
    """7.10.1.1: the US draws 3, 6, 4, 6 and the Germans 3, 6: 3 hits against 1."""
    airborne = (squad(1, "Airborne A", morale=7, firepower=2), squad(2, "Airborne B", morale=7, firepower=2))
    germans = (squad(3, "German A", firepower=1), squad(4, "German B", firepower=1))
    outcome = Melee(attackers=airborne, defenders=germans, attacker_dice=4, defender_dice=2).advance((3, 6, 4, 6, 3, 6))
    assert isinstance(outcome, Outcome)
    assert "attacker scores 3 hits, defender 1" in said(outcome)
    by_unit = {c.unit: c.changes for c in outcome.changes if "shaken" in c.changes}
    assert by_unit[3]["reduced"] is True and by_unit[4]["shaken"] == 1 and by_unit[1]["shaken"] == 1
    assert "defender retreats" in said(outcome)


def test_an_overrun_counts_mg_and_he_and_one_die_per_squad():
    defenders = (squad(3, firepower=2), squad(4, kind="half_squad", firepower=1), squad(5, kind="half_squad"))
    assert overrun_dice(2, 3, buttoned=False, attacker_shaken=False, defenders=defenders) == (5, 2)


def test_a_buttoned_afv_halves_its_machine_guns_rounding_up():
    assert overrun_dice(3, 2, buttoned=True, attacker_shaken=True, defenders=(squad(3),)) == (4, 2)


def test_a_melee_ends_with_one_change_per_unit_that_keeps_the_attackers_damage_and_lifts_every_in_melee():
    attackers = (squad(1, "A", firepower=2),)
    defenders = (squad(3, "D", firepower=2), squad(4, "E", firepower=1))
    outcome = Melee(attackers=attackers, defenders=defenders, attacker_dice=1, defender_dice=2).advance((1, 6, 5))
    assert isinstance(outcome, Outcome)
    assert sorted(c.unit for c in outcome.changes) == [1, 3, 4]
    by_unit = {c.unit: c.changes for c in outcome.changes}
    assert by_unit[1]["reduced"] is True, "two hits on the attacker: shaken, then reduced"
    assert all(changes["in_melee"] is False for changes in by_unit.values())
