"""Runs a program on a pseudo-terminal, as a person's terminal would, and reads what it paints."""

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time

COLUMNS, ROWS = 140, 40


def spawn(argv: list[str], env: dict[str, str]) -> tuple[int, int]:
    pid, master = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    return pid, master


def read_until(master: int, marker: bytes, timeout: float) -> float:
    """Seconds until `marker` appears in the output (the screen holding it was painted)."""
    started = time.perf_counter()
    seen = b""
    while marker not in seen:
        left = timeout - (time.perf_counter() - started)
        if left <= 0:
            raise TimeoutError(f"{marker!r} never appeared")
        ready, _, _ = select.select([master], [], [], left)
        if ready:
            try:
                seen = seen[-len(marker):] + os.read(master, 65536)
            except OSError:
                raise RuntimeError("the program ended before painting") from None
    return time.perf_counter() - started


def drain_until_exit(pid: int, master: int, timeout: float) -> tuple[int, object]:
    """Keeps reading so the program never blocks on a full terminal; returns (status, rusage)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        finished, status, usage = os.wait4(pid, os.WNOHANG)
        if finished:
            os.close(master)
            return status, usage
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            with contextlib.suppress(OSError):
                os.read(master, 65536)
    os.kill(pid, signal.SIGKILL)
    _, status, usage = os.wait4(pid, 0)
    os.close(master)
    return status, usage


def stop(pid: int, master: int) -> object:
    """Ends the program and returns its resource usage (ru_maxrss is its peak RSS in KiB)."""
    os.kill(pid, signal.SIGTERM)
    return drain_until_exit(pid, master, 10)[1]
