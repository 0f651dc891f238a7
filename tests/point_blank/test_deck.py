"""The Action deck's counting: hands, checks, shuffles, the sniper's blank card."""

from companion.games.point_blank.deck import Deck, counts


def test_a_fresh_deck_holds_every_card():
    deck = Deck.fresh((9, 9, 9, 9, 9, 9))
    assert deck.left == 54 and deck.unseen == (9, 9, 9, 9, 9, 9)


def test_cards_dealt_to_hands_leave_the_deck_but_stay_unseen():
    deck = Deck.fresh((9, 9, 9, 9, 9, 9)).deal(1, 5).deal(2, 5)
    assert deck.left == 44 and deck.hands == (5, 5) and deck.unseen == (9, 9, 9, 9, 9, 9)


def test_a_drawn_pip_is_seen_and_held_until_the_check_settles():
    deck = Deck.fresh((2, 2, 2, 2, 2, 2)).draw(6).draw(6)
    assert deck.unseen[5] == 0 and not deck.could_draw(6) and deck.held == (6, 6)
    assert deck.settle().held == ()


def test_a_reshuffle_keeps_out_the_hands_and_the_pending_check():
    deck = Deck.fresh((2, 2, 2, 2, 2, 2)).deal(1, 5).deal(2, 5)
    deck = deck.draw(3)
    deck = deck.discard_unseen(deck.left)
    new = deck.reshuffled()
    assert new.left == 12 - 10 - 1
    assert new.seen == counts((3,))


def test_the_sniper_leaving_adds_a_blank_one_pip_card_to_the_discard_pile():
    deck = Deck.fresh((9, 9, 9, 9, 9, 9)).card_removed(4).blank_added()
    assert deck.composition == (10, 9, 9, 8, 9, 9)
    assert deck.unseen == (9, 9, 9, 8, 9, 9)  # the blank card is in the discard pile, not the draw pile
    assert deck.reshuffled().unseen == (10, 9, 9, 8, 9, 9)
