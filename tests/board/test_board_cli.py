"""`companion board status` and `monitor` against the fake board, as someone wiring a box runs them."""

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import serial

from companion.errors import DeviceError
from drivers.board_cli import monitor, status
from firmware_bridge import protocol


def test_status_prints_the_boards_id_versions_and_capabilities(fake_board):
    result = subprocess.run(
        [sys.executable, "-m", "companion", "board", "status", "--port", fake_board.path],
        capture_output=True, text=True, timeout=30,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"board fa4eb0a4d0000001 on {fake_board.path}",
        "  protocol 1.1, firmware 1.1.0",
        "  capabilities: buttons, faces, leds",
    ]


def test_status_without_a_board_says_where_it_looked_and_fails(tmp_path):
    out = io.StringIO()
    with pytest.raises(DeviceError) as refused:
        status(None, out, timeout=0.3, discover=lambda: [])
    assert str(refused.value).startswith("no board answered within 0 s (looked at: no candidate ports")
    assert out.getvalue() == ""


def companion(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    # A long --timeout: a command that waited for the port instead of refusing it would not end in time.
    return subprocess.run([sys.executable, "-m", "companion", *args, "--timeout", "600"], capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})})


@pytest.mark.parametrize("action", ["status", "monitor"])
def test_a_port_that_is_not_there_is_refused_at_once_in_one_line(tmp_path, action):
    result = companion("board", action, "--port", str(tmp_path / "ttyACM9"))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == f"companion: {tmp_path / 'ttyACM9'}: no such device (given by --port)\n"


def test_a_configured_port_that_is_not_there_says_it_comes_from_the_config(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f'[board]\nport = "{tmp_path / "ttyACM9"}"\n')
    result = companion("board", "status", env={"COMPANION_CONFIG": str(config)})
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == f"companion: {tmp_path / 'ttyACM9'}: no such device (the config's [board] port)\n"


def test_a_board_that_does_not_answer_is_said_on_stderr_like_every_error(tmp_path):
    silent = tmp_path / "silent"
    silent.write_bytes(b"")  # there, but no board behind it
    result = subprocess.run([sys.executable, "-m", "companion", "board", "status", "--port", str(silent),
                             "--timeout", "0.2"], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith(f"companion: no board answered within 0 s (looked at: {silent})")


def running_monitor(port: str) -> subprocess.Popen:
    """`companion board monitor` holding the board's port, as the running companion does (its
    handshake done): a program this user runs."""
    holder = subprocess.Popen([sys.executable, "-m", "companion", "board", "monitor", "--port", port],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    for line in holder.stdout:
        if "protocol 1.1" in line:
            return holder
    raise AssertionError(f"the monitor never found the board: {holder.communicate()[1]}")


@pytest.mark.parametrize("given", ["--port", "config"])
def test_status_on_a_port_another_program_holds_says_which_and_what_to_do_at_once(fake_board, tmp_path, given):
    config = tmp_path / "config.toml"
    config.write_text(f'[board]\nport = "{fake_board.path}"\n')
    holder = running_monitor(fake_board.path)
    try:
        comm = Path(f"/proc/{holder.pid}/comm").read_text().strip()
        result = companion("board", "status", *(["--port", fake_board.path] if given == "--port" else []),
                           env={"COMPANION_CONFIG": str(config)})
    finally:
        holder.terminate()
        holder.communicate()
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"companion: {fake_board.path} is in use by another program (process {holder.pid}: {comm}): quit it, "
        "or stop the installed service (sudo systemctl stop companion), then try again\n")


def test_monitor_says_a_port_is_in_use_and_shows_the_board_once_it_is_let_go(fake_board):
    holder = serial.Serial(fake_board.path, exclusive=True)
    out, stop = Lines(), threading.Event()
    worker = threading.Thread(target=monitor, args=(fake_board.path, out, stop))
    worker.start()
    try:
        out.wait_for("the board shows here once the port is free")
        holder.close()
        out.wait_for("protocol 1.1")
    finally:
        holder.close()
        stop.set()
        worker.join(5)
    comm = Path("/proc/self/comm").read_text().strip()
    lines = [line.split(None, 1)[1] for line in out.getvalue().splitlines() if line[:1] == " "]
    assert lines[:4] == [
        "board: searching",
        f"board busy: {fake_board.path} is in use by another program (process {os.getpid()}: {comm}): quit it, "
        "or stop the installed service (sudo systemctl stop companion); the board shows here once the port is free",
        "board: searching",
        f"board fa4eb0a4d0000001 on {fake_board.path}",
    ], "the port in use said once, however often it was tried"


class Lines(io.StringIO):
    """Output that tells a waiting test when a line containing some text was written."""

    def __init__(self) -> None:
        super().__init__()
        self.written = threading.Condition()

    def write(self, text: str) -> int:
        with self.written:
            count = super().write(text)
            self.written.notify_all()
            return count

    def wait_for(self, text: str, timeout: float = 5.0) -> None:
        with self.written:
            assert self.written.wait_for(lambda: text in self.getvalue(), timeout), self.getvalue()


def test_monitor_prints_each_decoded_event_until_stopped(fake_board):
    out, stop = Lines(), threading.Event()
    worker = threading.Thread(target=monitor, args=(fake_board.path, out, stop))
    worker.start()
    try:
        out.wait_for("protocol 1.1")
        fake_board.command("hold roll 700")
        out.wait_for("roll up")
        fake_board.command("face 3")
        out.wait_for("face 3")
    finally:
        stop.set()
        worker.join(5)
    events = [line.split(None, 1)[1] for line in out.getvalue().splitlines() if "#" in line]
    assert events == ["#0 roll down", "#1 roll held", "#2 roll up", "#3 face 3"]


def test_monitor_says_an_event_of_a_kind_it_does_not_know_is_unknown_to_this_version(fake_board):
    out, stop = Lines(), threading.Event()
    worker = threading.Thread(target=monitor, args=(fake_board.path, out, stop))
    worker.start()
    try:
        out.wait_for("protocol 1.1")
        fake_board.command("raw 9 2 5")  # a kind a newer board might send
        out.wait_for("#0 ")
    finally:
        stop.set()
        worker.join(5)
    events = [line.split(None, 1)[1] for line in out.getvalue().splitlines() if "#" in line]
    assert events == ["#0 event of kind 9 (code 2, value 5): unknown to this version of companion, ignored"]


def test_monitor_describes_the_board_once_then_says_each_change_in_one_line(fake_board):
    out, stop = Lines(), threading.Event()
    worker = threading.Thread(target=monitor, args=(fake_board.path, out, stop))
    worker.start()
    try:
        out.wait_for("protocol 1.1")
        fake_board.command(f"raw {protocol.BUTTON_DOWN} {protocol.CONTROL_CODES['side']} 3")
        fake_board.command(f"raw {protocol.FACE} 0 11")
        fake_board.command("settle")
        out.wait_for("#1 face 11")
        fake_board.command("unplug")
        out.wait_for("board lost")
        fake_board.command("replug")
        out.wait_for("connected again")
        fake_board.command("face 4")
        out.wait_for("face 4")
    finally:
        stop.set()
        worker.join(5)
    said = [line[11:] for line in out.getvalue().splitlines()]
    assert said == [
        "board: searching",
        f"board fa4eb0a4d0000001 on {fake_board.path}",
        "  protocol 1.1, firmware 1.1.0",
        "  capabilities: buttons, faces, leds",
        "board: ignored 1 bad event (last: side 3 is not 1 or 2)",
        "#0 side 3 down (ignored: side 3 is not 1 or 2)",
        "board: ignored 2 bad events (last: face 11 is not 0 to 10)",
        "#1 face 11 (ignored: face 11 is not 0 to 10)",
        "board lost: the board was unplugged",
        "board fa4eb0a4d0000001 connected again",
        "#2 face 4",
    ]


def test_monitor_piped_into_head_ends_quietly_when_head_has_read_enough(fake_board):
    board = subprocess.Popen([sys.executable, "-m", "companion", "board", "monitor", "--port", fake_board.path],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = subprocess.Popen(["head", "-2"], stdin=board.stdout, stdout=subprocess.PIPE)
    assert board.stdout is not None and board.stderr is not None
    board.stdout.close()
    try:
        first, _ = head.communicate(timeout=30)
        assert b"board: searching" in first.splitlines()[0]
        fake_board.command("press roll")  # more to say than head wants: the next line finds the pipe closed
        board.wait(timeout=30)
        assert board.stderr.read() == b""
    finally:
        board.kill()
        board.wait()
