"""The action bar and the palette offer only what the rules would take now: in a turn, before the
first round and between rounds."""

from dataclasses import replace

import pytest

from companion.errors import NothingToDo
from companion.games.conflict_of_heroes import offers
from companion.games.conflict_of_heroes.commands import (
    Activate,
    ChangeVictoryPoints,
    DeclareAttack,
    Pass,
    RevealCounter,
    Target,
)
from companion.games.conflict_of_heroes.controller import ConflictOfHeroesController
from companion.games.conflict_of_heroes.state import CohState
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, only, start_with_turn

CONTROLLER = ConflictOfHeroesController()
UNIT_ACTIONS = {"activate", "fire", "move", "pivot", "stall", "rally", "spent", "peek", "reveal"}


def offered(state: CohState) -> set[str]:
    return set(CONTROLLER.available(state))


def test_an_activated_unit_with_no_other_to_activate_is_offered_its_actions_and_nothing_the_rules_refuse(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    assert offered(game.state) & UNIT_ACTIONS == {"fire", "move", "pivot", "stall", "spent"}, (
        "no fresh German unit to activate, no hit counter to rally from, peek at or show")
    assert "vp_down" not in offered(game.state), "no side has a victory point to lose"
    game.execute(ChangeVictoryPoints(side=SOVIET, change=1))
    assert [action.value for action in CONTROLLER.tappable(game.state) if action.name == "vp_down"] == [SOVIET]


def test_a_side_with_no_aps_and_no_caps_left_is_offered_passing_not_actions_it_cannot_pay(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    state = game.state.with_unit(replace(game.state.unit(squad), aps=1))
    assert offered(state) & UNIT_ACTIONS == {"move", "pivot", "stall", "spent", "fire"}, "fire on 1 AP and CAPs"
    broke = state.with_caps(GERMAN, state.side(GERMAN).caps.drain(7))
    assert offered(broke) & UNIT_ACTIONS == {"move", "pivot", "stall", "spent"}, "1 AP pays no fire, and no CAP is left"
    assert CONTROLLER.tappable(broke)[0].name == "move"
    assert [action.value for action in CONTROLLER.tappable(broke) if action.name == "side"] == [SOVIET]
    spent = broke.with_unit(replace(broke.unit(squad), status="spent", aps=0))
    assert offered(spent) & UNIT_ACTIONS == set()
    assert CONTROLLER.tappable(spent)[0].name == "pass"


def test_a_counter_that_forbids_moving_takes_move_and_pivot_off_the_bar_and_its_rally_and_peek_on(new_game):
    """7.4: a Pinned unit cannot move or pivot; its owner may rally it, peek at it and show it."""
    game = new_game(only("pinned"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)  # 12 against 12: a Pinned counter, face down under Squad
    game.execute(Activate(unit=squad))
    assert offered(game.state) & UNIT_ACTIONS == {"fire", "stall", "rally", "spent", "peek", "reveal"}
    game.execute(RevealCounter(unit=squad))
    assert offered(game.state) & UNIT_ACTIONS == {"fire", "stall", "rally", "spent", "peek"}, "nothing left to show"


def vp_down(state: CohState) -> list[int | None]:
    return [action.value for action in CONTROLLER.tappable(state) if action.name == "vp_down"]


def test_before_the_first_round_a_side_at_0_vp_is_not_offered_minus_1_vp_and_an_empty_map_no_round(game):
    assert vp_down(game.state) == [], "victory points do not go below 0"
    assert "next" not in offered(game.state)
    game.execute(ChangeVictoryPoints(side=SOVIET, change=1))
    assert vp_down(game.state) == [SOVIET]
    add(game, GERMAN, "Squad B", "german_rifle_squad")  # the Soviet units may all enter later (5.1)
    assert "next" in offered(game.state)


def test_between_rounds_with_no_unit_on_the_map_the_bar_offers_adding_one_not_the_next_round(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Pass(side=GERMAN))
    game.execute(Pass(side=SOVIET))
    assert game.state.phase == "round_over" and "next" in offered(game.state)
    assert vp_down(game.state) == []
    emptied = replace(game.state, units=tuple(replace(unit, status="destroyed") for unit in game.state.units))
    assert CONTROLLER.available(emptied)[0] == "add_unit"
    assert "next" not in offered(emptied)
    with pytest.raises(NothingToDo, match=r"add the firefight's units first \(i\): round 2 starts with units"):
        CONTROLLER.press(emptied, "next", None, None)


def test_the_rules_are_asked_once_per_state_however_many_parts_of_the_screen_ask_what_is_offered(game, monkeypatch):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad C", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    asked: list[CohState] = []
    judged = offers.offered
    monkeypatch.setattr(offers, "offered", lambda state, names: asked.append(state) or judged(state, names))
    controller = ConflictOfHeroesController()
    first = controller.available(game.state)
    assert controller.available(game.state) == first  # the bar, then the footer, of one state
    game.execute(Activate(unit=1))
    controller.available(game.state)
    assert len(asked) == 2, "once for each state"
