"""What Conflict of Heroes' action bar offers at each moment of a game, what is done most first, and its labels."""

from dataclasses import replace

import pytest

from companion.errors import CompanionError, NothingToDo, RuleViolation
from companion.games.conflict_of_heroes.commands import ChangeVictoryPoints, NameSide, StartRound
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, start_with_turn
from tests.conflict_of_heroes.controlling import CONTROLLER, answer, buttons, press, run


def test_the_buttons_of_a_side_name_it_and_only_digits_that_mean_something_are_offered(game):
    game.execute(NameSide(side=1, name="Grenadier-Regiment 192"))
    game.execute(ChangeVictoryPoints(side=2, change=1))
    offered = buttons(game)
    assert offered[("vp_up", 1)] == "Grenadier-R… +1 VP" and offered[("vp_down", 2)] == "Soviet −1 VP"
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    game.execute(StartRound())
    assert [value for name, value in buttons(game) if name == "face"] == [0, 1, 2]  # 0 to 2 CAPs announced
    assert buttons(game)[("side", 2)] == "Soviet CAP"
    run(game, press(game, "face", 0))
    run(game, press(game, "face", 0))
    assert [value for name, value in buttons(game) if name == "face"] == [1, 2, 3, 4, 5, 6]  # a die's faces


def test_the_bar_offers_what_is_done_most_at_the_moment_first(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    game.execute(StartRound())
    assert list(buttons(game))[:4] == [("face", 0), ("face", 1), ("face", 2), ("side", SOVIET)]
    run(game, press(game, "face", 0))
    run(game, press(game, "face", 0))
    assert next(iter(buttons(game))) == ("roll", None), "a tie: the roll that breaks it"


def test_in_a_turn_the_bar_offers_a_unit_to_add_with_none_in_play_and_the_active_units_fire_and_move_first(game):
    start_with_turn(game, GERMAN)
    assert next(iter(buttons(game))) == ("add_unit", None), "Activate would only ask for a unit"
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    assert next(iter(buttons(game))) == ("activate", None)
    run(game, press(game, "activate", selected=squad))
    assert list(buttons(game))[:3] == [("fire", None), ("move", None), ("pass", None)], "no other unit to activate"


def test_setup_offers_a_unit_for_each_side_in_turn_then_the_first_round(game):
    """Taken as offered, a free game gets a German unit, a Soviet one, and starts."""
    assert next(iter(buttons(game))) == ("add_unit", None)
    run(game, answer(press(game, "add_unit")))
    assert next(iter(buttons(game))) == ("add_unit", None)
    run(game, answer(press(game, "add_unit")))
    assert [(unit.side, unit.profile.nationality) for unit in game.state.units] == [(1, "German"), (2, "Soviet")]
    assert next(iter(buttons(game))) == ("next", None)


def test_a_side_to_act_with_no_unit_of_its_own_is_offered_adding_one_and_with_none_fresh_passing(game):
    """With no unit on the map at all (a side with none while the other has one passes at once)."""
    start_with_turn(game, GERMAN)
    assert next(iter(buttons(game))) == ("add_unit", None), "Activate would be refused: no German unit"
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    assert next(iter(buttons(game))) == ("activate", None)
    run(game, press(game, "activate", selected=squad))
    run(game, press(game, "spent", selected=squad))
    assert next(iter(buttons(game))) == ("pass", None), "no fresh German unit to activate"


def test_an_active_unit_with_no_enemy_in_play_is_offered_its_move_first_not_a_fire_that_is_refused(game):
    start_with_turn(game, GERMAN)
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "activate", selected=squad))
    assert next(iter(buttons(game))) == ("move", None)
    with pytest.raises(NothingToDo, match="no enemy unit"):
        press(game, "fire", selected=squad)


def test_an_active_unit_is_offered_first_only_what_its_aps_pay_for_and_with_none_fresh_left_passing(game):
    start_with_turn(game, GERMAN)
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    run(game, press(game, "activate", selected=squad))
    active = game.state.unit(squad)
    first = lambda state: [action.name for action in CONTROLLER.tappable(state)][:2]  # noqa: E731
    assert first(game.state.with_unit(replace(active, aps=active.profile.fire_cost))) == ["fire", "move"]
    assert first(game.state.with_unit(replace(active, aps=1))) == ["move", "pass"]
    assert first(game.state.with_unit(replace(active, aps=0))) == ["pass", "fire"], "no fresh unit: a command fire"


def test_once_a_die_of_a_roll_is_keyed_the_bar_offers_its_faces_erase_and_undo_not_the_roll_or_caps_refused(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, answer(press(game, "fire", selected=squad), caps="3"))
    assert next(iter(buttons(game))) == ("roll", None)
    assert "erase" not in CONTROLLER.available(game.state), "no face keyed yet: nothing to erase"
    with pytest.raises(NothingToDo):
        run(game, press(game, "erase"))
    run(game, press(game, "face", 4))
    assert list(buttons(game))[:2] == [("face", 1), ("face", 2)]
    assert CONTROLLER.available(game.state) == ("face", "erase", "undo")
    assert {name for name, _ in buttons(game)} == {"face", "erase", "undo"}
    with pytest.raises(CompanionError, match="1 of 2 dice are in"):
        run(game, press(game, "roll"))
    for action, value in (("modifier", 1), ("modifier", -1), ("side", GERMAN)):
        with pytest.raises(RuleViolation, match=r"declared before rolling \(3.23\)"):
            run(game, press(game, action, value))


def test_the_initiative_roll_offers_roll_and_its_faces_with_no_caps_and_erase_once_a_face_is_keyed(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    run(game, press(game, "next"))
    run(game, press(game, "face", 1))
    run(game, press(game, "face", 0))
    assert CONTROLLER.available(game.state) == ("roll", "face", "undo", "redo")
    run(game, press(game, "face", 3))
    assert CONTROLLER.available(game.state) == ("face", "erase", "undo")
