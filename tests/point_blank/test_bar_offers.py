"""Point Blank's action bar without a screen: what it offers first as the table stands, and every action there is."""

import pytest

from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.commands import AddUnit, AdjustUnit, EndImpulse, Order, SetUpGame, StartCheck
from tests.point_blank.playing import CONTROLLER, GERMAN, LIEUTENANT, SQUAD, bar, played


def test_the_bar_offers_what_matters_now_first_and_every_action_there_is():
    impulse = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
                     AddUnit(template=GERMAN, side=2))
    assert bar(impulse)[:9] == ["fire", "move", "assault", "melee", "other", "rally", "ready", "check", "end_impulse"]
    check = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), StartCheck(check=PlainCheck(cards=2)))
    assert bar(check)[:7] == ["1", "2", "3", "4", "5", "6", "cancel_check"]
    acted = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
                   Order(units=(1,), action="move"))
    assert bar(acted)[:2] == ["end_impulse", "undo"], "the impulse's one action is taken"
    for state in (check, impulse, acted):
        assert {*CONTROLLER.available(state), "confirm"} == {action.name for action in CONTROLLER.tappable(state)}


def test_redo_stands_right_after_undo_so_a_full_bar_keeps_it_beside_undo():
    """With twenty actions on offer the bar keeps its first ones and puts the rest behind More…:
    Redo at the end of them was behind it, just when a player who had undone wanted it."""
    impulse = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
                     AddUnit(template=GERMAN, side=2))
    acted = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
                   Order(units=(1,), action="move"))
    for state in (impulse, acted):
        offered = bar(state)
        assert offered[offered.index("undo") + 1] == "redo"


@pytest.mark.parametrize(("markers", "first"), [
    ({"spent": True}, ["ready", "fire", "move", "assault", "melee", "rally", "other"]),
    ({"shaken": 1}, ["move", "melee", "rally", "other", "fire", "assault", "ready"]),
])
def test_the_orders_the_sides_units_may_take_come_first(markers, first):
    """A spent unit may only rally or be readied (4.8), a shaken one neither fire nor assault (7.14)."""
    state = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
                   AddUnit(template=GERMAN, side=2), AdjustUnit(unit=1, changes=markers))
    assert bar(state)[:7] == first


def test_a_leader_alone_fit_to_fire_does_not_put_fire_first_since_leaders_lend_their_modifier():
    """2.11: the fire form orders the squads, the leader adding his modifier; with every squad
    spent, Fire as offered would only be refused."""
    state = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
                   AddUnit(template=LIEUTENANT, side=1), AddUnit(template=GERMAN, side=2),
                   AdjustUnit(unit=1, changes={"spent": True}))
    offered = bar(state)
    assert offered[0] == "move" and offered.index("ready") < offered.index("fire"), "the leader moves"


def test_with_no_enemy_unit_on_the_table_the_attacks_come_after_the_other_orders():
    state = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1))
    assert bar(state)[:5] == ["move", "other", "fire", "assault", "melee"]


def test_with_no_unit_of_the_side_on_the_table_the_bar_offers_adding_one_first():
    """Free play starts empty: every order would only say to add a unit first."""
    state = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=GERMAN, side=2))
    assert bar(state)[:2] == ["add_unit", "fire"]


def test_in_an_upkeep_with_a_melee_due_the_bar_offers_check_first():
    due = played(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3)), AddUnit(template=SQUAD, side=1),
                 AddUnit(template=GERMAN, side=2), Order(units=(1,), action="melee", targets=(2,)),
                 EndImpulse(), EndImpulse())
    assert bar(due)[0] == "check"
