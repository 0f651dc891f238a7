"""An order commands one stack: its units in one Sector, its leader with them, a melee within reach."""

import re

import pytest

from companion.errors import RuleViolation
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.commands import AdjustUnit, Order
from tests.point_blank.playing import CONTROLLER, GERMAN, LIEUTENANT, SQUAD, deploy, field, press, set_up


def test_a_fire_group_fires_from_one_sector_only(session):
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "woods")
    deploy(session, SQUAD, 1, "C2", "woods")
    deploy(session, SQUAD, 1, "B2", "woods")
    deploy(session, GERMAN, 2, "B2", "woods")
    with pytest.raises(RuleViolation, match=re.escape("a stack in one Sector, not units in B2 US and C2 US (8.4")):
        session.execute(Order(units=(1, 2), action="fire"))
    assert session.state.card_used is None and session.state.unit(2).fatigue == 0
    session.execute(Order(units=(1, 3), action="fire"))
    assert session.state.unit(3).fatigue == 1


def test_a_leader_rallies_and_lends_his_modifier_only_to_units_stacked_with_him(session):
    set_up(session)
    deploy(session, SQUAD, 1, "B1", "woods")
    deploy(session, LIEUTENANT, 1, "B3", "woods")
    session.execute(AdjustUnit(unit=1, changes={"shaken": 1}))
    with pytest.raises(RuleViolation, match=re.escape("Lt in B3 US leads only the units stacked with him, "
                                                      "not those in B1 US (2.11)")):
        session.execute(Order(units=(1,), action="rally", via="leader", leader=2, check=PlainCheck(cards=2)))
    with pytest.raises(RuleViolation, match=re.escape("(2.11)")):
        session.execute(Order(units=(1,), action="rally", leader=2, check=PlainCheck(cards=2)))
    assert not session.state.unit(2).spent and session.state.check is None


@pytest.mark.parametrize(("enemy_in", "reached"), [("B3/1", True), ("A2/1", True), ("B2/1", True),
                                                   ("A2/2", False), ("B1/2", False), ("B4/1", False)])
def test_a_melee_reaches_an_adjacent_sector_or_a_sector_in_an_adjacent_area(session, enemy_in, reached):
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "woods")
    deploy(session, GERMAN, 2, enemy_in, "woods")
    melee = Order(units=(1,), action="melee", targets=(2,))
    if reached:
        session.execute(melee)
        assert session.state.unit(2).in_melee
    else:
        with pytest.raises(RuleViolation, match=re.escape("a melee goes into an adjacent Sector or Area (8.6)")):
            session.execute(melee)
        assert session.state.melees == ()


def test_the_melee_form_starts_at_the_enemy_within_reach(session):
    set_up(session)
    deploy(session, SQUAD, 1, "C2", "woods")
    deploy(session, GERMAN, 2, "A2", "woods")
    deploy(session, GERMAN, 2, "C1/1", "woods")
    assert field(CONTROLLER.press(session.latest, "melee", None, 1), "targets").default == (3,)
    press(session, "melee", selected=1)  # taken as offered
    assert session.state.unit(3).in_melee and not session.state.unit(2).in_melee


def test_a_shaken_unit_rallies_itself_by_a_spend_action_and_does_nothing_else_by_one(session):
    """8.8: units with the rally icon "may attempt to rally by playing a Spend action", though a
    Spend action otherwise orders a Good Order unit (6.2.1)."""
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "woods")
    session.execute(AdjustUnit(unit=1, changes={"shaken": 1}))
    with pytest.raises(RuleViolation, match=re.escape("a Spend action orders one Good Order unit")):
        session.execute(Order(units=(1,), action="move", via="spend"))
    session.execute(Order(units=(1,), action="rally", via="spend", check=PlainCheck(cards=2)))
    assert session.state.card_used == "spend" and session.state.check is not None
