"""The serial board protocol's numbers (version, message types, controls, capabilities, errors) and checks on them."""

PROTOCOL_MAJOR = 1
PROTOCOL_MINOR = 1

MAX_PAYLOAD = 64

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
BYE = 0x0B  # since 1.1

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
