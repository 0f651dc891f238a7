"""Marker sets: a unit's markers worded as the table reads them, checked and corrected by one form."""

from dataclasses import dataclass

from companion.games.kit.forms import Number, Tick
from companion.games.kit.markers import Count, Flag, MarkerSet

MARKERS = MarkerSet((
    Count("fatigue", "Fatigue", 2),
    Count("shaken", "Shaken markers", 3, stacked=True),
    Flag("spent", shown=False),
    Flag("in_melee"),
))


@dataclass(frozen=True)
class Unit:
    fatigue: int = 0
    shaken: int = 0
    spent: bool = False
    in_melee: bool = False


def test_markers_are_read_in_the_sets_order_leaving_out_those_not_carried_and_those_the_game_words():
    assert MARKERS.words(Unit()) == []
    assert MARKERS.words(Unit(fatigue=2, shaken=1, spent=True, in_melee=True)) == ["fatigue 2", "shaken", "in melee"]


def test_a_stack_is_counted_as_the_table_counts_markers():
    assert MARKERS.words(Unit(shaken=3)) == ["shaken ×3"]


def test_values_beyond_a_count_or_not_yes_or_no_are_refused_by_name():
    assert MARKERS.problem({"fatigue": 3}) == "fatigue runs from 0 to 2"
    assert MARKERS.problem({"shaken": True}) == "shaken runs from 0 to 3"
    assert MARKERS.problem({"in_melee": 1}) == "in melee is yes or no"
    outside = {"fatigue": 2, "spent": True, "morale": 99}
    assert MARKERS.problem(outside) is None, "a name outside the set is not the set's to judge"


def test_the_form_holds_the_units_markers_now_and_gives_back_only_what_changed():
    unit = Unit(fatigue=1, spent=True)
    fields = MARKERS.fields(unit)
    assert fields[0] == Number("fatigue", "Fatigue", 1, 0, 2)
    assert fields[2] == Tick("spent", "Spent", True)
    assert fields[3].label == "In melee"
    assert MARKERS.changes(unit, {"fatigue": 1, "shaken": 2, "spent": False, "in_melee": False}) == {
        "shaken": 2, "spent": False}


def test_with_no_unit_yet_the_form_starts_from_no_markers():
    assert [field.default for field in MARKERS.fields()] == [0, 0, False, False]
