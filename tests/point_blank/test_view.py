"""What the screen says: the situation, the deck, the odds, the check in progress, the log, the
checklists and the unit table, worded from the state's facts."""

import tomllib
from dataclasses import replace
from importlib import resources
from typing import get_args

import pytest

from companion.errors import RuleViolation
from companion.games.kit.intents import Tell
from companion.games.point_blank.battlefield import SectorRef, sector_words
from companion.games.point_blank.battlefield_events import TerrainPlaced, UnitsMoved
from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.checks.base import FindingKind, Snapshot
from companion.games.point_blank.checks.battlefield import Blaze, FatigueBonus, Spotting
from companion.games.point_blank.checks.fire import InfantryFire
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.commands import (
    AddUnit,
    DiscardCard,
    EndImpulse,
    EnterPip,
    Order,
    SetUpGame,
    StartCheck,
)
from companion.games.point_blank.event_words import latest_lines, log_lines
from companion.games.point_blank.events import CheckStarted, MarkerSet, ObjectiveControlled
from companion.games.point_blank.scenario import PbScenario
from companion.games.point_blank.view import (
    check_lines,
    checklist_lines,
    deck_lines,
    odds_lines,
    situation,
    unit_row,
)
from companion.games.point_blank.words import SAID, title
from companion.journal.events import Event
from tests.point_blank.playing import CATALOG, CONTROLLER, GERMAN, SQUAD, deploying, played, rules

SET_UP = SetUpGame(cards_per_pip=(2, 2, 2, 2, 2, 2), nationalities=("us", "german"))


def test_before_setup_the_screen_asks_for_the_deck():
    assert "confirm the Action deck" in situation(played(), CATALOG)
    assert odds_lines(played()) == [] and checklist_lines(played(), CATALOG) == []


def test_sides_are_named_by_the_nationality_they_play():
    state = played(SET_UP)
    assert situation(state, CATALOG).startswith("Turn 1 · impulse 1 · US to act")
    assert "in hand: US 5 · German 5" in deck_lines(state, CATALOG)[0]
    unnamed = played(SetUpGame(cards_per_pip=(2, 2, 2, 2, 2, 2)), AddUnit(template=GERMAN, side=2))
    assert "in hand: Side 1 5 · German 5" in deck_lines(unnamed, CATALOG)[0]


def test_the_deck_lines_count_cards_left_and_hands_and_the_odds_table_the_unseen_pips_and_chances():
    state = played(SetUpGame(cards_per_pip=(4, 4, 4, 4, 4, 4), hand_size=2), *pips(3))
    assert deck_lines(state, CATALOG)[0].startswith("19 of 24 cards left")
    # 23 cards unseen, three of them 3s: a 3 next is 3/23 = 13%, a 2d6 total of 2 is 4·3/(23·22) = 2%.
    cards = [pip for pip in range(1, 7) for _ in range(3 if pip == 3 else 4)]
    pairs = [a + b for i, a in enumerate(cards) for j, b in enumerate(cards) if i != j]
    two = "".join(f"{100 * pairs.count(total) / len(pairs):3.0f}" for total in range(2, 13))
    assert odds_lines(state) == [
        "pips     1  2  3  4  5  6  7  8  9 10 11 12",
        "unseen   4  4  3  4  4  4",
        "d6 %    17 17 13 17 17 17",
        "2d6 %     " + two,
    ]
    assert two.split()[0] == "2"


def test_a_check_shows_its_step_and_the_chance_of_the_named_result():
    state = played(
        SetUpGame(cards_per_pip=(1, 1, 1, 3, 3, 3)),
        AddUnit(template=UnitTemplate(name="squad", kind="full_squad", morale=6), side=2),
        StartCheck(check=Spotting(los="degrading", targets=(1,))),
    )
    lines = check_lines(state, CATALOG)
    assert lines[0] == "Spotting squad in degrading terrain"
    assert lines[1] == "draw 1 card: spotting d6 (+0; 3 or less spots)"
    assert lines[2] == "chance of that: 25%"


def test_a_check_in_a_sector_names_the_sector_as_the_screen_does_everywhere_never_by_its_key():
    """The key `C2/1` leaked into the log without names, the check's result and the refusals."""
    state = played(SetUpGame(cards_per_pip=(3,) * 6, nationalities=("us", "german")),
                   StartCheck(check=Blaze(sector="C2/1")))
    assert check_lines(state, CATALOG)[0] == "Blaze in C2 US"
    assert state.check is not None and title(state.check.check) == "Blaze in C2 Side 1"
    assert CheckStarted(check=Blaze(sector="C2/1")).describe() == "check: Blaze in C2 Side 1"
    with pytest.raises(RuleViolation, match=r"first: Blaze in C2 US$"):
        rules().decide(state, EndImpulse())
    burnt = played(SetUpGame(cards_per_pip=(3,) * 6, nationalities=("us", "german")),
                   StartCheck(check=Blaze(sector="C2/1")), EnterPip(pip=5))
    assert log_lines(burnt, CATALOG)[-1] == ("Blaze in C2 US: blaze 5; C2 US is ablaze: every unit there makes "
                                            "a morale check (7.1)")
    assert log_lines(burnt)[-1].startswith("Blaze in C2 Side 1: blaze 5; C2 Side 1 is ablaze")
    assert [sector_words(key) for key in ("B0", "A2/2", "old text")] == ["B0", "A2 Side 2", "old text"]


def test_a_sectors_events_name_it_without_its_key_where_no_side_has_a_name():
    events = [MarkerSet(marker="smoke", sector="C2/1", present=True),
              TerrainPlaced(sector=SectorRef(area="A", row=2, side=2), card="woods", from_deck=False),
              UnitsMoved(units=(1,), sector=SectorRef(area="A", row=2, side=2)),
              ObjectiveControlled(sector="B1/2", side=1)]
    assert not [said for said in map(Event.describe, events) if "/" in said]


def test_no_class_name_is_a_title():
    assert title(FatigueBonus()) == "Odd d6: a second fatigue level off"


def test_the_odd_d6_after_a_leaders_ready_action_names_his_sector_in_its_title():
    """8.9: its level comes off a unit in the leader's Sector only."""
    assert title(FatigueBonus(first=1, sector="B1/1")) == "Odd d6: a second fatigue level off in B1 Side 1"


def test_every_finding_has_its_words():
    assert set(SAID) == set(get_args(FindingKind))


def test_the_checklist_always_carries_the_upkeep_steps_in_the_rulebooks_order():
    lines = checklist_lines(played(SET_UP), CATALOG)
    assert lines[0] == "Upkeep for US (6.1):" and "6.1.1" in lines[1] and "6.1.7" in lines[-1]


def test_before_a_fire_attack_the_chance_of_beating_the_defence_is_shown():
    squad = Snapshot(id=1, name="squad", kind="full_squad", morale=6)
    state = played(SetUpGame(cards_per_pip=(2, 2, 2, 2, 2, 2)),
                   StartCheck(check=InfantryFire(lead=squad, lead_firepower=0, targets=(squad,))))
    # The attack card must beat the defence card: half of the pairs that differ, (1 - 1/11) / 2 = 5/11.
    assert "chance the attack beats the defence: 45%" in check_lines(state, CATALOG)


def test_a_melee_is_listed_as_waiting_then_as_due_in_the_attackers_next_upkeep():
    setup = (SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
             AddUnit(template=GERMAN, side=2), Order(units=(1,), action="melee", targets=(2,)))
    waiting = played(*setup)
    assert "In melee, for US's next Upkeep:" in checklist_lines(waiting, CATALOG)
    assert "  US Rifle squad (1) against German Rifle squad (2)" in checklist_lines(waiting, CATALOG)
    assert "to resolve" not in situation(waiting, CATALOG)
    due = played(*setup, EndImpulse(), EndImpulse())
    lines = checklist_lines(due, CATALOG)
    assert lines[lines.index("Melees to resolve now (Check opens the first):") + 1] == \
        "  US Rifle squad (1) against German Rifle squad (2)"
    assert "1 melee to resolve first (6.1.1)" in situation(due, CATALOG)


def pips(*drawn: int) -> list[EnterPip]:
    return [EnterPip(pip=pip, plain=True) for pip in drawn]


def test_the_last_turn_says_game_over_and_no_next_turn_marker():
    """Issue 11: "turn marker to 3" beside "Game over after turn 2" contradicted itself."""
    state = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3), turn_limit=1), *pips(1, 2, 3, 4, 5, 6, 1, 2))
    assert situation(state, CATALOG) == ("Game over: turn 1 was the last, as set at setup (turn limit 1, 4.13): "
                                         "check the victory conditions")
    lines = checklist_lines(state, CATALOG)
    assert lines[-2] == "That was the scenario's last turn (1): check the victory conditions"
    assert not any("turn marker" in line for line in lines)
    going_on = checklist_lines(played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), *pips(1, 2, 3, 4, 5, 6, 1, 2)),
                               CATALOG)
    assert "- shuffle the discard pile into a new deck; turn marker to 2" in going_on


def test_game_over_says_why_in_the_situation_and_in_every_refusal():
    """It said "Game over after turn 2" without why, and refusals blamed a scenario in free play."""
    over = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3), turn_limit=1), *pips(1, 2, 3, 4, 5, 6, 1, 2))
    text = (resources.files("companion.games.point_blank.data.scenarios") / "tutorial.toml").read_text()
    tutorial = replace(over, scenario=PbScenario.model_validate(tomllib.loads(text)))
    assert situation(tutorial, CATALOG) == ("Game over: turn 1 was the scenario's last (its turn limit, 4.13): "
                                            "check the victory conditions")
    for state, why in ((over, "turn 1 was the last, as set at setup"), (tutorial, "turn 1 was the scenario's last")):
        with pytest.raises(RuleViolation, match=f"^game over: {why}"):
            rules().decide(state, EndImpulse())
        with pytest.raises(RuleViolation, match=f"^game over: {why}.*no card is drawn any more"):
            rules().decide(state, EnterPip(pip=3, plain=True))
        told = CONTROLLER.press(state, "end_impulse", None, None)
        assert isinstance(told, Tell) and told.text.startswith(f"Game over: {why}"), told


def test_the_log_words_results_with_right_plurals():
    state = played(SET_UP, *pips(3))
    assert log_lines(state) == ["d6 check: 3"]
    assert deck_lines(played(SetUpGame(cards_per_pip=(1, 1, 1, 1, 1, 7)), *pips(6)), CATALOG)[0] \
        .startswith("1 of 12 cards left")


def test_a_unit_row_names_its_terrain_and_side_from_the_data():
    state = played(SET_UP, *deploying((SQUAD, 1, "B1", "stone_building")))
    assert unit_row(state, CATALOG, state.unit(1)) == (
        "1", "US", "US Rifle squad", "ready", "6", "2", "Stone Building", "B1 US")
    off = played(SET_UP, AddUnit(template=SQUAD, side=1))
    assert unit_row(off, CATALOG, off.unit(1))[-2:] == ("", "off")


def melee_started(cards_per_pip: tuple[int, int, int, int, int, int], dice: int):
    setup = (SetUpGame(cards_per_pip=cards_per_pip, hand_size=1),
             AddUnit(template=UnitTemplate(name="US squad", kind="full_squad", morale=6), side=1),
             AddUnit(template=UnitTemplate(name="German squad", kind="full_squad", morale=6), side=2))
    unit = played(*setup).unit
    melee = Melee(attackers=(Snapshot.of(unit(1)),), defenders=(Snapshot.of(unit(2)),),
                  attacker_dice=dice, defender_dice=dice)
    return played(*setup, StartCheck(check=melee))


def test_a_pending_melee_shows_its_expected_hits_and_retreat_chances():
    lines = check_lines(melee_started((0, 0, 0, 12, 0, 0), 2), CATALOG)
    assert "expected hits 2.0 to 2.0; defender retreats 0%, attacker 100%" in lines


def test_a_melee_drawing_more_cards_than_the_deck_holds_says_there_are_no_odds():
    lines = check_lines(melee_started((2, 2, 2, 2, 2, 2), 7), CATALOG)
    assert "no odds: the melee draws more cards than the deck holds" in lines


def test_a_check_whose_card_is_the_decks_last_shows_its_result_with_the_turn_end():
    """Its result was logged and, in the same command, the turn end after it: the latest line alone
    said the turn ended and the players never saw what the check drew."""
    state = played(SetUpGame(cards_per_pip=(1, 1, 1, 1, 1, 1), hand_size=2, nationalities=("us", "german")),
                   *pips(1), StartCheck(check=Blaze(sector="C2/1")), EnterPip(pip=5))
    assert state.turn == 2
    latest = latest_lines(state, CATALOG)
    assert latest[0].startswith("Latest: Blaze in C2 US: blaze 5") and latest[1:] == ["then turn 1 ends"]
    assert "- turn every Blaze card to Smoke: C2 US" in checklist_lines(state, CATALOG), "not its key, C2/1"


def test_a_turn_end_after_an_older_result_shows_alone_as_the_latest():
    state = played(SetUpGame(cards_per_pip=(1, 1, 1, 1, 1, 2), hand_size=2), *pips(3), DiscardCard(), EndImpulse(),
                   DiscardCard(), EndImpulse())
    assert state.turn == 2, "the last cards were dealt at an impulse's end"
    assert latest_lines(state, CATALOG) == ["Latest: turn 1 ends"]
    assert latest_lines(played(SET_UP, *pips(3)), CATALOG) == ["Latest: d6 check: 3"]
    assert latest_lines(played(SET_UP), CATALOG) == []



def test_the_latest_line_goes_on_after_a_turn_end_to_the_impulse_ends_and_orders_that_follow_it():
    """Impulses after the turn end still showed `Latest: turn 1 ends`: a Move order never appeared there."""
    game = (SetUpGame(cards_per_pip=(1, 1, 1, 1, 1, 2), hand_size=2, nationalities=("us", "german")),
            AddUnit(template=SQUAD, side=1, sector="B2"), AddUnit(template=GERMAN, side=2),
            *pips(3), DiscardCard(), EndImpulse(), DiscardCard(), EndImpulse())
    over = played(*game)
    assert over.turn == 2 and latest_lines(over, CATALOG) == ["Latest: turn 1 ends"]
    assert checklist_lines(over, CATALOG)[0].startswith("Turn 1 is over")
    next_impulse = played(*game, EndImpulse())
    assert latest_lines(next_impulse, CATALOG) == ["Latest: US's impulse ends"]
    assert not any(line.startswith("Turn 1 is over") for line in checklist_lines(next_impulse, CATALOG))
    moved = played(*game, EndImpulse(), Order(units=(2,), action="move", destination="B2/2"))
    assert latest_lines(moved, CATALOG) == ["Latest: Move ordered with an Action card: German Rifle squad "
                                            "towards B2 German"]
