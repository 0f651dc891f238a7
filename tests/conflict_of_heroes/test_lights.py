"""Conflict of Heroes' lights as a pure function of the state: the side to act, a flash per roll,
the acting side's CAPs on the board."""

from companion.games.conflict_of_heroes.commands import Activate, DeclareAttack, Target
from companion.games.conflict_of_heroes.lights import lights
from companion.games.kit.lights import Lights
from companion.games.rules import Undo
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, start_with_turn


def test_before_the_first_round_everything_is_dark(game):
    assert lights(game.state) == Lights()


def test_the_side_to_act_is_lit_and_the_board_shows_its_caps(game):
    start_with_turn(game, SOVIET, caps=(7, 5))
    shown = lights(game.state)
    assert (shown.side, shown.number) == (SOVIET, 5)


def test_each_roll_flashes_once_and_an_undo_after_it_does_not_flash_again(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    initiative = lights(game.state).roll
    assert initiative == game.records[-1].seq
    game.execute(Activate(unit=squad))
    game.execute(Undo())
    assert lights(game.state).roll == initiative
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target),)))
    enter(game, 1)
    assert lights(game.state).roll == initiative  # half a roll is not a roll
    (roll,) = enter(game, 1)
    assert lights(game.state) == Lights(roll=roll.seq, side=SOVIET, number=7)
