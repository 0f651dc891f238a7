"""Take Cover's deck by count: dealing, drawing up across reshuffles, the set-aside option, what is
unseen; and, over random games on the pure rules, no card is ever lost or made up."""

from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.games.kit.faces import EnterFace
from companion.games.take_cover.commands import (
    Advance,
    Attach,
    DeclineReaction,
    Detach,
    DigIn,
    Discard,
    EndTurn,
    OpenFire,
    PlayEvent,
    PlayMedic,
    PlaySmoke,
    ReactionFire,
    ReadChart,
    RedirectEvent,
    RollDie,
    SetUpGame,
)
from companion.games.take_cover.deck import chance_of, dealt, drawn_up, face_down, on_table, unseen
from companion.games.take_cover.state import Deck, TakeCoverState
from companion.journal.record import Record
from tests.take_cover.conftest import DATA, LEADER, LMG, WOODS, rules

COMPOSITION = DATA["deck.toml"].counts()


def test_the_deal_leaves_65_cards_to_draw_and_the_chance_of_fire_is_14_in_75():
    deck = dealt(COMPOSITION, set_aside=False)
    assert (deck.draw, deck.hands) == (65, (5, 5))
    assert str(chance_of("fire", deck, TakeCoverState().squads)) == "14/75"


def test_drawing_past_the_last_card_reshuffles_the_discard_pile_into_a_new_deck():
    deck = Deck(composition=COMPOSITION, draw=1, discard=6, seen={"fire": 2}, hands=(2, 5))
    after, drawn, shuffles = drawn_up(deck, "German", cycle_set_aside=False)
    assert (drawn, shuffles) == (3, 1)
    assert (after.draw, after.discard, after.seen, after.hands) == (4, 0, {}, (5, 5))


def test_under_the_option_the_set_aside_cards_join_the_reshuffle_and_four_are_set_aside_again():
    deck = Deck(composition=COMPOSITION, draw=0, discard=10, hands=(4, 5), set_aside=4)
    after, drawn, shuffles = drawn_up(deck, "German", cycle_set_aside=True)
    assert (drawn, shuffles, after.set_aside, after.draw) == (1, 1, 4, 10 + 4 - 4 - 1)


def test_with_no_card_left_anywhere_the_hand_stays_short():
    deck = Deck(composition=COMPOSITION, draw=0, discard=0, hands=(1, 5))
    after, drawn, shuffles = drawn_up(deck, "German", cycle_set_aside=False)
    assert (drawn, shuffles, after.hands) == (0, 0, (1, 5))


def test_face_down_discards_are_counted_but_stay_unseen():
    deck = face_down(dealt(COMPOSITION, set_aside=False), "Russian", 3)
    assert (deck.discard, deck.face_down, deck.hands) == (3, 3, (5, 2))
    assert sum(unseen(deck, TakeCoverState().squads).values()) == 75


CANDIDATES = [
    Attach(squad="A", card=LMG), Attach(squad="B", card=LEADER), Attach(squad="C", card=WOODS),
    Attach(squad="D", card=LEADER), Detach(squad="A", kind="weapon"), Detach(squad="C", kind="terrain"),
    Advance(squad="B"), Advance(squad="D"), Discard(count=1), Discard(count=5), Discard(count=0), PlaySmoke(),
    OpenFire(squad="A", target="C"), OpenFire(squad="B", target="D", grenades=1), OpenFire(squad="C", target="A"),
    OpenFire(squad="D", target="B", flank=True), OpenFire(squad="A", target="D"), OpenFire(squad="C", target="B"),
    DigIn(count=0), DigIn(count=2), RollDie(), EnterFace(entered=1), EnterFace(entered=0), ReactionFire(),
    DeclineReaction(), PlayEvent(card="sniper", target="C"), PlayEvent(card="mine", target="A"),
    PlayEvent(card="artillery", target="B"), ReadChart(effect="cover"), RedirectEvent(target="A"),
    RedirectEvent(target="C"), PlayMedic(squad="A"), PlayMedic(squad="C"), *[EndTurn()] * 8,
]


def cards_everywhere(state: TakeCoverState) -> int:
    deck = state.deck
    return (deck.composition["squad"] + sum(on_table(state.squads).values()) + deck.discard + deck.draw
            + sum(deck.hands) + deck.medics_aside + deck.set_aside)


@settings(max_examples=60)
@given(st.lists(st.integers(0, len(CANDIDATES) - 1), min_size=1, max_size=250), st.booleans(), st.integers(0, 99))
def test_no_card_is_ever_lost_or_made_up_whatever_is_played(choices, set_aside, seed):
    game = rules(seed)
    state = game.initial()
    seq = 0
    for choice in [None, *choices]:
        command = SetUpGame(set_aside=set_aside) if choice is None else CANDIDATES[choice]
        try:
            events = game.decide(state, RollDie() if state.phase == "first" else command)
        except CompanionError:
            continue
        for event in events:
            seq += 1
            state = game.evolve(state, Record(seq, datetime.now(UTC), event), False)
        deck = state.deck
        assert cards_everywhere(state) == 79
        assert sum(unseen(deck, state.squads).values()) == deck.draw + sum(deck.hands) + deck.face_down + deck.set_aside
        assert all(0 <= hand <= 5 for hand in deck.hands) and deck.draw >= 0 and deck.face_down >= 0
    assert game.state.validate_json(game.state.dump_json(state)) == state
