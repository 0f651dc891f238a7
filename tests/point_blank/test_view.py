"""What the screen says: the situation, the deck, the odds and the check in progress."""

import random
from datetime import UTC, datetime

from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.checks.base import Snapshot
from companion.games.point_blank.checks.battlefield import Spotting
from companion.games.point_blank.checks.fire import InfantryFire
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.rules import AddUnit, EndImpulse, Order, PointBlankRules, SetUpGame, StartCheck
from companion.games.point_blank.view import check_lines, checklist_lines, deck_lines, odds_lines, situation
from companion.journal.events import Record


def played(*commands):
    rules = PointBlankRules(random.Random(0))
    state = rules.initial()
    for command in commands:
        for event in rules.decide(state, command):
            state = rules.evolve(state, Record(0, datetime.now(UTC), event), False)
    return state


def test_before_setup_the_screen_asks_for_the_deck():
    assert "Confirm the deck" in situation(played())
    assert odds_lines(played()) == []


def test_the_deck_lines_count_cards_left_hands_and_unseen_pips():
    state = played(SetUpGame(cards_per_pip=(2, 2, 2, 2, 2, 2)))
    assert deck_lines(state)[0].startswith("2 of 12 cards left · hands 5 / 5")
    assert odds_lines(state)[0] == "next d6   1:17%  2:17%  3:17%  4:17%  5:17%  6:17%"


def test_a_check_shows_its_step_and_the_chance_of_the_named_result():
    state = played(
        SetUpGame(cards_per_pip=(1, 1, 1, 3, 3, 3)),
        AddUnit(template=UnitTemplate(name="squad", kind="full_squad", morale=6), side=2, terrain="brush"),
        StartCheck(check=Spotting(los="degrading", targets=(1,))),
    )
    lines = check_lines(state)
    assert lines[1] == "draw 1 card: spotting d6 (+0; 3 or less spots)"
    assert lines[2] == "chance of that: 25%"


def test_the_checklist_always_carries_the_upkeep_steps_in_the_rulebooks_order():
    lines = checklist_lines(played(SetUpGame(cards_per_pip=(2, 2, 2, 2, 2, 2))))
    assert lines[0] == "Upkeep for side 1 (6.1):" and "6.1.1" in lines[1] and "6.1.7" in lines[-1]


def test_before_a_fire_attack_the_chance_of_beating_the_defence_is_shown():
    squad = Snapshot(id=1, name="squad", kind="full_squad", morale=6)
    state = played(SetUpGame(cards_per_pip=(2, 2, 2, 2, 2, 2)),
                   StartCheck(check=InfantryFire(lead=squad, lead_firepower=0, targets=(squad,))))
    # The attack card must beat the defence card: half of the pairs that differ, (1 - 1/11) / 2 = 5/11.
    assert "chance the attack beats the defence: 45%" in check_lines(state)


def test_a_melee_is_listed_as_waiting_then_as_due_in_the_attackers_next_upkeep():
    setup = (SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)),
             AddUnit(template=UnitTemplate(name="US squad", kind="full_squad", morale=6, firepower=2), side=1),
             AddUnit(template=UnitTemplate(name="German squad", kind="full_squad", morale=6, firepower=2), side=2),
             Order(units=(1,), action="melee", targets=(2,)))
    waiting = played(*setup)
    assert "In melee, for side 1's next Upkeep:" in checklist_lines(waiting)
    assert "  US squad (1) against German squad (2)" in checklist_lines(waiting)
    assert "to resolve" not in situation(waiting)
    due = played(*setup, EndImpulse(), EndImpulse())
    lines = checklist_lines(due)
    first = lines.index("Melees to resolve now (k opens the first):") + 1
    assert lines[first] == "  US squad (1) against German squad (2)"
    assert "1 melee to resolve first (6.1.1)" in situation(due)


def melee_started(cards_per_pip, dice):
    setup = (
        SetUpGame(cards_per_pip=cards_per_pip),
        AddUnit(template=UnitTemplate(name="US squad", kind="full_squad", morale=6), side=1, terrain="brush"),
        AddUnit(template=UnitTemplate(name="German squad", kind="full_squad", morale=6), side=2, terrain="brush"),
    )
    units = played(*setup).unit
    melee = Melee(attackers=(Snapshot.of(units(1)),), defenders=(Snapshot.of(units(2)),),
                  attacker_dice=dice, defender_dice=dice)
    return played(*setup, StartCheck(check=melee))


def test_a_pending_melee_shows_its_expected_hits_and_retreat_chances():
    lines = check_lines(melee_started((0, 0, 0, 12, 0, 0), 2))
    assert "expected hits 2.0 to 2.0; defender retreats 0%, attacker 100%" in lines


def test_a_melee_drawing_more_cards_than_the_deck_holds_says_there_are_no_odds():
    lines = check_lines(melee_started((2, 2, 2, 2, 2, 2), 7))
    assert "no odds: the melee draws more cards than the deck holds" in lines
