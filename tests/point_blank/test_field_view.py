"""The battlefield on screen and in the forms, without a screen: the grid with card names and the
units in each Sector at the sizes of the table's screens, the Upkeep's moves and removals, and the
forms that pick Sectors from the battlefield with defaults from the table."""

import pytest

from companion.errors import RuleViolation
from companion.games.kit.forms import Choice, Pick
from companion.games.kit.intents import SwitchView
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
    SetUpGame,
)
from companion.games.point_blank.event_words import log_lines
from companion.games.point_blank.field_view import checklist, grid_lines, removable
from companion.games.point_blank.view import sector_name
from tests.point_blank.playing import CATALOG, CONTROLLER, GERMAN, LIEUTENANT, SQUAD, answer, field, played, ran

TUTORIAL = (
    SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3), nationalities=("us", "german")),
    LayOutBattlefield(areas=3, rows=4),
    # 3.1: A0 and C0 Clear, B0 the Bridge; random terrain in A2, B2, C2 on both sides, C4 (US), A4 (German).
    PlaceTerrain(sector="A0", card="clear", fixed=True), PlaceTerrain(sector="B0", card="bridge", fixed=True),
    PlaceTerrain(sector="C0", card="clear", fixed=True),
    *(DrawTerrain(sector=key) for key in ("A2/1", "B2/1", "C2/1", "A2/2", "B2/2", "C2/2", "C4/1", "A4/2")),
    AddUnit(template=SQUAD, side=1, sector="B2"), AddUnit(template=LIEUTENANT, side=1, sector="B2"),
    AddUnit(template=GERMAN, side=2, sector="A2"), AddUnit(template=GERMAN, side=2, name="Reserve"),
    SetMarker(marker="smoke", sector="B0"),
)


@pytest.mark.parametrize(("width", "height"), [(96, 25), (76, 16)])
def test_the_grid_names_each_sectors_card_and_its_units_and_fits_the_screen(width, height):
    state = played(*TUTORIAL)
    lines = grid_lines(state, CATALOG, width, height)
    assert len(lines) <= height and all(len(line) <= width for line in lines)
    assert lines[0].split() == ["A", "B", "C"]
    centre = next(line for line in lines if line.startswith("0 "))
    assert centre.split() == ["0", "Clear", "*Bridge", "+S", "Clear"], "names from the data, never ids"
    us_b2 = state.battlefield.card("B2/1")
    row = next(i for i, line in enumerate(lines) if line.startswith("2 US"))
    assert CATALOG.terrain_name(us_b2) in lines[row]
    shown_units = "\n".join(lines[row:row + 2])
    assert ("1 US Rifle squad, 2 Lt" in shown_units) or ("#1 #2" in shown_units)
    assert lines.index(next(line for line in lines if line.startswith("4 German"))) < row, "side 2 at the top"
    assert "Off the battlefield: 4 Reserve" in lines and "Terrain deck: 25 of 35 cards left" in lines
    assert "Objectives: B0 Bridge: 1 black + 2 white flags" in lines


def test_a_screen_too_short_for_two_lines_a_row_gives_them_to_the_rows_with_units():
    lines = grid_lines(played(*TUTORIAL), CATALOG, 76, 16)
    assert len(lines) == 16
    labels = [line.split("  ")[0] for line in lines[1:12]]
    assert labels == ["4 German", "3 German", "2 German", "", "1 German", "0", "1 US", "2 US", "", "3 US", "4 US"]
    assert "#3" in lines[4] or "German Rifle squad" in lines[4]


def test_a_short_screen_gets_a_sector_to_a_line_and_a_long_name_is_cut_visibly():
    state = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), PlaceTerrain(sector="A0", card="artillery_position"))
    lines = grid_lines(state, CATALOG, 76, 12)
    assert len(lines) == 1 + 9 + 2 and all(len(line) <= 76 for line in lines)
    assert lines[5].split()[:3] == ["0", "*Artillery", "…"]


def test_the_upkeep_lists_the_moves_due_and_the_cards_no_unit_is_next_to():
    state = played(*TUTORIAL, Order(units=(1,), action="move", destination="B1/1"), EndImpulse(), EndImpulse())
    lines = checklist(state, CATALOG)
    assert "  US Rifle squad (1) to B1 US (no card yet: one is drawn)" in lines
    assert removable(state, CATALOG) == ["A4/2", "C2/2", "C4/1"]
    duty = next(at for at, line in enumerate(lines) if line.startswith("No unit next to these cards: remove them "
                                                                        "(T, 6.1.2.4): A4 German"))
    assert lines[duty + 1].startswith("- Melee"), "the Upkeep's duties before the steps every Upkeep lists"


def test_the_log_names_a_card_drawn_and_its_sector():
    state = played(*TUTORIAL)
    card = CATALOG.terrain_name(state.battlefield.card("A4/2"))
    assert log_lines(state, CATALOG)[-1] == f"terrain drawn for A4 German: {card}"
    assert sector_name(state, CATALOG, "B0") == "B0" and sector_name(state, CATALOG, "near the barn") == "near the barn"


def test_the_battlefield_key_switches_the_view_in_every_state():
    assert CONTROLLER.press(played(*TUTORIAL), "battlefield", None, None) == SwitchView("battlefield")
    assert "battlefield" in CONTROLLER.available(played(*TUTORIAL))


def test_setup_lays_out_the_battlefield_with_the_deck():
    commands = ran(answer(CONTROLLER.press(played(), "confirm", None, None), areas="3", rows="2")).commands
    assert isinstance(commands[0], SetUpGame) and commands[1] == LayOutBattlefield(areas=3, rows=2)


def test_a_unit_is_deployed_into_the_selected_units_sector_or_off_the_battlefield():
    state = played(*TUTORIAL)
    form = CONTROLLER.press(state, "add_unit", None, 1)
    sector = field(form, "sector")
    assert isinstance(sector, Choice) and sector.initial == "B2/1" and ("A0", "A0 · Clear") in sector.options
    added = ran(answer(form, template="us_rifle_squad")).commands[0]
    assert isinstance(added, AddUnit) and added.sector is not None and added.sector.key == "B2/1"
    off = ran(answer(CONTROLLER.press(state, "add_unit", None, None), template="us_rifle_squad")).commands[0]
    assert isinstance(off, AddUnit) and off.sector is None


def test_a_move_order_points_forward_from_the_selected_unit_among_the_sectors_next_to_it():
    state = played(*TUTORIAL)
    destination = field(CONTROLLER.press(state, "move", None, 1), "destination")
    assert isinstance(destination, Choice) and destination.initial == "B1/1"
    assert {value for value, _ in destination.options} == {"-", "B2/1", "B1/1", "B3/1", "A2/1", "C2/1"}
    order = ran(answer(CONTROLLER.press(state, "move", None, 1))).commands[0]
    assert isinstance(order, Order) and order.destination is not None and order.destination.key == "B1/1"


def test_entering_a_sector_starts_from_the_move_due():
    state = played(*TUTORIAL, Order(units=(1,), action="move", destination="B1/1"), EndImpulse(), EndImpulse())
    form = CONTROLLER.press(state, "enter_sector", None, None)
    units, sector = field(form, "units"), field(form, "sector")
    assert isinstance(units, Pick) and units.default == (1,)
    assert isinstance(sector, Choice) and sector.initial == "B1/1"
    assert ran(answer(form)).commands[0] == MoveUnits(units=(1,), sector="B1/1")


def test_a_move_due_into_a_sector_enemy_units_now_hold_is_listed_to_cancel_not_offered_first():
    """8.7: "If a move action would move units into a Sector that is now occupied by enemy troops,
    the player may elect to cancel the move action during their player upkeep"."""
    ordered = (*TUTORIAL, Order(units=(1,), action="move", destination="B1/1"), EndImpulse())
    state = played(*ordered, AddUnit(template=GERMAN, side=2, sector="B1/1"), EndImpulse())
    assert state.moves_due and not state.moves_open
    assert "enter_sector" not in CONTROLLER.first_now(state)[:3]
    assert "  US Rifle squad (1) to B1 US (enemy units hold it: cancel the move, its marker off (t), 8.7)" in (
        checklist(state, CATALOG))
    form = CONTROLLER.press(state, "enter_sector", None, 1)
    with pytest.raises(RuleViolation, match=r"B1 US holds enemy units: a move may not enter it \(8.7\)"):
        answer(form)
    assert "enter_sector" in CONTROLLER.first_now(played(*ordered, EndImpulse()))


def test_entering_a_sector_starts_forward_of_the_selected_unit_unless_enemy_units_hold_it():
    state = played(*TUTORIAL)
    assert field(CONTROLLER.press(state, "enter_sector", None, 1), "sector").initial == "B1/1"
    held = played(*TUTORIAL, AddUnit(template=GERMAN, side=2, sector="B1/1"))
    form = CONTROLLER.press(held, "enter_sector", None, 1)
    assert field(form, "sector").initial == "B2/1", "an in-Sector move"
    assert ran(answer(form)).commands[0] == MoveUnits(units=(1,), sector="B2/1")


@pytest.mark.parametrize(("action", "card", "made"), [
    ("draw", "clear", DrawTerrain(sector="A1/1")),
    ("place", "woods", PlaceTerrain(sector="A1/1", card="woods")),
    ("correct", "-", CorrectSector(sector="A1/1", card=None)),
    ("remove", "clear", RemoveTerrain(sector="A1/1")),
])
def test_the_sector_card_form_draws_places_corrects_or_removes(action, card, made):
    form = CONTROLLER.press(played(*TUTORIAL), "sector_card", None, None)
    assert ran(answer(form, sector="A1/1", action=action, card=card)).commands[0] == made


def test_while_cards_are_due_for_removal_the_sector_card_form_removes_the_first_whatever_is_selected():
    """The action bar offers the form first for that duty (6.1.2.4): taken as offered, it does it,
    and draws no card into an empty Sector."""
    state = played(*TUTORIAL)
    assert removable(state, CATALOG) == ["A4/2", "C2/2", "C4/1"]
    assert CONTROLLER.first_now(state)[0] == "sector_card"
    for selected in (None, 3):
        assert ran(answer(CONTROLLER.press(state, "sector_card", None, selected))).commands == (
            RemoveTerrain(sector="A4/2"),)
    cleared = played(*TUTORIAL, *(RemoveTerrain(sector=key) for key in removable(state, CATALOG)))
    assert removable(cleared, CATALOG) == [] and CONTROLLER.first_now(cleared)[0] == "fire"


def test_a_draw_for_a_sector_that_holds_a_card_is_refused_inside_the_form():
    form = CONTROLLER.press(played(*TUTORIAL), "sector_card", None, None)
    with pytest.raises(RuleViolation, match="A0 holds Clear already: a card is drawn only for a Sector with none"):
        answer(form, sector="A0", action="draw")


def test_placing_needs_a_card_and_defaults_to_the_selected_units_sector():
    state = played(*TUTORIAL)
    form = CONTROLLER.press(played(*TUTORIAL, *(RemoveTerrain(sector=key) for key in removable(state, CATALOG))),
                            "sector_card", None, 3)
    sector = field(form, "sector")
    assert isinstance(sector, Choice) and sector.initial == "A2/2"
    with pytest.raises(ValueError, match="choose the card"):
        answer(form, action="place", card="-")
