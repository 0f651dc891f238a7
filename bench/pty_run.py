"""Runs a program on a pseudo-terminal, as a person's terminal would, and times what reaches it.

Every time here is `time.monotonic()` (CLOCK_MONOTONIC), the same clock in every process, so a
probe's own stamps (a press, a commit) compare with the moment its bytes arrived here.
"""

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

COLUMNS, ROWS = 140, 40


def spawn(argv: list[str], env: dict[str, str], keep_fds: Iterable[int] = ()) -> tuple[int, int]:
    """Starts `argv` on a new pty (its controlling terminal); `keep_fds` stay open in it."""
    keep = list(keep_fds)
    pid, master = pty.fork()
    if pid == 0:
        try:
            for fd in keep:
                os.set_inheritable(fd, True)
            os.execvpe(argv[0], argv, env)
        finally:
            os._exit(127)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    return pid, master


@dataclass
class Screen:
    """A program's terminal: the bytes it paints, and when each match of `pattern` first arrived."""

    master: int
    pid: int
    pattern: re.Pattern[bytes] | None = None
    seen: dict[bytes, float] = field(default_factory=dict)
    arrivals: list[float] = field(default_factory=list)
    """When each read brought bytes: a frame's bytes come in one read or a few close together."""
    closed: bool = False
    _tail: bytes = b""

    def read(self, timeout: float) -> bytes:
        """Whatever arrived within `timeout` (b"" when nothing did), its matches noted."""
        if self.closed:
            return b""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:
            chunk = b""
        if chunk:
            self.arrivals.append(time.monotonic())
        else:
            self.closed = True
        return chunk

    def new_matches(self, chunk: bytes) -> list[bytes]:
        """Notes when each match of `pattern` in `chunk` (with the end of the last chunk) arrived;
        returns those not seen before."""
        if self.pattern is None:
            return []
        arrived = time.monotonic()
        window = self._tail + chunk
        new = []
        for match in self.pattern.finditer(window):
            key = match.group(0)
            if key not in self.seen:
                self.seen[key] = arrived
                new.append(key)
        self._tail = window[-64:]
        return new

    def wait_for(self, marker: bytes, timeout: float) -> float:
        """The monotonic time `marker` arrived (it may span two reads)."""
        deadline = time.monotonic() + timeout
        window = b""
        while True:
            chunk = self.read(deadline - time.monotonic())
            arrived = time.monotonic()
            self.new_matches(chunk)
            window = window[-len(marker):] + chunk
            if marker in window:
                return arrived
            if self.closed:
                raise RuntimeError(f"the program ended before painting {marker!r}")
            if arrived >= deadline:
                raise TimeoutError(f"{marker!r} never appeared")

    def wait_seen(self, key: bytes, timeout: float) -> float:
        """The monotonic time the match `key` arrived, reading until it has."""
        deadline = time.monotonic() + timeout
        while key not in self.seen:
            if self.closed:
                raise RuntimeError(f"the program ended before painting {key!r}")
            if time.monotonic() >= deadline:
                raise TimeoutError(f"{key!r} never appeared")
            self.new_matches(self.read(deadline - time.monotonic()))
        return self.seen[key]

    def drain(self, until: float) -> None:
        """Reads (and notes matches) until the monotonic time `until`."""
        while not self.closed and (left := until - time.monotonic()) > 0:
            self.new_matches(self.read(left))


def memory_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a live process in KiB: its resident memory now, and its peak so far."""
    fields = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"]


def cpu_seconds(pid: int) -> float:
    """CPU time a live process has used so far, all its threads together (from the scheduler's
    own nanosecond count)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as stat:
                total += int(stat.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass  # a thread that just ended
    return total / 1e9


def drain_until_exit(pid: int, master: int, timeout: float) -> int:
    """Keeps reading so the program never blocks on a full terminal; returns its wait status.
    A program still running after `timeout` is killed."""
    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        finished, status = os.waitpid(pid, os.WNOHANG)
        if finished:
            break
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            with contextlib.suppress(OSError):
                os.read(master, 1 << 16)
    else:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    os.close(master)
    return status or 0


def stop(pid: int, master: int) -> int:
    """Ends the program as a closed terminal would (SIGHUP, then SIGKILL if it lingers)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGHUP)
    return drain_until_exit(pid, master, 10)
