"""Take Cover from a scenario: sides, squads placed opposite, the optional rules (the scenario's, or
the players' choice, asked again on a revisit), the hands dealt, and the game played to its end."""

import pytest

from companion.errors import RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.kit.guide import ConfirmStep, RevisitStep
from companion.games.kit.intents import Ask, Run
from companion.games.rules import Undo
from companion.games.take_cover import view
from companion.games.take_cover.commands import CorrectSquad, Discard, EndTurn
from tests.scenarios.conftest import at, confirm, scenario, through, written

STANDARD = scenario("take_cover", "standard")
TWO_TURNS = """
game = "take_cover"
title = "Two turns"
turns = 2
advance_victory = false
set_aside = true
victory = "Fewer hit markers after turn 2 wins."
"""


def test_the_steps_are_sides_squads_opposite_optional_rules_and_hands_dealt(start):
    game, session = start("take_cover", STANDARD)
    shown = game.controller.guide(session.state)
    assert shown.titles == ("Sides", "Squads placed opposite", "Optional rules", "Hands dealt")
    assert "Choose who plays the Germans (squads A and B) and who the Russians (squads C and D)." in shown.step.lines
    session.execute(ConfirmStep(step=0))
    assert "  German A opposite Russian C" in game.controller.guide(session.state).step.lines


def test_the_sides_step_names_each_sides_squads_with_its_notes_or_without(start, tmp_path):
    """A scenario whose Russian side had no notes dropped the Russian line from the step."""
    written(tmp_path, "take_cover", "noted", TWO_TURNS + '[[sides]]\nname = "German"\nnotes = "the club\'s veterans"\n'
                                               '\n[[sides]]\nname = "Russian"\n')
    game, session = start("take_cover", scenario("take_cover", "noted", tmp_path / "data"))
    lines = game.controller.guide(session.state).step.lines
    assert lines[-2:] == ("German: squads A and B (the club's veterans)", "Russian: squads C and D")
    standard = start("take_cover", STANDARD)
    assert standard[0].controller.guide(standard[1].state).step.lines[-2:] == (
        "German: squads A and B", "Russian: squads C and D")


def test_the_optional_rules_the_scenario_leaves_open_are_asked_and_asked_again_on_a_revisit(start):
    game, session = start("take_cover", STANDARD)
    confirm(game, session)
    confirm(game, session)
    asked = game.controller.press(session.state, "confirm", None, None)
    assert isinstance(asked, Ask) and [field.name for field in asked.form.fields] == ["advance_victory", "set_aside"]
    confirm(game, session, {"advance_victory": True})
    assert "Shuffle the other 75 cards." in game.controller.guide(session.state).step.lines
    session.execute(RevisitStep(step=2))
    again = game.controller.press(session.state, "confirm", None, None)
    assert isinstance(again, Ask) and again.form.defaults() == {"advance_victory": True, "set_aside": False}
    confirm(game, session, {"advance_victory": False, "set_aside": True})
    assert "Set 4 of them aside face down (optional rule)." in game.controller.guide(session.state).step.lines
    confirm(game, session)
    state = session.state
    assert (state.phase, state.advance_victory, state.set_aside_option) == ("first", False, True)
    assert (state.deck.hands, state.deck.set_aside, state.deck.draw) == ((5, 5), 4, 61)


def test_rules_the_scenario_sets_are_not_asked(start, tmp_path):
    written(tmp_path, "take_cover", "two", TWO_TURNS)
    game, session = start("take_cover", scenario("take_cover", "two", tmp_path / "data"))
    session.execute(ConfirmStep(step=0))
    session.execute(ConfirmStep(step=1))
    assert game.controller.press(session.state, "confirm", None, None) == Run.one(ConfirmStep(step=2))
    assert game.controller.guide(session.state).step.lines == (
        "Two squads with three advance markers each win: off (the scenario says so)",
        "4 cards set aside face down, cycled at each reshuffle: on (the scenario says so)")


def test_once_dealt_the_setup_stands_and_play_begins_with_the_roll_for_the_first_turn(start):
    game, session = start("take_cover", STANDARD)
    through(game, session)
    assert at(session) == 3 and game.controller.available(session.state) == ("roll", "face", "undo", "redo")
    with pytest.raises(RuleViolation) as refusal:
        session.execute(Undo())
    # It ended "(correct the table with the game's own keys)", naming none, and was cut at 100x30.
    assert str(refusal.value).endswith(": setup stands once play starts (t corrects a squad's markers)")


def test_the_scenarios_last_turn_ends_the_game_and_its_victory_conditions_are_shown(start, tmp_path):
    written(tmp_path, "take_cover", "two", TWO_TURNS)
    game, session = start("take_cover", scenario("take_cover", "two", tmp_path / "data"))
    through(game, session)
    session.execute(EnterFace(entered=7))
    session.execute(EnterFace(entered=3))
    assert view.turn_line(session.state) == "Turn 1 of 2 · German to act · hands German 5 · Russian 5"
    session.execute(Discard(count=1))
    lines = view.step_lines(session.state, game.data["charts.toml"])
    assert "Victory check: Fewer hit markers after turn 2 wins." in lines
    session.execute(EndTurn())
    session.execute(Discard(count=1))
    session.execute(EndTurn())
    state = session.state
    assert game.rules.finished(state) and state.winner is None
    assert view.turn_line(state) == \
        "Game over: the scenario's last turn (2) is over: Fewer hit markers after turn 2 wins."
    # The turn's end said "German's turn" under the game's end.
    assert view.log_lines(state)[:3] == ["turn 2 was the last", "Russian draws 1; the game is over",
                                         "Russian discards 1 face down"]
    with pytest.raises(RuleViolation, match="the game is over: the scenario's last turn"):
        session.execute(Discard(count=1))


def test_the_standard_game_is_played_to_its_end_by_both_squads_of_a_side_eliminated(start):
    game, session = start("take_cover", STANDARD)
    through(game, session)
    session.execute(EnterFace(entered=2))
    session.execute(EnterFace(entered=9))
    session.execute(CorrectSquad(squad="C", hits=3, advance=0))
    assert not game.rules.finished(session.state)
    session.execute(CorrectSquad(squad="D", hits=3, advance=0))
    state = session.state
    assert game.rules.finished(state)
    assert (state.winner, state.won_by) == ("German", "eliminated")


@pytest.mark.parametrize("set_aside", [False, True])
def test_the_deal_step_and_the_log_count_the_same_cards_shuffled_the_squads_on_the_table(start, set_aside):
    game, session = start("take_cover", STANDARD)
    confirm(game, session)
    confirm(game, session)
    confirm(game, session, {"advance_victory": False, "set_aside": set_aside})
    assert "Shuffle the other 75 cards." in game.controller.guide(session.state).step.lines
    confirm(game, session)
    assert any(line.startswith("set up: 75 cards shuffled, hands of five") for line in view.log_lines(session.state))
