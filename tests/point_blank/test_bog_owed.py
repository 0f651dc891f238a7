"""A vehicle entering terrain that bogs owes a bog check (7.2), over Wire at -1 (10.1.5): the Upkeep
lists it, Check opens on it, and the check resolved (or the impulse's end) settles it."""

from companion.games.point_blank.commands import EndImpulse, EnterPip, MoveUnits, PlaceTerrain, SetMarker, StartCheck
from companion.games.point_blank.field_view import upkeep_lines
from tests.point_blank.playing import CATALOG, CONTROLLER, SQUAD, TANK, answer, deploy, set_up


def test_a_tank_entering_woods_owes_a_bog_check_that_check_opens_on_until_it_is_made(session):
    set_up(session, nationalities=("us", "german"))
    deploy(session, TANK, 1, "B2", "clear")
    deploy(session, SQUAD, 1, "C2", "clear")
    session.execute(PlaceTerrain(sector="B1/1", card="woods"))
    session.execute(PlaceTerrain(sector="C1/1", card="woods"))
    session.execute(MoveUnits(units=(2,), sector="C1/1"))  # infantry never bogs
    assert session.state.bog_owed == ()
    session.execute(MoveUnits(units=(1,), sector="B1/1"))
    assert session.state.bog_owed == ((1, False),)
    assert "Bog checks owed (7.2; k opens the first): M10 in Woods" in upkeep_lines(session.state, CATALOG)
    asked = CONTROLLER.press(session.state, "check", None, None)
    assert asked.form.defaults() == {"kind": "bog"}
    chosen = answer(asked)
    assert chosen.form.title == "Bog check" and chosen.form.defaults()["unit"] == 1
    (start,) = answer(chosen).commands
    assert isinstance(start, StartCheck) and start.check.kind == "bog"
    session.execute(start)
    session.execute(EnterPip(pip=6))
    assert session.state.bog_owed == ()


def test_wire_makes_any_terrain_owe_a_check_at_minus_one_and_the_impulses_end_forgets_it(session):
    set_up(session)
    deploy(session, TANK, 1, "B2", "clear")
    session.execute(PlaceTerrain(sector="B1/1", card="clear"))
    session.execute(MoveUnits(units=(1,), sector="B1/1"))
    assert session.state.bog_owed == ()  # Clear never bogs
    session.execute(SetMarker(marker="wire", sector="B2/1"))
    session.execute(MoveUnits(units=(1,), sector="B2/1"))
    assert session.state.bog_owed == ((1, True),) and session.state.wire == frozenset()
    bog = CONTROLLER.press(session.state, "check", None, None)
    assert answer(bog, kind="bog").form.defaults()["wire"] is True
    session.execute(EndImpulse())
    assert session.state.bog_owed == ()
