"""The serial board protocol's frames and messages: COBS framing, CRC-16, encode and decode.

This one file runs unchanged on CPython (the host) and on MicroPython (the board), so it uses
nothing newer than MicroPython offers: no typing, no dataclasses, %-formatting only.

A frame on the wire is COBS(body) followed by one 0x00 byte, where body is
    version(1) type(1) seq(2, big-endian) length(1) payload(length) crc16(2, big-endian)
and the CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) covers everything before it.
The envelope never changes between protocol versions, so a peer speaking another major version
can still be read well enough to be refused by name. See docs/protocol.md.
"""

import struct

try:
    from binascii import crc_hqx as _crc_hqx
except ImportError:  # MicroPython's binascii has no crc_hqx
    _crc_hqx = None  # type: ignore[assignment]

PROTOCOL_MAJOR = 1
PROTOCOL_MINOR = 0

HEADER_SIZE = 5
CRC_SIZE = 2
MAX_PAYLOAD = 64
MAX_BODY = HEADER_SIZE + MAX_PAYLOAD + CRC_SIZE
# COBS adds one byte per 254 and one overhead byte; anything longer is garbage.
MAX_ENCODED = MAX_BODY + MAX_BODY // 254 + 1

# Message types.
HELLO = 0x01
HELLO_ACK = 0x02
PING = 0x03
PONG = 0x04
EVENT = 0x05
ACK = 0x06
SET_LED = 0x07
SHOW_NUMBER = 0x08
OK = 0x09
ERR = 0x0A

# Input event kinds.
BUTTON_DOWN = 1
BUTTON_UP = 2
BUTTON_HELD = 3
FACE = 4
ENCODER = 5
EVENT_KIND_NAMES = {
    BUTTON_DOWN: "down",
    BUTTON_UP: "up",
    BUTTON_HELD: "held",
    FACE: "face",
    ENCODER: "encoder",
}

# Button codes: which control a button is (a FACE event carries the face instead).
CONTROL_CODES = {"roll": 1, "undo": 2, "redo": 3, "confirm": 4, "next": 5, "side": 6}
CONTROL_NAMES = dict((code, name) for name, code in CONTROL_CODES.items())

# The values a FACE event and a side button may carry: faces 1 to 10 (0 is a d10's ten), sides 1 and 2.
FACE_MIN = 0
FACE_MAX = 10
SIDES = (1, 2)

# Capability bits in HELLO_ACK.
CAP_BUTTONS = 0x01
CAP_FACES = 0x02
CAP_LEDS = 0x04
CAP_DISPLAY = 0x08
CAP_ENCODER = 0x10
CAPABILITY_NAMES = (
    (CAP_BUTTONS, "buttons"),
    (CAP_FACES, "faces"),
    (CAP_LEDS, "leds"),
    (CAP_DISPLAY, "display"),
    (CAP_ENCODER, "encoder"),
)

# ERR codes.
E_VERSION = 1
E_UNKNOWN_TYPE = 2
E_BAD_PAYLOAD = 3
E_NO_SUCH_LED = 4
E_NO_DISPLAY = 5
E_NOT_READY = 6
ERROR_NAMES = {
    E_VERSION: "protocol version refused",
    E_UNKNOWN_TYPE: "unknown message type",
    E_BAD_PAYLOAD: "bad payload",
    E_NO_SUCH_LED: "no such LED",
    E_NO_DISPLAY: "no display",
    E_NOT_READY: "no handshake yet",
}

# LED modes.
LED_OFF = 0
LED_ON = 1
LED_BLINK = 2

SEQ_MASK = 0xFFFF


def _build_crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = None if _crc_hqx is not None else _build_crc_table()


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of `data`: binascii's C code on CPython, a table on MicroPython."""
    if _crc_hqx is not None:
        return _crc_hqx(data, crc)
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc


def cobs_encode(data):
    """`data` with every zero byte removed, as Consistent Overhead Byte Stuffing does it."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out.extend(block)
            block = bytearray()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out.extend(block)
                block = bytearray()
    out.append(len(block) + 1)
    out.extend(block)
    return bytes(out)


def cobs_decode(data):
    """The bytes COBS-encoded as `data`; raises ValueError when `data` is not valid COBS."""
    out = bytearray()
    index = 0
    end = len(data)
    while index < end:
        code = data[index]
        if code == 0:
            raise ValueError("zero byte inside a COBS block")
        block_end = index + code
        if block_end > end:
            raise ValueError("COBS block runs past the end")
        chunk = data[index + 1:block_end]
        if chunk.find(b"\x00") >= 0:
            raise ValueError("zero byte inside a COBS block")
        out.extend(chunk)
        index = block_end
        if code != 255 and index < end:
            out.append(0)
    return bytes(out)


class Hello:
    """Host → board: the first frame on a new link, naming the host's protocol version."""

    TYPE = HELLO
    FORMAT = ">BB"

    def __init__(self, major=PROTOCOL_MAJOR, minor=PROTOCOL_MINOR):
        self.major = major
        self.minor = minor

    def fields(self):
        return (self.major, self.minor)


class HelloAck:
    """Board → host: who the board is; sent in answer to HELLO and once, unprompted, at boot.

    `boot` is chosen at random when the board starts, so the host can tell a board that kept its
    queue across an unplug from one that restarted; `first_event` is the id of the oldest event
    the board still holds (or of the next one it will make); `linked` is 1 when this answers a
    HELLO the board accepted, 0 in the boot announcement (the host must still say HELLO).
    """

    TYPE = HELLO_ACK
    FORMAT = ">BBBBBBBBHHB"

    def __init__(self, major, minor, firmware, board_id, capabilities=0, leds=0,
                 display_digits=0, boot=0, first_event=0, linked=0):
        self.major = major
        self.minor = minor
        self.firmware = tuple(firmware)
        self.board_id = bytes(board_id)
        self.capabilities = capabilities
        self.leds = leds
        self.display_digits = display_digits
        self.boot = boot
        self.first_event = first_event
        self.linked = linked

    def fields(self):
        return (self.major, self.minor, self.firmware, self.board_id, self.capabilities,
                self.leds, self.display_digits, self.boot, self.first_event, self.linked)

    def payload(self):
        fw = self.firmware
        return struct.pack(self.FORMAT, self.major, self.minor, fw[0], fw[1], fw[2],
                           self.capabilities, self.leds, self.display_digits,
                           self.boot, self.first_event, self.linked) + self.board_id

    @classmethod
    def parse(cls, payload):
        size = struct.calcsize(cls.FORMAT)
        if len(payload) < size + 1 or len(payload) > size + 16:
            raise ValueError("HELLO_ACK needs %d to %d bytes" % (size + 1, size + 16))
        v = struct.unpack(cls.FORMAT, payload[:size])
        return cls(v[0], v[1], (v[2], v[3], v[4]), payload[size:], v[5], v[6], v[7], v[8], v[9],
                   v[10])


class Ping:
    """Host → board: are you there? Sent about once a second."""

    TYPE = PING
    FORMAT = ""

    def fields(self):
        return ()


class Pong:
    """Board → host: the answer to the PING whose sequence number is `answers`."""

    TYPE = PONG
    FORMAT = ">H"

    def __init__(self, answers):
        self.answers = answers

    def fields(self):
        return (self.answers,)


class Event:
    """Board → host: one input event; resent until acknowledged, so the host de-duplicates by id."""

    TYPE = EVENT
    FORMAT = ">HBBb"

    def __init__(self, event_id, kind, code=0, value=0):
        self.event_id = event_id
        self.kind = kind
        self.code = code
        self.value = value

    def fields(self):
        return (self.event_id, self.kind, self.code, self.value)


class Ack:
    """Host → board: every event up to and including `event_id` has been received.

    With `resend` set the host also saw a gap after `event_id`: the board sends every event it
    still holds again at once, instead of waiting for its resend timer.
    """

    TYPE = ACK
    FORMAT = ">HB"

    def __init__(self, event_id, resend=0):
        self.event_id = event_id
        self.resend = resend

    def fields(self):
        return (self.event_id, self.resend)


class SetLed:
    """Host → board: turn LED `led` off, on, or blink it `count` times (0: until told otherwise)."""

    TYPE = SET_LED
    FORMAT = ">BBHHB"

    def __init__(self, led, mode, on_ms=0, off_ms=0, count=0):
        self.led = led
        self.mode = mode
        self.on_ms = on_ms
        self.off_ms = off_ms
        self.count = count

    def fields(self):
        return (self.led, self.mode, self.on_ms, self.off_ms, self.count)


class ShowNumber:
    """Host → board: show `number` on the board's display, or blank it when `number` is None."""

    TYPE = SHOW_NUMBER
    FORMAT = ">Bi"

    def __init__(self, number):
        self.number = number

    def fields(self):
        return (self.number,)

    def payload(self):
        if self.number is None:
            return struct.pack(self.FORMAT, 0, 0)
        return struct.pack(self.FORMAT, 1, self.number)

    @classmethod
    def parse(cls, payload):
        if len(payload) != struct.calcsize(cls.FORMAT):
            raise ValueError("SHOW_NUMBER needs %d bytes" % struct.calcsize(cls.FORMAT))
        shown, number = struct.unpack(cls.FORMAT, payload)
        return cls(number if shown else None)


class Ok:
    """Board → host: the command frame `answers` was carried out."""

    TYPE = OK
    FORMAT = ">H"

    def __init__(self, answers):
        self.answers = answers

    def fields(self):
        return (self.answers,)


class Err:
    """Either way: the frame `answers` was refused, with a code and a short text for people."""

    TYPE = ERR
    FORMAT = ">BH"

    def __init__(self, code, answers, text=""):
        self.code = code
        self.answers = answers
        self.text = text

    def fields(self):
        return (self.code, self.answers, self.text)

    def payload(self):
        text = self.text.encode()[:MAX_PAYLOAD - 3]
        return struct.pack(self.FORMAT, self.code, self.answers) + text

    @classmethod
    def parse(cls, payload):
        if len(payload) < 3:
            raise ValueError("ERR needs at least 3 bytes")
        code, answers = struct.unpack(cls.FORMAT, payload[:3])
        try:
            text = bytes(payload[3:]).decode()
        except UnicodeError:
            raise ValueError("ERR text is not UTF-8")
        return cls(code, answers, text)

    def describe(self):
        return "%s (%s)" % (self.text or ERROR_NAMES.get(self.code, "error"), self.code)


class Unknown:
    """A well-framed message of a type this side does not know, kept so it can be answered."""

    def __init__(self, type_, payload, reason):
        self.TYPE = type_
        self.payload_bytes = bytes(payload)
        self.reason = reason

    def fields(self):
        return (self.TYPE, self.payload_bytes, self.reason)


def _fixed_payload(message):
    return struct.pack(message.FORMAT, *message.fields())


def _parse_fixed(cls, payload):
    size = struct.calcsize(cls.FORMAT)
    if len(payload) != size:
        raise ValueError("%s needs %d bytes, got %d" % (cls.__name__, size, len(payload)))
    if not size:
        return cls()
    return cls(*struct.unpack(cls.FORMAT, payload))


MESSAGES = {}
for _cls in (Hello, HelloAck, Ping, Pong, Event, Ack, SetLed, ShowNumber, Ok, Err):
    MESSAGES[_cls.TYPE] = _cls


def message_payload(message):
    if hasattr(message, "payload"):
        return message.payload()
    return _fixed_payload(message)


def parse_message(type_, payload):
    """The message of `type_` carried in `payload`, or an Unknown saying what was wrong."""
    cls = MESSAGES.get(type_)
    if cls is None:
        return Unknown(type_, payload, "unknown message type %d" % type_)
    try:
        if hasattr(cls, "parse"):
            return cls.parse(payload)
        return _parse_fixed(cls, payload)
    except (ValueError, TypeError) as error:
        return Unknown(type_, payload, str(error))


def same_message(a, b):
    """True when `a` and `b` are the same message with the same fields."""
    return type(a) is type(b) and a.TYPE == b.TYPE and a.fields() == b.fields()


def version_byte(major, minor):
    return ((major & 0x0F) << 4) | (minor & 0x0F)


def encode_frame(message, seq, major=PROTOCOL_MAJOR, minor=PROTOCOL_MINOR):
    """The bytes to write for `message` as frame number `seq`, delimiter included."""
    payload = message_payload(message)
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes is over %d" % (len(payload), MAX_PAYLOAD))
    body = bytearray(struct.pack(">BBHB", version_byte(major, minor), message.TYPE,
                                 seq & SEQ_MASK, len(payload)))
    body.extend(payload)
    crc = crc16(body)
    body.append(crc >> 8)
    body.append(crc & 0xFF)
    return cobs_encode(body) + b"\x00"


class Frame:
    """One decoded frame: the sender's protocol version, its sequence number and the message."""

    def __init__(self, major, minor, seq, message):
        self.major = major
        self.minor = minor
        self.seq = seq
        self.message = message

    def __repr__(self):
        return "Frame(v%d.%d seq=%d %s%r)" % (self.major, self.minor, self.seq,
                                             type(self.message).__name__, self.message.fields())


def decode_body(encoded):
    """The Frame inside one delimiter-free chunk; raises ValueError for anything damaged."""
    if len(encoded) > MAX_ENCODED:
        raise ValueError("frame too long")
    body = cobs_decode(encoded)
    if len(body) < HEADER_SIZE + CRC_SIZE:
        raise ValueError("frame too short")
    if crc16(body[:-CRC_SIZE]) != (body[-2] << 8) | body[-1]:
        raise ValueError("CRC mismatch")
    version, type_, seq, length = struct.unpack(">BBHB", body[:HEADER_SIZE])
    if HEADER_SIZE + length + CRC_SIZE != len(body):
        raise ValueError("length field does not match the frame")
    payload = body[HEADER_SIZE:HEADER_SIZE + length]
    return Frame(version >> 4, version & 0x0F, seq, parse_message(type_, payload))


class Decoder:
    """Splits a byte stream into frames; damaged frames are counted and skipped, never raised.

    After any lost, added or flipped byte the decoder loses at most the frames touching the
    damage: the next 0x00 delimiter starts a clean frame.
    """

    def __init__(self):
        self._buffer = bytearray()
        self._overflow = False
        self.frames = 0
        self.damaged = 0
        self.last_error = ""

    def feed(self, data):
        """Every complete, undamaged frame in `data` (plus what was buffered), in order."""
        frames = []  # type: list[Frame]
        start = 0
        while True:
            end = data.find(b"\x00", start)
            if end < 0:
                self._keep(data[start:])
                return frames
            chunk = data[start:end]
            start = end + 1
            if self._overflow:
                self._overflow = False
                self._buffer = bytearray()
                self._damaged("frame too long")
                continue
            if self._buffer:
                self._buffer.extend(chunk)
                chunk = bytes(self._buffer)
                self._buffer = bytearray()
            if not chunk:
                continue  # an empty frame: a delimiter sent to flush the line
            try:
                frames.append(decode_body(chunk))
                self.frames += 1
            except (ValueError, IndexError) as error:
                self._damaged(str(error))

    def _keep(self, tail):
        if self._overflow:
            return
        self._buffer.extend(tail)
        if len(self._buffer) > MAX_ENCODED:
            self._buffer = bytearray()
            self._overflow = True

    def _damaged(self, reason):
        self.damaged += 1
        self.last_error = reason


def event_problem(kind, code, value):
    """Why an input event cannot be used (a value out of range), or None when it can."""
    if kind == FACE and not FACE_MIN <= value <= FACE_MAX:
        return "face %d is not %d to %d" % (value, FACE_MIN, FACE_MAX)
    if kind in (BUTTON_DOWN, BUTTON_UP, BUTTON_HELD) and CONTROL_NAMES.get(code) == "side" \
            and value not in SIDES:
        return "side %d is not %s" % (value, " or ".join(str(side) for side in SIDES))
    return None


def seq_after(a, b):
    """True when sequence number `a` comes after `b`, counting modulo 2**16."""
    return a != b and ((a - b) & SEQ_MASK) < 0x8000


def capability_names(bits):
    return [name for bit, name in CAPABILITY_NAMES if bits & bit]
