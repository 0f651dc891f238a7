"""Mines resolved as terrain (10.1.7): the units entering owe the mines' attack, which Check opens on;
infantry take the card's printed firepower, a vehicle a +2 attack against its flank armour, and a
failed damage check immobilises the vehicle as if bogged."""

from companion.games.point_blank import builders
from companion.games.point_blank.checks.base import Outcome, Step
from companion.games.point_blank.commands import EndImpulse, EnterPip, MoveUnits, PlaceTerrain
from companion.games.point_blank.field_view import upkeep_lines
from tests.point_blank.playing import CATALOG, CONTROLLER, SQUAD, TANK, answer, deploy, set_up


def test_units_entering_mines_owe_its_attack_and_check_opens_on_it_with_them(session):
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "clear")
    deploy(session, SQUAD, 1, "B2")
    session.execute(PlaceTerrain(sector="B1/1", card="mines"))
    session.execute(MoveUnits(units=(1, 2), sector="B1/1"))
    assert session.state.mines_owed == (1, 2)
    assert "Mines attack now (10.1.7; k opens it): US Rifle squad, US Rifle squad" in upkeep_lines(
        session.state, CATALOG)
    asked = CONTROLLER.press(session.state, "check", None, None)
    assert asked.form.defaults() == {"kind": "mines"}
    form = answer(asked)
    assert form.form.title == "Mines" and form.form.defaults()["units"] == (1, 2)
    (start,) = answer(form, firepower="3").commands
    session.execute(start)
    assert session.state.check.check.kind == "mines" and session.state.check.check.firepower == 3
    for pip in (1, 6):  # attack 1 + 3 against defence 6: it holds
        session.execute(EnterPip(pip=pip))
    assert session.state.check is None and session.state.mines_owed == ()
    session.execute(MoveUnits(units=(1,), sector="B2/1"))
    session.execute(MoveUnits(units=(1,), sector="B1/1"))
    session.execute(EndImpulse())
    assert session.state.mines_owed == ()  # the impulse's end forgets what the table did not ask


def test_a_vehicle_whose_damage_check_fails_is_immobilised_as_if_bogged(session):
    set_up(session)
    deploy(session, TANK, 1, "B1", "mines")
    check = builders.minefield(session.state, [1], 0)
    assert check.infantry == () and check.vehicles[0].name == "M10"
    # 2 + 6 = 8 against flank armour 0 + 1: a damage check of +7, then 1 + 7 = 8 against morale 7.
    outcome = check.advance((6, 1, 1))
    assert isinstance(outcome, Step)  # a 1 on the damage check asks for a hero check
    outcome = check.advance((6, 1, 1, 3))
    assert isinstance(outcome, Outcome)
    assert [f.kind for f in outcome.findings] == ["attack_hit", "damage", "immobilised"]
    assert outcome.changes[0].changes["bogged"] is True
    held = check.advance((1, 6))
    assert isinstance(held, Outcome) and [f.kind for f in held.findings] == ["attack_held"]
