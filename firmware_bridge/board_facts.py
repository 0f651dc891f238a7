"""What a board tells the host: who answered the handshake (`BoardInfo`) and each input event (`BoardEvent`)."""

from dataclasses import dataclass

from firmware_bridge import messages, protocol


@dataclass(frozen=True)
class BoardInfo:
    """Who answered the handshake."""

    board_id: str
    protocol: tuple[int, int]
    firmware: tuple[int, int, int]
    capabilities: tuple[str, ...]
    leds: int
    display_digits: int
    boot: int

    @property
    def protocol_version(self) -> str:
        return "%d.%d" % self.protocol

    @property
    def firmware_version(self) -> str:
        return "%d.%d.%d" % self.firmware

    @classmethod
    def from_hello_ack(cls, ack: messages.HelloAck) -> "BoardInfo":
        return cls(
            board_id=ack.board_id.hex(),
            protocol=(ack.major, ack.minor),
            firmware=ack.firmware,
            capabilities=tuple(protocol.capability_names(ack.capabilities)),
            leds=ack.leds,
            display_digits=ack.display_digits,
            boot=ack.boot,
        )


@dataclass(frozen=True)
class BoardEvent:
    """One input event, delivered exactly once and in the order the board made them."""

    event_id: int
    kind: int
    code: int
    value: int

    @property
    def problem(self) -> str | None:
        """Why the app cannot use this event (a face or side out of range), or None."""
        return protocol.event_problem(self.kind, self.code, self.value)

    @property
    def kind_name(self) -> str:
        return protocol.EVENT_KIND_NAMES.get(self.kind, "kind %d" % self.kind)

    @property
    def control_name(self) -> str | None:
        """`roll`, `undo`, ... for button events; `face` for a face; None otherwise."""
        if self.kind == protocol.FACE:
            return "face"
        if self.kind in (protocol.BUTTON_DOWN, protocol.BUTTON_UP, protocol.BUTTON_HELD):
            return protocol.CONTROL_NAMES.get(self.code)
        return None

    def __str__(self) -> str:
        bad = " (ignored: %s)" % self.problem if self.problem else ""
        if self.kind == protocol.FACE:
            return "#%d face %d%s" % (self.event_id, self.value, bad)
        if self.kind == protocol.ENCODER:
            return "#%d encoder %d step %+d" % (self.event_id, self.code, self.value)
        if self.kind not in protocol.EVENT_KIND_NAMES:
            # Perhaps a newer board's: its numbers are all that can be said.
            return "#%d event of kind %d (code %d, value %d): unknown to this version of companion, ignored" % (
                self.event_id, self.kind, self.code, self.value)
        name = self.control_name or "button %d" % self.code
        suffix = " %d" % self.value if name == "side" else ""
        return "#%d %s%s %s%s" % (self.event_id, name, suffix, self.kind_name, bad)
