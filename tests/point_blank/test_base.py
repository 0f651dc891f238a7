"""A check replays the pips entered so far and asks for the next step, with what counts as success."""

import pytest

from companion.games.point_blank.checks.base import Outcome, Step
from companion.games.point_blank.checks.battlefield import PlainCheck, Spotting


def test_a_check_asks_for_its_cards_then_gives_its_outcome():
    check = Spotting(los="degrading", targets=(4,))
    step = check.advance(())
    assert isinstance(step, Step) and step.cards == 1 and step.success is not None
    assert step.success((3,)) and not step.success((4,))
    outcome = check.advance((3,))
    assert isinstance(outcome, Outcome) and outcome.changes[0].changes == {"spotted": True}


def test_half_a_2d6_asks_for_the_one_card_left():
    step = PlainCheck(cards=2).advance((4,))
    assert isinstance(step, Step) and step.cards == 1 and step.success is None


def test_more_pips_than_a_check_needs_is_an_error():
    with pytest.raises(ValueError):
        PlainCheck().advance((1, 2))
