"""Activations, AP tracks, costs changed by hit counters, passing and the end of a round."""

from collections.abc import Callable

import pytest

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes import activation, view
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AnnounceInitiative,
    DeclareAttack,
    DeclareRally,
    MarkSpent,
    Move,
    Pass,
    Pivot,
    RevealCounter,
    Stall,
    StartRound,
    Target,
)
from companion.games.conflict_of_heroes.events import Passed
from companion.games.conflict_of_heroes.hit_counters import HitCounter
from companion.games.conflict_of_heroes.library import shipped
from companion.games.rules import Command
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, event, only, start_with_turn

UNITS = shipped().units


def test_a_mmg_with_a_2ap_move_pays_3_aps_into_woods():
    mmg = UNITS["soviet_mmg"]
    assert activation.cost("move", mmg, None, extra=1) == 3


def test_suppressed_raises_the_cost_to_fire_from_4_to_5():
    suppressed = HitCounter(name="Suppressed", count=1, rally=7, fire_cost=1, red_fp=-2, blue_fp=-2)
    assert activation.cost("fire", UNITS["soviet_rifle_squad"], suppressed) == 5


def test_a_pinned_unit_cannot_move_or_pivot_and_a_stunned_one_only_rallies():
    pinned = HitCounter(name="Pinned", count=1, rally=7, no_move=True)
    stunned = HitCounter(name="Stunned", count=1, rally=8, only_rally=True)
    for action in ("move", "pivot"):
        with pytest.raises(RuleViolation, match="cannot move or pivot"):
            activation.check_allowed(action, pinned)
    activation.check_allowed("fire", pinned)
    with pytest.raises(RuleViolation, match="nothing but rally"):
        activation.check_allowed("fire", stunned)
    activation.check_allowed("rally", stunned)


def test_a_move_takes_the_aps_from_the_track_and_hands_the_turn_over(game):
    add(game, GERMAN, "Squad A", "german_rifle_squad")
    squad_d = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, SOVIET)
    game.execute(Activate(unit=squad_d))
    assert game.state.unit(squad_d).aps == 7
    assert game.state.turn == SOVIET  # activating is not an action
    game.execute(Move(unit=squad_d))
    assert game.state.unit(squad_d).aps == 6
    assert game.state.turn == GERMAN


def test_two_passes_in_a_row_end_the_round_and_a_new_round_refreshes_units_and_caps(game):
    squad = add(game, GERMAN, "Squad A", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    game.execute(Move(unit=squad, caps_paid=1))
    game.execute(Pass(side=SOVIET))
    game.execute(MarkSpent(unit=squad))
    game.execute(Pass(side=GERMAN))
    assert game.state.phase == "round_over"
    assert game.state.side(GERMAN).caps.current == 6
    game.execute(StartRound())
    assert game.state.round == 2
    assert game.state.unit(squad).status == "fresh"
    assert game.state.side(GERMAN).caps.current == 7


def test_a_pass_between_actions_does_not_end_the_round(game):
    add(game, GERMAN, "Squad A", "german_rifle_squad")
    start_with_turn(game, GERMAN)
    soviet = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    game.execute(Pass(side=GERMAN))
    game.execute(Activate(unit=soviet))
    game.execute(Stall(unit=soviet))
    game.execute(Pass(side=GERMAN))
    assert game.state.phase == "play"
    assert game.state.turn == SOVIET


def test_activating_a_second_unit_marks_the_first_spent_and_spent_units_do_not_activate(game):
    first = add(game, GERMAN, "Squad A", "german_rifle_squad")
    second = add(game, GERMAN, "HMG", "german_hmg")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=first))
    game.execute(Activate(unit=second))
    assert game.state.unit(first).status == "spent"
    with pytest.raises(RuleViolation, match="only fresh units activate"):
        game.execute(Activate(unit=first))


def test_acting_out_of_turn_is_refused(game):
    add(game, GERMAN, "Squad A", "german_rifle_squad")
    squad = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    with pytest.raises(RuleViolation, match="German's turn"):
        game.execute(Activate(unit=squad))


OUT_OF_TURN: dict[str, Callable[[int, int, int], Command]] = {
    "activate": lambda active, fresh, enemy: Activate(unit=fresh),
    "move": lambda active, fresh, enemy: Move(unit=active),
    "pivot": lambda active, fresh, enemy: Pivot(unit=active),
    "stall": lambda active, fresh, enemy: Stall(unit=active),
    "mark spent": lambda active, fresh, enemy: MarkSpent(unit=active),
    "rally": lambda active, fresh, enemy: DeclareRally(unit=active),
    "attack": lambda active, fresh, enemy: DeclareAttack(attacker=active, targets=(Target(unit=enemy),)),
    "attack on CAPs": lambda active, fresh, enemy: DeclareAttack(attacker=fresh, targets=(Target(unit=enemy),),
                                                                 caps_paid=3),
}


@pytest.mark.parametrize("command", OUT_OF_TURN.values(), ids=OUT_OF_TURN.keys())
def test_no_unit_of_the_side_not_to_act_is_activated_acts_or_is_marked_spent(game, command):
    enemy = add(game, GERMAN, "Squad A", "german_rifle_squad")
    squad = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    fresh = add(game, SOVIET, "MMG", "soviet_mmg")
    start_with_turn(game, SOVIET)
    game.execute(Activate(unit=squad))
    game.execute(Stall(unit=squad))  # the turn goes to the German side; Squad D stays activated
    before = game.state
    with pytest.raises(RuleViolation) as refused:
        game.execute(command(squad, fresh, enemy))
    assert str(refused.value).startswith("it is German's turn, and ")
    assert str(refused.value).endswith(" is Soviet's")
    assert game.state == before


def test_a_hit_counter_is_shown_on_either_sides_turn(new_game):
    """7.4: "A panicked unit is fired upon. It must reveal the panic hit counter to the attacker":
    a counter is shown when a rule says so, on the opponent's turn too."""
    game = new_game(only("pinned"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)  # 12 against 12: a Pinned counter, face down under Squad
    game.execute(Pass(side=SOVIET))
    assert game.state.turn == GERMAN
    game.execute(RevealCounter(unit=squad))
    assert game.state.unit(squad).hit.revealed


def test_aps_come_only_from_the_activated_unit_and_never_below_zero(game):
    squad = add(game, GERMAN, "Squad A", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    with pytest.raises(RuleViolation, match="not activated"):
        game.execute(Move(unit=squad))
    game.execute(Move(unit=squad, caps_paid=1))  # a command action
    assert game.state.side(GERMAN).caps.current == 6
    game.execute(Pass(side=SOVIET))
    game.execute(Activate(unit=squad))
    game.execute(Move(unit=squad, extra_aps=5))
    game.execute(Pass(side=SOVIET))
    with pytest.raises(RuleViolation, match="2 APs needed, Squad A has 1 left"):
        game.execute(Move(unit=squad, extra_aps=1))


def test_a_unit_whose_ap_track_reaches_zero_is_spent(game):
    squad = add(game, GERMAN, "Squad A", "german_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    game.execute(Move(unit=squad, extra_aps=6))
    assert game.state.unit(squad).status == "spent"


def test_a_side_with_no_unit_left_in_play_passes_at_once_and_its_opponent_acts_on_until_it_passes(game):
    """Every action is a unit's (a command action and a card, 8.1, too); a destroyed unit is out of
    the game (7.3): a side with none in play can only pass, and two passes in a row end the round."""
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=hmg))
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    records = enter(game, 6, 6)  # 4 FP + 12 + 2 CAPs against 12: two hits, the Soviet's only unit destroyed
    assert [event(records[-1], Passed)] == [Passed(side=SOVIET, no_unit=True)]
    assert game.state.turn == GERMAN and game.state.phase == "play"
    assert view.situation(game.state) == "Round 1 · German to act: Soviet has no unit in play, its turns pass"
    assert view.describe(game.state, records[-1].event) == "Soviet passes: no unit in play"
    game.execute(Stall(unit=hmg))
    assert game.state.turn == GERMAN
    game.execute(Pass(side=GERMAN))
    assert game.state.phase == "round_over"
    assert view.situation(game.state) == (
        "Round 1 is over: German passed and Soviet has no unit in play. Next starts round 2")


def test_an_initiative_won_by_a_side_with_no_unit_in_play_gives_the_first_turn_to_its_opponent(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    game.execute(StartRound())
    game.execute(AnnounceInitiative(side=SOVIET, caps=0))
    game.execute(AnnounceInitiative(side=GERMAN, caps=0))
    records = enter(game, 6, 6, 1, 1)  # the Soviet side wins, with no unit on the map yet
    assert isinstance(records[-1].event, Passed) and records[-1].event.no_unit
    assert game.state.turn == GERMAN and game.state.passes == 1
