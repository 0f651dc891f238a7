"""The follower log: once each, in order, from a state or from the start, and what it needs after a gap."""

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from companion.network.follower_log import FollowerLog, Need
from companion.network.messages import EventMessage, StateMessage

AT = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)


def event(seq: int, game: int = 1) -> EventMessage:
    return EventMessage(game=game, kind="dice", seq=seq, type="rolled", at=AT, event={"value": seq})


def state(seq: int, game: int = 1) -> StateMessage:
    return StateMessage(game=game, kind="dice", name=f"Game {game}", seq=seq, at=AT, state={"seq": seq})


def seqs(log: FollowerLog) -> list[int]:
    return [e.seq for e in log.view().history]


def test_a_game_followed_from_its_first_event_takes_events_in_order():
    log = FollowerLog()
    assert [log.accept_event(event(seq)) for seq in (1, 2, 3)] == [True, True, True]
    view = log.view()
    assert (view.game, view.kind, view.seq, view.base) == (1, "dice", 3, None)
    assert [e.seq for e in view.events] == [1, 2, 3]


def test_a_double_is_counted_and_changes_nothing():
    log = FollowerLog()
    log.accept_event(event(1))
    log.accept_event(event(2))
    before = log.view()
    assert log.accept_event(event(2)) is False
    assert log.accept_event(event(1)) is False
    assert log.view().doubles == 2
    assert log.view().history == before.history


def test_an_early_event_is_held_and_the_gap_is_named_until_the_missing_one_arrives():
    log = FollowerLog()
    log.accept_event(event(1))
    assert log.accept_event(event(4)) is False
    assert log.accept_event(event(3)) is False
    assert log.need == Need(game=1, after=1, upto=2)
    assert log.accept_event(event(2)) is True
    assert seqs(log) == [1, 2, 3, 4]
    assert log.need is None


def test_a_late_joiner_starts_from_a_state_and_ignores_the_events_it_already_covers():
    log = FollowerLog()
    assert log.accept_state(state(10)) is True
    assert log.accept_event(event(9)) is False
    assert log.accept_event(event(11)) is True
    view = log.view()
    assert view.base is not None
    assert (view.base.seq, view.seq, [e.seq for e in view.events]) == (10, 11, [11])
    assert view.name == "Game 1"


def test_events_before_any_state_of_a_game_joined_late_wait_for_its_state():
    log = FollowerLog()
    log.accept_event(event(12))
    assert log.need == Need(game=1, after=None, upto=11)
    log.accept_state(state(11))
    assert log.need is None
    assert log.view().seq == 12


def test_a_state_past_a_gap_closes_it_and_drops_what_it_covers():
    log = FollowerLog()
    log.accept_event(event(1))
    log.accept_event(event(5))
    log.accept_event(event(7))
    log.accept_state(state(5))
    assert log.view().seq == 5 and log.need == Need(1, 5, 6)
    log.accept_event(event(6))
    assert log.view().seq == 7 and log.need is None


def test_an_older_state_of_the_same_game_is_ignored():
    log = FollowerLog()
    log.accept_state(state(8))
    assert log.accept_state(state(5)) is False
    assert log.view().base == state(8)


def test_a_state_at_the_logs_place_becomes_the_base_and_clears_the_events_after_it():
    log = FollowerLog()
    log.accept_event(event(1))
    log.accept_event(event(2))
    assert log.accept_state(state(2)) is True
    assert log.view().events == ()
    assert seqs(log) == [1, 2]
    assert log.accept_state(state(2)) is False


def test_the_table_moving_to_another_game_starts_the_log_again():
    log = FollowerLog()
    log.accept_event(event(1))
    log.accept_state(state(4, game=2))
    view = log.view()
    assert (view.game, view.seq, view.history) == (2, 4, ())
    assert log.accept_event(event(2, game=1)) is False  # the old game's stragglers do not count
    assert log.accept_event(event(5, game=2)) is True


def test_a_new_game_followed_from_its_first_event_replaces_the_old_one():
    log = FollowerLog()
    log.accept_state(state(30, game=1))
    assert log.accept_event(event(1, game=2)) is True
    assert (log.view().game, log.view().seq) == (2, 1)


def test_the_tables_game_deleted_is_forgotten_with_its_name_kept_to_say_so_until_another_game_comes():
    log = FollowerLog()
    log.accept_state(state(3))
    log.accept_event(event(4))
    log.accept_event(event(6))  # held, waiting for 5
    assert log.accept_deleted() is True
    view = log.view()
    assert (view.game, view.kind, view.base, view.events, view.history, view.need) == (None, None, None, (), (), None)
    assert view.deleted == "Game 1"
    assert log.accept_deleted() is False  # nothing more to forget
    log.accept_state(state(0, game=2))
    assert (log.view().game, log.view().deleted) == (2, "")


def test_a_deletion_heard_before_any_game_changes_nothing():
    log = FollowerLog()
    assert log.accept_deleted() is False
    assert log.view().deleted == ""


def test_held_events_are_bounded():
    log = FollowerLog(early_limit=3)
    for seq in range(10, 20):
        log.accept_event(event(seq))
    log.accept_state(state(9))
    assert log.view().seq == 12


@given(st.permutations(list(range(1, 31))), st.lists(st.integers(1, 30), max_size=20))
def test_any_order_with_any_doubles_ends_with_every_event_once_in_order(order, doubles):
    log = FollowerLog()
    for seq in [*order, *doubles]:
        log.accept_event(event(seq))
    assert seqs(log) == list(range(1, 31))
    assert log.need is None
