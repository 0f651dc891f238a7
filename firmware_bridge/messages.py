"""The serial board protocol's messages, one class per type, with their payloads packed and parsed."""

import struct

try:
    from firmware_bridge import protocol
except ImportError:  # on the board every module sits flat in the root
    import protocol  # type: ignore[import-not-found, no-redef]


class Hello:
    """Host → board: the first frame on a new link, naming the host's protocol version."""

    TYPE = protocol.HELLO
    FORMAT = ">BB"

    def __init__(self, major=protocol.PROTOCOL_MAJOR, minor=protocol.PROTOCOL_MINOR):
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

    TYPE = protocol.HELLO_ACK
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

    TYPE = protocol.PING
    FORMAT = ""

    def fields(self):
        return ()


class Bye:
    """Host → board (since 1.1): the host is leaving; presses made from now on until the next
    HELLO are not kept, as nobody would see them when they were made."""

    TYPE = protocol.BYE
    FORMAT = ""

    def fields(self):
        return ()


class Pong:
    """Board → host: the answer to the PING whose sequence number is `answers`."""

    TYPE = protocol.PONG
    FORMAT = ">H"

    def __init__(self, answers):
        self.answers = answers

    def fields(self):
        return (self.answers,)


class Event:
    """Board → host: one input event; resent until acknowledged, so the host de-duplicates by id."""

    TYPE = protocol.EVENT
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

    TYPE = protocol.ACK
    FORMAT = ">HB"

    def __init__(self, event_id, resend=0):
        self.event_id = event_id
        self.resend = resend

    def fields(self):
        return (self.event_id, self.resend)


class SetLed:
    """Host → board: turn LED `led` off, on, or blink it `count` times (0: until told otherwise)."""

    TYPE = protocol.SET_LED
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

    TYPE = protocol.SHOW_NUMBER
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

    TYPE = protocol.OK
    FORMAT = ">H"

    def __init__(self, answers):
        self.answers = answers

    def fields(self):
        return (self.answers,)


class Err:
    """Either way: the frame `answers` was refused, with a code and a short text for people."""

    TYPE = protocol.ERR
    FORMAT = ">BH"

    def __init__(self, code, answers, text=""):
        self.code = code
        self.answers = answers
        self.text = text

    def fields(self):
        return (self.code, self.answers, self.text)

    def payload(self):
        text = self.text.encode()[:protocol.MAX_PAYLOAD - 3]
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
        return "%s (%s)" % (self.text or protocol.ERROR_NAMES.get(self.code, "error"), self.code)


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
for _cls in (Hello, HelloAck, Ping, Pong, Event, Ack, SetLed, ShowNumber, Ok, Err, Bye):
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
