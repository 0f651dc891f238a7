"""Morale checks (4.5) and rally (8.8)."""

from companion.games.point_blank.checks.base import Outcome
from companion.games.point_blank.checks.morale import MoraleCheck, Rally
from companion.games.point_blank.commands import AddUnit, AdjustUnit, EndImpulse, EnterPip
from companion.games.point_blank.view import markers
from tests.point_blank.checks_helpers import afv, said, squad
from tests.point_blank.playing import SQUAD, press, set_up


def test_a_morale_check_passes_at_or_under_the_printed_morale():
    outcome = MoraleCheck(units=(squad(morale=6),)).advance((3, 3))
    assert isinstance(outcome, Outcome) and "passes" in said(outcome)
    outcome = MoraleCheck(units=(squad(morale=6),)).advance((3, 4))
    assert isinstance(outcome, Outcome) and "fails" in said(outcome)


def test_a_morale_check_saved_with_an_english_reason_still_reads():
    """Games saved before the kit carried a `reason` ("morale check"); the check is the same."""
    old = MoraleCheck.model_validate({"kind": "morale", "units": [squad(morale=6).model_dump()], "reason": "blaze"})
    assert old == MoraleCheck(units=(squad(morale=6),))


def test_rallying_in_woods_subtracts_two_and_a_leader_his_modifier():
    outcome = Rally(units=(squad(morale=6, shaken=1),), terrain=(-2,), leadership=1).advance((5, 4))
    assert isinstance(outcome, Outcome) and outcome.changes[0].changes == {"shaken": 0}


def test_an_abandoned_crew_that_rallies_re_crews_spent():
    outcome = Rally(units=(afv(),), abandoned=(9,)).advance((3, 3))
    assert isinstance(outcome, Outcome) and outcome.changes[0].changes == {"abandoned": False, "spent": True}


def test_a_unit_rallied_at_fatigue_two_is_spent_at_the_end_of_the_impulse_its_fatigue_removed(session):
    """7.6: "If a unit marked with Fatigue 2 conducts an action it becomes spent and fatigue is
    removed", at the very end of the impulse; a rally is an action, and the unit table says so."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=1, changes={"fatigue": 2, "shaken": 1}))
    press(session, "rally", selected=1)
    assert markers(session.state.unit(1)) == "fatigue 2, shaken, spent at impulse end"
    session.execute(EnterPip(pip=1))
    session.execute(EnterPip(pip=2))
    unit = session.state.unit(1)
    assert not unit.shaken and not unit.spent and unit.fatigue == 2
    session.execute(EndImpulse())
    unit = session.state.unit(1)
    assert unit.spent and unit.fatigue == 0 and markers(unit) == "spent"


def test_a_rally_by_a_spend_action_spends_the_unit_at_once_and_removes_its_fatigue(session):
    """6.2.1.2: once a Spend action's action is done the unit is spent, its fatigue removed; a
    unit rallied while spent stays spent (4.8)."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=1, changes={"fatigue": 2, "shaken": 1}))
    press(session, "rally", selected=1, via="spend")
    assert markers(session.state.unit(1)) == "spent, shaken"
    session.execute(EnterPip(pip=1))
    session.execute(EnterPip(pip=2))
    unit = session.state.unit(1)
    assert unit.spent and not unit.shaken and unit.fatigue == 0
