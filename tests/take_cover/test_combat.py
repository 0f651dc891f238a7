"""Take Cover's fire, step by step through a real session: the rulebook's fire example, reaction fire
and its chain, the cards played during fire, hits, elimination and winning."""

import re

import pytest

from companion.errors import NothingToDo, RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.take_cover.commands import (
    Advance,
    Attach,
    CorrectSquad,
    DeclineReaction,
    DigIn,
    EndTurn,
    OpenFire,
    ReactionFire,
    RollDie,
)
from companion.games.take_cover.events import DugIn, FireOpened
from companion.games.take_cover.fire import modified_firepower
from tests.take_cover.conftest import LEADER, alternate, fire_example, play, started


def test_the_fire_example_fp_8_mfp_3_a_ten_misses_and_the_russian_squad_fires_back(session):
    fire_example(session)
    hands = session.state.deck.hands
    (opened,) = session.execute(OpenFire(squad="A", target="C", grenades=1))
    assert isinstance(opened.event, FireOpened) and opened.event.firepower == 8
    (dug,) = session.execute(DigIn(count=1))
    assert isinstance(dug.event, DugIn) and dug.event.mfp == 3
    play(session, EnterFace(entered=0))  # the German player rolls a 10
    state = session.state
    assert state.squad("C").hits == 0
    assert (state.reaction.squad, state.reaction.target) == ("C", "A")
    # The Fire and Grenade cards are discarded; the Russian player's Dig In too.
    assert state.deck.hands == (hands[0] - 2, hands[1] - 1)
    assert state.to_act == "German" and state.deciding == "Russian"
    # The Russian squad fires back without a Fire card; the German player may dig in too.
    play(session, ReactionFire(grenades=0), DigIn(count=0))
    fire = session.state.fire
    assert (fire.firer, fire.target, fire.reaction) == ("C", "A", True)
    assert modified_firepower(session.state.squad("C"), 0, session.state.squad("A"), 0) == 2 - 1
    play(session, EnterFace(entered=1))
    assert session.state.squad("A").hits == 1
    # The German player now draws up to his five-card hand and ends his turn.
    play(session, EndTurn())
    assert session.state.deck.hands == (5, hands[1] - 1)
    assert session.state.to_act == "Russian"


def test_another_ten_in_reaction_fire_lets_the_first_squad_fire_back_again(session):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=0))
    play(session, ReactionFire(), DigIn(count=0), EnterFace(entered=0))
    assert (session.state.reaction.squad, session.state.reaction.target) == ("A", "C")
    play(session, ReactionFire(grenades=2), DigIn(count=0))
    assert session.state.fire.grenades == 2
    play(session, EnterFace(entered=5))
    assert session.state.squad("C").hits == 1
    assert (session.state.to_act, session.state.acted) == ("German", True)


def test_declining_reaction_fire_ends_the_fire_and_next_the_firing_sides_turn(session):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=0), DeclineReaction())
    assert (session.state.reaction, session.state.acted) == (None, True)
    play(session, EndTurn())
    assert session.state.to_act == "Russian"


def test_flank_cards_cannot_be_played_in_reaction_fire(session):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=0))
    with pytest.raises(RuleViolation, match="Flank cards cannot be played in reaction fire"):
        session.execute(ReactionFire(flank=True))


def test_one_grenade_per_advance_marker(session):
    fire_example(session)
    with pytest.raises(RuleViolation, match="one Grenade per advance marker: A has 2"):
        session.execute(OpenFire(squad="A", target="C", grenades=3))


def test_flank_needs_a_leader_on_the_firing_squad(session):
    started(session)
    play(session, CorrectSquad(squad="C", hits=1, advance=0))
    with pytest.raises(RuleViolation, match="Flank needs a leader on the firing squad: B has none"):
        session.execute(OpenFire(squad="B", target="D", flank=True))


def test_the_targeting_restriction_is_enforced_and_flank_lifts_it(session):
    started(session)
    alternate(session, [Attach(squad="B", card=LEADER)], [])
    play(session, CorrectSquad(squad="C", hits=1, advance=0), CorrectSquad(squad="D", hits=2, advance=0))
    with pytest.raises(RuleViolation, match=re.escape("D has more hits (2) than C (1)")):
        session.execute(OpenFire(squad="B", target="D"))
    play(session, OpenFire(squad="B", target="D", flank=True))
    assert session.state.deck.seen == {"fire": 1, "flank": 1}


def test_at_most_three_dig_in_cards_and_the_roll_waits_for_them(session):
    fire_example(session)
    play(session, OpenFire(squad="A", target="C"))
    with pytest.raises(RuleViolation, match="before the roll, C says how many Dig In cards"):
        session.execute(RollDie())
    with pytest.raises(RuleViolation, match="at most 3 Dig In cards"):
        session.execute(DigIn(count=4))


def test_a_negative_mfp_may_still_fire_and_hits_on_a_one(session):
    fire_example(session)
    play(session, Advance(squad="A"), EndTurn())  # then the Russian C fires at A behind Brush and 3 Dig In
    play(session, OpenFire(squad="C", target="A"), DigIn(count=3))
    assert modified_firepower(session.state.squad("C"), 0, session.state.squad("A"), 3) == 2 - 1 - 6
    play(session, EnterFace(entered=1))
    assert session.state.squad("A").hits == 1


def test_three_hits_eliminate_a_squad_discard_its_cards_and_lift_the_targeting_restriction(session):
    fire_example(session)
    play(session, CorrectSquad(squad="C", hits=2, advance=0), CorrectSquad(squad="D", hits=2, advance=0))
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=1))
    state = session.state
    assert state.squad("C").eliminated and state.squad("C").terrain is None
    assert state.deck.seen["terrain"] == 1
    assert not state.all_standing
    # Diagonal fire is allowed now.
    play(session, EndTurn(), OpenFire(squad="D", target="A"))
    assert session.state.fire.target == "A"


def test_the_side_whose_squads_are_both_eliminated_loses(session):
    fire_example(session)
    play(session, CorrectSquad(squad="D", hits=3, advance=0), CorrectSquad(squad="C", hits=2, advance=0))
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=1))
    state = session.state
    assert (state.phase, state.winner) == ("over", "German")
    assert session.rules.finished(state)
    with pytest.raises(RuleViolation, match="the game is over: German won"):
        session.execute(OpenFire(squad="A", target="C"))


def test_the_optional_advance_victory_needs_two_squads_with_three_markers_each(session):
    started(session, advance_victory=True)
    alternate(session, [Attach(squad="A", card=LEADER), Attach(squad="B", card=LEADER)], [])
    play(session, CorrectSquad(squad="A", hits=0, advance=3), CorrectSquad(squad="B", hits=0, advance=2))
    assert session.state.phase == "turn"
    play(session, Advance(squad="B"))
    assert (session.state.winner, session.state.won_by) == ("German", "two squads with three advance markers each")


def test_without_the_option_three_markers_on_both_squads_win_nothing(session):
    started(session)
    alternate(session, [Attach(squad="A", card=LEADER), Attach(squad="B", card=LEADER)], [])
    play(session, CorrectSquad(squad="A", hits=0, advance=3), CorrectSquad(squad="B", hits=0, advance=2),
         Advance(squad="B"))
    assert session.state.phase == "turn"


def test_nothing_to_roll_between_actions(session):
    started(session)
    with pytest.raises(NothingToDo, match="nothing to roll now"):
        session.execute(RollDie())
