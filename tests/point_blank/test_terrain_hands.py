"""A recon's search and the terrain hands (8.10, 6.1.2.2): two cards drawn by the companion (a fact),
one kept in the side's hand (three at most), the other discarded, and a kept card placed later into
an empty Sector without touching the terrain deck. The AEO's search fills its hand the same way."""

from datetime import UTC, datetime

import pytest

from companion.errors import RuleViolation
from companion.games.kit.intents import Ask, Run
from companion.games.point_blank.aeo.events import AeoTerrainChosen
from companion.games.point_blank.battlefield_events import TerrainKept, TerrainSearched
from companion.games.point_blank.commands import (
    EndImpulse,
    KeepTerrain,
    LayOutBattlefield,
    PlaceTerrain,
    SearchTerrain,
)
from companion.games.point_blank.events import DeckReshuffled, TurnEnded
from companion.games.point_blank.view import terrain_hand_lines
from companion.games.rules import Redo, Undo
from companion.journal.record import Record
from tests.point_blank.playing import CATALOG, CONTROLLER, SQUAD, deploy, draw, rules, set_up
from tests.point_blank.solo import GRENADIERS, solo_game


def searched(session) -> list[tuple[str, ...]]:
    return [r.event.cards for r in session.records if isinstance(r.event, TerrainSearched)]


def ready(session) -> None:
    set_up(session, nationalities=("us", "german"))
    session.execute(LayOutBattlefield(areas=3, rows=4))


def test_a_search_draws_two_cards_once_the_side_keeps_one_and_undo_never_draws_again(session):
    ready(session)
    left = session.state.battlefield.deck.remaining
    assert CONTROLLER.press(session.state, "search", None, None) == Run.one(SearchTerrain())
    session.execute(SearchTerrain())
    (cards,) = searched(session)
    first, second = cards
    assert session.state.battlefield.deck.remaining == left - 2
    assert terrain_hand_lines(session.state, CATALOG) == [
        "Recon search for US: S shows US alone the cards drawn, to keep one"]
    with pytest.raises(RuleViolation, match="the last search's pick is still to make"):
        session.execute(SearchTerrain())
    asked = CONTROLLER.press(session.state, "search", None, None)
    assert isinstance(asked, Ask) and {value for value, _ in asked.form.fields[0].options} == {first, second}
    session.execute(KeepTerrain(card=first))
    deck = session.state.battlefield.deck
    assert session.state.terrain_hand(1) == (first,) and session.state.search is None
    assert (deck.remaining, deck.discarded) == (left - 2, 1)
    assert terrain_hand_lines(session.state, CATALOG) == ["Terrain cards in hand (T places one, 6.1.2.2): US 1"]
    session.execute(Undo())
    assert session.state.search is not None and session.state.terrain_hand(1) == ()
    session.execute(Redo())
    assert session.state.terrain_hand(1) == (first,) and searched(session) == [cards]


def test_the_impulse_waits_for_the_searchs_pick_which_the_action_bar_offers_first(session):
    """The search is one action: its cards are looked at and one kept before play goes on (8.10)."""
    ready(session)
    session.execute(SearchTerrain())
    assert CONTROLLER.first_now(session.state)[0] == "search"
    with pytest.raises(RuleViolation, match=r"keep one of the two cards the recon's search drew first \(S\)"):
        session.execute(EndImpulse())
    assert session.state.side == 1 and session.state.search is not None
    session.execute(KeepTerrain(card=searched(session)[0][0]))
    assert CONTROLLER.first_now(session.state)[0] != "search"
    session.execute(EndImpulse())
    assert session.state.side == 2


def test_the_last_card_out_ends_the_turn_once_the_searchs_pick_is_made(session):
    ready(session)
    draw(session, 1, 2, 3, 4, 5, 6, 1)  # one card left in the deck
    session.execute(SearchTerrain())
    draw(session, 2)
    assert session.state.deck.exhausted and session.state.turn == 1
    session.execute(KeepTerrain(card=searched(session)[0][0]))
    assert session.state.turn == 2
    assert [type(r.event) for r in session.records[-3:]] == [TerrainKept, TurnEnded, DeckReshuffled]


def test_a_kept_card_is_placed_from_the_hand_not_the_deck_and_a_card_not_held_is_refused(session):
    ready(session)
    deploy(session, SQUAD, 1, "B2", "clear")
    session.execute(SearchTerrain())
    kept = searched(session)[0][0]
    session.execute(KeepTerrain(card=kept))
    other = next(card for card in CATALOG.terrain if card != kept and not CATALOG.terrain[card].objective)
    with pytest.raises(RuleViolation, match="terrain hand holds no"):
        session.execute(PlaceTerrain(sector="B3/1", card=other, from_hand=True))
    deck = session.state.battlefield.deck
    session.execute(PlaceTerrain(sector="B3/1", card=kept, from_hand=True))
    assert session.state.battlefield.card("B3/1") == kept and session.state.terrain_hand(1) == ()
    assert session.state.battlefield.deck == deck


def test_a_side_holds_three_terrain_cards_at_most(session):
    ready(session)
    for _ in range(3):
        session.execute(SearchTerrain())
        session.execute(KeepTerrain(card=searched(session)[-1][0]))
    with pytest.raises(RuleViolation, match="holds 3 Terrain cards, the most"):
        session.execute(SearchTerrain())
    session.execute(EndImpulse())
    session.execute(SearchTerrain())  # the other side's hand is its own
    assert searched(session)[-1] and session.state.search.side == 2


def test_the_aeos_search_keeps_its_card_in_its_hand_while_it_holds_fewer_than_three(session):
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (SQUAD, 1, "B2", "clear"))
    game, state = rules(), session.state
    for cards in (("marsh", "brush"), ("woods", "clear"), ("hill", "brush"), ("woods", "marsh")):
        chosen = AeoTerrainChosen(sector=None, cards=cards, kept=cards[0])
        state = game.evolve(state, Record(1, datetime.now(UTC), chosen), False)
    assert state.terrain_hand(2) == ("marsh", "woods", "hill") and state.terrain_hand(1) == ()


def test_which_cards_a_side_drew_and_keeps_is_its_own_in_the_log_and_on_the_table_network(session):
    ready(session)
    session.execute(SearchTerrain())
    session.execute(KeepTerrain(card=searched(session)[0][0]))
    session.execute(SearchTerrain())
    game = rules()
    drawn, kept = [r.event for r in session.records if isinstance(r.event, TerrainSearched | TerrainKept)][:2]
    assert game.public(drawn) == {"type": "pb_terrain_searched", "side": 1}
    assert game.public(kept) == {"type": "pb_terrain_kept", "side": 1}
    assert (drawn.describe(), kept.describe()) == ("side 1's recon search draws 2 Terrain cards",
                                                   "side 1 keeps a Terrain card from its search")
    public = game.public_state(session.state)
    assert public.terrain_hands == (("?",), ()) and public.search.cards == ("?", "?")
    assert game.state.validate_json(game.state.dump_json(public)) == public
