"""The codec: COBS, CRC-16, every message type round trip, and a decoder that never trusts bytes."""

import binascii

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_bridge import codec, messages, protocol

EVERY_MESSAGE = [
    messages.Hello(1, 0),
    messages.HelloAck(1, 2, (1, 0, 3), bytes.fromhex("e6614c311b7e6f35"), 0x0F, 2, 4, 0xBEEF, 65535, 1),
    messages.Ping(),
    messages.Pong(65535),
    messages.Event(0, protocol.BUTTON_DOWN, protocol.CONTROL_CODES["roll"], 0),
    messages.Event(65535, protocol.ENCODER, 1, -128),
    messages.Ack(41),
    messages.Ack(41, 1),
    messages.SetLed(1, protocol.LED_BLINK, 150, 50, 3),
    messages.ShowNumber(-2_000_000),
    messages.ShowNumber(None),
    messages.Ok(7),
    messages.Err(protocol.E_VERSION, 12, "board speaks protocol 1.0, host 2.0"),
]

settings.register_profile("board", max_examples=300,
                          suppress_health_check=[HealthCheck.too_slow])


def frames_of(data: bytes) -> list[codec.Frame]:
    return codec.Decoder().feed(data)


@pytest.mark.parametrize("message", EVERY_MESSAGE, ids=lambda m: type(m).__name__)
def test_every_message_type_survives_a_round_trip(message):
    [frame] = frames_of(codec.encode_frame(message, 513))
    assert messages.same_message(frame.message, message)
    assert (frame.seq, frame.major, frame.minor) == (513, protocol.PROTOCOL_MAJOR, protocol.PROTOCOL_MINOR)


def test_an_encoded_frame_holds_no_zero_byte_before_its_delimiter():
    for message in EVERY_MESSAGE:
        wire = codec.encode_frame(message, 0)
        assert wire.endswith(b"\x00") and b"\x00" not in wire[:-1]


def test_the_pure_crc_matches_binascii_crc_hqx_as_the_board_computes_it(monkeypatch):
    data = bytes(range(256)) * 2
    monkeypatch.setattr(codec, "_crc_hqx", None)
    monkeypatch.setattr(codec, "_CRC_TABLE", codec._build_crc_table())
    assert codec.crc16(data) == binascii.crc_hqx(data, 0xFFFF)
    assert codec.crc16(b"123456789") == 0x29B1  # the CRC-16/CCITT-FALSE check value


@given(st.binary(max_size=700))
@settings(settings.get_profile("board"))
def test_cobs_round_trips_any_bytes(data):
    encoded = codec.cobs_encode(data)
    assert 0 not in encoded
    assert codec.cobs_decode(encoded) == data


def test_a_major_version_from_the_future_still_decodes_so_it_can_be_refused_by_name():
    [frame] = frames_of(codec.encode_frame(messages.Hello(2, 3), 0, major=2, minor=3))
    assert (frame.major, frame.minor) == (2, 3)


def test_an_unknown_type_decodes_as_unknown_so_it_can_be_answered_with_err():
    body = bytearray([0x10, 0x7F, 0, 9, 1, 0xAA])
    crc = codec.crc16(body)
    body += bytes([crc >> 8, crc & 0xFF])
    [frame] = frames_of(codec.cobs_encode(bytes(body)) + b"\x00")
    assert isinstance(frame.message, messages.Unknown) and frame.message.TYPE == 0x7F
    assert frame.seq == 9


def test_a_payload_of_the_wrong_size_is_unknown_not_an_exception():
    body = bytearray([0x10, protocol.ACK, 0, 1, 1, 5])
    crc = codec.crc16(body)
    body += bytes([crc >> 8, crc & 0xFF])
    [frame] = frames_of(codec.cobs_encode(bytes(body)) + b"\x00")
    assert isinstance(frame.message, messages.Unknown) and "needs 3 bytes" in frame.message.reason


def test_frames_split_across_reads_are_joined():
    wire = b"".join(codec.encode_frame(m, i) for i, m in enumerate(EVERY_MESSAGE))
    decoder = codec.Decoder()
    frames = []
    for start in range(0, len(wire), 3):
        frames += decoder.feed(wire[start:start + 3])
    assert [f.seq for f in frames] == list(range(len(EVERY_MESSAGE)))


def test_an_endless_run_without_delimiter_is_dropped_and_the_next_frame_is_read():
    decoder = codec.Decoder()
    assert decoder.feed(b"\x01" * 5000) == []
    [frame] = decoder.feed(b"\x00" + codec.encode_frame(messages.Pong(3), 4))
    assert messages.same_message(frame.message, messages.Pong(3))
    assert decoder.damaged == 1


@given(st.binary(max_size=400))
@settings(settings.get_profile("board"))
def test_random_bytes_never_raise_and_a_valid_frame_after_them_is_recovered(garbage):
    decoder = codec.Decoder()
    decoder.feed(garbage)
    frames = decoder.feed(b"\x00" + codec.encode_frame(messages.Event(7, protocol.FACE, 0, 4), 99))
    assert messages.same_message(frames[-1].message, messages.Event(7, protocol.FACE, 0, 4))
    assert frames[-1].seq == 99


@st.composite
def mutated_frames(draw):
    message = draw(st.sampled_from(EVERY_MESSAGE))
    wire = bytearray(codec.encode_frame(message, draw(st.integers(0, 0xFFFF))))
    body_length = len(wire) - 1
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, body_length - 1))
        operation = draw(st.sampled_from(["flip", "drop", "insert"]))
        if operation == "flip":
            wire[position] ^= draw(st.integers(1, 255))
        elif operation == "drop" and len(wire) > 2:
            del wire[position]
        else:
            wire.insert(position, draw(st.integers(1, 255)))
        body_length = len(wire) - 1
    return message, bytes(wire)


@given(mutated_frames())
@settings(settings.get_profile("board"))
def test_a_mutated_frame_is_never_accepted_as_something_else(case):
    original, wire = case
    for frame in frames_of(wire):
        # A mutation may leave the frame intact (a flip undone by another) but never changes it.
        assert messages.same_message(frame.message, original)


def test_sequence_numbers_compare_across_the_wrap():
    assert protocol.seq_after(0, 0xFFFF)
    assert protocol.seq_after(5, 3)
    assert not protocol.seq_after(3, 5)
    assert not protocol.seq_after(4, 4)
