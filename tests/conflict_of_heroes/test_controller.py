"""What each key and button asks for at each moment of a game: the controller answered as the
screen, a remote view or the CLI would ask it, with no screen."""

from dataclasses import replace

import pytest

from companion.errors import CompanionError, NothingToDo, RuleViolation
from companion.games.conflict_of_heroes.commands import (
    AnnounceInitiative,
    CountInitiativeSpend,
    DeclareModifier,
    SpendCaps,
    StartRound,
)
from companion.games.conflict_of_heroes.controller import KEYMAP, ConflictOfHeroesController
from companion.games.conflict_of_heroes.data import HIT_COUNTERS, UNITS
from companion.games.conflict_of_heroes.library import shipped
from companion.games.kit.faces import EnterFace, EraseFace
from companion.games.kit.intents import Run, Select, Tell
from companion.games.rules import Undo
from companion.hardware.controls import Control
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, start_with_turn
from tests.conflict_of_heroes.controlling import CONTROLLER, answer, buttons, press, run

KEYS_BEFORE_THE_KIT = {
    "space": "roll", "c": "confirm", "n": "next", "a": "activate", "f": "fire", "p": "pass", "backspace": "erase",
    "s": "sides", "i": "add_unit", "m": "move", "v": "pivot", "t": "stall", "r": "rally", "x": "spent",
    "plus,equals_sign": "modifier", "minus": "modifier", "left_square_bracket": "side", "right_square_bracket": "side",
    "comma": "vp_up", "full_stop": "vp_up", "less_than_sign": "vp_down", "greater_than_sign": "vp_down",
    "h": "peek", "w": "reveal", "u": "undo", "y": "redo", **{str(digit): "face" for digit in range(10)},
}


def test_every_key_of_the_screen_before_the_kit_does_the_same_thing():
    keyed = {action.keys: action.name for action in KEYMAP if action.keys}
    assert keyed == KEYS_BEFORE_THE_KIT


def test_the_side_buttons_are_wired_to_sides_1_and_2_and_a_third_side_is_refused_cleanly(game):
    assert KEYMAP.for_control(Control.SIDE, 1)[0].name == "side"  # type: ignore[index]
    assert KEYMAP.for_control(Control.SIDE, 2)[1] == 2  # type: ignore[index]
    assert KEYMAP.for_control(Control.SIDE, 3) is None
    for action in ("side", "vp_up", "vp_down"):
        with pytest.raises(CompanionError, match="there is no side 3"):
            press(game, action, 3)


def test_a_face_key_announces_initiative_caps_while_a_side_announces_and_keys_dice_once_the_roll_waits(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "next"))
    assert press(game, "face", 1) == Run.one(AnnounceInitiative(side=SOVIET, caps=1))
    run(game, press(game, "face", 1))
    run(game, press(game, "face", 0))
    assert press(game, "face", 4) == Run.one(EnterFace(entered=4))


def test_a_side_button_counts_the_announcing_sides_spend_and_confirm_announces_the_count(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "next"))
    assert press(game, "side", SOVIET) == Run.one(CountInitiativeSpend(side=SOVIET))
    run(game, press(game, "side", SOVIET))
    run(game, press(game, "side", SOVIET))
    with pytest.raises(RuleViolation, match="Soviet announces its initiative spend now"):
        press(game, "side", GERMAN)
    assert press(game, "confirm") == Run.one(AnnounceInitiative(side=SOVIET, caps=2))


def test_the_side_button_of_the_rolling_side_steps_its_caps_on_the_roll_and_the_other_sides_is_refused(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, press(game, "activate", selected=squad))
    run(game, answer(press(game, "fire", selected=squad)))
    assert [value for name, value in buttons(game) if name == "side"] == [GERMAN], "only the roller's CAP button"
    steps = []
    for _ in range(2):
        intent = press(game, "side", GERMAN)
        steps.append(intent)
        run(game, intent)
    assert steps == [Run.one(DeclareModifier(caps=caps)) for caps in (1, 2)]
    with pytest.raises(RuleViolation, match=r"German rolls now: no side changes its opponent's roll \(3.23\)"):
        press(game, "side", SOVIET)
    assert game.state.side(SOVIET).caps.current == 7
    assert press(game, "modifier", -1) == Run.one(DeclareModifier(caps=1))
    assert game.state.pending.attack.targets[0].unit == target


def test_a_third_cap_on_a_roll_is_refused_by_the_side_button_as_by_plus_and_neither_is_offered_at_plus_2(game):
    """3.23: a roll is changed by at most 2 CAPs; the side button used to go back to 0 without a word."""
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, press(game, "activate", selected=squad))
    run(game, answer(press(game, "fire", selected=squad)))
    run(game, press(game, "side", GERMAN))
    run(game, press(game, "modifier", 1))
    for action, value in (("side", GERMAN), ("modifier", 1)):
        with pytest.raises(RuleViolation, match=r"at most 2 CAPs either way \(3.23\)"):
            run(game, press(game, action, value))
    assert game.state.pending.modifier == 2
    offered = set(buttons(game))
    assert ("modifier", 1) not in offered and ("side", GERMAN) not in offered
    assert ("modifier", -1) in offered
    run(game, press(game, "modifier", -1))
    assert {("modifier", 1), ("side", GERMAN)} <= set(buttons(game))


def test_a_side_with_no_caps_left_is_offered_neither_its_cap_button_nor_plus_on_its_roll(game):
    """The CAP track refuses a CAP on the roll then: the bar used to offer both to be refused."""
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(SpendCaps(side=GERMAN, caps=game.state.side(GERMAN).caps.current, use="card", ends_turn=False))
    run(game, press(game, "activate", selected=squad))
    run(game, answer(press(game, "fire", selected=squad)))
    offered = set(buttons(game))
    assert ("roll", None) in offered
    assert not offered & {("side", GERMAN), ("modifier", 1), ("modifier", -1)}
    with pytest.raises(RuleViolation, match=r"only 0 left \(3.23\)"):
        run(game, press(game, "side", GERMAN))


def test_a_cap_button_pressed_during_the_initiative_roll_is_refused_the_spends_were_announced(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "next"))
    run(game, press(game, "face", 1))
    run(game, press(game, "face", 0))
    for side in (GERMAN, SOVIET):
        with pytest.raises(RuleViolation, match=r"the initiative roll counts only the CAPs announced \(3.24\)"):
            press(game, "side", side)
    assert [side.caps.current for side in game.state.sides] == [7, 6]
    assert not [value for name, value in buttons(game) if name == "side"]


def test_outside_a_roll_a_side_button_spends_one_of_its_caps_for_a_card_without_ending_the_turn(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    assert [value for name, value in buttons(game) if name == "side"] == [GERMAN, SOVIET]
    intent = press(game, "side", SOVIET)
    assert intent == Run.one(SpendCaps(side=SOVIET, caps=1, use="side_button", ends_turn=False))
    run(game, intent)
    assert (game.state.side(SOVIET).caps.current, game.state.turn) == (6, GERMAN)


def test_the_undo_button_erases_a_keyed_face_before_it_takes_back_a_decision(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, answer(press(game, "fire", selected=squad), caps=3))
    assert press(game, "undo") == Run.one(Undo())
    enter(game, 3)
    assert press(game, "undo") == Run.one(EraseFace())


def test_next_starts_a_round_before_play_and_moves_the_highlight_in_play(game):
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    assert press(game, "next") == Run.one(StartRound())
    start_with_turn(game, GERMAN)
    assert press(game, "next") == Select(1)


def test_in_free_play_set_up_next_is_neither_offered_nor_taken_before_a_unit_is_on_the_map(game):
    assert "next" not in CONTROLLER.available(game.state)
    assert next(iter(buttons(game))) == ("add_unit", None)
    with pytest.raises(NothingToDo, match=r"add the firefight's units first \(i\)"):
        press(game, "next")
    assert game.records == []
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")  # the other side may enter later, as reinforcements
    assert "next" in CONTROLLER.available(game.state)
    assert press(game, "next") == Run.one(StartRound())


def test_confirm_activates_the_highlighted_unit_in_play_and_says_when_it_has_nothing_to_confirm(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    assert isinstance(press(game, "confirm", selected=squad), Tell)
    start_with_turn(game, GERMAN)
    run(game, press(game, "confirm", selected=squad))
    assert game.state.unit(squad).status == "active"


def test_a_unit_action_with_no_unit_on_the_table_says_to_add_one(game):
    start_with_turn(game, GERMAN)
    with pytest.raises(NothingToDo, match=r"add a unit first \(i\)"):
        press(game, "activate")
    assert isinstance(press(game, "pass"), Run)


def test_a_form_for_a_unit_of_the_side_not_to_act_is_refused_before_it_opens(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    soviet = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    for action in ("move", "fire", "activate"):
        with pytest.raises(RuleViolation, match=r"it is German's turn: highlight one of its units \(↑ ↓ or Next\)"):
            press(game, action, selected=soviet)


def test_a_unit_action_on_a_destroyed_unit_says_to_highlight_another(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    start_with_turn(game, GERMAN)
    destroyed = game.state.with_unit(replace(game.state.unit(squad), status="destroyed"))
    for action in ("activate", "fire", "peek"):
        with pytest.raises(RuleViolation, match=r"Squad B is destroyed: highlight another unit"):
            CONTROLLER.press(destroyed, action, None, squad)


def test_pass_with_nobody_to_act_says_so(game):
    assert isinstance(press(game, "pass"), Tell)


@pytest.mark.parametrize("phase", ["setup", "announcing", "rolling", "acting"])
def test_the_help_line_names_only_actions_of_the_keymap(game, phase):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    if phase != "setup":
        game.execute(StartRound())
    if phase in ("rolling", "acting"):
        run(game, press(game, "face", 0))
        run(game, press(game, "face", 0))
    if phase == "acting":
        enter(game, 1, 1, 6, 6)
        assert game.state.turn == GERMAN
    available = CONTROLLER.available(game.state)
    assert set(available) <= set(KEYMAP.names)
    expected = {"setup": "next", "announcing": "confirm", "rolling": "roll", "acting": "fire"}[phase]
    assert expected in available


def test_a_press_that_carries_no_number_is_refused_cleanly(game):
    for action in ("face", "modifier"):
        with pytest.raises(NothingToDo, match="carries no number"):
            press(game, action)


def test_a_unit_named_longer_than_a_label_may_be_is_labelled_with_its_name_cut_to_fit(game):
    mg = shipped().units["german_hmg"].model_copy(update={"name": "Schweres Maschinengewehr 34 auf Lafette"})
    controller = ConflictOfHeroesController({UNITS.name: {"mg34": mg}, HIT_COUNTERS.name: shipped().pools})
    run(game, answer(controller.press(game.state, "add_unit", None, None)))
    assert game.state.units[0].label == "Schweres Maschinengewehr 34 au"
