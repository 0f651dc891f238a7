"""Take Cover's Event and Medic cards through a real session: the rulebook's event example, the Sniper
and Medic charts, a backfire handing the card over, and faces the text does not print."""

import pytest

from companion.errors import RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.take_cover.commands import (
    Advance,
    Attach,
    CorrectSquad,
    Discard,
    EndTurn,
    PlayEvent,
    PlayMedic,
    ReadChart,
    RedirectEvent,
    RollDie,
)
from companion.games.take_cover.deck import unseen
from tests.take_cover.conftest import BUILDING, HMG, LEADER, LMG, WOODS, alternate, play, started


def russian_turn_with_german_a_equipped(session) -> None:
    """German A with HMG (+3), Leader (+1), Building (−4) and one advance marker; the Russian turn."""
    started(session)
    alternate(session, [Attach(squad="A", card=HMG), Attach(squad="A", card=LEADER),
                        Attach(squad="A", card=BUILDING)], [])
    play(session, Advance(squad="A"), EndTurn())


def test_the_event_example_artillery_rolls_6_and_the_building_cover_card_is_discarded(session):
    russian_turn_with_german_a_equipped(session)
    assert session.state.to_act == "Russian"
    play(session, PlayEvent(card="artillery", target="A"))
    assert session.state.deck.hands[1] == 4
    play(session, EnterFace(entered=6))
    state = session.state
    squad = state.squad("A")
    assert (squad.terrain, squad.weapon, squad.leader, squad.advance) == (None, HMG, LEADER, 1)
    assert state.deck.seen == {"advance": 1, "artillery": 1, "terrain": 1}
    # The Russian player draws up to his five-card hand and ends his turn.
    play(session, EndTurn())
    assert (session.state.deck.hands[1], session.state.to_act) == (5, "German")


@pytest.mark.parametrize("face, hits, advance, cards", [
    (1, 1, 2, ("weapon", "leader", "terrain")),
    (2, 0, 2, ("weapon", "leader")),
    (3, 0, 1, ("weapon", "leader", "terrain")),
    (4, 0, 1, ("weapon", "leader", "terrain")),
    (5, 0, 2, ("weapon", "leader", "terrain")),
    (6, 0, 2, ("weapon", "terrain")),
    (7, 0, 2, ("weapon", "terrain")),
    (8, 0, 2, ("leader", "terrain")),
    (9, 0, 2, ("leader", "terrain")),
])
def test_the_sniper_chart_as_printed(session, face, hits, advance, cards):
    started(session)
    alternate(session, [Attach(squad="A", card=LMG), Attach(squad="A", card=LEADER), Attach(squad="A", card=WOODS)], [])
    play(session, CorrectSquad(squad="A", hits=0, advance=2), Discard(count=1), EndTurn())
    play(session, PlayEvent(card="sniper", target="A"), EnterFace(entered=face))
    squad = session.state.squad("A")
    assert (squad.hits, squad.advance, tuple(card.kind for card in squad.attached)) == (hits, advance, cards)


def test_a_sniper_result_that_does_not_apply_has_no_effect(session):
    started(session)
    play(session, Discard(count=1), EndTurn(), PlayEvent(card="sniper", target="A"), EnterFace(entered=8))
    assert session.state.squad("A").attached == ()
    assert session.state.log[0] == "A has no weapon card: no effect"


def test_a_backfire_hands_the_card_to_the_targets_owner_who_plays_it_on_an_enemy_squad(session):
    started(session)
    play(session, Discard(count=1), EndTurn(), PlayEvent(card="sniper", target="A"), EnterFace(entered=0))
    play_ = session.state.play
    assert (play_.holder, play_.redirect) == ("German", True)
    assert session.state.deciding == "German"
    with pytest.raises(RuleViolation, match="an Event card is played on an enemy squad: A is German"):
        session.execute(RedirectEvent(target="A"))
    with pytest.raises(RuleViolation, match="first German chooses the enemy squad"):
        session.execute(RollDie())
    play(session, RedirectEvent(target="D"), EnterFace(entered=1), EndTurn())
    state = session.state
    assert state.squad("D").hits == 1
    assert (state.deck.hands, state.to_act) == ((5, 5), "German")


def test_a_backfire_with_one_enemy_squad_left_goes_to_it_at_once(session):
    started(session)
    play(session, CorrectSquad(squad="D", hits=3, advance=0), Discard(count=1), EndTurn())
    play(session, PlayEvent(card="sniper", target="A"), EnterFace(entered=0))
    assert (session.state.play.target, session.state.play.redirect) == ("C", False)
    play(session, EnterFace(entered=1))
    assert session.state.squad("C").hits == 1


def test_a_face_the_rulebook_does_not_print_is_read_from_the_card_by_the_players(session):
    started(session)
    play(session, PlayEvent(card="mine", target="C"), EnterFace(entered=3))
    assert session.state.play.face == 3
    assert session.state.to_act == "German"
    with pytest.raises(RuleViolation, match="the Mine was rolled: say what the card shows for 3"):
        session.execute(EnterFace(entered=4))
    play(session, ReadChart(effect="hit"))
    assert (session.state.squad("C").hits, session.state.play, session.state.acted) == (1, None, True)


def test_events_go_on_enemy_squads_only(session):
    started(session)
    with pytest.raises(RuleViolation, match="an Event card is played on an enemy squad: B is German"):
        session.execute(PlayEvent(card="strafe", target="B"))


def test_a_medic_removes_a_hit_on_1_to_5_and_is_set_aside_for_the_game(session):
    started(session)
    with pytest.raises(RuleViolation, match="A has no hit marker for a Medic to remove"):
        session.execute(PlayMedic(squad="A"))
    play(session, CorrectSquad(squad="A", hits=2, advance=0), PlayMedic(squad="A"), EnterFace(entered=5))
    state = session.state
    assert state.squad("A").hits == 1
    assert (state.deck.medics_aside, state.deck.seen, state.deck.discard) == (1, {}, 0)
    assert unseen(state.deck, state.squads)["medic"] == 1


def test_a_medic_roll_of_6_to_10_has_no_effect(session):
    started(session)
    play(session, CorrectSquad(squad="A", hits=1, advance=0), PlayMedic(squad="A"), EnterFace(entered=0))
    assert session.state.squad("A").hits == 1
    assert session.state.deck.medics_aside == 1


def test_a_played_medic_stays_out_of_every_reshuffle(session):
    started(session)
    play(session, CorrectSquad(squad="A", hits=1, advance=0), PlayMedic(squad="A"), EnterFace(entered=9))
    while session.state.deck.reshuffles == 0:
        play(session, EndTurn(), Discard(count=5))
    deck = session.state.deck
    assert deck.medics_aside == 1
    assert deck.draw + deck.discard + sum(deck.hands) == 75 - 1
