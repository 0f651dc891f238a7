"""The battlefield through a real session: Sectors numbered from each side, cards placed, drawn by
the companion from the terrain deck (a fact: undo and redo never draw again), units deployed and
moved into Sectors, corrections, and the terrain a unit fights in taken from its Sector's card."""

import re

import pytest

from companion.errors import NothingToDo, RuleViolation
from companion.games.point_blank import builders
from companion.games.point_blank.battlefield import Battlefield, SectorRef, TerrainDeck
from companion.games.point_blank.battlefield_events import BattlefieldLaidOut, TerrainDrawn, TerrainReshuffled
from companion.games.point_blank.commands import (
    AddUnit,
    CorrectSector,
    DrawTerrain,
    EndImpulse,
    LayOutBattlefield,
    MoveUnits,
    Order,
    PlaceTerrain,
    RemoveTerrain,
    SetMarker,
)
from companion.games.rules import Redo, Undo
from companion.session import GameSession
from tests.point_blank.playing import CATALOG, GERMAN, LIEUTENANT, SQUAD, TANK, deploy, set_up


def drawn(session: GameSession) -> list[TerrainDrawn]:
    return [r.event for r in session.records if isinstance(r.event, TerrainDrawn)]


def test_a_sector_is_named_by_area_row_and_the_half_it_lies_in():
    assert SectorRef.model_validate("a2/1") == SectorRef(area="A", row=2, side=1)
    assert str(SectorRef.model_validate("B0")) == "B0"
    for wrong, why in (("A2", "say which"), ("B0/1", "centre row"), ("F1/1", "not a Sector")):
        with pytest.raises(ValueError, match=why):
            SectorRef.model_validate(wrong)


def test_sectors_run_from_side_twos_far_row_across_the_centre_to_side_ones():
    field = Battlefield(areas=3, rows=2)
    assert [s.key for s in field.sectors()][:4] == ["A2/2", "B2/2", "C2/2", "A1/2"]
    assert [s.key for s in field.sectors()][6:9] == ["A0", "B0", "C0"]
    assert len(field.sectors()) == 15 and not field.holds("D1/1") and not field.holds("A3/1")


def test_a_move_enters_the_next_row_of_its_area_or_the_same_row_beside_it():
    field = Battlefield(areas=3, rows=4)
    assert field.adjacent("A1/1") == {"A0", "A2/1", "B1/1"}
    assert field.adjacent("B0") == {"B1/1", "B1/2", "A0", "C0"}
    assert field.adjacent("C4/2") == {"C3/2", "B4/2"}
    assert [field.forward(key, 1) for key in ("A2/1", "A0", "A1/2")] == ["A1/1", "A1/2", "A2/2"]


def test_the_terrain_deck_draws_each_card_by_its_share_and_reshuffles_its_discards():
    deck = TerrainDeck.fresh({"clear": 2, "hill": 1, "bocage": 0})
    assert [deck.pick(i) for i in range(3)] == ["clear", "clear", "hill"] and deck.size == 3
    emptied = deck.taken("clear").taken("clear").taken("hill").discard("hill")
    assert emptied.remaining == 0 and emptied.reshuffled().left == (("hill", 1),)


def test_a_new_game_lays_out_the_default_terrain_deck_from_the_terrain_file(session):
    set_up(session)
    session.execute(LayOutBattlefield(areas=3, rows=4))
    deck = session.state.battlefield.deck
    assert deck is not None and deck.size == 35, "the 9.0 table as far as the text shows it"
    assert dict(deck.left) == {"brush": 8, "clear": 21, "marsh": 4, "hill": 2}
    assert session.state.battlefield.letters == "ABC"


def test_a_scenario_sets_its_own_deck_and_lays_out_only_an_empty_battlefield(session):
    set_up(session)
    session.execute(LayOutBattlefield(areas=2, rows=2, deck={"woods": 3, "church": 1}))
    assert dict(session.state.battlefield.deck.left) == {"woods": 3, "church": 1}
    with pytest.raises(RuleViolation, match=re.escape("terrain.toml")):
        session.execute(LayOutBattlefield(deck={"lava": 2}))
    session.execute(PlaceTerrain(sector="A0", card="woods"))
    with pytest.raises(RuleViolation, match=re.escape("5.3")):
        session.execute(LayOutBattlefield())


def test_the_battlefield_is_laid_out_and_units_deployed_before_the_hands_are_drawn(session):
    """5.0: the battlefield (5.3) and the units (5.4) come before the Action cards (5.5)."""
    session.execute(LayOutBattlefield(areas=3, rows=4))
    session.execute(PlaceTerrain(sector="B0", card="bridge", fixed=True))
    session.execute(AddUnit(template=SQUAD, side=1, sector="B1"))
    assert session.state.settings is None and session.state.unit(1).sector == "B1/1"
    with pytest.raises(RuleViolation, match=re.escape("4.11")):
        session.execute(MoveUnits(units=(1,), sector="B0"))


def test_placing_a_card_takes_it_from_the_deck_when_the_deck_holds_one(session):
    set_up(session)
    session.execute(LayOutBattlefield(areas=3, rows=4))
    session.execute(PlaceTerrain(sector="A0", card="clear"))
    session.execute(PlaceTerrain(sector="B0", card="bridge", fixed=True))
    field = session.state.battlefield
    assert field.card("A0") == "clear" and field.card("B0") == "bridge" and field.fixed == {"B0"}
    assert field.deck.remaining == 34, "the Bridge objective is not in the terrain deck"
    with pytest.raises(RuleViolation, match="holds Clear already"):
        session.execute(PlaceTerrain(sector="A0", card="woods"))
    session.execute(Undo())
    assert session.state.battlefield.card("B0") is None


def test_a_card_drawn_leaves_the_deck_and_undo_and_redo_never_draw_again(session, reopen):
    set_up(session)
    session.execute(LayOutBattlefield(areas=3, rows=4))
    session.execute(AddUnit(template=SQUAD, side=1, sector="B2"))
    card = session.state.battlefield.card("B2/1")
    assert card is not None and session.state.battlefield.deck.remaining == 34
    session.execute(Undo())
    assert session.state.units == () and session.state.battlefield.card("B2/1") == card, "the card stays drawn"
    session.execute(Redo())
    assert session.state.unit(1).sector == "B2/1" and session.state.battlefield.card("B2/1") == card
    assert [d.card for d in drawn(session)] == [card] and session.state.battlefield.deck.remaining == 34
    assert reopen(session).state == session.state


def test_a_unit_deployed_where_a_card_lies_draws_none(session):
    set_up(session)
    deploy(session, SQUAD, 1, "A2", "woods")
    deploy(session, SQUAD, 1, "A2")
    assert drawn(session) == [] and [u.sector for u in session.state.units] == ["A2/1", "A2/1"]
    with pytest.raises(RuleViolation, match="not on the battlefield"):
        session.execute(AddUnit(template=SQUAD, side=1, sector="A6/1"))


def test_every_draw_counts_the_deck_down_and_the_discards_become_the_next_deck(session):
    set_up(session)
    session.execute(LayOutBattlefield(areas=1, rows=1, deck={"hill": 1, "marsh": 2}))
    for sector in ("A0", "A1/1", "A1/2"):
        session.execute(DrawTerrain(sector=sector))
    assert sorted(d.card for d in drawn(session)) == ["hill", "marsh", "marsh"]
    assert session.state.battlefield.deck.remaining == 0
    session.execute(RemoveTerrain(sector="A1/2"))
    with pytest.raises(RuleViolation, match="holds"):
        session.execute(DrawTerrain(sector="A0"))
    gone = drawn(session)[2].card
    session.execute(DrawTerrain(sector="A1/2"))
    assert isinstance(session.records[-2].event, TerrainReshuffled) and drawn(session)[-1].card == gone
    session.execute(CorrectSector(sector="A1/2", card=None))
    with pytest.raises(RuleViolation, match="terrain deck and its discard pile are empty"):
        session.execute(DrawTerrain(sector="A1/2"))


def test_a_game_that_never_laid_out_its_battlefield_lays_out_the_default_at_its_first_draw(session):
    set_up(session)
    session.execute(DrawTerrain(sector="E4/2"))
    laid_out, card = (r.event for r in session.records[-2:])
    assert isinstance(laid_out, BattlefieldLaidOut) and (laid_out.areas, laid_out.rows) == (5, 4)
    assert isinstance(card, TerrainDrawn) and session.state.battlefield.deck.remaining == 34


def test_a_move_order_points_at_a_sector_the_upkeep_enters_drawing_its_card(session, reopen):
    """8.7: the units stay where they are until their next Upkeep; 6.1.2.1: entering a Sector
    with no terrain draws its card."""
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "woods")
    with pytest.raises(RuleViolation, match=re.escape("8.7")):
        session.execute(Order(units=(1,), action="move", destination="B4/1"))
    session.execute(Order(units=(1,), action="move", destination="B1/1"))
    assert session.state.unit(1).sector == "B2/1" and session.state.moves_due == ()
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    assert [m.to for m in session.state.moves_due] == ["B1/1"]
    session.execute(MoveUnits(units=(1,), sector="B1/1"))
    card = session.state.battlefield.card("B1/1")
    assert card is not None and session.state.unit(1).sector == "B1/1"
    assert session.state.moves == () and not session.state.unit(1).moving
    # Refusing the terrain (6.1.2.3): undo the move; the card stays, the unit keeps its marker.
    session.execute(Undo())
    unit = session.state.unit(1)
    assert unit.sector == "B2/1" and unit.moving and session.state.battlefield.card("B1/1") == card
    assert [m.to for m in session.state.moves_due] == ["B1/1"] and len(drawn(session)) == 1
    assert reopen(session).state == session.state


@pytest.mark.parametrize(("template", "card", "spent"), [
    (SQUAD, "woods", True),  # into another Area: spent once the terrain is resolved (8.7)
    (SQUAD, "road", False),  # an infantry unit leaving a Road Bonus card is not (10.1.8)
    (SQUAD, "woods_road", False),
    (TANK, "road", True),  # a vehicle's Road Bonus is to move on, which the players do with a new order
])
def test_a_move_ordered_into_another_area_spends_the_unit_unless_infantry_leaves_a_road(
        session, template, card, spent):
    set_up(session)
    deploy(session, template, 1, "B2", card)
    session.execute(Order(units=(1,), action="move", destination="A2/1"))
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    session.execute(MoveUnits(units=(1,), sector="A2/1"))
    assert session.state.unit(1).sector == "A2/1" and session.state.unit(1).spent == spent


def test_a_move_in_its_own_area_and_a_retreat_into_another_spend_nobody(session):
    set_up(session)
    deploy(session, SQUAD, 1, "B2", "woods")
    deploy(session, SQUAD, 1, "C2", "woods")
    session.execute(Order(units=(1,), action="move", destination="B1/1"))
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    session.execute(MoveUnits(units=(1,), sector="B1/1"))
    session.execute(MoveUnits(units=(2,), sector="B2/1"))  # no order: a retreat (7.13)
    assert not session.state.unit(1).spent and not session.state.unit(2).spent


def test_an_in_sector_move_replaces_the_card_and_discards_the_old_one(session):
    set_up(session)
    deploy(session, SQUAD, 1, "A2", "clear")
    deploy(session, LIEUTENANT, 1, "A2")
    with pytest.raises(RuleViolation, match=re.escape("2.11")):
        session.execute(MoveUnits(units=(2,), sector="A2/1"))
    session.execute(MoveUnits(units=(1,), sector="A2/1"))
    field = session.state.battlefield
    assert field.card("A2/1") == drawn(session)[-1].card and dict(field.deck.discards) == {"clear": 1}


def test_a_move_may_not_enter_a_sector_the_enemy_holds(session):
    set_up(session)
    deploy(session, SQUAD, 1, "C1", "clear")
    deploy(session, GERMAN, 2, "C0", "clear")
    with pytest.raises(RuleViolation, match=re.escape("8.7")):
        session.execute(MoveUnits(units=(1,), sector="C0"))


def test_a_correction_changes_the_record_not_the_deck_and_undo_takes_it_back(session):
    set_up(session)
    deploy(session, GERMAN, 2, "B2", "brush")
    remaining = session.state.battlefield.deck.remaining
    session.execute(CorrectSector(sector="B2/2", card="stone_building"))
    state = session.state
    assert state.battlefield.card("B2/2") == "stone_building" and state.battlefield.deck.remaining == remaining
    assert builders.defence_of(state, CATALOG, state.unit(1)) == 4 + 2, "Stone Building and concealed"
    with pytest.raises(NothingToDo):
        session.execute(CorrectSector(sector="B2/2", card="stone_building"))
    session.execute(Undo())
    assert builders.defence_of(session.state, CATALOG, session.state.unit(1)) == 1 + 2


def test_a_card_removed_takes_its_wreck_with_it(session):
    set_up(session)
    session.execute(PlaceTerrain(sector="D2/2", card="woods"))
    session.execute(SetMarker(marker="wreck", sector="D2/2"))
    session.execute(RemoveTerrain(sector="D2/2"))
    assert session.state.wreck == frozenset() and session.state.battlefield.card("D2/2") is None
    assert dict(session.state.battlefield.deck.discards) == {"woods": 1}


def test_objective_cards_and_the_scenarios_terrain_stay_in_play(session):
    set_up(session)
    session.execute(PlaceTerrain(sector="B0", card="bridge"))
    session.execute(PlaceTerrain(sector="A0", card="clear", fixed=True))
    for sector, rule in (("B0", "2.9"), ("A0", "6.1.2.4")):
        with pytest.raises(RuleViolation, match=re.escape(rule)):
            session.execute(RemoveTerrain(sector=sector))


def test_every_unit_in_a_sector_fights_in_its_card_and_units_off_the_battlefield_in_the_open(session):
    set_up(session)
    deploy(session, SQUAD, 1, "A1", "clear")
    deploy(session, GERMAN, 2, "A1", "woods")
    deploy(session, GERMAN, 2, "A1")
    session.execute(AddUnit(template=GERMAN, side=2))
    fire = [builders.fire(session.state, CATALOG, [1], [target]).defence for target in (2, 3, 4)]
    assert fire == [2 + 2, 2 + 2, 0]


def test_marsh_puts_out_smoke_and_blazes_and_refuses_smoke(session):
    """10.1.6: "Smoke may never be played into a Marsh. If Smoke or Blazes exists in a Sector where
    Marsh is resolved as terrain, they are removed"."""
    set_up(session)
    session.execute(SetMarker(marker="smoke", sector="C3/1"))
    session.execute(PlaceTerrain(sector="C3/1", card="marsh"))
    assert session.state.smoke == frozenset()
    with pytest.raises(RuleViolation, match=re.escape("10.1.6")):
        builders.smoke(session.state, "C3/1")
