"""The serial button board over pyserial: finds it, keeps the link up, hands its presses on.

One reader thread owns the port. It reads with a 0.1 s timeout (and `cancel_read()` wakes it on
stop), so closing the app never hangs on a blocked read. Board presses become the same
`ControlPressed` a GPIO button makes, with source "board".
"""

import errno
import logging
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import serial
from serial.tools import list_ports

from companion.hardware.board_link import BoardLinkState, LinkStatus
from companion.hardware.controls import Control, ControlPressed, Origin, board_run, board_source
from firmware_bridge import protocol
from firmware_bridge.board_facts import BoardEvent, BoardInfo
from firmware_bridge.host_session import (
    CommandFailed,
    Connected,
    Delivered,
    DeliveryMemory,
    HostSession,
    Lost,
    Refused,
)

log = logging.getLogger(__name__)

PICO_VENDOR_ID = 0x2E8A
BY_ID = Path("/dev/serial/by-id")
UDEV_LINK = Path("/dev/companion-board")
"""The name `companion install-service`'s udev rule gives the board."""
LIKELY_BOARD = re.compile(r"micropython|pico|raspberry_pi|2e8a|companion", re.IGNORECASE)
READ_TIMEOUT = 0.1
GAP_READ_TIMEOUT = 0.01

Sink = Callable[[ControlPressed], None]
LinkListener = Callable[[BoardLinkState], None]
EventListener = Callable[[BoardEvent], None]


def discover_ports(by_id: Path = BY_ID, udev_link: Path = UDEV_LINK) -> list[str]:
    """Ports that may be a board: /dev/companion-board, /dev/serial/by-id links that look like one,
    then USB devices with the Pico's vendor id. Each is confirmed by the handshake before it is used."""
    found: list[str] = []
    seen: set[str] = set()
    links = sorted(by_id.glob("*")) if by_id.is_dir() else []
    candidates = [str(udev_link)] if udev_link.exists() else []
    candidates += [str(link) for link in links if LIKELY_BOARD.search(link.name)]
    candidates += sorted(p.device for p in list_ports.comports() if p.vid == PICO_VENDOR_ID)
    for candidate in candidates:
        real = str(Path(candidate).resolve())
        if real not in seen:
            seen.add(real)
            found.append(candidate)
    return found


def in_use(error: Exception) -> bool:
    """Whether opening a port failed because another program holds it: its exclusive lock (another
    companion, `board monitor`) or a driver's own "busy"."""
    return getattr(error, "errno", None) in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY)


def busy_reason(path: str) -> str:
    """`PATH is in use by another program (process 812: companion)`, naming the programs whose
    lock holds it when they can be found."""
    holders = lock_holders(path)
    named = f" ({', '.join(f'process {pid}: {name}' for pid, name in holders)})" if holders else ""
    return f"{path} is in use by another program{named}"


def lock_holders(path: str, proc: Path = Path("/proc")) -> list[tuple[int, str]]:
    """(process id, program name) of each process holding an exclusive lock on the device, as
    pyserial's `exclusive=True` takes it (`flock`), from the kernel's list of locks."""
    try:
        device = os.stat(path)
        locks = (proc / "locks").read_text().splitlines()
    except OSError:
        return []
    where = f"{os.major(device.st_dev):02x}:{os.minor(device.st_dev):02x}:{device.st_ino}"
    holders = []
    for lock in locks:
        # "1: FLOCK  ADVISORY  WRITE 812 00:1a:3 0 EOF"; one waiting for it reads "1: -> FLOCK ...".
        fields = lock.split()
        if len(fields) > 5 and fields[1] == "FLOCK" and fields[5] == where and fields[4].isdigit():
            pid = int(fields[4])
            try:
                name = (proc / str(pid) / "comm").read_text().strip()
            except OSError:
                name = "?"  # gone meanwhile
            holders.append((pid, name))
    return sorted(set(holders))


def control_pressed(event: BoardEvent, origin: Origin | None = None) -> ControlPressed | None:
    """The press a board event means to the app, or None for releases, holds, encoders and events
    whose value is out of range (`event.problem`)."""
    if event.problem:
        return None
    if event.kind == protocol.FACE:
        return ControlPressed(Control.FACE, event.value, source="board", origin=origin)
    if event.kind != protocol.BUTTON_DOWN:
        return None
    name = protocol.CONTROL_NAMES.get(event.code)
    if name is None:
        return None
    control = Control(name)
    return ControlPressed(control, event.value if control is Control.SIDE else None, source="board",
                          origin=origin)


def connected_state(port: str, info: BoardInfo) -> BoardLinkState:
    return BoardLinkState(LinkStatus.CONNECTED, port, info.board_id, info.protocol_version,
                          info.firmware_version, info.capabilities)


class SerialBoard:
    """The board link: searching → connected → lost → connected ..., reported to `on_link_state`.

    `port` pins the link to one path (a by-id link or a pty's symlink); without it `discover`
    is asked for candidates every `retry_interval`. Events are de-duplicated by id across
    reconnects, so a press is handed to `sink` exactly once. Callbacks run on the reader thread.
    """

    def __init__(
        self,
        sink: Sink,
        on_link_state: LinkListener = lambda state: None,
        *,
        port: str | None = None,
        discover: Callable[[], Sequence[str]] = discover_ports,
        on_board_event: EventListener | None = None,
        retry_interval: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
        applied_before: Mapping[str, int] | None = None,
    ) -> None:
        """`applied_before` (source → last event applied, as the games file keeps it) turns on
        acknowledgement on apply: each press carries its `Origin`, and the board forgets an event
        only once `applied` is called for it, after the app committed what it caused."""
        self._sink = sink
        self._on_link_state = on_link_state
        self._on_board_event = on_board_event
        self.port = port
        self._discover = discover
        self.retry_interval = retry_interval
        self._clock = clock
        self.memory = DeliveryMemory()
        self.ack_when_applied = applied_before is not None
        for source, last in (applied_before or {}).items():
            if (run := board_run(source)) is not None:
                self.memory.last_delivered[run] = self.memory.last_applied[run] = last
        self._unapplied: deque[list] = deque()
        """[board run, event id, applied?] for every event delivered and not yet acknowledged, in order."""
        self.state = BoardLinkState(LinkStatus.SEARCHING)
        self.info: BoardInfo | None = None
        """What the connected board said of itself (LEDs, display), None while not connected."""
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._serial: serial.Serial | None = None
        self._session: HostSession | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> "SerialBoard":
        self._on_link_state(self.state)
        self._thread = threading.Thread(target=self._run, name="serial-board", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Wakes the reader out of its read, and waits for it to say BYE and close the port."""
        self._stopping.set()
        with self._lock:
            if self._serial is not None:
                self._serial.cancel_read()
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def connected(self) -> bool:
        return self.state.status is LinkStatus.CONNECTED

    @property
    def led_count(self) -> int:
        return self.info.leds if self.info is not None and self.connected else 0

    @property
    def display_digits(self) -> int:
        return self.info.display_digits if self.info is not None and self.connected else 0

    # Commands to the board, from any thread.

    def set_led(self, led: int, on: bool) -> int:
        return self._command(lambda s: s.set_led(led, protocol.LED_ON if on else protocol.LED_OFF))

    def blink_led(self, led: int, on_ms: int = 150, off_ms: int = 150, count: int = 0) -> int:
        return self._command(lambda s: s.set_led(led, protocol.LED_BLINK, on_ms, off_ms, count))

    def show_number(self, number: int | None) -> int:
        return self._command(lambda s: s.show_number(number))

    def _command(self, issue: Callable[[HostSession], int]) -> int:
        with self._lock:
            if self._session is None or self._serial is None or not self.connected:
                raise RuntimeError("the board is not connected")
            seq = issue(self._session)
            self._write(self._session.outbox())
            return seq

    # The reader thread.

    def _run(self) -> None:
        while not self._stopping.is_set():
            candidates = [self.port] if self.port else list(self._discover())
            for path in candidates:
                if self._stopping.is_set():
                    break
                self._serve(path)
            refused = self.state.status is LinkStatus.REFUSED
            # A refusing board will not change its mind until someone flashes it: ask less often.
            self._stopping.wait(self.retry_interval * (8 if refused else 1))

    def _serve(self, path: str) -> None:
        try:
            port = serial.Serial(path, 115200, timeout=READ_TIMEOUT, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as error:
            if in_use(error) and not (self.state.status is LinkStatus.BUSY and self.state.port == path):
                self._set_state(BoardLinkState(LinkStatus.BUSY, path, reason=busy_reason(path)))
            return  # not there (yet), or another program holds it: tried again
        if self.state.status is LinkStatus.BUSY and self.state.port == path:
            self._set_state(BoardLinkState(LinkStatus.SEARCHING))  # let go of: whether a board answers is next
        session = HostSession(self.memory, ack_when_applied=self.ack_when_applied)
        session.start(self._clock())
        with self._lock:
            self._serial, self._session = port, session
        try:
            with self._lock:
                session.tick(self._clock())  # HELLO now, not after the first read times out
                self._write(session.outbox())
            while not self._stopping.is_set():
                # While an event is missing, wake often enough to ask for it again.
                timeout = GAP_READ_TIMEOUT if session.gap_open else READ_TIMEOUT
                if port.timeout != timeout:
                    port.timeout = timeout
                data = port.read(1)
                if data and port.in_waiting:
                    data += port.read(port.in_waiting)
                with self._lock:
                    if data:
                        session.feed(data)
                    session.tick(self._clock())
                    out, happened = session.outbox(), session.happenings()
                # Events are handed on before they are acknowledged: an ACK means "delivered".
                keep_going = self._handle(path, happened)
                self._report_damage(session)
                with self._lock:
                    self._write(out)
                if not keep_going:
                    return
            with self._lock:
                # Last, after every acknowledgement: the board keeps no press until a host listens again.
                session.bye()
                self._write(session.outbox())
        except (serial.SerialException, OSError) as error:
            if self.connected:
                self._set_state(BoardLinkState(LinkStatus.LOST, path, reason=_unplugged(error)))
        finally:
            with self._lock:
                self._serial = self._session = None
            port.close()

    def _write(self, data: bytes) -> None:
        if data and self._serial is not None:
            self._serial.write(data)

    def _handle(self, path: str, happenings: list) -> bool:
        """Acts on what the session reports; False when this port is done with."""
        for happening in happenings:
            if isinstance(happening, Delivered):
                self._deliver(happening.event)
            elif isinstance(happening, Connected):
                self.info = happening.info
                self._set_state(connected_state(path, happening.info))
            elif isinstance(happening, Lost):
                if self.connected:
                    self._set_state(BoardLinkState(LinkStatus.LOST, path, reason=happening.reason))
                return False
            elif isinstance(happening, Refused):
                self._set_state(BoardLinkState(LinkStatus.REFUSED, path, reason=happening.reason))
                return False
            elif isinstance(happening, CommandFailed):
                log.warning("board command %d failed: %s", happening.seq, happening.reason)
        return True

    def _report_damage(self, session: HostSession) -> None:
        """Damaged frames change nothing (the board resends what was lost) but are said, once each."""
        damaged = session.decoder.damaged
        if self.connected and damaged != self.state.damaged_frames:
            self._set_state(self.state._replace(damaged_frames=damaged, last_damage=session.decoder.last_error))

    def _deliver(self, event: BoardEvent) -> None:
        if event.problem and self.connected:
            # Acknowledged like any event (or the board would resend it forever), never pressed: said instead.
            self._set_state(self.state._replace(bad_events=self.state.bad_events + 1, last_bad_event=event.problem))
        assert self.info is not None
        run = (self.info.board_id, self.info.boot)
        origin = Origin(board_source(*run), event.event_id) if self.ack_when_applied else None
        press = control_pressed(event, origin)
        if self.ack_when_applied:
            with self._lock:
                # Releases, holds and refused values mean nothing to the app: applied at once.
                self._unapplied.append([run, event.event_id, press is None])
                self._acknowledge_applied()
        try:
            if self._on_board_event is not None:
                self._on_board_event(event)
            if press is not None:
                self._sink(press)
        except Exception:  # a bug in a listener must not take the link down with it
            log.exception("board event listener failed on %s", event)

    def applied(self, origin: Origin) -> None:
        """The app has committed what this board press caused (or refused it): the board may
        forget it. Any thread; presses are applied in the order they were handed on."""
        run = board_run(origin.source)
        with self._lock:
            for entry in self._unapplied:
                if (entry[0], entry[1]) == (run, origin.number):
                    entry[2] = True
                    break
            self._acknowledge_applied()

    def _acknowledge_applied(self) -> None:
        """Acknowledges the events applied so far, in order (the caller holds the lock)."""
        while self._unapplied and self._unapplied[0][2]:
            run, event_id, _ = self._unapplied.popleft()
            self.memory.last_applied[run] = event_id
            session = self._session
            if session is not None and session.info is not None and (session.info.board_id, session.info.boot) == run:
                session.applied(event_id)
                self._write(session.outbox())

    def _set_state(self, state: BoardLinkState) -> None:
        if state == self.state:
            return
        self.state = state
        try:
            self._on_link_state(state)
        except Exception:
            log.exception("board link listener failed on %s", state)


def _unplugged(error: Exception) -> str:
    return "the board was unplugged" if isinstance(error, serial.SerialException) else str(error)
