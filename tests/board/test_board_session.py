"""The board's session with a fake clock: announce, handshake, resend until acknowledged, commands."""

from firmware_bridge import codec, messages, protocol
from firmware_bridge.board_session import BoardSession


def board(**options) -> BoardSession:
    defaults = dict(firmware=(1, 0, 0), board_id=b"\x01\x02", capabilities=protocol.CAP_BUTTONS,
                    leds=2, boot=77, resend_ms=200, max_resend_ms=800)
    return BoardSession(**{**defaults, **options})


def heard(session: BoardSession) -> list[codec.Frame]:
    return codec.Decoder().feed(session.outbox())


def messages_from(session: BoardSession) -> list[object]:
    return [frame.message for frame in heard(session)]


def host_says(session: BoardSession, message, seq=0, major=protocol.PROTOCOL_MAJOR, minor=0) -> None:
    session.feed(codec.encode_frame(message, seq, major=major, minor=minor))


def connected_board(now=0, **options) -> BoardSession:
    session = board(**options)
    session.tick(now)
    host_says(session, messages.Hello())
    session.outbox()
    return session


def test_the_board_announces_itself_once_at_boot():
    session = board()
    session.tick(0)
    [announce] = messages_from(session)
    assert isinstance(announce, messages.HelloAck)
    assert (announce.board_id, announce.boot, announce.leds) == (b"\x01\x02", 77, 2)
    session.tick(1)
    assert messages_from(session) == []


def test_a_press_made_before_any_hello_is_not_kept_and_one_after_it_goes_out():
    session = board()
    session.tick(0)
    session.outbox()
    assert session.push(protocol.BUTTON_DOWN, 1) is None  # nobody listens: it would arrive stale
    session.tick(5)
    assert messages_from(session) == []
    host_says(session, messages.Hello())
    session.tick(6)
    [hello_ack] = messages_from(session)
    assert isinstance(hello_ack, messages.HelloAck) and hello_ack.first_event == 0
    assert session.push(protocol.BUTTON_DOWN, 2) == 0
    session.tick(7)
    assert [(m.event_id, m.code) for m in messages_from(session)] == [(0, 2)]
    assert (session.unheard, session.dropped, session.pending()) == (1, 0, 1)


def test_after_the_hosts_bye_the_board_keeps_what_it_holds_but_no_new_press_until_the_next_hello():
    session = connected_board()
    session.push(protocol.FACE, 0, 4)
    session.tick(1)
    session.outbox()
    host_says(session, messages.Bye(), seq=1)
    assert not session.connected
    assert messages_from(session) == []  # the host is leaving: no answer
    assert session.push(protocol.FACE, 0, 5) is None
    session.tick(500)
    assert messages_from(session) == []
    host_says(session, messages.Hello(), seq=2)
    session.push(protocol.FACE, 0, 6)
    session.tick(501)
    sent = messages_from(session)
    assert isinstance(sent[0], messages.HelloAck) and sent[0].first_event == 0
    assert [(m.event_id, m.value) for m in sent[1:]] == [(0, 4), (1, 6)]
    assert session.unheard == 1


def test_an_unacknowledged_event_is_resent_after_the_resend_time_and_not_before():
    session = connected_board()
    session.push(protocol.FACE, 0, 4)
    session.tick(10)
    assert [m.event_id for m in messages_from(session)] == [0]
    session.tick(10 + 199)
    assert messages_from(session) == []
    session.tick(10 + 200)
    assert [m.event_id for m in messages_from(session)] == [0]


def test_each_resend_without_progress_waits_twice_as_long_up_to_the_limit():
    session = connected_board()
    session.push(protocol.FACE, 0, 4)
    session.tick(0)
    session.outbox()
    resent_at = []
    for now in range(1, 3000):
        session.tick(now)
        if messages_from(session):
            resent_at.append(now)
    assert resent_at == [200, 600, 1400, 2200]


def test_an_acknowledged_event_is_never_sent_again():
    session = connected_board()
    session.push(protocol.FACE, 0, 4)
    session.push(protocol.FACE, 0, 5)
    session.tick(10)
    session.outbox()
    host_says(session, messages.Ack(1), seq=1)
    session.tick(1000)
    assert messages_from(session) == []
    assert session.pending() == 0


def test_a_resend_request_sends_the_oldest_unacknowledged_event_again_at_once():
    session = connected_board()
    for face in range(1, 5):
        session.push(protocol.FACE, 0, face)
    session.tick(10)
    session.outbox()
    host_says(session, messages.Ack(0, 1), seq=1)
    session.tick(11)
    assert [m.event_id for m in messages_from(session)] == [1]
    session.tick(12)
    assert messages_from(session) == []


def test_when_the_resend_time_passes_everything_in_flight_is_sent_again():
    session = connected_board()
    for face in range(1, 5):
        session.push(protocol.FACE, 0, face)
    session.tick(10)
    session.outbox()
    host_says(session, messages.Ack(0), seq=1)
    session.tick(11 + 200)
    assert [m.event_id for m in messages_from(session)] == [1, 2, 3]


def test_no_more_than_a_window_of_events_is_in_flight():
    session = connected_board(window=4)
    for _ in range(10):
        session.push(protocol.BUTTON_DOWN, 1)
    session.tick(10)
    assert [m.event_id for m in messages_from(session)] == [0, 1, 2, 3]
    host_says(session, messages.Ack(1), seq=1)
    session.tick(11)
    assert [m.event_id for m in messages_from(session)] == [4, 5]


def test_a_full_queue_drops_the_newest_event_and_counts_it():
    session = connected_board(queue_size=2)
    assert [session.push(protocol.BUTTON_DOWN, 1), session.push(protocol.BUTTON_DOWN, 2)] == [0, 1]
    assert session.push(protocol.BUTTON_DOWN, 3) is None
    assert session.dropped == 1 and session.pending() == 2


def test_a_host_speaking_another_major_version_is_refused_naming_both_versions():
    session = board()
    session.tick(0)
    session.outbox()
    session.push(protocol.BUTTON_DOWN, 1)
    host_says(session, messages.Hello(2, 1), seq=5, major=2, minor=1)
    session.tick(1)
    ack, err = messages_from(session)
    assert isinstance(ack, messages.HelloAck)
    assert (err.code, err.answers) == (protocol.E_VERSION, 5)
    assert err.text == "board speaks protocol 1.1, host 2.1"
    assert not session.connected


def test_a_ping_is_answered_with_the_pings_sequence_number():
    session = connected_board()
    host_says(session, messages.Ping(), seq=42)
    [pong] = messages_from(session)
    assert pong.answers == 42


def test_a_ping_before_any_hello_is_answered_not_ready():
    session = board()
    session.tick(0)
    session.outbox()
    host_says(session, messages.Ping(), seq=3)
    [err] = messages_from(session)
    assert (err.code, err.answers) == (protocol.E_NOT_READY, 3)


def test_a_silent_host_is_given_up_after_the_timeout_and_events_stay_queued_but_no_new_press_is_kept():
    session = connected_board()
    session.push(protocol.BUTTON_DOWN, 1)
    session.tick(3500)
    assert session.connected
    session.tick(3501)
    assert not session.connected and session.pending() == 1
    assert session.push(protocol.BUTTON_DOWN, 2) is None
    assert (session.pending(), session.unheard) == (1, 1)


def test_led_and_display_commands_are_carried_out_or_refused_with_the_frame_they_answer():
    session = connected_board(leds=1)
    host_says(session, messages.SetLed(0, protocol.LED_ON), seq=8)
    host_says(session, messages.SetLed(3, protocol.LED_ON), seq=9)
    host_says(session, messages.ShowNumber(12), seq=10)
    ok, no_led, no_display = messages_from(session)
    assert ok.answers == 8
    assert (no_led.code, no_led.answers) == (protocol.E_NO_SUCH_LED, 9)
    assert (no_display.code, no_display.answers) == (protocol.E_NO_DISPLAY, 10)
    assert [type(a) for a in session.actions] == [messages.SetLed]


def test_an_unknown_message_type_is_answered_with_err_naming_its_frame():
    session = connected_board()
    body = bytearray([0x10, 0x55, 0, 31, 0])
    crc = codec.crc16(body)
    session.feed(codec.cobs_encode(bytes(body + bytes([crc >> 8, crc & 0xFF]))) + b"\x00")
    [err] = messages_from(session)
    assert (err.code, err.answers) == (protocol.E_UNKNOWN_TYPE, 31)
