"""Rules the companion had wrong before the game kit, each played through a real session, with the
forms the players fill in, and the rule quoted."""

import pytest

from companion.games.point_blank.commands import AddUnit, AdjustUnit, EnterPip
from companion.games.point_blank.events import CheckResolved
from companion.games.point_blank.state import PointBlankState
from companion.session import GameSession
from tests.point_blank.playing import GERMAN, SQUAD, UnitTemplate, deploy, press, set_up

HALFTRACK = UnitTemplate(name="Sd.Kfz. 251", kind="afv", morale=7, firepower=2, front_armour=1, flank_armour=1,
                         nationality="german")


def pips(session: GameSession, *drawn: int) -> PointBlankState:
    for pip in drawn:
        session.execute(EnterPip(pip=pip))
    return session.state


def test_a_damage_check_from_an_he_hit_can_create_a_hero(session):
    """7.8: "A hero is created when an AFV, Weapon Team or Infantry unit conducts a damage check
    during an attack and the d6 result is a 1. Conduct another check and if the d6 result is a 4
    through 6, a hero is created." An HE hit's damage check is such a check."""
    set_up(session)
    session.execute(AddUnit(template=HALFTRACK, side=1))
    session.execute(AddUnit(template=SQUAD, side=2))
    press(session, "check", kind="ordnance", firer=1, targets=[2], to_hit=7, he=4)
    # To-Hit 3+3 = 6 ≤ 7; HE 6+4 = 10 against 2: damage check 1 + 8 = 9 > 6: shaken; hero check 5
    state = pips(session, 3, 3, 6, 2, 1, 5)
    assert state.check is None
    assert state.unit(2).shaken == 1 and state.unit(2).hero


def test_a_successful_concealment_conceals_every_unit_in_that_sector(session):
    """8.2: "On a successful check, all units in that Sector are considered concealed. Remove the
    spotted marker." Not only the units named in the check."""
    set_up(session)
    for side, sector in ((1, "B2"), (1, "B2"), (1, "C2"), (2, "B2")):
        deploy(session, SQUAD if side == 1 else GERMAN, side, sector, "woods")
    for unit in (1, 2, 3, 4):
        session.execute(AdjustUnit(unit=unit, changes={"spotted": True}))
    press(session, "check", selected=1, kind="concealment")
    state = pips(session, 6)
    assert [unit.spotted for unit in state.units] == [False, False, True, True]


@pytest.mark.parametrize("terrain", ["gully", "cemetery"])
def test_infantry_in_a_gully_or_cemetery_subtract_two_from_a_morale_check(session, terrain):
    """10.1.16 Gully, 10.1.18 Cemetery: "Infantry may subtract (-2) from any morale action check
    2d6 check", not only from a rally."""
    set_up(session, cards=(9, 9, 9, 9, 9, 9))
    deploy(session, SQUAD, 1, "A1", terrain)
    deploy(session, SQUAD, 1, "B1", "clear")
    deploy(session, HALFTRACK, 1, "A1")
    press(session, "check", kind="morale", units=[1, 2, 3])
    state = pips(session, 3, 4, 3, 4, 3, 5)  # 7 each, 8 for the halftrack (morale 7)
    resolved = state.log[-1]
    assert isinstance(resolved, CheckResolved)
    assert [f.kind for f in resolved.outcome.findings] == ["morale_passed", "morale_failed", "morale_failed"]
    assert [f.numbers for f in resolved.outcome.findings] == [(5, 6), (7, 6), (8, 7)]
