"""Undo in Take Cover: a roll and a turn's draw are facts; a keyed face may be corrected; a reopened
game folds to the same state."""

import re

import pytest

from companion.errors import RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.rules import Redo, Undo
from companion.games.take_cover.commands import (
    Attach,
    DeclineReaction,
    DigIn,
    Discard,
    EndTurn,
    OpenFire,
    PlayEvent,
    RedirectEvent,
    RollDie,
    SetUpGame,
)
from companion.games.take_cover.view import log_lines
from tests.take_cover.conftest import LMG, fire_example, play, started


def test_an_action_is_taken_back_until_next_draws_for_it(session):
    started(session)
    before = session.state
    play(session, Attach(squad="A", card=LMG))
    play(session, Undo())
    assert session.state.squad("A").weapon is None
    assert (session.state.deck, session.state.to_act, session.state.acted) == (before.deck, "German", False)
    play(session, Redo())
    assert (session.state.squad("A").weapon, session.state.acted) == (LMG, True)
    play(session, EndTurn())
    settled = re.escape("cannot undo “German attaches LMG +1 to A”: German's draw of 1 came after it and stands")
    with pytest.raises(RuleViolation, match=settled):
        session.execute(Undo())


def test_a_refusal_after_a_keyed_face_was_taken_back_names_the_die_that_stands_not_the_face(session):
    """It said the roll of 6 came after the backfired Sniper and stood, after undo had taken the 6 back."""
    started(session)
    play(session, Discard(count=1), EndTurn(), PlayEvent(card="sniper", target="A"), EnterFace(entered=0),
         RedirectEvent(target="C"), EnterFace(entered=6), Undo())
    with pytest.raises(RuleViolation) as refusal:
        session.execute(Undo())
    assert str(refusal.value) == ("cannot undo “German plays the backfired Sniper on C”: the d10 rolled after it "
                                  "stands (the roll of 6 keyed in was taken back): key its face again")


def test_the_companions_roll_stands_and_so_does_everything_before_it(session):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0))
    (rolled,) = session.execute(RollDie())
    with pytest.raises(RuleViolation, match=re.escape(f"the roll of {rolled.event.face} stands (undo never re-rolls")):
        session.execute(Undo())
    assert session.records[-1] == rolled
    assert session.state.fire is None


def test_a_keyed_face_is_corrected_but_what_came_before_it_stands(session):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C", grenades=1), DigIn(count=1), EnterFace(entered=3))
    assert session.state.squad("C").hits == 1
    play(session, Undo())  # the die showed 8, not 3
    state = session.state
    assert (state.squad("C").hits, state.fire.dig_ins, state.to_act) == (0, 1, "German")
    taken_back = re.escape("cannot undo “C: 1 Dig In; MFP 3”: the d10 rolled after it stands (the roll of 3 keyed "
                           "in was taken back): key its face again")
    with pytest.raises(RuleViolation, match=taken_back):
        session.execute(Undo())
    play(session, EnterFace(entered=8))
    assert (session.state.squad("C").hits, session.state.acted) == (0, True)


def test_redo_puts_back_the_very_face_keyed(session):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=2), Undo(), Redo())
    assert session.state.squad("C").hits == 1
    assert [r.event.type for r in session.records][-3:] == ["fire_rolled", "decision_undone", "decision_redone"]


def test_the_rolls_for_the_first_turn_settle_the_setup(session):
    play(session, SetUpGame(), RollDie(), RollDie())
    with pytest.raises(RuleViolation, match="stands"):
        session.execute(Undo())


def test_a_draw_that_reshuffled_the_deck_stands(session):
    started(session)
    while session.state.deck.reshuffles == 0:
        play(session, Discard(count=5), EndTurn())
    reshuffled = r"cannot undo “\w+ discards 5 face down”: the reshuffle of the deck came after it"
    with pytest.raises(RuleViolation, match=reshuffled):
        session.execute(Undo())


def test_a_reopened_game_folds_to_the_same_state(session, store, reopen):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C", grenades=1), DigIn(count=1), EnterFace(entered=0))
    play(session, Undo(), EnterFace(entered=0))
    play(session, Undo(), Redo(), DeclineReaction(), EndTurn())
    while session.state.deck.reshuffles == 0:
        play(session, Discard(count=session.state.deck.hand(session.state.to_act)), EndTurn())
    assert log_lines(session.state)[0].startswith(("German draws", "Russian draws"))
    assert reopen(store, session).state == session.state
