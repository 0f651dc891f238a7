"""Undo and redo through a real GameSession: what is taken back, and where an impulse's or a turn's end stops it."""

import re

import pytest

from companion.errors import NothingToDo, RuleViolation
from companion.games.point_blank.checks.battlefield import Blaze, PlainCheck, Spotting
from companion.games.point_blank.commands import (
    AddUnit,
    AdjustUnit,
    CancelCheck,
    DiscardCard,
    EndImpulse,
    EnterPip,
    FlushHand,
    Order,
    StartCheck,
)
from companion.games.rules import Redo, Undo
from tests.point_blank.playing import SQUAD, deploy, draw, set_up


def test_undo_takes_back_a_result_but_never_the_cards_drawn(session, reopen):
    set_up(session)
    deploy(session, SQUAD, 2, "B2", "brush")
    session.execute(StartCheck(check=Spotting(los="degrading", targets=(1,))))
    session.execute(EnterPip(pip=2))
    assert session.state.unit(1).spotted
    session.execute(Undo())
    assert not session.state.unit(1).spotted
    assert session.state.deck.left == 7 and session.state.deck.seen[1] == 1
    session.execute(Redo())
    assert session.state.unit(1).spotted
    assert reopen(session).state == session.state


def test_undo_stops_at_the_end_of_an_impulse_the_other_side_has_played_on(session, reopen):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=1, changes={"spotted": True}))
    session.execute(EndImpulse())
    with pytest.raises(RuleViolation, match=re.escape("its impulse is over (correct the table with Edit unit")):
        session.execute(Undo())
    assert session.state.unit(1).spotted
    assert reopen(session).state == session.state
    session.execute(AdjustUnit(unit=1, changes={"spotted": False}))
    session.execute(Undo())  # within the impulse in progress, as before
    assert session.state.unit(1).spotted


TURN_ENDED = (": turn 1 has ended since, and its end stands (4.13); correct the table with Edit unit, t, "
              "or Marker card, p")


def test_undo_across_a_turn_end_refuses_in_one_line_naming_the_turn_end_and_how_to_correct_the_table(session, reopen):
    """It said "its impulse is over" of an impulse still being played: the turn had ended in it."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1, sector="B2"))
    draw(session, 1, 2, 3, 4, 5, 6, 1)
    session.execute(StartCheck(check=Blaze(sector="B2/1")))
    session.execute(EnterPip(pip=5))  # the deck's last card: the blaze is smoke at the turn end
    before = session.state
    assert before.turn == 2 and before.smoke == {"B2/1"}
    with pytest.raises(RuleViolation) as refused:
        session.execute(Undo())
    said = str(refused.value)
    assert said.startswith("cannot undo “Blaze in B2 US: blaze 5;") and said.endswith(TURN_ENDED), said
    assert "\n" not in said
    assert session.state == before and reopen(session).state == before, "no card un-drawn, nothing taken back"
    session.execute(AdjustUnit(unit=1, changes={"spotted": True}))
    session.execute(Undo())  # a decision after the turn end, in the impulse it ended in
    with pytest.raises(RuleViolation, match=re.escape(TURN_ENDED)):
        session.execute(Undo())


def test_undo_past_a_turn_end_a_flush_brought_names_the_turn_end(session):
    set_up(session)
    draw(session, 1, 2, 3, 4, 5, 6, 1)
    session.execute(FlushHand())  # dealt from this deck's last card, then from the new deck
    assert session.state.turn == 2
    with pytest.raises(RuleViolation, match=re.escape("cannot undo “d6 check: 1”" + TURN_ENDED)):
        session.execute(Undo())


def test_an_impulse_s_end_leaves_nothing_to_redo_from_the_impulse_before(session, reopen):
    """Redo put the side's undone discard back into the other side's impulse, where undo refused it."""
    set_up(session)
    session.execute(DiscardCard())
    session.execute(Undo())
    session.execute(EndImpulse())
    hands = session.state.deck.hands
    with pytest.raises(NothingToDo, match="nothing to redo"):
        session.execute(Redo())
    assert session.state.deck.hands == hands and session.state.card_used is None
    assert reopen(session).state == session.state


def test_a_check_started_and_abandoned_after_undo_leaves_nothing_to_redo(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=1, changes={"spotted": True}))
    session.execute(Undo())
    session.execute(StartCheck(check=PlainCheck(cards=1)))
    session.execute(CancelCheck())
    with pytest.raises(NothingToDo, match="nothing to redo"):
        session.execute(Redo())
    assert not session.state.unit(1).spotted


def test_an_order_is_not_taken_back_while_the_check_it_started_goes_on(session):
    """Undone mid-check, the order went and its check stayed to apply its result: a free attack."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(Order(units=(1,), action="rally", check=PlainCheck(cards=2)))
    session.execute(EnterPip(pip=5))
    with pytest.raises(RuleViolation, match=re.escape("abandon it (x, its cards stay drawn)")):
        session.execute(Undo())
    assert session.state.card_used == "card" and session.state.check is not None
    session.execute(CancelCheck())
    session.execute(Undo())
    assert session.state.card_used is None and session.state.deck.left == 7
