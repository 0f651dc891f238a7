"""The host's side of the link, sans-IO: handshake, heartbeat, in-order exactly-once events, commands.

Driven by `feed(bytes)`, `tick(now)` (seconds, any monotonic clock) and `outbox()`; what happened
is collected with `happenings()`. CPython only: the board runs `board_session` instead.
"""

from dataclasses import dataclass, field

from firmware_bridge import codec, messages, protocol
from firmware_bridge.board_facts import BoardEvent, BoardInfo


@dataclass(frozen=True)
class Connected:
    info: BoardInfo


@dataclass(frozen=True)
class Refused:
    """The board speaks another protocol major version; the reason names both."""

    reason: str


@dataclass(frozen=True)
class Lost:
    reason: str


@dataclass(frozen=True)
class Delivered:
    event: BoardEvent


@dataclass(frozen=True)
class CommandDone:
    seq: int


@dataclass(frozen=True)
class CommandFailed:
    seq: int
    reason: str


Happening = Connected | Refused | Lost | Delivered | CommandDone | CommandFailed


@dataclass
class DeliveryMemory:
    """The last event delivered from each board run (board id, boot): outlives one connection,
    so a reconnect neither repeats nor skips events."""

    last_delivered: dict[tuple[str, int], int] = field(default_factory=dict)
    last_applied: dict[tuple[str, int], int] = field(default_factory=dict)
    """The last event the app applied, per board run, when acknowledgements wait for it."""


@dataclass
class _Command:
    message: object
    seq: int
    due: float
    tries: int


class HostSession:
    """One connection attempt to one port, from HELLO until the link is lost or refused.

    Events are delivered strictly in id order: one that arrives after a gap is kept aside
    (up to EARLY_LIMIT ahead) and the board is asked for the missing one, again every
    `gap_interval` while the gap lasts.
    """

    EARLY_LIMIT = 256

    def __init__(
        self,
        memory: DeliveryMemory | None = None,
        *,
        hello_interval: float = 0.25,
        gap_interval: float = 0.02,
        handshake_timeout: float = 1.0,
        ping_interval: float = 1.0,
        misses_allowed: int = 3,
        command_interval: float = 0.2,
        command_tries: int = 5,
        major: int = protocol.PROTOCOL_MAJOR,
        minor: int = protocol.PROTOCOL_MINOR,
        ack_when_applied: bool = False,
    ) -> None:
        self.memory = memory if memory is not None else DeliveryMemory()
        self.ack_when_applied = ack_when_applied
        """Acknowledge an event only once the app says it is applied (`applied`), not when it is
        delivered: a host that dies in between gets the event again from the board, and the memory
        of what was applied (kept by the app with what the event caused) drops it if it was."""
        self.hello_interval = hello_interval
        self.gap_interval = gap_interval
        self.handshake_timeout = handshake_timeout
        self.ping_interval = ping_interval
        self.misses_allowed = misses_allowed
        self.command_interval = command_interval
        self.command_tries = command_tries
        self.major = major
        self.minor = minor
        self.state = "idle"
        self.info: BoardInfo | None = None
        self.duplicates = 0
        self.decoder = codec.Decoder()
        self._out = bytearray()
        self._happenings: list[Happening] = []
        self._seq = 0
        self._now = 0.0
        self._started = 0.0
        self._hello_due = 0.0
        self._ping_due = 0.0
        self._heard = False
        self._misses = 0
        self._expected = 0
        self._applied = protocol.SEQ_MASK
        """The newest event the app has applied, in order; acknowledgements stop there."""
        self._early: dict[int, messages.Event] = {}
        self._gap_asked = 0.0
        self._commands: dict[int, _Command] = {}

    # The three sans-IO entry points.

    def start(self, now: float) -> None:
        self.state = "handshaking"
        self._now = self._started = now
        self._hello_due = now

    def feed(self, data: bytes) -> None:
        ack_needed = False
        for frame in self.decoder.feed(data):
            self._heard = True
            ack_needed = self._answer(frame) or ack_needed
        if ack_needed:
            self._send(messages.Ack(self._acknowledged))

    def applied(self, event_id: int) -> None:
        """The app has applied this event and every one before it (committed what it caused, or
        refused it): acknowledge them, so the board forgets them."""
        if self.state == "connected" and protocol.seq_after(event_id, self._applied):
            assert self.info is not None
            self._applied = event_id
            self.memory.last_applied[(self.info.board_id, self.info.boot)] = event_id
            self._send(messages.Ack(self._applied))

    def bye(self) -> None:
        """The host is leaving: a board of protocol 1.1 or later keeps no press until the next HELLO."""
        if self.state == "connected" and self.info is not None and self.info.protocol >= (1, 1):
            self._send(messages.Bye())
        self.state = "left"

    @property
    def _acknowledged(self) -> int:
        delivered = (self._expected - 1) & protocol.SEQ_MASK
        return self._applied if self.ack_when_applied else delivered

    def tick(self, now: float) -> None:
        self._now = now
        if self.state == "handshaking":
            if now - self._started >= self.handshake_timeout:
                self._lose("no answer to HELLO within %.1f s" % self.handshake_timeout)
            elif now >= self._hello_due:
                self._hello_due = now + self.hello_interval
                self._send(messages.Hello(self.major, self.minor))
        elif self.state == "connected":
            if now >= self._ping_due:
                self._misses = 0 if self._heard else self._misses + 1
                self._heard = False
                if self._misses >= self.misses_allowed:
                    self._lose("no answer to %d heartbeats" % self._misses)
                    return
                self._ping_due = now + self.ping_interval
                self._send(messages.Ping())
            if self._early and now - self._gap_asked >= self.gap_interval:
                self._ask_for_gap()
            self._resend_commands(now)

    def outbox(self) -> bytes:
        out = bytes(self._out)
        self._out.clear()
        return out

    def happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first."""
        happened, self._happenings = self._happenings, []
        return happened

    @property
    def gap_open(self) -> bool:
        """True while an event is missing and later ones wait for it: tick again soon."""
        return bool(self._early)

    # Commands to the board; each is resent until the board answers OK or ERR.

    def set_led(self, led: int, mode: int, on_ms: int = 0, off_ms: int = 0, count: int = 0) -> int:
        return self._command(messages.SetLed(led, mode, on_ms, off_ms, count))

    def show_number(self, number: int | None) -> int:
        return self._command(messages.ShowNumber(number))

    def _command(self, message: object) -> int:
        if self.state != "connected":
            raise RuntimeError("the board is not connected")
        seq = self._send(message)
        self._commands[seq] = _Command(message, seq, self._now + self.command_interval, 1)
        return seq

    def _resend_commands(self, now: float) -> None:
        for seq, command in list(self._commands.items()):
            if now < command.due:
                continue
            del self._commands[seq]
            if command.tries >= self.command_tries:
                self._happenings.append(CommandFailed(command.seq, "no answer from the board"))
                continue
            # A resend is a new frame; remember it under the new number, answer under the old.
            new_seq = self._send(command.message)
            self._commands[new_seq] = _Command(command.message, command.seq,
                                               now + self.command_interval, command.tries + 1)

    # What the board said.

    def _answer(self, frame: codec.Frame) -> bool:
        """Handles one frame; True when an acknowledgement is owed."""
        message = frame.message
        if isinstance(message, messages.HelloAck) and self.state != "left":  # after BYE, nothing is owed
            self._hello_acked(frame, message)
        elif self.state != "connected":
            if isinstance(message, messages.Err) and message.code == protocol.E_VERSION:
                self._refuse(message.text)
        elif isinstance(message, messages.Event):
            return self._event(message)
        elif isinstance(message, (messages.Ok, messages.Err)):
            self._answered(message)
        return False

    def _hello_acked(self, frame: codec.Frame, ack: messages.HelloAck) -> None:
        if ack.major != self.major:
            self._refuse(
                "the board speaks protocol %d.%d and this companion speaks %d.%d: "
                "update the %s" % (ack.major, ack.minor, self.major, self.minor,
                                   "board's firmware" if ack.major < self.major else "companion"))
            return
        if not ack.linked:
            # The board's boot announcement: it has not heard our HELLO (yet, or since it restarted).
            self._send(messages.Hello(self.major, self.minor))
            return
        info = BoardInfo.from_hello_ack(ack)
        if self.state == "connected" and self.info is not None and \
                (info.board_id, info.boot) == (self.info.board_id, self.info.boot):
            return  # the answer to a repeated HELLO
        key = (info.board_id, info.boot)
        remembered = self.memory.last_delivered.get(key)
        self._expected = ack.first_event if remembered is None else (remembered + 1) & protocol.SEQ_MASK
        if protocol.seq_after(ack.first_event, self._expected):
            # Someone else (another program on this port) took the events before first_event.
            self._expected = ack.first_event
        self._applied = self.memory.last_applied.get(key, (self._expected - 1) & protocol.SEQ_MASK)
        self.info = info
        self.state = "connected"
        self._ping_due = self._now + self.ping_interval
        self._misses = 0
        self._heard = True
        self._happenings.append(Connected(info))

    def _event(self, event: messages.Event) -> bool:
        if event.event_id == self._expected:
            self._deliver(event)
            while self._expected in self._early:
                self._deliver(self._early.pop(self._expected))
            if self._early:
                self._ask_for_gap()  # a second gap further on
            return True
        if protocol.seq_after(self._expected, event.event_id) or event.event_id in self._early:
            self.duplicates += 1
            return True
        if ((event.event_id - self._expected) & protocol.SEQ_MASK) < self.EARLY_LIMIT:
            # A gap: an event before this one was lost. Keep this one and ask for the missing one.
            if not self._early:
                self._ask_for_gap()
            self._early[event.event_id] = event
        return False

    def _deliver(self, event: messages.Event) -> None:
        assert self.info is not None
        self.memory.last_delivered[(self.info.board_id, self.info.boot)] = event.event_id
        self._expected = (self._expected + 1) & protocol.SEQ_MASK
        self._happenings.append(
            Delivered(BoardEvent(event.event_id, event.kind, event.code, event.value)))

    def _ask_for_gap(self) -> None:
        self._gap_asked = self._now
        self._send(messages.Ack(self._acknowledged, 1))

    def _answered(self, message: messages.Ok | messages.Err) -> None:
        if isinstance(message, messages.Err) and message.code == protocol.E_NOT_READY:
            # The board restarted and missed its own announcement reaching us: greet it again.
            self._send(messages.Hello(self.major, self.minor))
        command = self._commands.pop(message.answers, None)
        if command is None:
            return
        if isinstance(message, messages.Ok):
            self._happenings.append(CommandDone(command.seq))
        else:
            self._happenings.append(CommandFailed(command.seq, message.describe()))

    def _refuse(self, reason: str) -> None:
        if self.state == "refused":
            return
        self.state = "refused"
        self._happenings.append(Refused(reason))

    def _lose(self, reason: str) -> None:
        self.state = "lost"
        self._happenings.append(Lost(reason))

    def _send(self, message: object) -> int:
        seq = self._seq
        self._out += codec.encode_frame(message, seq, self.major, self.minor)
        self._seq = (self._seq + 1) & protocol.SEQ_MASK
        return seq
