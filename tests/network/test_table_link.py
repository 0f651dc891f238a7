"""The authority's link and a follower over a real mosquitto: order, late joiners, broker restarts."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.network.follower_log import FollowedTable
from companion.network.link_state import TableLinkStatus
from drivers.table_follower import TableFollower
from drivers.table_link import TableLink
from tests.network.conftest import Mosquitto, Recorder, table_settings
from tests.network.fake_table import FakeTable

GAME = 1
FAST = {"retry_interval": 0.02, "max_retry_interval": 0.2}


@pytest.fixture
def table(tmp_path: Path) -> FakeTable:
    return FakeTable(tmp_path / "games.sqlite3")


class Running:
    """Links and followers started by a test, stopped at its end whatever happens."""

    def __init__(self) -> None:
        self.started: list = []

    def __call__(self, loop):  # noqa: ANN001, ANN204 - any MqttLoop, returned as given
        self.started.append(loop.start())
        return loop


@pytest.fixture
def running() -> Iterator[Running]:
    keeper = Running()
    yield keeper
    for loop in reversed(keeper.started):
        loop.stop()


def authority(broker: Mosquitto, table: FakeTable, states: Recorder, **settings: object) -> TableLink:
    return TableLink(table_settings(broker, **settings), table, table.presses.put, states, **FAST)


def follower(broker: Mosquitto, views: Recorder, states: Recorder | None = None, **options: object) -> TableFollower:
    return TableFollower(table_settings(broker), views, states or Recorder(), **FAST, **options)


def opened(link: TableLink, table: FakeTable) -> None:
    """The app opens the game: its state goes first, as of the events already committed."""
    link.game_changed(GAME, table.latest(GAME))
    table.wait_published(GAME, table.latest(GAME))


def commit_rolls(link: TableLink, table: FakeTable, values: range) -> None:
    for value in values:
        link.game_changed(GAME, table.roll(GAME, value))


def seen_up_to(seq: int):  # noqa: ANN201 - a predicate over recorded views
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
