"""Where undo stops: a decision followed by a roll, a draw, a reveal or an announcement is settled."""

import pytest

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes import undo
from companion.games.conflict_of_heroes.commands import (
    Activate, AnnounceInitiative, CountInitiativeSpend, DeclareAttack, DeclareModifier, MarkSpent, StartRound, Target,
)
from companion.games.rules import Undo
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, start_with_turn


def test_an_attack_declaration_is_settled_by_its_roll_and_the_refusal_names_the_roll(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target),)))
    game.execute(DeclareModifier(caps=1))
    undo.check(game.records, game.timeline.undo().target)  # before the dice: allowed
    enter(game, 1, 1)
    with pytest.raises(RuleViolation, match=r"cannot undo “\+1 CAPs on the next roll”: it was settled by “Squad B → Squad D"):
        undo.check(game.records, game.timeline.undo().target)


def test_decisions_after_the_latest_roll_can_still_be_undone_and_redone(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    game.execute(MarkSpent(unit=squad))
    undo.check(game.records, game.timeline.undo().target)
    game.execute(Undo())
    undo.check(game.records, game.timeline.redo().target, "redo")
    assert game.state.unit(squad).status == "active"


def test_a_round_start_is_settled_once_a_side_has_announced_its_initiative_spend(game):
    game.execute(StartRound())
    game.execute(CountInitiativeSpend(side=SOVIET))
    undo.check(game.records, game.timeline.undo().target)  # the count is not announced yet
    game.execute(CountInitiativeSpend(side=SOVIET))
    game.execute(AnnounceInitiative(side=SOVIET, caps=game.state.initiative.counted))
    with pytest.raises(RuleViolation, match="settled by “side 2 spends 2 CAPs on initiative”"):
        undo.check(game.records, game.timeline.undo().target)
