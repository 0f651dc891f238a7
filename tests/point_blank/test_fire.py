"""Infantry fire, the radio barrage and the sniper, with the rulebook's worked examples."""

from companion.games.point_blank.checks.base import Outcome, Step
from companion.games.point_blank.checks.fire import Barrage, InfantryFire, Sniper, defence_modifier, fire_group
from tests.point_blank.checks_helpers import afv, said, squad


def run(check, *pips):
    outcome = check.advance(pips)
    assert isinstance(outcome, Outcome), outcome
    return outcome


def changes_of(outcome, unit_id):
    return {k: v for c in outcome.changes if c.unit == unit_id for k, v in c.changes.items()}


def test_a_fire_group_of_two_and_two_ones_makes_three():
    """8.4: lead with a BAR, firepower 2, plus two units of 1: 2 + half of 2, rounded up = 3."""
    assert fire_group(2, (1, 1)) == 3


def test_a_wreck_on_brush_defends_at_two():
    """2.13: Brush has a defensive modifier of 1; a Wreck placed with it makes 2."""
    assert defence_modifier(1, wreck=True) == 2


def fire(**options):
    return InfantryFire(lead=squad(1, "lead"), lead_firepower=2, other_firepower=(1, 1),
                        targets=(squad(5, "target", morale=6),), **options)


def test_an_attack_that_beats_the_defence_makes_a_damage_check_with_the_difference():
    # attack 3 + 4 = 7 against defence 2 + 1 (brush) = 3: damage check 4 + 4 = 8 > 6: shaken
    outcome = run(fire(defence=1), 4, 2, 4)
    assert changes_of(outcome, 5)["shaken"] == 1 and "damage checks +4" in said(outcome)


def test_an_attack_equal_to_the_defence_misses():
    outcome = run(fire(defence=2), 2, 3)
    assert not outcome.changes and "no effect" in said(outcome)


def test_a_natural_six_checks_the_lead_unit_for_ammunition_before_the_defence():
    check = fire(defence=2)
    step = check.advance((6,))
    assert isinstance(step, Step) and "ammo" in step.prompt
    outcome = run(check, 6, 6, 6, 1, 2)
    assert changes_of(outcome, 1)["spent"] is True


def test_a_damage_check_of_one_may_create_a_hero():
    check = InfantryFire(lead=squad(1), lead_firepower=4, targets=(squad(5, morale=6),))
    step = check.advance((6, 1, 1, 1))  # attack 10 (ammo check 1) vs defence 1: damage 1 + 9
    assert isinstance(step, Step) and "hero" in step.prompt
    outcome = run(check, 6, 1, 1, 1, 5)
    assert changes_of(outcome, 5)["hero"] is True


def test_a_support_weapon_on_a_natural_one_may_break_down():
    check = InfantryFire(lead=squad(1), lead_firepower=3, targets=(squad(5),), support_weapon=True)
    outcome = run(check, 1, 6, 2)
    assert changes_of(outcome, 1)["weapon_broken"] is True


def test_a_flamethrower_alone_ignores_terrain_and_may_run_out_of_fuel():
    check = InfantryFire(lead=squad(1), lead_firepower=2, targets=(squad(5, morale=7),), defence=4,
                         flamethrower=True, flamethrower_only=True, blaze=True, sector="B2")
    outcome = run(check, 3, 2, 4, 5)  # 5 vs 2 (no terrain): damage 4+3=7 holds: no blaze check; fuel 5
    assert changes_of(outcome, 1)["flamethrower"] is False
    assert not outcome.markers


def test_the_radio_barrage_example_reads_five_with_the_leader_and_fires_six():
    """7.17.2: a 4 with a +1 leader makes 5, and the radio's 5+ gives a 6 firepower attack."""
    check = Barrage(radio=squad(1, "radio squad"), strengths=((4, 4), (5, 6)), leadership=1,
                    targets=(squad(5, morale=6),))
    step = check.advance((4,))
    assert isinstance(step, Step) and "+6" in step.prompt


def test_the_barrage_on_a_pz_iiij_adds_its_flank_armour_and_needs_a_plus_one_damage_check():
    """7.17.2.1: 3 + HE 4 = 7 against 5 + flank armour 1 = 6: a +1 damage check."""
    check = Barrage(radio=squad(1), strengths=((4, 4),), targets=(afv(),))
    step = check.advance((4, 3, 5))
    assert isinstance(step, Step) and "+1" in step.prompt
    outcome = run(check, 4, 3, 5, 6)  # 6 + 1 = 7, morale 7: holds
    assert "damage checks +1" in said(outcome) and changes_of(outcome, 9)["shaken"] == 0


def test_the_sniper_fires_with_two_cards_then_draws_for_its_fate():
    check = Sniper(target=squad(5, morale=6), card_pips=3)
    outcome = run(check, 6, 5, 1, 3, 6)  # 11 vs 1: damage 3 + 10 = 13 > 12: shaken and reduced; fate 6
    assert changes_of(outcome, 5)["reduced"] is True and outcome.sniper_fate == "shuffled"


def test_a_blaze_weapon_that_shakes_its_target_checks_for_a_blaze():
    check = InfantryFire(lead=squad(1), lead_firepower=3, targets=(squad(5, morale=6),), blaze=True, sector="B2")
    outcome = run(check, 4, 1, 3, 4)  # 7 vs 1: damage 3 + 6 = 9 > 6: shaken; blaze 4
    assert outcome.markers[0].marker == "blaze" and "morale check" in said(outcome)


def test_a_negative_defence_reads_with_a_minus_sign_never_plus_minus():
    """A target in a Marsh (−2) against the sniper: the defence d6 says `−2`, as a modifier is printed."""
    step = Sniper(target=squad(5, morale=6), defence=-2, card_pips=None).advance((6, 5))
    assert isinstance(step, Step) and step.prompt.startswith("defence d6 (−2): 13 or more holds"), step.prompt
    attack = InfantryFire(lead=squad(1), lead_firepower=3, modifier=-1, targets=(squad(5),)).advance(())
    assert isinstance(attack, Step) and attack.prompt == "attack d6 (firepower 3−1)"
