"""Morale checks (4.5) and rally (8.8)."""

from companion.games.point_blank.checks.base import Outcome
from companion.games.point_blank.checks.morale import MoraleCheck, Rally
from tests.point_blank.checks_helpers import afv, said, squad


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
