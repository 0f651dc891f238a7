"""The host's session with a fake clock: handshake, refusal, heartbeat loss, exactly-once events."""

import random

from firmware_bridge import codec, messages, protocol
from firmware_bridge.board_session import BoardSession
from firmware_bridge.host_session import (
    CommandDone,
    CommandFailed,
    Connected,
    Delivered,
    DeliveryMemory,
    HostSession,
    Lost,
    Refused,
)


class Wire:
    """Both sessions in one process with a fake clock; bytes may be corrupted on the way."""

    def __init__(self, board: BoardSession, host: HostSession, corrupt=0.0, seed=1):
        self.board = board
        self.host = host
        self.corrupt = corrupt
        self.random = random.Random(seed)
        self.now_ms = 0
        self.happened: list[object] = []

    def damage(self, data: bytes) -> bytes:
        if not self.corrupt:
            return data
        out = bytearray(data)
        for index in range(len(out)):
            if self.random.random() < self.corrupt:
                out[index] ^= self.random.randrange(1, 256)
        return bytes(out)

    def run(self, ms: int, step: int = 1) -> list[object]:
        for _ in range(0, ms, step):
            self.now_ms += step
            self.board.tick(self.now_ms)
            self.host.feed(self.damage(self.board.outbox()))
            self.host.tick(self.now_ms / 1000)
            self.board.feed(self.damage(self.host.outbox()))
            self.happened += self.host.happenings()
        return self.happened


def board(boot=5, **options) -> BoardSession:
    return BoardSession((1, 2, 3), b"\xca\xfe", protocol.CAP_BUTTONS | protocol.CAP_LEDS, 1, 0, boot,
                        **options)


def started_host(memory=None, now=0.0, **options) -> HostSession:
    host = HostSession(memory, **options)
    host.start(now)
    return host


def delivered(happened) -> list[int]:
    return [h.event.event_id for h in happened if isinstance(h, Delivered)]


def test_the_handshake_reports_the_boards_id_versions_and_capabilities():
    wire = Wire(board(), started_host())
    [connected] = wire.run(20)
    assert isinstance(connected, Connected)
    info = connected.info
    assert (info.board_id, info.protocol_version, info.firmware_version) == ("cafe", "1.1", "1.2.3")
    assert info.capabilities == ("buttons", "leds")
    assert wire.host.state == "connected"


def test_a_board_speaking_another_major_version_is_refused_with_both_versions_named():
    host = started_host(major=2, minor=0)
    wire = Wire(board(), host)
    happened = wire.run(50)
    refusals = [h for h in happened if isinstance(h, Refused)]
    assert len(refusals) == 1
    assert "board speaks protocol 1.1 and this companion speaks 2.0" in refusals[0].reason
    assert host.state == "refused"


def test_a_host_leaving_says_bye_and_then_nothing_more_and_the_board_stops_making_events():
    wire = Wire(board(), started_host())
    wire.run(20)
    wire.board.push(protocol.FACE, 0, 3)
    assert delivered(wire.run(20)) == [0]
    wire.host.bye()
    [bye] = [frame.message for frame in codec.Decoder().feed(wire.host.outbox())]
    assert isinstance(bye, messages.Bye)
    wire.board.feed(codec.encode_frame(bye, 99))
    assert not wire.board.connected and wire.board.push(protocol.FACE, 0, 4) is None
    for second in range(1, 6):
        wire.host.tick(second)
        assert wire.host.outbox() == b"", "no heartbeat, no HELLO: the host has left"
    assert wire.host.happenings() == [] and wire.host.state == "left"


def test_a_host_leaving_a_board_of_protocol_1_0_says_no_bye_it_would_not_know():
    host = started_host()
    host.feed(codec.encode_frame(messages.HelloAck(1, 0, (1, 0, 0), b"\x01", 0, 0, 0, 1, 0, 1), 0, minor=0))
    host.outbox()
    host.bye()
    assert host.outbox() == b""


def test_a_newer_minor_version_is_accepted():
    host = started_host()
    host.feed(codec.encode_frame(
        messages.HelloAck(1, 9, (2, 0, 0), b"\x01", 0, 0, 0, 1, 0, 1), 0, minor=9))
    [connected] = host.happenings()
    assert connected.info.protocol == (1, 9)


def test_no_answer_to_hello_loses_the_link_after_the_handshake_timeout():
    host = started_host(now=10.0)
    host.tick(10.0)
    host.tick(10.99)
    assert host.happenings() == []
    host.tick(11.0)
    assert host.happenings() == [Lost("no answer to HELLO within 1.0 s")]


def test_three_missed_heartbeats_lose_the_link_and_two_do_not():
    wire = Wire(board(), started_host())
    wire.run(20)
    wire.host.happenings()
    host = wire.host
    host.tick(1.02)
    assert [f.message.TYPE for f in codec.Decoder().feed(host.outbox())] == [protocol.PING]
    for miss in range(1, 4):
        host.tick(1.02 + miss)  # the board says nothing any more
        lost = [h for h in host.happenings() if isinstance(h, Lost)]
        assert bool(lost) == (miss == 3)
    assert lost == [Lost("no answer to 3 heartbeats")]


def test_a_heartbeat_answered_keeps_the_link_up():
    wire = Wire(board(), started_host())
    happened = wire.run(5000, step=5)
    assert not [h for h in happened if isinstance(h, Lost)]


def test_events_are_delivered_once_in_order_through_one_percent_byte_corruption():
    wire = Wire(board(), started_host(), corrupt=0.01, seed=7)
    wire.run(20)
    pushed = 0
    for _ in range(4000):
        while pushed < 1500 and wire.board.room():
            wire.board.push(protocol.FACE, 0, pushed % 10 + 1)
            pushed += 1
        wire.run(1)
        if len(delivered(wire.happened)) == 1500:
            break
    assert delivered(wire.happened) == list(range(1500))
    faces = [h.event.value for h in wire.happened if isinstance(h, Delivered)]
    assert faces == [i % 10 + 1 for i in range(1500)]
    assert wire.host.duplicates > 0  # resends happened, and were dropped


def test_a_reconnect_with_the_same_board_run_neither_repeats_nor_skips():
    memory = DeliveryMemory()
    the_board = board()
    first = Wire(the_board, started_host(memory))
    first.run(20)
    for face in (1, 2, 3):
        the_board.push(protocol.FACE, 0, face)
    the_board.tick(first.now_ms + 1)
    first.host.feed(the_board.outbox())  # delivered, but the acknowledgement is lost with the cable
    first.host.outbox()
    assert delivered(first.host.happenings()) == [0, 1, 2]
    the_board.push(protocol.FACE, 0, 4)  # pressed as the cable came out: never sent
    the_board.link_down()
    second = Wire(the_board, started_host(memory, now=first.now_ms / 1000))
    second.now_ms = first.now_ms
    happened = second.run(300)
    assert delivered(happened) == [3]
    assert second.host.duplicates == 3


def test_a_restarted_board_starts_a_new_count_of_events():
    memory = DeliveryMemory()
    wire = Wire(board(boot=1), started_host(memory))
    wire.run(20)
    wire.board.push(protocol.FACE, 0, 1)
    assert delivered(wire.run(20)) == [0]
    wire.board = board(boot=2)  # power cycled: new boot number, ids from 0 again
    happened = wire.run(100)
    wire.board.push(protocol.FACE, 0, 6)
    happened = wire.run(20)
    assert [h.info.boot for h in happened if isinstance(h, Connected)] == [1, 2]
    assert delivered(happened) == [0, 0]


def test_a_led_command_is_confirmed_and_an_impossible_one_fails_with_the_boards_reason():
    wire = Wire(board(), started_host())
    wire.run(20)
    good = wire.host.set_led(0, protocol.LED_BLINK, 100, 100, 2)
    bad = wire.host.show_number(3)
    happened = wire.run(20)
    assert CommandDone(good) in happened
    assert CommandFailed(bad, "the board has no display (5)") in happened


def test_a_command_never_answered_fails_after_its_tries():
    wire = Wire(board(), started_host())
    wire.run(20)
    seq = wire.host.set_led(0, protocol.LED_ON)
    host = wire.host
    for step in range(1, 7):
        host.tick(0.02 + 0.2 * step)
        host.outbox()
    assert CommandFailed(seq, "no answer from the board") in host.happenings()


def test_acknowledging_on_apply_keeps_an_event_on_the_board_until_the_app_has_applied_it():
    wire = Wire(board(), started_host(ack_when_applied=True))
    wire.run(20)
    for face in (1, 2, 3):
        wire.board.push(protocol.FACE, 0, face)
    assert delivered(wire.run(50)) == [0, 1, 2]
    assert wire.board.pending() == 3  # delivered, not yet applied: the board still holds them
    wire.host.applied(1)
    wire.run(10)
    assert wire.board.pending() == 1
    wire.host.applied(2)
    wire.run(10)
    assert wire.board.pending() == 0 and wire.host.duplicates > 0  # resent meanwhile, dropped as copies


def test_a_new_host_remembering_what_was_applied_takes_the_unapplied_events_again():
    the_board = board()
    first = Wire(the_board, started_host(ack_when_applied=True))
    first.run(20)
    for face in (1, 2, 3):
        the_board.push(protocol.FACE, 0, face)
    assert delivered(first.run(50)) == [0, 1, 2]
    first.host.applied(0)  # then the host dies before it applies 1 and 2
    first.run(10)
    the_board.link_down()
    remembered = DeliveryMemory()
    run = (first.host.info.board_id, first.host.info.boot)
    remembered.last_delivered[run] = remembered.last_applied[run] = 0  # as the games file kept it
    second = Wire(the_board, started_host(remembered, now=first.now_ms / 1000, ack_when_applied=True))
    second.now_ms = first.now_ms
    assert delivered(second.run(300)) == [1, 2]
