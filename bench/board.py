"""Serial board link: event latency over a pty against the raw pty round trip, throughput, CPU.

    python bench/board.py [--json PATH] [--quick]

The fake board runs the real firmware logic in its own process; the host side is the real
driver (drivers.serial_board.SerialBoard) in this process. Both stamp CLOCK_MONOTONIC, which
is shared between processes, so board push → host delivery is measured across them.
"""

import argparse
import json
import os
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import serial  # noqa: E402
from stats import print_table, summary_ms  # noqa: E402

from drivers.serial_board import SerialBoard  # noqa: E402
from firmware_bridge import codec, messages, protocol  # noqa: E402
from hw_mocks.fake_board import FakeBoardProcess  # noqa: E402

ECHO = "import os\nwhile True:\n    data = os.read(0, 4096)\n    if not data: break\n    os.write(1, data)\n"


def raw_pty_round_trip(samples: int) -> list[float]:
    """One event-sized frame written to a pty and echoed back by another process, via pyserial."""
    master, slave = os.openpty()
    tty.setraw(slave)
    echo = subprocess.Popen([sys.executable, "-c", ECHO], stdin=master, stdout=master)
    os.close(master)
    frame = codec.encode_frame(messages.Event(1, protocol.FACE, 0, 3), 1)
    times = []
    try:
        with serial.Serial(os.ttyname(slave), timeout=1.0, exclusive=True) as port:
            for _ in range(samples):
                started = time.perf_counter()
                port.write(frame)
                port.read(len(frame))
                times.append(time.perf_counter() - started)
    finally:
        os.close(slave)
        echo.terminate()
        echo.wait(5)
    return times


class Arrivals:
    """Event ids and when they reached the host's listener."""

    def __init__(self) -> None:
        self.at: dict[int, int] = {}
        self.order: list[int] = []
        self.wanted = 0
        self.all_in = threading.Event()

    def expect(self, count: int) -> None:
        self.wanted = len(self.order) + count
        self.all_in.clear()

    def __call__(self, event) -> None:
        self.at[event.event_id] = time.monotonic_ns()
        self.order.append(event.event_id)
        if len(self.order) >= self.wanted:
            self.all_in.set()


def connected_link(board: FakeBoardProcess, arrivals: Arrivals) -> SerialBoard:
    up = threading.Event()
    link = SerialBoard(lambda press: None, lambda s: up.set() if s.status == "connected" else None,
                       port=board.path, on_board_event=arrivals).start()
    if not up.wait(5):
        raise RuntimeError("the fake board never connected")
    return link


def event_latency(board: FakeBoardProcess, arrivals: Arrivals, count: int) -> list[float]:
    board.command("stamps")  # forget earlier stamps
    arrivals.expect(count)
    board.command(f"events {count} 2")  # paced: latency, not queueing
    if not arrivals.all_in.wait(count * 0.01 + 10):
        raise RuntimeError("events went missing")
    pushed = [stamp.split(":") for stamp in board.command("stamps").split()]
    return [(arrivals.at[int(i)] - int(ns)) / 1e9 for i, ns in pushed]


def sustained_rate(board: FakeBoardProcess, arrivals: Arrivals, count: int) -> tuple[float, bool]:
    first = len(arrivals.order)
    arrivals.expect(count)
    started = time.monotonic()
    board.command(f"events {count}")
    if not arrivals.all_in.wait(120):
        raise RuntimeError("events went missing")
    elapsed = time.monotonic() - started
    got = arrivals.order[first:]
    expected = [(got[0] + i) & 0xFFFF for i in range(count)]
    return count / elapsed, got == expected


def link_cpu(board: FakeBoardProcess, arrivals: Arrivals, seconds: float) -> float:
    """Share of one core this process (the link's reader thread; the main thread only waits)
    uses while the board sends 100 events a second."""
    count = int(seconds * 100)
    arrivals.expect(count)
    cpu, wall = time.process_time(), time.monotonic()
    board.command(f"events {count} 10")
    if not arrivals.all_in.wait(seconds + 10):
        raise RuntimeError("events went missing")
    return (time.process_time() - cpu) / (time.monotonic() - wall)


def run(results: dict, quick: bool = False) -> None:
    samples = 300 if quick else 2000
    raw = summary_ms(raw_pty_round_trip(samples))
    arrivals = Arrivals()
    with FakeBoardProcess() as board:
        link = connected_link(board, arrivals)
        try:
            latency = summary_ms(event_latency(board, arrivals, samples // 2))
            rate, in_order = sustained_rate(board, arrivals, 5000 if quick else 20000)
            cpu = link_cpu(board, arrivals, 1.0 if quick else 3.0)
        finally:
            link.stop()
    results["board"] = {
        "raw_pty_round_trip": raw,
        "event_to_host": latency,
        "sustained_events_per_s": rate,
        "sustained_zero_loss_in_order": in_order,
        "host_cpu_at_100_events_per_s": cpu,
    }
    print_table("serial board link (fake board process ↔ pyserial on a pty)", [
        ("figure", "measured", "floor / reference", "target"),
        ("board event → host p50", f"{latency['p50_ms']:.3f} ms", f"raw pty RTT p50 {raw['p50_ms']:.3f} ms", ""),
        ("board event → host p99", f"{latency['p99_ms']:.3f} ms", f"raw pty RTT p99 {raw['p99_ms']:.3f} ms",
         "≤ 2 ms " + ("met" if latency["p99_ms"] <= 2 else "MISSED")),
        ("sustained events/s", f"{rate:,.0f}", "zero loss, in order" if in_order else "LOSS OR DISORDER", ""),
        ("host CPU at 100 events/s", f"{cpu * 100:.1f} % of a core", "", ""),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    results: dict = {}
    run(results, quick=args.quick)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
