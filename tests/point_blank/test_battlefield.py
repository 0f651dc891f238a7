"""Spotting, concealment, smoke, blaze, bogging, repair and the odd-d6 fatigue bonus."""

import pytest

from companion.games.point_blank.checks.base import Outcome
from companion.games.point_blank.checks.battlefield import (
    Blaze,
    Bog,
    Concealment,
    FatigueBonus,
    Repair,
    Smoke,
    Spotting,
    Unbog,
)


def result(check, *pips) -> Outcome:
    outcome = check.advance(pips)
    assert isinstance(outcome, Outcome)
    return outcome


@pytest.mark.parametrize(("los", "leadership", "pip", "spotted"), [
    ("degrading", 0, 3, True), ("degrading", 0, 4, False), ("blocking", 0, 3, False),
    ("blocking", 0, 2, True), ("blocking", 1, 3, True),
])
def test_spotting_needs_three_or_less_in_degrading_and_two_in_blocking_terrain(los, leadership, pip, spotted):
    outcome = result(Spotting(los=los, leadership=leadership, targets=(1,)), pip)
    assert bool(outcome.changes) == spotted


def test_concealment_needs_six_with_modifiers():
    assert result(Concealment(modifier=1, units=(1,)), 5).changes[0].changes == {"spotted": False}
    assert not result(Concealment(units=(1,)), 5).changes


def test_smoke_succeeds_on_four_with_a_plus_one_when_smoke_is_already_out():
    assert result(Smoke(sector="A2", smoke_anywhere=True), 3).markers
    assert not result(Smoke(sector="A2"), 3).markers


def test_the_mortar_smoke_example_two_and_five_succeeds():
    """7.15: the 2d6 checks are 2 and 5; the 5 is successful."""
    assert result(Smoke(sector="B3", mortar=True), 2, 5).markers[0].sector == "B3"


def test_a_blaze_starts_on_four():
    assert result(Blaze(sector="C1"), 4).markers and not result(Blaze(sector="C1"), 3).markers


@pytest.mark.parametrize(("los", "wheeled", "pip", "bogged"), [
    ("blocking", False, 2, True), ("blocking", False, 3, False), ("degrading", False, 1, True),
    ("degrading", False, 2, False), ("blocking", True, 3, True), ("degrading", True, 2, True),
])
def test_the_bog_table(los, wheeled, pip, bogged):
    assert bool(result(Bog(unit=1, los=los, wheeled=wheeled), pip).changes) == bogged


def test_wire_makes_bogging_likelier():
    assert result(Bog(unit=1, los="degrading", wire=True), 2).changes


def test_unbogging_needs_three_tracked_and_four_wheeled():
    assert result(Unbog(unit=1), 3).changes and not result(Unbog(unit=1, wheeled=True), 3).changes


def test_repair_needs_five_with_the_leaders_help():
    assert result(Repair(unit=1, leadership=1), 4).changes and not result(Repair(unit=1), 4).changes


def test_an_odd_card_earns_a_second_fatigue_reduction():
    assert result(FatigueBonus(), 3).findings[0].kind == "odd" and result(FatigueBonus(), 4).findings[0].kind == "even"
