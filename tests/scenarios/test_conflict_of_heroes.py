"""A Conflict of Heroes firefight from its scenario: the guided setup's steps, the firefight in the
tracker when play starts, reinforcements in their round, and the end after the last round."""

from dataclasses import replace

import pytest

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes import guided, view
from companion.games.conflict_of_heroes.commands import (
    AnnounceInitiative,
    ChangeVictoryPoints,
    NameSide,
    Pass,
    StartRound,
)
from companion.games.conflict_of_heroes.library import library_of
from companion.games.kit.faces import EnterFace
from companion.games.kit.guide import ConfirmStep, RevisitStep
from companion.games.kit.intents import Run, Tell
from companion.games.rules import Undo
from tests.scenarios.conftest import at, scenario, through, written

FIREFIGHT = scenario("conflict_of_heroes", "hmg_and_the_woods")
SHORT = """
game = "conflict_of_heroes"
title = "Two rounds"
rounds = 2
victory = "More VP after round 2 wins."

[[sides]]
name = "Axis"
caps = 5
victory_points = 2

[[sides]]
name = "Allies"
caps = 4
first_on_tie = true

[[forces]]
side = 1
unit = "german_hmg"

[[forces]]
side = 2
unit = "soviet_rifle_squad"
label = "Late squad"
where = "the east edge"
round = 2
"""


def play_round(session) -> None:
    """Initiative announced and rolled (the first side wins), then both sides pass (a side with no
    unit in play yet passes at once)."""
    for side in session.state.initiative.order:
        session.execute(AnnounceInitiative(side=side, caps=0))
    for face in (6, 6, 1, 1):
        session.execute(EnterFace(entered=face))
    while session.state.phase == "play":
        session.execute(Pass(side=session.state.turn))


def test_the_steps_are_sides_caps_units_victory_points_and_rounds_each_in_the_firefights_words(start):
    game, session = start("conflict_of_heroes", FIREFIGHT)
    shown = game.controller.guide(session.state)
    assert shown.titles == ("Sides and map", "CAP tracks", "Units", "Victory points", "Rounds")
    assert "German plays the left CAP track, Soviet the right." in shown.step.lines
    session.execute(ConfirmStep(step=0))
    caps = game.controller.guide(session.state).step.lines[:2]
    assert caps == ("German: CAP marker on 7.", "Soviet: CAP marker on 6.")
    session.execute(ConfirmStep(step=1))
    units = game.controller.guide(session.state).step.lines
    assert "  HMG A (German HMG): at the wood's edge, facing the building" in units
    assert any(line.startswith("  round 2: Soviet Squad E (Soviet rifle squad)") for line in units)


def test_nothing_is_in_the_tracker_until_the_last_step_and_then_all_of_it_with_round_one_started(start):
    game, session = start("conflict_of_heroes", FIREFIGHT)
    for step in range(4):
        session.execute(ConfirmStep(step=step))
        assert session.state.units == () and session.state.round == 0
    session.execute(ConfirmStep(step=4))
    state = session.state
    assert [(u.label, u.side, u.profile.name) for u in state.units] == [
        ("HMG A", 1, "German HMG"), ("Squad B", 1, "German rifle squad"),
        ("MMG C", 2, "Soviet MMG"), ("Squad D", 2, "Soviet rifle squad")]
    assert [(s.name, s.caps.start) for s in state.sides] == [("German", 7), ("Soviet", 6)]
    assert (state.first_on_tie, state.round, state.phase) == (2, 1, "initiative")
    assert not state.guide.setting_up and game.controller.guide(state) is None


def test_a_step_revisited_is_shown_again_and_confirming_it_goes_on_from_there(start):
    game, session = start("conflict_of_heroes", FIREFIGHT)
    for step in range(3):
        session.execute(ConfirmStep(step=step))
    assert game.controller.press(session.state, "undo", None, None) == Run.one(RevisitStep(step=2))
    session.execute(RevisitStep(step=1))
    assert at(session) == 1 and game.controller.guide(session.state).progress()[1].startswith("▶")
    with pytest.raises(RuleViolation, match="step 2 is on screen, not step 4"):
        session.execute(ConfirmStep(step=3))
    with pytest.raises(RuleViolation, match="step 5 has not been reached yet"):
        session.execute(RevisitStep(step=4))
    session.execute(ConfirmStep(step=1))
    assert at(session) == 2


def test_while_setting_up_other_keys_wait_and_the_games_own_commands_are_refused(start):
    game, session = start("conflict_of_heroes", FIREFIGHT)
    assert isinstance(game.controller.press(session.state, "add_unit", None, None), Tell)
    assert game.controller.press(session.state, "undo", None, None) == Tell("This is the first step: Confirm goes on")
    assert game.controller.available(session.state) == ("confirm",), "no step to go back to"
    with pytest.raises(RuleViolation, match="being set up"):
        session.execute(NameSide(side=1, name="Axis"))
    session.execute(ConfirmStep(step=0))
    assert game.controller.available(session.state) == ("confirm", "undo")


def test_once_play_starts_the_setup_stands_undo_stops_there_and_no_step_is_revisited(start):
    game, session = start("conflict_of_heroes", FIREFIGHT)
    through(game, session)
    with pytest.raises(RuleViolation, match=r"cannot undo “round 1: CAPs refilled \(German 7, Soviet 6\), all units "
                                            "fresh”: setup stands once play starts"):
        session.execute(Undo())
    with pytest.raises(RuleViolation, match="no scenario setup in progress"):
        session.execute(RevisitStep(step=0))
    assert len(session.state.units) == 4


def test_an_initiative_announcement_after_setup_is_what_the_refused_undo_names(start):
    game, session = start("conflict_of_heroes", FIREFIGHT)
    through(game, session)
    session.execute(AnnounceInitiative(side=session.state.initiative.order[0], caps=0))
    with pytest.raises(RuleViolation, match="an initiative announcement followed it"):
        session.execute(Undo())


def test_a_reinforcement_joins_the_tracker_when_its_round_starts_and_is_named_that_round(start, tmp_path):
    written(tmp_path, "conflict_of_heroes", "short", SHORT)
    game, session = start("conflict_of_heroes", scenario("conflict_of_heroes", "short", tmp_path / "data"))
    through(game, session)
    state = session.state
    assert [u.label for u in state.units] == ["German HMG"]
    assert (state.sides[0].victory_points, state.sides[0].caps.start, state.first_on_tie) == (2, 5, 2)
    play_round(session)
    session.execute(StartRound())
    assert [(u.label, u.side, u.status) for u in session.state.units][-1] == ("Late squad", 2, "fresh")
    assert guided.scenario_lines(session.state, library_of(game.data)) == [
        "Two rounds · round 2 of 2", "Reinforcements this round (5.1): Allies Late squad (Soviet rifle squad): "
        "the east edge"]


def test_a_round_that_brings_reinforcements_is_offered_with_no_unit_left_on_the_map(start, tmp_path):
    written(tmp_path, "conflict_of_heroes", "short", SHORT)
    game, session = start("conflict_of_heroes", scenario("conflict_of_heroes", "short", tmp_path / "data"))
    through(game, session)
    play_round(session)
    emptied = replace(session.state, units=tuple(replace(unit, status="destroyed") for unit in session.state.units))
    assert "next" in game.controller.available(emptied), "the Late squad enters with round 2 (5.1)"
    assert game.controller.press(emptied, "next", None, None) == Run.one(StartRound())


def test_the_victory_conditions_are_shown_at_each_rounds_end_and_the_last_round_ends_the_game(start, tmp_path):
    written(tmp_path, "conflict_of_heroes", "short", SHORT)
    game, session = start("conflict_of_heroes", scenario("conflict_of_heroes", "short", tmp_path / "data"))
    through(game, session)
    play_round(session)
    library = library_of(game.data)
    assert guided.scenario_lines(session.state, library)[-1] == \
        "Victory check after round 1: More VP after round 2 wins. (Axis 2 VP · Allies 0 VP)"
    assert not game.rules.finished(session.state)
    session.execute(StartRound())
    play_round(session)
    assert game.rules.finished(session.state)
    assert guided.scenario_lines(session.state, library)[-1] == \
        "The firefight is over: More VP after round 2 wins. (Axis 2 VP · Allies 0 VP)"
    assert view.situation(session.state) == "The firefight is over after round 2: check its victory conditions"
    with pytest.raises(RuleViolation, match="the firefight ended with round 2"):
        session.execute(StartRound())
    assert game.controller.press(session.state, "next", None, None) == Tell(
        "The firefight is over: check its victory conditions")


def test_once_the_firefight_is_over_minus_1_vp_is_offered_only_while_a_side_has_a_vp_to_lose(start, tmp_path):
    written(tmp_path, "conflict_of_heroes", "short", SHORT)
    game, session = start("conflict_of_heroes", scenario("conflict_of_heroes", "short", tmp_path / "data"))
    through(game, session)
    play_round(session)
    session.execute(StartRound())
    play_round(session)
    assert guided.over(session.state)
    assert "vp_down" in game.controller.available(session.state), "Axis has 2 VP"
    for _ in range(2):
        session.execute(ChangeVictoryPoints(side=1, change=-1))
    assert "vp_down" not in game.controller.available(session.state), "victory points do not go below 0"
    assert "vp_up" in game.controller.available(session.state)
