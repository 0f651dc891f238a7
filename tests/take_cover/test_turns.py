"""Take Cover's setup, who goes first and the one-step actions, through a real session and games file."""

import re

import pytest

from companion.errors import BadFace, RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.take_cover.commands import (
    Advance,
    Attach,
    CorrectSquad,
    Detach,
    Discard,
    EndTurn,
    PlaySmoke,
    RollDie,
    SetUpGame,
)
from tests.take_cover.conftest import BRUSH, LEADER, LMG, WOODS, alternate, play, started


def test_a_new_game_is_set_up_with_both_hands_dealt_and_the_rest_in_the_draw_deck(session):
    play(session, SetUpGame())
    deck = session.state.deck
    assert sum(deck.composition.values()) == 79
    assert (deck.draw, deck.hands, deck.discard) == (65, (5, 5), 0)
    assert session.state.phase == "first"


def test_the_optional_rule_sets_four_cards_aside_before_the_deal(session):
    play(session, SetUpGame(set_aside=True))
    assert (session.state.deck.draw, session.state.deck.set_aside) == (61, 4)


def test_the_high_d10_goes_first_and_a_tie_is_rolled_again(session):
    play(session, SetUpGame(), EnterFace(entered=4), EnterFace(entered=4))
    assert session.state.phase == "first"
    assert session.state.first_rolls == (None, None)
    play(session, EnterFace(entered=2), EnterFace(entered=0))
    assert (session.state.phase, session.state.to_act) == ("turn", "Russian")


def test_the_button_rolls_each_sides_d10_for_the_first_turn(session):
    play(session, SetUpGame())
    while session.state.phase == "first":
        session.execute(RollDie())
    rolls = [record.event for record in session.records if record.event.type == "first_player_rolled"]
    german, russian = rolls[-2].face, rolls[-1].face
    assert {roll.source for roll in rolls} == {"generated"}
    assert session.state.to_act == ("German" if german > russian else "Russian")


def test_a_face_a_d10_does_not_have_is_refused(session):
    play(session, SetUpGame())
    with pytest.raises(BadFace, match="key 1 to 9, or 0 for 10"):
        session.execute(EnterFace(entered=11))


def test_passing_the_turn_is_refused_by_name(session):
    started(session)
    with pytest.raises(RuleViolation, match="passing the turn is not allowed"):
        session.execute(EndTurn())
    play(session, PlaySmoke())
    with pytest.raises(RuleViolation, match="passing the turn is not allowed"):
        session.execute(EndTurn())


def test_an_attached_card_leaves_the_hand_and_next_draws_back_up_to_five(session):
    started(session)
    play(session, Attach(squad="A", card=LMG))
    state = session.state
    assert state.squad("A").weapon == LMG
    assert (state.deck.hands, state.to_act, state.acted) == ((4, 5), "German", True)
    with pytest.raises(RuleViolation, match="German has taken this turn's action: Next draws up to five"):
        session.execute(Attach(squad="B", card=LMG))
    play(session, EndTurn())
    state = session.state
    assert (state.deck.hands, state.deck.draw, state.to_act, state.acted) == ((5, 5), 64, "Russian", False)


def test_one_weapon_one_leader_and_one_terrain_card_per_squad(session):
    started(session)
    alternate(session, [Attach(squad="A", card=LMG)], [])
    with pytest.raises(RuleViolation, match=re.escape("A already has a weapon card (LMG +1): one weapon, one leader")):
        session.execute(Attach(squad="A", card=LMG.model_copy(update={"name": "HMG", "modifier": 3})))
    play(session, Attach(squad="A", card=BRUSH))
    assert session.state.squad("A").attached == (LMG, BRUSH)


def test_cards_go_on_your_own_standing_squads_only(session):
    started(session)
    with pytest.raises(RuleViolation, match="squad C is Russian: German plays on A, B"):
        session.execute(Attach(squad="C", card=WOODS))


def test_a_detached_card_is_discarded_face_up(session):
    started(session)
    alternate(session, [Attach(squad="A", card=LMG), Detach(squad="A", kind="weapon")], [])
    deck = session.state.deck
    assert session.state.squad("A").weapon is None
    assert deck.seen == {"weapon": 1}
    with pytest.raises(RuleViolation, match="A has no weapon card to detach"):
        session.execute(Detach(squad="A", kind="weapon"))


def test_advance_needs_a_leader_and_stops_at_three_markers(session):
    started(session)
    with pytest.raises(RuleViolation, match="Advance needs a leader on the squad: A has none"):
        session.execute(Advance(squad="A"))
    alternate(session, [Attach(squad="A", card=LEADER), Advance(squad="A"), Advance(squad="A"), Advance(squad="A")], [])
    assert session.state.squad("A").advance == 3
    with pytest.raises(RuleViolation, match="A has 3 advance markers: at most 3"):
        session.execute(Advance(squad="A"))


def test_discarding_with_five_in_hand_needs_at_least_one_card_and_draws_back_up(session):
    started(session)
    with pytest.raises(RuleViolation, match="with five cards in hand, discard at least one"):
        session.execute(Discard(count=0))
    play(session, Discard(count=3), EndTurn())
    deck = session.state.deck
    assert (deck.hands[0], deck.discard, deck.face_down, deck.draw) == (5, 3, 3, 62)


def test_with_fewer_than_five_cards_discarding_none_simply_draws_up(session):
    started(session)
    play(session, PlaySmoke(), Attach(squad="A", card=LMG), EndTurn())  # German back to five
    play(session, PlaySmoke(), Discard(count=0), EndTurn())  # Russian: four in hand after the Smoke
    assert session.state.deck.hands == (5, 5)


def test_smoke_does_not_use_the_turns_action(session):
    started(session)
    play(session, PlaySmoke())
    state = session.state
    assert (state.to_act, state.smoked, state.deck.hands[0], state.deck.seen) == ("German", True, 4, {"smoke": 1})
    play(session, Attach(squad="A", card=LMG), EndTurn())
    assert (session.state.to_act, session.state.smoked, session.state.deck.hands[0]) == ("Russian", False, 5)


def test_the_deck_reshuffles_the_discard_pile_when_it_runs_out(session):
    started(session)
    while session.state.deck.draw > 4:
        play(session, Discard(count=5), EndTurn())
    before = session.state.deck
    play(session, Discard(count=5), EndTurn())
    deck = session.state.deck
    assert deck.reshuffles == 1
    assert deck.seen == {}
    assert deck.draw == before.draw + before.discard + 5 - 5
    assert deck.draw + deck.discard + sum(deck.hands) == 75


def test_a_squad_is_corrected_to_what_the_table_shows_without_using_the_turn(session):
    started(session)
    play(session, CorrectSquad(squad="C", hits=2, advance=0))
    assert (session.state.squad("C").hits, session.state.to_act) == (2, "German")
