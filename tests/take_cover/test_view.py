"""What Take Cover's screen says, from states folded by the pure rules: the draw at a turn's end."""

from dataclasses import replace

from companion.games.kit.faces import EnterFace
from companion.games.take_cover.commands import Discard, SetUpGame
from companion.games.take_cover.view import step_lines
from tests.take_cover.conftest import DATA, folded

CHARTS = DATA["charts.toml"]


def discarded_five_at(draw: int, discard: int, **options: bool):
    """German discards five with `draw` cards left in the draw deck and `discard` in the pile."""
    state = folded(SetUpGame(**options), EnterFace(entered=7), EnterFace(entered=3), Discard(count=5))
    return replace(state, deck=replace(state.deck, draw=draw, discard=discard))


def test_the_reshuffle_under_the_set_aside_option_is_said_in_the_order_the_table_does_it():
    """The rule: draw the deck's last cards, add the set-aside cards to the discard pile, shuffle,
    set four aside face down again, then draw the rest from the new deck."""
    state = discarded_five_at(2, 30, set_aside=True)
    assert step_lines(state, CHARTS) == [
        "German: draw 5 to have five: first the last 2 cards of the deck; add the 4 set-aside cards to the "
        "discard pile and shuffle it into a new deck, then set 4 cards aside face down; then 3 from the new "
        "deck; then Next ends the turn"]


def test_without_the_option_the_reshuffle_is_the_discard_pile_alone():
    assert step_lines(discarded_five_at(1, 30), CHARTS) == [
        "German: draw 5 to have five: first the last card of the deck; shuffle the discard pile into a new "
        "deck; then 4 from the new deck; then Next ends the turn"]
    assert step_lines(discarded_five_at(9, 30), CHARTS) == ["German: draw 5 to have five, then Next ends the turn"]


def test_a_pile_too_small_to_set_four_aside_again_says_so_and_a_short_hand_what_there_is():
    """Only with a small deck of the players' own: the discard pile is empty and four are set aside."""
    state = discarded_five_at(0, 0, set_aside=True)
    assert step_lines(state, CHARTS) == [
        "German: draw 4, all there are (a hand of 4): add the 4 set-aside cards to the discard pile and "
        "shuffle it into a new deck (too few cards to set 4 aside again); then 4 from the new deck; then Next "
        "ends the turn"]
