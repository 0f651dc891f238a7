"""The authority's publish cursor: in order, a bounded window, acknowledgements, resends after a loss."""

import pytest

from companion.network.publish_cursor import PublishCursor


def test_a_game_never_published_starts_with_its_state_and_continues_after_it():
    cursor = PublishCursor(game=1, acknowledged=None, window=4)
    assert cursor.needs_start_state
    cursor.sent_state(seq=7, mid=1)
    assert cursor.sent == 7 and not cursor.needs_start_state
    cursor.sent_event(8, mid=2)
    assert cursor.acked(2) is None  # event 8 waits for the state it follows
    assert cursor.acked(1) == 8
    assert cursor.acknowledged == 8


def test_events_go_out_in_order_only():
    cursor = PublishCursor(game=1, acknowledged=3)
    with pytest.raises(ValueError, match="out of order"):
        cursor.sent_event(5, mid=1)


def test_the_window_bounds_what_is_in_flight():
    cursor = PublishCursor(game=1, acknowledged=0, window=2)
    cursor.sent_event(1, mid=10)
    cursor.sent_event(2, mid=11)
    assert cursor.room == 0
    assert cursor.acked(10) == 1
    assert cursor.room == 1


def test_acknowledged_moves_only_over_an_unbroken_run():
    cursor = PublishCursor(game=1, acknowledged=0, window=8)
    for seq, mid in ((1, 1), (2, 2), (3, 3)):
        cursor.sent_event(seq, mid)
    assert cursor.acked(2) is None
    assert cursor.acked(3) is None
    assert cursor.acked(1) == 3


def test_an_acknowledgement_from_another_connection_or_game_is_ignored():
    cursor = PublishCursor(game=1, acknowledged=5)
    assert cursor.acked(99) is None
    assert cursor.acknowledged == 5


def test_a_lost_connection_sends_everything_unacknowledged_again_and_the_state_after_it():
    cursor = PublishCursor(game=1, acknowledged=0, window=8)
    for seq in (1, 2, 3):
        cursor.sent_event(seq, mid=seq)
    cursor.sent_state(3, mid=4)
    cursor.acked(1)
    cursor.connection_lost()
    assert (cursor.sent, cursor.acknowledged, cursor.room) == (1, 1, 8)
    assert cursor.state_due()
    cursor.sent_event(2, mid=1)
    assert cursor.acked(1) == 2


def test_a_lost_connection_before_the_starting_state_was_acknowledged_starts_again_from_a_state():
    cursor = PublishCursor(game=1, acknowledged=None)
    cursor.sent_state(4, mid=1)
    cursor.connection_lost()
    assert cursor.needs_start_state


def test_a_state_is_due_once_per_connection_and_after_new_events():
    cursor = PublishCursor(game=1, acknowledged=2)
    assert cursor.state_due()
    cursor.sent_state(2, mid=1)
    assert not cursor.state_due()
    cursor.sent_event(3, mid=2)
    assert cursor.state_due()


def test_a_window_must_let_one_message_through():
    with pytest.raises(ValueError):
        PublishCursor(game=1, acknowledged=0, window=0)
