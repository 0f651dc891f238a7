"""Units: their markers read as the table would, and which corrections can be made."""

import pytest

from companion.games.point_blank.units import Unit, change_problem, default_side
from companion.games.point_blank.view import markers


def test_a_unit_reads_its_markers_in_table_order():
    unit = Unit(id=1, name="squad", side=1, kind="full_squad", morale=6, spent=True, fatigue=1, shaken=1, spotted=True)
    assert markers(unit) == "spent, fatigue 1, shaken, spotted"
    assert not unit.good_order


def test_fatigued_units_stay_in_good_order():
    assert Unit(id=1, name="squad", side=1, kind="full_squad", morale=6, fatigue=2).good_order


@pytest.mark.parametrize(("changes", "problem"), [
    ({"fatigue": 3}, "fatigue runs from 0 to 2"),
    ({"shaken": True}, "shaken runs from 0 to 3"),
    ({"spotted": 1}, "spotted is yes or no"),
    ({"kind": "afv"}, "a unit has no kind to change"),
    ({"name": 4}, "name is text"),
    ({"sector": "A3"}, "a unit changes Sector by moving into it (6.1.2)"),
    ({"terrain": "woods"}, "a unit's terrain is its Sector's card: correct the Sector"),
])
def test_impossible_corrections_are_refused(changes, problem):
    assert change_problem(changes) == problem


def test_a_correction_of_markers_is_allowed():
    assert change_problem({"name": "Able", "fatigue": 1, "spotted": False}) is None


def unit_of(unit_id: int, side: int, nationality: str = "") -> Unit:
    return Unit(id=unit_id, name="squad", side=side, kind="full_squad", morale=6, nationality=nationality)


def test_a_new_unit_joins_the_side_already_playing_its_nationality():
    table = (unit_of(1, 1, "us"), unit_of(2, 2, "german"))
    assert default_side("german", table, phasing=1) == 2
    assert default_side("us", table, phasing=2) == 1


def test_the_first_unit_of_a_nationality_goes_opposite_the_one_other_nationality_on_the_table():
    assert default_side("german", (unit_of(1, 1, "us"),), phasing=1) == 2


@pytest.mark.parametrize(("nationality", "table"), [
    ("german", ()),
    ("", (unit_of(1, 2, "us"),)),
    ("german", (unit_of(1, 1, "german"), unit_of(2, 2, "german"))),
    ("british", (unit_of(1, 2, "us"), unit_of(2, 1, "german"))),
    ("german", (unit_of(1, 2),)),
])
def test_with_no_clear_side_for_the_nationality_the_phasing_side_is_offered(nationality, table):
    assert default_side(nationality, table, phasing=1) == 1


def test_nationality_is_not_a_marker_the_table_corrects():
    assert change_problem({"nationality": "german"}) == "a unit has no nationality to change"


def test_the_nationalities_named_at_setup_place_a_new_unit_first():
    table = (unit_of(1, 1, "german"),)  # a German unit put on side 1 by hand
    assert default_side("german", table, phasing=2, playing=("us", "german")) == 2
    assert default_side("us", (), phasing=2, playing=("us", "")) == 1
    assert default_side("german", (), phasing=1, playing=("us", "")) == 2
