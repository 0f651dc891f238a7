"""Wire laid over a Sector's terrain (10.1.5): +1 to an infantry attack on the units in it, a bog
check's -1, no change of an objective's control while it lies there, infantry held until an in-Sector
move takes it away, gone when an AFV enters or the terrain is removed."""

import pytest

from companion.errors import Overridable, RuleViolation
from companion.games.point_blank import builders
from companion.games.point_blank.commands import (
    EndImpulse,
    LayOutBattlefield,
    MoveUnits,
    PlaceTerrain,
    RemoveTerrain,
    SetMarker,
)
from companion.games.point_blank.events import ObjectiveControlled
from companion.games.point_blank.field_view import card_cell
from companion.games.rules import Undo
from tests.point_blank.playing import CATALOG, CONTROLLER, GERMAN, SQUAD, TANK, answer, deploy, field, ran, set_up


def test_wire_over_woods_adds_one_to_the_attack_and_takes_one_off_a_bog_check(session):
    set_up(session)
    deploy(session, SQUAD, 1, "B1", "clear")
    deploy(session, GERMAN, 2, "B1", "woods")
    deploy(session, TANK, 2, "C1", "woods")
    plain = builders.fire(session.state, CATALOG, [1], [2]).modifier
    assert not builders.bog(session.state, CATALOG, 3).wire
    session.execute(SetMarker(marker="wire", sector="B1/2"))
    session.execute(SetMarker(marker="wire", sector="C1/2"))
    assert builders.fire(session.state, CATALOG, [1], [2]).modifier == plain + 1
    assert builders.bog(session.state, CATALOG, 3).wire
    assert card_cell(session.state, CATALOG, "B1/2") == "Woods +X"


def test_control_of_an_objective_under_wire_waits_until_the_wire_is_gone(session):
    set_up(session, nationalities=("us", "german"))
    session.execute(LayOutBattlefield(areas=3, rows=4))
    deploy(session, SQUAD, 1, "B0", "church")
    deploy(session, SQUAD, 1, "B0")
    session.execute(SetMarker(marker="wire", sector="B0"))
    session.execute(EndImpulse())
    assert session.state.controller("B0") is None
    session.execute(SetMarker(marker="wire", sector="B0", present=False))
    session.execute(EndImpulse())
    assert session.state.controller("B0") == 1
    assert [r.event.side for r in session.records if isinstance(r.event, ObjectiveControlled)] == [1]


def test_an_afv_entering_takes_the_wire_away_and_a_card_removed_takes_its_wire_with_it(session):
    set_up(session)
    deploy(session, TANK, 1, "B1", "clear")
    deploy(session, SQUAD, 1, "C1", "clear")
    session.execute(SetMarker(marker="wire", sector="B2/1"))
    session.execute(SetMarker(marker="wire", sector="C1/1"))
    session.execute(MoveUnits(units=(1,), sector="B2/1"))
    assert session.state.wire == {"C1/1"} and session.state.unit(1).sector == "B2/1"
    session.execute(Undo())
    session.execute(Undo())
    assert session.state.wire == {"B2/1", "C1/1"} and session.state.unit(1).sector == "B1/1"
    session.execute(MoveUnits(units=(2,), sector="B1/1", force=True))
    session.execute(RemoveTerrain(sector="C1/1"))
    assert session.state.wire == {"B2/1"}


def test_infantry_in_wire_leave_only_after_an_in_sector_move_that_takes_the_wire_away(session):
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "woods")
    session.execute(SetMarker(marker="wire", sector="B2/1"))
    leaving = MoveUnits(units=(1,), sector="B1/1")
    with pytest.raises(Overridable, match="in-Sector move") as refused:
        session.execute(leaving)
    assert refused.value.override == leaving.model_copy(update={"force": True})
    session.execute(MoveUnits(units=(1,), sector="B2/1"))
    # The wire is gone, the woods stay, and no card was drawn.
    assert session.state.wire == frozenset() and session.state.battlefield.card("B2/1") == "woods"
    session.execute(leaving)
    assert session.state.unit(1).sector == "B1/1"


def test_the_forms_start_infantry_in_wire_at_an_in_sector_move_and_a_way_out_needs_the_retreat_ticked(session):
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "woods")
    session.execute(SetMarker(marker="wire", sector="B2/1"))
    assert field(CONTROLLER.press(session.latest, "move", None, 1), "destination").default == "B2/1"
    entering = CONTROLLER.press(session.latest, "enter_sector", None, 1)
    assert field(entering, "sector").default == "B2/1"
    with pytest.raises(RuleViolation, match="tick the retreat to move them all the same"):
        answer(entering, sector="B1/1")  # said in the form, which stays open
    retreat = ran(answer(entering, sector="B1/1", retreat=True))
    assert retreat.commands == (MoveUnits(units=(1,), sector="B1/1", force=True),)
    assert ran(answer(entering)).commands == (MoveUnits(units=(1,), sector="B2/1"),)


def test_wire_alone_in_a_sector_gives_way_to_a_clear_card_from_the_deck_when_an_afv_enters(session):
    set_up(session)
    session.execute(LayOutBattlefield(areas=3, rows=4))
    deploy(session, TANK, 1, "B2", "clear")
    session.execute(PlaceTerrain(sector="B1/1", card="wire"))
    clear_left = dict(session.state.battlefield.deck.left)["clear"]
    session.execute(MoveUnits(units=(1,), sector="B1/1"))
    field = session.state.battlefield
    assert field.card("B1/1") == "clear" and dict(field.deck.left)["clear"] == clear_left - 1
    assert dict(field.deck.discards) == {"wire": 1}
    assert session.state.bog_owed == ((1, True),)  # as degrading terrain, at -1
