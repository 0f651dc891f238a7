"""Where undo stops, asked of the session as any caller would (no screen): a decision followed by a
roll, a draw, a reveal or an announcement is settled."""

import pytest

from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AnnounceInitiative,
    ChangeVictoryPoints,
    CountInitiativeSpend,
    DeclareAttack,
    DeclareModifier,
    MarkSpent,
    NameSide,
    RevealCounter,
    StartRound,
    Target,
)
from companion.games.rules import Redo, Undo
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, only, start_with_turn


def test_an_attack_declaration_is_settled_by_its_roll_and_the_refusal_names_what_settled_it(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target),)))
    game.execute(DeclareModifier(caps=1))
    enter(game, 1, 1)
    before, records = game.state, len(game.records)
    with pytest.raises(RuleViolation, match=r"cannot undo “\+1 CAP on the next roll”: an attack roll followed it"):
        game.execute(Undo())
    assert game.state == before and len(game.records) == records


def test_undo_never_takes_back_a_roll_its_cost_or_its_draw(new_game):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=hmg))
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),)))
    enter(game, 4, 4)
    after_roll = game.state
    with pytest.raises(RuleViolation, match="a hit counter drawn followed it"):
        game.execute(Undo())
    assert game.state == after_roll


def test_a_declared_attack_with_no_dice_yet_is_withdrawn_and_put_back(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target),), caps_paid=3))
    game.execute(Undo())
    assert game.state.pending is None and game.state.side(GERMAN).caps.current == 7
    game.execute(Redo())
    assert game.state.pending is not None


def test_decisions_after_the_latest_roll_can_still_be_undone_and_redone(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    game.execute(MarkSpent(unit=squad))
    game.execute(Undo())
    assert game.state.unit(squad).status == "active"
    game.execute(Undo())
    assert game.state.unit(squad).status == "fresh"
    game.execute(Redo())
    game.execute(Redo())
    assert game.state.unit(squad).status == "spent"


def test_a_round_start_is_settled_once_a_side_has_announced_its_initiative_spend(game):
    game.execute(StartRound())
    game.execute(CountInitiativeSpend(side=SOVIET))
    game.execute(Undo())  # the count is not announced yet: a press taken back
    assert game.state.initiative.counted == 0
    game.execute(CountInitiativeSpend(side=SOVIET))
    game.execute(CountInitiativeSpend(side=SOVIET))
    game.execute(AnnounceInitiative(side=SOVIET, caps=game.state.initiative.counted))
    with pytest.raises(RuleViolation, match="an initiative announcement followed it"):
        game.execute(Undo())
    assert game.state.side(SOVIET).caps.current == 5


def test_a_fact_after_an_undo_leaves_nothing_to_redo(new_game):
    game = new_game(only("pinned"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 5, 5)
    game.execute(Activate(unit=squad))
    game.execute(Undo())
    game.execute(RevealCounter(unit=squad))  # a fact: the counter is shown
    with pytest.raises(NothingToDo, match="nothing to redo"):
        game.execute(Redo())


def test_the_refusal_names_the_sides_as_the_players_named_them(game):
    game.execute(NameSide(side=SOVIET, name="Red Army"))
    game.execute(StartRound())
    game.execute(CountInitiativeSpend(side=SOVIET))
    game.execute(AnnounceInitiative(side=SOVIET, caps=1))
    with pytest.raises(RuleViolation, match="cannot undo “Red Army counts 1 CAP for initiative"):
        game.execute(Undo())


def test_what_undo_took_back_is_told_with_the_sides_names(game):
    game.execute(NameSide(side=SOVIET, name="Red Army"))
    game.execute(ChangeVictoryPoints(side=SOVIET, change=1))
    (undone,) = game.execute(Undo())
    assert game.describe(undone) == "undo: Red Army: +1 VP"


def test_undo_after_show_hit_names_the_counter_shown_not_the_attack_before_it(new_game):
    game = new_game(only("pinned"))
    mmg = add(game, GERMAN, "MMG C", "german_hmg")
    squad = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=mmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 5, 5)
    game.execute(RevealCounter(unit=squad))
    before = game.state
    with pytest.raises(RuleViolation) as refused:
        game.execute(Undo())
    assert str(refused.value) == ("cannot undo “Squad D shows Pinned: shown to the opponent”: a counter shown cannot "
                                  "be taken back, the table has seen it; it stays face up, play on")
    assert game.state == before
