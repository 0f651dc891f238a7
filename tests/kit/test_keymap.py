"""A keymap: one place for keys, buttons and help, checked for clashes."""

import pytest

from companion.dice.controller import DiceController
from companion.dice.rolling import random_source
from companion.dice.rules import DiceRules
from companion.games.kit.keymap import UNDO_REDO, KeyAction, Keymap, face_keys, in_order
from companion.hardware.controls import Control

KEYMAP = Keymap((
    KeyAction("roll", "Roll", keys="space", control=Control.ROLL, footer=True),
    *face_keys("face", "Pip"),
    KeyAction("cap", "CAP", keys="left_square_bracket", control=Control.SIDE, value=1),
    *UNDO_REDO,
))


def test_a_hardware_press_finds_its_action_and_carries_its_value():
    action, value = KEYMAP.for_control(Control.FACE, 4)
    assert (action.name, value) == ("face", 4)
    action, value = KEYMAP.for_control(Control.SIDE, 1)
    assert (action.name, value) == ("cap", 1)
    assert KEYMAP.for_control(Control.SIDE, 2) is None
    assert KEYMAP.for_control(Control.NEXT, None) is None


def test_a_form_takes_the_confirm_key_and_the_face_keys_with_their_faces_and_no_other():
    confirming = KEYMAP + Keymap((KeyAction("confirm", "Confirm", keys="c", control=Control.CONFIRM),))
    assert confirming.form_keys() == (*((str(face), face) for face in range(1, 7)), ("c", None))
    assert KEYMAP.form_keys() == tuple((str(face), face) for face in range(1, 7))


def test_the_help_line_names_each_action_once_with_its_key():
    assert KEYMAP.help_line(["roll", "face", "cap", "undo"]) == "space roll · 1–6 pip · [ cap · u undo"


def test_a_key_given_to_two_actions_is_refused_by_name():
    with pytest.raises(ValueError, match="key 'u' is given to both undo and use"):
        Keymap((*UNDO_REDO, KeyAction("use", "Use", keys="u")))


def test_a_control_given_to_two_actions_is_refused_by_name():
    with pytest.raises(ValueError, match="roll None is given to both roll and throw"):
        Keymap((KeyAction("roll", "Roll", control=Control.ROLL), KeyAction("throw", "Throw", control=Control.ROLL)))


def test_the_action_bar_gets_one_button_per_action_and_one_per_value():
    taps = KEYMAP.taps(["face", "roll", "cap", "undo"])
    assert [(action.name, action.value) for action in taps] == [
        ("roll", None), *(("face", face) for face in range(1, 7)), ("cap", 1), ("undo", None)]
    sides = Keymap((KeyAction("cap", "Side 1 CAP", keys="left_square_bracket", value=1),
                    KeyAction("cap", "Side 2 CAP", keys="right_square_bracket", value=2)))
    assert [action.label for action in sides.taps(["cap"])] == ["Side 1 CAP", "Side 2 CAP"]


def test_the_bar_is_put_in_the_order_named_each_actions_values_kept_together_and_the_rest_after():
    buttons = KEYMAP.taps(["roll", "face", "cap", "undo"])
    ordered = [(action.name, action.value) for action in in_order(buttons, ["undo", "face", "undo"])]
    assert ordered == [("undo", None), *(("face", pip) for pip in range(1, 7)), ("roll", None), ("cap", 1)]


def test_a_controller_offers_its_available_actions_as_buttons():
    state = DiceRules(random_source(1)).initial()
    taps = DiceController().tappable(state)
    names = [action.name for action in taps if action.name != "face"]
    assert names == ["roll", "undo", "redo", "next", "spec", "fairness"]
    assert [action.value for action in taps if action.name == "face"] == [1, 2, 3, 4, 5, 6]


def test_only_an_action_marked_view_only_is_one_a_read_only_view_takes():
    keymap = Keymap((*KEYMAP.actions, KeyAction("grid", "Grid", keys="g", view_only=True)))
    assert keymap.view_only("grid")
    assert not [name for name in KEYMAP.names if keymap.view_only(name)]
    assert not keymap.view_only("no such action")
