"""Forms as data: defaults, limits and the reading back of raw values."""

import pytest

from companion.games.kit.forms import Choice, FormError, FormSpec, Number, Pick, Text, Tick

FORM = FormSpec("Fire", (
    Pick("units", "Firing units", ((1, "Rifles"), (2, "MG")), least=1),
    Number("modifier", "Modifier", 0, -3, 3),
    Choice("range", "Range", (("short", "Short"), ("long", "Long"))),
    Tick("cover", "Target in cover"),
    Text("note", "Note", required=False),
))


def test_the_defaults_read_back_as_the_answers_when_nothing_is_changed_but_the_required_pick():
    answers = FORM.read({**FORM.defaults(), "units": ["2"]})
    assert answers == {"units": (2,), "modifier": 0, "range": "short", "cover": False, "note": ""}


def test_a_number_out_of_its_limits_names_the_field():
    with pytest.raises(FormError, match="Modifier: give a number from -3 to 3") as error:
        FORM.read({"units": [1], "modifier": "7"})
    assert error.value.field == "modifier"


def test_words_where_a_number_goes_are_said_not_raised():
    with pytest.raises(FormError, match="'two' is not a whole number"):
        FORM.read({"units": [1], "modifier": "two"})


def test_a_pick_needs_its_least_and_keeps_the_options_order():
    with pytest.raises(FormError, match="Firing units: tick at least one"):
        FORM.read({"units": []})
    assert FORM.read({"units": ["2", "1"]})["units"] == (1, 2)


def test_a_choice_outside_the_options_is_refused():
    with pytest.raises(FormError, match="Range: choose one"):
        FORM.read({"units": [1], "range": "medium"})


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_number_field_left_empty_is_refused_naming_the_field_and_what_to_enter(blank):
    with pytest.raises(FormError, match="Modifier: empty; enter a number from -3 to 3") as error:
        FORM.read({"units": [1], "modifier": blank})
    assert error.value.field == "modifier"


def test_a_number_with_no_default_starts_empty_and_must_be_entered():
    form = FormSpec("Count", (Number("cards", "Cards in the draw pile", None, 0, 99),))
    assert form.defaults() == {"cards": ""}
    with pytest.raises(FormError, match="Cards in the draw pile: empty"):
        form.read(form.defaults())
    assert form.read({"cards": "12"}) == {"cards": 12}
