"""The payloads: what they look like on the wire, and bad ones counted and named, never raised."""

import json
from datetime import UTC, datetime

import pytest

from companion.hardware.controls import Control
from companion.network.link_state import TableLinkState, TableLinkStatus
from companion.network.messages import EventMessage, PayloadCheck, PressMessage, StateMessage
from companion.network.topics import Channel, TableTopics, every_table, parse_topic

AT = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)


def test_an_event_message_is_one_json_object_with_the_events_fields_inside():
    message = EventMessage(game=3, kind="dice", seq=41, type="dice_rolled", at=AT,
                           event={"type": "dice_rolled", "faces": [4, 2]})
    assert json.loads(message.encode()) == {
        "v": 1, "game": 3, "kind": "dice", "seq": 41, "type": "dice_rolled", "at": "2025-05-01T20:00:00Z",
        "event": {"type": "dice_rolled", "faces": [4, 2]},
    }
    assert PayloadCheck().decode(EventMessage, message.encode()) == message


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        (b"{", "Invalid JSON"),
        (b'{"v": 1, "game": 1, "kind": "dice", "seq": 0, "type": "t", "at": "2025-05-01T20:00:00Z", "event": {}}',
         "seq: Input should be greater than or equal to 1"),
        (b'{"v": 2, "game": 1, "kind": "dice", "seq": 1, "type": "t", "at": "2025-05-01T20:00:00Z", "event": {}}',
         "v: Input should be 1"),
        (b'{"v": 1, "game": 1, "kind": "dice", "seq": 1, "type": "t", "at": "2025-05-01T20:00:00", "event": {}}',
         "at: Input should have timezone info"),
        (b'{"v": 1, "game": 1, "kind": "dice", "seq": 1, "type": "t", "at": "2025-05-01T20:00:00Z", "event": {},'
         b' "secret": 1}', "secret: unknown key"),
    ],
)
def test_a_bad_event_payload_is_counted_with_its_reason_and_gives_nothing(payload, problem):
    check = PayloadCheck()
    assert check.decode(EventMessage, payload, "companion/t/events") is None
    assert check.refused == 1
    assert check.last_problem.startswith("companion/t/events: ")
    assert problem in check.last_problem


def test_an_oversized_payload_is_refused_unread():
    check = PayloadCheck()
    assert check.decode(StateMessage, b" " * (2 << 20)) is None
    assert "more than" in check.last_problem


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"control": "face"}, "a face press needs a face from 0 to 10"),
        ({"control": "face", "value": 11}, "a face press needs a face from 0 to 10"),
        ({"control": "side", "value": 3}, "a side press needs side 1 or 2"),
        ({"control": "roll", "value": 1}, "a roll press takes no value"),
        ({"control": "jump"}, "control: Input should be"),
        ({"control": "roll", "id": "has space"}, "id: String should match pattern"),
    ],
)
def test_a_press_must_carry_a_value_its_control_takes(fields, problem):
    payload = json.dumps({"id": "p:1", "origin": "phone", **fields}).encode()
    check = PayloadCheck()
    assert check.decode(PressMessage, payload) is None
    assert problem in check.last_problem


def test_a_good_press_reads_back_with_its_control():
    press = PressMessage(id="box:7", control=Control.FACE, value=4, origin="box", token="secret-token")
    assert PayloadCheck().decode(PressMessage, press.encode()) == press
    assert "secret-token" not in repr(press)


def test_a_tables_topics_and_the_club_subscriptions():
    topics = TableTopics("club-1")
    assert (topics.events, topics.state, topics.presses) == (
        "companion/club-1/events", "companion/club-1/state", "companion/club-1/presses")
    assert every_table(Channel.STATE) == "companion/+/state"
    assert parse_topic("companion/club-1/verdicts") == ("club-1", Channel.VERDICTS)
    assert parse_topic("companion/club-1/other") is None
    assert parse_topic("elsewhere/club-1/state") is None


@pytest.mark.parametrize("name", ["", "a/b", "a+", "#", "x" * 65, "-lead"])
def test_a_table_name_must_be_one_plain_topic_level(name):
    with pytest.raises(ValueError, match="cannot name a table"):
        TableTopics(name)


def test_the_status_line_says_the_game_goes_on_and_what_waits():
    state = TableLinkState(TableLinkStatus.DOWN, "club-1", "mqtt://pi:1883", reason="connection refused", waiting=3)
    assert str(state) == ("table club-1: broker down (connection refused); playing on locally; "
                          "3 events to publish")
    assert str(TableLinkState(TableLinkStatus.CONNECTED, "club-1", "mqtt://pi:1883")) == "table club-1: connected"
