"""Melee orders through a real GameSession: the defender's marker, its upkeep, resolving and undoing it."""

import re

import pytest

from companion.errors import RuleViolation
from companion.games.point_blank.checks.base import Snapshot
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.commands import AddUnit, AdjustUnit, EndImpulse, EnterPip, Order, StartCheck
from companion.games.rules import Undo
from tests.point_blank.playing import GERMAN, SQUAD, set_up


def melee_ordered(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=GERMAN, side=2))
    session.execute(Order(units=(1,), action="melee", targets=(2,)))


def test_a_melee_order_marks_the_defender_in_melee_too_and_waits_for_the_attackers_next_upkeep(session, reopen):
    melee_ordered(session)
    state = reopen(session).state
    assert state.unit(1).in_melee and state.unit(2).in_melee
    assert [(m.side, m.attackers, m.defenders) for m in state.melees_pending] == [(1, (1,), (2,))]
    assert state.melees_due == ()
    session.execute(EndImpulse())
    assert session.state.melees_due == ()
    session.execute(EndImpulse())
    assert [m.attackers for m in reopen(session).state.melees_due] == [(1,)]


def test_resolving_the_melee_lifts_both_markers_and_undoing_it_brings_the_melee_back(session, reopen):
    melee_ordered(session)
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    state = session.state
    melee = Melee(attackers=(Snapshot.of(state.unit(1)),), defenders=(Snapshot.of(state.unit(2)),),
                  attacker_dice=1, defender_dice=1)
    session.execute(StartCheck(check=melee))
    session.execute(EnterPip(pip=1))
    session.execute(EnterPip(pip=2))
    state = reopen(session).state
    assert not state.unit(1).in_melee and not state.unit(2).in_melee and state.melees == ()
    session.execute(Undo())
    state = session.state
    assert state.unit(1).in_melee and state.unit(2).in_melee and len(state.melees_due) == 1


def test_undoing_a_melee_order_takes_the_defenders_marker_off_again(session):
    melee_ordered(session)
    session.execute(Undo())
    assert not session.state.unit(2).in_melee and session.state.melees == ()


def test_a_defender_in_two_melees_keeps_its_marker_until_both_resolve(session):
    melee_ordered(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=3, changes={"hero": True}))
    session.execute(Order(units=(3,), action="melee", via="hero", targets=(2,)))
    state = session.state
    melee = Melee(attackers=(Snapshot.of(state.unit(1)),), defenders=(Snapshot.of(state.unit(2)),),
                  attacker_dice=1, defender_dice=1)
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    session.execute(StartCheck(check=melee))
    session.execute(EnterPip(pip=1))
    session.execute(EnterPip(pip=2))
    state = session.state
    assert state.unit(2).in_melee and not state.unit(1).in_melee
    assert [m.attackers for m in state.melees_due] == [(3,)]


@pytest.mark.parametrize(("targets", "problem"), [((), "name the enemy units"), ((1,), "attacking side")])
def test_a_melee_order_names_enemy_defenders(session, targets, problem):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=SQUAD, side=1))
    with pytest.raises(RuleViolation, match=problem):
        session.execute(Order(units=(2,), action="melee", targets=targets))
    assert session.state.melees == () and not session.state.unit(1).in_melee


def test_only_a_melee_order_names_targets(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=GERMAN, side=2))
    with pytest.raises(RuleViolation, match=re.escape("7.10")):
        session.execute(Order(units=(1,), action="move", targets=(2,)))
