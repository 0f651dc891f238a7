"""The authority's link and a follower over a real mosquitto: order, late joiners, broker restarts."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from companion.network.follower_log import FollowedTable
from companion.network.link_state import TableLinkStatus
from drivers.mqtt_loop import MqttLoop
from drivers.table_follower import TableFollower
from drivers.table_link import TableLink
from tests.network.conftest import Mosquitto, Recorder, table_settings
from tests.network.fake_table import FakeTable

GAME = 1
L = TypeVar("L", bound=MqttLoop)
FAST: dict[str, Any] = {"retry_interval": 0.02, "max_retry_interval": 0.2}


@pytest.fixture
def table(tmp_path: Path) -> FakeTable:
    return FakeTable(tmp_path / "games.sqlite3")


class Running:
    """Links and followers started by a test, stopped at its end whatever happens."""

    def __init__(self) -> None:
        self.started: list[MqttLoop] = []

    def __call__(self, loop: L) -> L:
        self.started.append(loop.start())
        return loop


@pytest.fixture
def running() -> Iterator[Running]:
    keeper = Running()
    yield keeper
    for loop in reversed(keeper.started):
        loop.stop()


def authority(broker: Mosquitto, table: FakeTable, states: Recorder, **settings: Any) -> TableLink:
    return TableLink(table_settings(broker, **settings), table, table.presses.put, states, **FAST)


def follower(broker: Mosquitto, views: Recorder, states: Recorder | None = None, **options: Any) -> TableFollower:
    return TableFollower(table_settings(broker), views, states or Recorder(), **FAST, **options)


def opened(link: TableLink, table: FakeTable) -> None:
    """The app opens the game: its state goes first, as of the events already committed."""
    link.game_changed(GAME, table.latest(GAME))
    table.wait_published(GAME, table.latest(GAME))


def commit_rolls(link: TableLink, table: FakeTable, values: range) -> None:
    for value in values:
        link.game_changed(GAME, table.roll(GAME, value))


def seen_up_to(seq: int):
    return lambda views: bool(views) and views[-1].view.seq >= seq and views[-1].view.base is not None \
        and views[-1].view.base.seq >= seq


def history(seen: FollowedTable) -> list[int]:
    return [event.seq for event in seen.view.history]


def test_committed_events_reach_a_follower_once_each_in_order_and_the_state_follows_them(broker, table, running):
    views, link_states, follower_states = Recorder(), Recorder(), Recorder()
    running(follower(broker, views, follower_states))
    follower_states.wait_for_status(TableLinkStatus.CONNECTED)
    link = running(authority(broker, table, link_states))
    opened(link, table)
    commit_rolls(link, table, range(1, 41))
    last = views.wait_for(seen_up_to(40))[-1]
    assert history(last) == list(range(1, 41))
    assert [event.event["value"] for event in last.view.history] == list(range(1, 41))
    assert last.view.base == table.public_state(GAME).model_copy(update={"at": last.view.base.at})
    assert last.view.need is None and last.online is True
    link_states.wait_for(lambda states: states[-1].waiting == 0 and states[-1].status is TableLinkStatus.CONNECTED)
    assert table.published_until(GAME) == 40


def test_a_late_follower_starts_from_the_retained_state_and_goes_on_without_gaps(broker, table, running):
    link = running(authority(broker, table, Recorder()))
    opened(link, table)
    commit_rolls(link, table, range(1, 11))
    table.wait_published(GAME, 10)
    views = Recorder()
    running(follower(broker, views))
    joined = views.wait_for(seen_up_to(10))[-1]
    assert joined.view.base.state == {"events": 10, "total": 55}
    assert history(joined) == []  # it never saw those events, only the state they made
    commit_rolls(link, table, range(11, 16))
    last = views.wait_for(seen_up_to(15))[-1]
    assert history(last) == [11, 12, 13, 14, 15]
    assert last.view.base.state == table.public_state(GAME).state == {"events": 15, "total": 120}
    assert last.view.need is None


def test_a_broker_restart_mid_game_loses_nothing_and_doubles_nothing_for_a_follower(broker, table, running):
    views, link_states, follower_states = Recorder(), Recorder(), Recorder()
    running(follower(broker, views, follower_states))
    follower_states.wait_for_status(TableLinkStatus.CONNECTED)
    link = running(authority(broker, table, link_states))
    opened(link, table)
    commit_rolls(link, table, range(1, 21))
    broker.stop()  # some of those may still be on their way: the broker keeps what it acknowledged
    down = link_states.wait_for_status(TableLinkStatus.DOWN)
    assert down.reason
    commit_rolls(link, table, range(21, 31))  # the game goes on locally
    link_states.wait_for(lambda states: states[-1].waiting >= 10)
    assert "playing on locally" in str(link_states.last)
    connected_before = len(link_states.items)
    broker.start()
    link_states.wait_for_status(TableLinkStatus.CONNECTED, after=connected_before)
    commit_rolls(link, table, range(31, 41))
    last = views.wait_for(seen_up_to(40))[-1]
    assert history(last) == list(range(1, 41))
    assert [event.event["value"] for event in last.view.history] == list(range(1, 41))
    assert last.view.base.state == {"events": 40, "total": 820}
    link_states.wait_for(lambda states: states[-1].waiting == 0)


def test_the_broker_down_at_start_leaves_the_game_going_and_publishes_once_it_comes_up(
        stopped_broker, table, running):
    link_states = Recorder()
    link = running(authority(stopped_broker, table, link_states))
    assert link_states.wait_for_status(TableLinkStatus.DOWN).reason == "connection refused"
    link.game_changed(GAME, 0)
    commit_rolls(link, table, range(1, 6))
    assert table.published_until(GAME) is None
    stopped_broker.start()
    table.wait_published(GAME, 5)
    views = Recorder()
    running(follower(stopped_broker, views))
    last = views.wait_for(seen_up_to(5))[-1]
    assert last.view.base.state == {"events": 5, "total": 15}


def test_a_link_stops_promptly_while_the_broker_is_down(stopped_broker, table):
    link_states = Recorder()
    link = authority(stopped_broker, table, link_states).start()
    link_states.wait_for_status(TableLinkStatus.DOWN)
    link.stop(timeout=2.0)
    assert link._thread is not None and not link._thread.is_alive()


def test_a_follower_of_the_club_sees_every_table(broker, tmp_path, running):
    views = Recorder()
    running(TableFollower(table_settings(broker), views, table="*", **FAST))
    for name in ("north", "south"):
        table = FakeTable(tmp_path / f"{name}.sqlite3")
        link = running(TableLink(table_settings(broker, name=name), table, table.presses.put, **FAST))
        link.game_changed(GAME, table.roll(GAME, 6 if name == "north" else 3))
    seen = views.wait_for(lambda got: {(v.table, v.view.seq) for v in got} >= {("north", 1), ("south", 1)})
    latest = {v.table: v for v in seen}
    assert latest["north"].view.base.state == {"events": 1, "total": 6}
    assert latest["south"].view.base.state == {"events": 1, "total": 3}
    assert latest["north"].online is True


def test_a_follower_sees_the_authority_go_offline_when_it_stops(broker, table, running):
    views, link_states = Recorder(), Recorder()
    link = authority(broker, table, link_states).start()
    link_states.wait_for_status(TableLinkStatus.CONNECTED)
    link.game_changed(GAME, table.roll(GAME, 2))
    running(follower(broker, views))
    views.wait_for(lambda got: bool(got) and got[-1].online is True and got[-1].view.seq == 1)
    link.stop()
    offline = views.wait_for(lambda got: got[-1].online is False)[-1]
    assert offline.view.seq == 1  # the game it last showed stays on screen
