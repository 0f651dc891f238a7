import re

import pytest
from pydantic import ValidationError

from companion.dice.rules import DiceRules, SpecChosen
from companion.dice.spec import DiceSpec
from companion.errors import BadFace, BadSpec


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier"),
    [
        ("d6", 1, 6, 0),
        ("2d6", 2, 6, 0),
        ("d10", 1, 10, 0),
        ("3d6+2", 3, 6, 2),
        ("2d10-1", 2, 10, -1),
        (" 2 D 6 + 1 ", 2, 6, 1),
        ("W10", 1, 10, 0),
    ],
)
def test_good_specs_are_read(text, count, sides, modifier):
    assert DiceSpec.parse(text) == DiceSpec(count=count, sides=sides, modifier=modifier)


@pytest.mark.parametrize("text", ["", "d", "2d", "6", "d1", "0d6", "101d6", "2d6+", "2d6*2", "d6+1+1", "two d6"])
def test_bad_specs_are_refused_with_a_message_naming_them(text):
    with pytest.raises(BadSpec) as refused:
        DiceSpec.parse(text)
    assert "d" in str(refused.value)


@pytest.mark.parametrize("text", ["d6", "2d6", "d10", "3d6+2", "2d10-1"])
def test_a_spec_prints_as_it_is_written(text):
    assert str(DiceSpec.parse(text)) == text


def test_a_total_adds_the_modifier_to_the_faces():
    assert DiceSpec.parse("2d6-1").total((3, 5)) == 7


def test_a_zero_on_a_d10_reads_as_ten():
    assert DiceSpec.parse("d10").face(0) == 10


@pytest.mark.parametrize(("spec", "face"), [("d6", 7), ("d6", 0), ("2d6", 9), ("d10", 11), ("d10", -1)])
def test_a_face_the_die_does_not_have_is_refused(spec, face):
    with pytest.raises(BadFace, match=f"{face} is not a face of a d"):
        DiceSpec.parse(spec).face(face)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("101d6", "between 1 and 100 dice"),
        ("d1001", "between 2 and 1000 sides"),
        ("d6+1001", "between -1000 and +1000"),
        ("d6-1001", "between -1000 and +1000"),
        ("d6+" + "9" * 400, "between -1000 and +1000"),
        ("d6-" + "9" * 5000, "between -1000 and +1000"),
        ("9" * 5000 + "d6", "between 1 and 100 dice"),
        ("d" + "9" * 5000, "between 2 and 1000 sides"),
    ],
)
def test_a_spec_beyond_the_limits_is_refused_in_one_short_line_naming_the_limit(text, limit):
    with pytest.raises(BadSpec, match=re.escape(limit)) as refused:
        DiceSpec.parse(text)
    message = str(refused.value)
    assert "\n" not in message and len(message) < 100


@pytest.mark.parametrize("text", ["100d1000+1000", "d6-1000", "d6+0000000000000001", "00002d6"])
def test_specs_at_the_limits_are_read(text):
    spec = DiceSpec.parse(text)
    assert spec.within_limits


def test_a_spec_built_in_code_beyond_the_modifier_limit_is_refused():
    with pytest.raises(ValidationError, match="between -1000 and \\+1000"):
        DiceSpec(count=1, sides=6, modifier=1001)


def test_a_spec_saved_before_the_modifier_limit_is_read_back_as_it_was_written():
    saved = DiceRules.events.validate_json(
        '{"type": "spec_chosen", "spec": {"count": 1, "sides": 6, "modifier": ' + "9" * 400 + "}}"
    )
    assert isinstance(saved, SpecChosen)
    assert saved.spec.modifier == int("9" * 400)
    assert not saved.spec.within_limits
