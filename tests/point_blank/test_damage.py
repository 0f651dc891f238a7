"""Damage checks against morale (8.4 with the README decision) and melee hits (7.10.1.1)."""

import pytest

from companion.games.point_blank.checks.damage import damage_check, hits
from companion.games.point_blank.units import Unit


def unit(**markers) -> Unit:
    return Unit(id=1, name="squad", side=1, kind=markers.pop("kind", "full_squad"), morale=5, **markers)


@pytest.mark.parametrize(("markers", "result", "expected"), [
    ({}, 5, (0, False, False)),
    ({}, 6, (1, False, False)),
    ({"shaken": 1}, 6, (1, True, False)),
    ({"shaken": 1, "kind": "half_squad"}, 6, (0, False, True)),
    ({}, 11, (1, True, False)),
    ({"kind": "half_squad"}, 11, (0, False, True)),
    ({}, 16, (0, False, True)),
    ({"shaken": 1}, 16, (1, True, False)),
])
def test_a_damage_check_shakes_reduces_or_eliminates_by_how_far_it_beats_morale(markers, result, expected):
    damage = damage_check(unit(**markers), result)
    assert (damage.shaken, damage.reduced, damage.eliminated) == expected


def test_an_unbuttoned_shaken_crew_that_fails_abandons_its_vehicle():
    damage = damage_check(unit(kind="afv", shaken=1), 9)
    assert damage.abandoned and damage.shaken == 0


@pytest.mark.parametrize(("markers", "count", "expected"), [
    ({}, 1, (1, False, False)),
    ({}, 2, (1, True, False)),
    ({}, 3, (0, True, True)),
    ({"shaken": 1}, 1, (1, True, False)),
    ({"shaken": 1}, 2, (0, True, True)),
    ({"kind": "half_squad"}, 1, (1, False, False)),
    ({"kind": "half_squad"}, 2, (0, False, True)),
    ({"kind": "half_squad", "shaken": 1}, 1, (0, False, True)),
    ({"kind": "leader"}, 2, (0, False, True)),
    ({"kind": "afv"}, 2, (2, False, False)),
    ({"kind": "afv"}, 3, (0, False, True)),
])
def test_melee_hits_follow_the_hit_table(markers, count, expected):
    damage = hits(unit(**markers), count)
    assert (damage.shaken, damage.reduced, damage.eliminated) == expected


def test_a_shaken_crew_buttons_up_unless_open_topped():
    assert damage_check(unit(kind="afv"), 9).buttoned is True
    assert damage_check(unit(kind="afv", open_topped=True), 9).buttoned is None


def test_a_third_shaken_result_from_fire_abandons_the_vehicle():
    damage = damage_check(unit(kind="afv", shaken=2, buttoned=True), 9)
    assert damage.abandoned and not damage.eliminated
