"""Remote presses over a real mosquitto: once each across restarts, refused with a wrong token."""

import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.publish as publish
import pytest
from paho.mqtt.enums import MQTTProtocolVersion

from companion.hardware.controls import Control
from companion.network.link_state import TableLinkStatus
from companion.network.messages import Outcome, PressMessage, VerdictMessage
from drivers.table_follower import TableFollower
from drivers.table_link import TableLink
from drivers.table_presser import RemotePresser
from tests.network.conftest import Mosquitto, Recorder, free_port, table_settings
from tests.network.fake_table import FakeTable
from tests.network.test_table_link import FAST, GAME, Running

TOKEN = "a-secret-for-club-1"


@pytest.fixture
def table(tmp_path: Path) -> FakeTable:
    return FakeTable(tmp_path / "games.sqlite3")


@pytest.fixture
def running() -> Iterator[Running]:
    keeper = Running()
    yield keeper
    for loop in reversed(keeper.started):
        loop.stop()


def authority(broker: Mosquitto, table: FakeTable, states: Recorder | None = None, **settings: Any) -> TableLink:
    settings = {"press_token": TOKEN, **settings}
    return TableLink(table_settings(broker, **settings), table, table.presses.put, states or Recorder(), **FAST)


def presser(broker: Mosquitto, verdicts: Recorder, token: str = TOKEN) -> RemotePresser:
    return RemotePresser(table_settings(broker, press_token=token), "phone-1", verdicts, **FAST)


def apply(link: TableLink, table: FakeTable, press: PressMessage) -> Outcome:
    """What the app does with a press it was handed: apply once, commit, tell the link."""
    outcome = table.apply_press(GAME, press)
    link.game_changed(GAME, table.latest(GAME))
    link.settle(press.id, outcome)
    return outcome


class PressServer:
    """The app's side of the press sink, on its own thread: every press handed on is applied."""

    def __init__(self, link: TableLink, table: FakeTable) -> None:
        self.handed: list[str] = []
        self._thread = threading.Thread(target=self._serve, args=(link, table), daemon=True)
        self._table = table

    def __enter__(self) -> "PressServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._table.presses.put(None)  # type: ignore[arg-type]
        self._thread.join(5)

    def _serve(self, link: TableLink, table: FakeTable) -> None:
        while (press := table.presses.get()) is not None:
            self.handed.append(press.id)
            apply(link, table, press)


def verdict_for(press_id: str, outcome: Outcome):
    return lambda verdicts: any(v.id == press_id and v.outcome is outcome for v in verdicts)


def test_a_remote_press_is_applied_exactly_once_across_a_broker_restart(broker, table, running):
    link_states, verdicts = Recorder(), Recorder()
    link = running(authority(broker, table, link_states))
    link_states.wait_for_status(TableLinkStatus.CONNECTED)
    link.game_changed(GAME, 0)
    phone = running(presser(broker, verdicts))
    first = phone.press(Control.ROLL)
    press = table.presses.get(timeout=10)
    assert (press.id, press.control, press.token) == (first, Control.ROLL, None)
    broker.stop()
    link_states.wait_for_status(TableLinkStatus.DOWN)
    assert apply(link, table, press) is Outcome.APPLIED  # settled while the broker is away: its ack is owed
    second = phone.press(Control.FACE, 4)  # pressed while the broker is away
    with PressServer(link, table):
        broker.start()
        verdicts.wait_for(verdict_for(second, Outcome.APPLIED))
        verdicts.wait_for(verdict_for(first, Outcome.APPLIED))
    assert table.applied_ids() == [first, second]
    assert table.events_of_type(GAME, "pressed") == [
        {"type": "pressed", "control": "roll", "value": None},
        {"type": "pressed", "control": "face", "value": 4},
    ]


def test_a_press_the_authority_stopped_before_settling_comes_again_to_the_next_one(broker, table, running):
    verdicts = Recorder()
    phone = running(presser(broker, verdicts))
    first_states = Recorder()
    first_run = authority(broker, table, first_states).start()
    first_states.wait_for_status(TableLinkStatus.CONNECTED)  # subscribed: the broker keeps presses for it now
    pressed = phone.press(Control.UNDO)
    assert table.presses.get(timeout=10).id == pressed
    first_run.stop()  # the app went away before it applied the press: the broker must still hold it
    link = running(authority(broker, table))
    again = table.presses.get(timeout=10)
    assert again.id == pressed
    assert apply(link, table, again) is Outcome.APPLIED
    verdicts.wait_for(verdict_for(pressed, Outcome.APPLIED))
    assert table.applied_ids() == [pressed]


def test_a_press_with_a_wrong_token_is_refused_visibly_and_never_reaches_the_app(broker, table, running):
    link_states, verdicts, intruder_verdicts = Recorder(), Recorder(), Recorder()
    link = running(authority(broker, table, link_states))
    link_states.wait_for_status(TableLinkStatus.CONNECTED)
    intruder = running(presser(broker, intruder_verdicts, token="not-the-secret"))
    refused = intruder.press(Control.ROLL)
    verdict = intruder_verdicts.wait_for(lambda got: bool(got))[0]
    assert verdict == VerdictMessage(id=refused, outcome=Outcome.REFUSED, reason="wrong token")
    state = link_states.wait_for(lambda got: got[-1].refused_presses == 1)[-1]
    assert "refused 1 press" in str(state) and "wrong token" in str(state)
    phone = running(presser(broker, verdicts))
    with PressServer(link, table) as server:
        accepted = phone.press(Control.NEXT)
        verdicts.wait_for(verdict_for(accepted, Outcome.APPLIED))
    assert server.handed == [accepted]
    assert table.applied_ids() == [accepted]


def test_without_a_press_token_every_remote_press_is_refused(broker, table, running):
    verdicts, link_states = Recorder(), Recorder()
    running(authority(broker, table, link_states, press_token=None))
    link_states.wait_for_status(TableLinkStatus.CONNECTED)
    pressed = running(presser(broker, verdicts)).press(Control.ROLL)
    verdict = verdicts.wait_for(lambda got: bool(got))[0]
    assert (verdict.id, verdict.outcome) == (pressed, Outcome.REFUSED)
    assert "no press_token" in verdict.reason
    assert table.presses.empty()


def test_bad_payloads_are_counted_and_skipped_and_what_follows_still_arrives(broker, table, running):
    link_states, follower_states, views, verdicts = Recorder(), Recorder(), Recorder(), Recorder()
    link = running(authority(broker, table, link_states))
    running(TableFollower(table_settings(broker), views, follower_states, **FAST))
    follower_states.wait_for_status(TableLinkStatus.CONNECTED)
    link_states.wait_for_status(TableLinkStatus.CONNECTED)
    link.game_changed(GAME, 0)
    table.wait_published(GAME, 0)
    raw = {"hostname": "127.0.0.1", "port": broker.port, "qos": 1, "protocol": MQTTProtocolVersion.MQTTv5}
    publish.single("companion/club-1/presses", b'{"id": "x", "control": "jump"}', **raw)
    publish.single("companion/club-1/events", b"not json", **raw)
    state = link_states.wait_for(lambda got: got[-1].bad_payloads == 1)[-1]
    assert "control" in state.last_problem
    follower_state = follower_states.wait_for(lambda got: got[-1].bad_payloads == 1)[-1]
    assert follower_state.last_problem.startswith("companion/club-1/events: ")
    with PressServer(link, table):
        accepted = running(presser(broker, verdicts)).press(Control.CONFIRM)
        verdicts.wait_for(verdict_for(accepted, Outcome.APPLIED))
    seen = views.wait_for(lambda got: got[-1].view.seq == 1)[-1]
    assert [event.type for event in seen.view.history] == ["pressed"]


@pytest.fixture
def guarded_broker(tmp_path: Path) -> Iterator[Mosquitto]:
    folder = tmp_path / "broker"
    folder.mkdir()
    passwords = folder / "passwords"
    subprocess.run(["mosquitto_passwd", "-b", "-c", str(passwords), "table", "right-password"], check=True)
    server = Mosquitto(folder, free_port(), extra=f"password_file {passwords}\n")
    yield server.start()
    server.stop()


def test_a_broker_that_refuses_the_credentials_shows_as_refused_and_the_right_ones_connect(
        guarded_broker, table, running):
    refused_states, states = Recorder(), Recorder()
    running(authority(guarded_broker, table, refused_states, username="table", password="wrong"))
    refused = refused_states.wait_for_status(TableLinkStatus.REFUSED)
    assert refused.reason in ("Bad user name or password", "Not authorized")
    running(authority(guarded_broker, table, states, username="table", password="right-password"))
    states.wait_for_status(TableLinkStatus.CONNECTED)
