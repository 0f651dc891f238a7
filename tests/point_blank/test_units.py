"""Units: their markers read as the table would, and which corrections can be made."""

import pytest

from companion.games.point_blank.units import Unit, change_problem


def test_a_unit_reads_its_markers_in_table_order():
    unit = Unit(id=1, name="squad", side=1, kind="full_squad", morale=6, spent=True, fatigue=1, shaken=1, spotted=True)
    assert unit.status == "spent, fatigue 1, shaken, spotted"
    assert not unit.good_order


def test_fatigued_units_stay_in_good_order():
    assert Unit(id=1, name="squad", side=1, kind="full_squad", morale=6, fatigue=2).good_order


@pytest.mark.parametrize(("changes", "problem"), [
    ({"fatigue": 3}, "fatigue runs from 0 to 2"),
    ({"shaken": True}, "shaken runs from 0 to 3"),
    ({"spotted": 1}, "spotted is yes or no"),
    ({"kind": "afv"}, "a unit has no kind to change"),
    ({"terrain": 4}, "terrain is text"),
])
def test_impossible_corrections_are_refused(changes, problem):
    assert change_problem(changes) == problem


def test_a_correction_of_terrain_and_markers_is_allowed():
    assert change_problem({"terrain": "woods", "sector": "A3", "fatigue": 1, "spotted": False}) is None
