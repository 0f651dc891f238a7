"""Fatigue and readiness (7.6, 4.7-4.9, 4.13.1), with Hypothesis over random action sequences."""

import random
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, RuleViolation
from companion.games.point_blank import fatigue
from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.commands import AddUnit, EndImpulse, Order, ReduceFatigue, SetUpGame
from companion.games.point_blank.rules import PointBlankRules
from companion.games.point_blank.units import ACTIONS, Unit
from companion.journal.record import Record

SQUAD = Unit(id=1, name="squad", side=1, kind="full_squad", morale=6, firepower=2)
LEADER = Unit(id=2, name="leader", side=1, kind="leader", morale=8, leadership=1)
AFV = Unit(id=3, name="M10", side=1, kind="afv", morale=7, firepower=1)


def test_a_fatigue_two_unit_that_fires_is_spent_at_the_end_of_the_impulse():
    unit = fatigue.acted(fatigue.impulse_ended(fatigue.acted(SQUAD, "fire", "card")), "move", "card")
    unit = fatigue.impulse_ended(unit)
    assert unit.fatigue == 2 and not unit.spent
    unit = fatigue.acted(unit, "fire", "card")
    assert not unit.spent, "spent only at the very end of the impulse"
    unit = fatigue.impulse_ended(unit)
    assert unit.spent and unit.fatigue == 0


def test_fatigue_gained_this_impulse_cannot_be_removed_in_it():
    unit = fatigue.acted(SQUAD, "move", "card")
    with pytest.raises(RuleViolation, match=r"7\.6"):
        fatigue.fatigue_reduced(unit)
    assert fatigue.fatigue_reduced(fatigue.impulse_ended(unit)).fatigue == 0


def test_leaders_never_fatigue_and_vehicles_do_not_tire_by_moving():
    assert fatigue.acted(LEADER, "fire", "card").fatigue == 0
    assert fatigue.acted(AFV, "move", "card").fatigue == 0
    assert fatigue.acted(AFV, "fire", "card").fatigue == 1


def test_a_spend_action_spends_the_unit_and_clears_its_fatigue():
    tired = fatigue.impulse_ended(fatigue.acted(SQUAD, "fire", "card"))
    unit = fatigue.acted(tired, "fire", "spend")
    assert unit.spent and unit.fatigue == 0


@pytest.mark.parametrize(("unit", "action", "rule"), [
    (Unit(id=1, name="s", side=1, kind="full_squad", morale=6, spent=True), "fire", "4.8"),
    (Unit(id=1, name="s", side=1, kind="full_squad", morale=6, fatigue=2), "melee", "7.6"),
    (Unit(id=1, name="s", side=1, kind="full_squad", morale=6, shaken=1), "fire", "7.14"),
    (Unit(id=1, name="t", side=1, kind="weapon_team", morale=6), "melee", "7.10.1.4"),
])
def test_forbidden_orders_are_refused_with_the_rule(unit, action, rule):
    refused = fatigue.refusal(unit, action, "card")
    assert refused is not None and rule in str(refused)


def test_the_end_of_turn_readies_everyone_lowers_fatigue_and_drops_spotted_markers():
    unit = Unit(id=1, name="s", side=1, kind="full_squad", morale=6, fatigue=2, spent=True, spotted=True)
    moving = Unit(id=2, name="m", side=1, kind="full_squad", morale=6, spotted=True, moving=True)
    assert fatigue.turn_ended(unit) == Unit(id=1, name="s", side=1, kind="full_squad", morale=6, fatigue=1)
    assert fatigue.turn_ended(moving).spotted


step = st.one_of(
    st.tuples(st.just("order"), st.sampled_from(ACTIONS), st.sampled_from(["card", "spend", "hero", "unit_card"])),
    st.tuples(st.just("end_impulse")),
    st.tuples(st.just("reduce")),
    st.tuples(st.just("end_turn")),
)


@settings(max_examples=200)
@given(st.sampled_from([SQUAD, LEADER, AFV, Unit(id=4, name="h", side=1, kind="half_squad", morale=5)]),
       st.lists(step, max_size=30))
def test_fatigue_and_readiness_hold_over_any_action_sequence(unit, steps):
    for kind, *args in steps:
        before = unit
        if kind == "order":
            action, via = args
            if fatigue.refusal(unit, action, via):
                continue
            unit = fatigue.acted(unit, action, via)
            if via == "spend":
                assert unit.spent and unit.fatigue == 0
            assert unit.fatigue >= min(before.fatigue, 2) or via == "spend"
        elif kind == "end_impulse":
            unit = fatigue.impulse_ended(unit)
            if before.acted_fatigued:
                assert unit.spent and unit.fatigue == 0
        elif kind == "reduce":
            try:
                unit = fatigue.fatigue_reduced(unit)
            except RuleViolation:
                assert before.fatigue == 0 or before.fatigue_gained
                continue
            assert not before.fatigue_gained and unit.fatigue == before.fatigue - 1
        else:
            unit = fatigue.turn_ended(unit)
            assert not unit.spent and unit.fatigue == max(0, before.fatigue - 1)
        assert 0 <= unit.fatigue <= 2
        if unit.leader:
            assert unit.fatigue == 0
        if unit.spent:
            assert fatigue.refusal(unit, "fire", "card") is not None


command = st.one_of(
    st.builds(Order, units=st.tuples(st.integers(1, 3)), action=st.sampled_from(ACTIONS),
              via=st.sampled_from(["card", "spend", "unit_card", "second_icon"])),
    st.builds(ReduceFatigue, unit=st.integers(1, 3)),
    st.just(EndImpulse()),
)


@settings(max_examples=60)
@given(st.lists(command, max_size=25))
def test_the_rules_never_leave_a_unit_out_of_bounds(commands):
    rules = PointBlankRules(random.Random(0))
    state = rules.initial()
    seq = 0

    def apply(command):
        nonlocal state, seq
        for event in rules.decide(state, command):
            seq += 1
            state = rules.evolve(state, Record(seq, datetime.now(UTC), event), False)

    apply(SetUpGame(cards_per_pip=(9, 9, 9, 9, 9, 9)))
    for template, side in ((UnitTemplate(name="a", kind="full_squad", morale=6, firepower=2), 1),
                           (UnitTemplate(name="l", kind="leader", morale=8, leadership=1), 1),
                           (UnitTemplate(name="b", kind="full_squad", morale=6, firepower=2), 2)):
        apply(AddUnit(template=template, side=side))
    for command in commands:
        before = state
        try:
            apply(command)
        except CompanionError:
            assert state == before
            continue
        for unit in state.units:
            assert 0 <= unit.fatigue <= 2
            assert unit.fatigue == 0 or not unit.leader
        if isinstance(command, EndImpulse):
            for old, new in zip(before.units, state.units, strict=True):
                if old.acted_fatigued:
                    assert new.spent and new.fatigue == 0
        assert state.deck.left + sum(state.deck.hands) <= 54
