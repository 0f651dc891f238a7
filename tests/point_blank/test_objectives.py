"""Objective control (2.9): taken at an impulse's end by the side whose units in the Sector carry the
card's flags, kept once they leave, never taken while both sides carry them, and undone on request."""

from companion.games.point_blank.announce import announce
from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.commands import AdjustUnit, EndImpulse, LayOutBattlefield
from companion.games.point_blank.event_words import log_lines
from companion.games.point_blank.events import ObjectiveControlled
from companion.games.point_blank.field_view import objective_lines
from companion.games.point_blank.view import held_lines
from companion.games.rules import Undo
from tests.point_blank.playing import CATALOG, GERMAN, LIEUTENANT, SQUAD, TANK, deploy, draw, set_up
from tests.speech.heard import heard_both

AT_GUN = UnitTemplate(name="AT gun", kind="weapon_team", morale=6, firepower=3, nationality="us",
                      control_flag="ordnance")


def battlefield(session) -> None:
    set_up(session, nationalities=("us", "german"))
    session.execute(LayOutBattlefield(areas=3, rows=4))


def taken(session) -> list[tuple[str, int]]:
    return [(r.event.sector, r.event.side) for r in session.records if isinstance(r.event, ObjectiveControlled)]


def by_name(session, name: str) -> int:
    return next(unit.id for unit in session.state.units if unit.name == name and not unit.eliminated)


def test_two_squads_take_the_church_at_the_impulses_end_and_keep_it_once_gone(session):
    battlefield(session)
    deploy(session, SQUAD, 1, "B0", "church")  # 2 white flags: one squad is not enough
    deploy(session, LIEUTENANT, 1, "B0")
    session.execute(EndImpulse())
    assert session.state.controller("B0") is None and taken(session) == []
    deploy(session, GERMAN, 2, "A2", "woods")
    session.execute(EndImpulse())
    deploy(session, SQUAD, 1, "B0")
    assert session.state.controller("B0") is None  # not before the impulse ends
    session.execute(EndImpulse())
    assert taken(session) == [("B0", 1)]
    assert log_lines(session.state, CATALOG)[-1] == "US takes control of the Church (B0)"
    for unit in [u.id for u in session.state.units if u.side == 1]:
        session.execute(AdjustUnit(unit=unit, changes={"eliminated": True}))
    session.execute(EndImpulse())
    assert session.state.controller("B0") == 1 and taken(session) == [("B0", 1)]
    assert held_lines(session.state, CATALOG) == ["Objectives controlled (2.9): the Church (B0) by US"]
    assert objective_lines(session.state, CATALOG) == ["Objectives: B0 Church: 0 black + 2 white flags, held by US"]


def test_while_both_sides_carry_the_flags_control_stays_then_the_last_one_there_takes_it(session):
    battlefield(session)
    for template, side in ((SQUAD, 1), (SQUAD, 1), (GERMAN, 2), (GERMAN, 2)):
        deploy(session, template, side, "B0", "church")
    session.execute(EndImpulse())
    assert taken(session) == []
    assert held_lines(session.state, CATALOG) == ["No objective is controlled yet (2.9)"]
    session.execute(AdjustUnit(unit=by_name(session, "US Rifle squad"), changes={"eliminated": True}))
    session.execute(EndImpulse())
    assert taken(session) == [("B0", 2)]


def test_a_black_flag_needs_an_ordnance_unit_an_afv_or_one_its_card_marks(session):
    battlefield(session)
    deploy(session, SQUAD, 1, "B0", "crossroads")  # 1 black + 1 white flag
    session.execute(EndImpulse())
    assert taken(session) == []
    deploy(session, AT_GUN, 1, "B0")
    session.execute(EndImpulse())
    assert taken(session) == [("B0", 1)]
    session.execute(AdjustUnit(unit=by_name(session, "AT gun"), changes={"eliminated": True}))
    deploy(session, TANK, 2, "B0")
    deploy(session, GERMAN, 2, "B0")
    session.execute(EndImpulse())
    # The US squad still stands there, but without its black flag.
    assert taken(session) == [("B0", 1), ("B0", 2)] and session.state.controller("B0") == 2


def test_undo_takes_control_back_and_the_table_hears_who_took_it(session):
    battlefield(session)
    deploy(session, SQUAD, 1, "B0", "church")
    deploy(session, SQUAD, 1, "B0")
    session.execute(EndImpulse())
    (record,) = [r for r in session.records if isinstance(r.event, ObjectiveControlled)]
    assert heard_both(announce([record], session.state)) == (["US takes the objective in B0"],
                                                             ["USA nimmt das Ziel in B0"])
    session.execute(Undo())
    assert session.state.controller("B0") is None and session.state.side == 2  # the impulse stays ended


def test_a_turn_ended_by_the_last_card_is_an_impulses_end_too(session):
    set_up(session, cards=(2, 2, 2, 2, 2, 2), nationalities=("us", "german"))  # two cards beyond the hands
    session.execute(LayOutBattlefield(areas=3, rows=4))
    deploy(session, SQUAD, 1, "B0", "church")
    deploy(session, SQUAD, 1, "B0")
    draw(session, 1, 2)
    assert session.state.turn == 2 and taken(session) == [("B0", 1)]
