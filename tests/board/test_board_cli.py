"""`companion board status` and `monitor` against the fake board, as someone wiring a box runs them."""

import io
import os
import subprocess
import sys
import threading

import pytest

from companion.errors import DeviceError
from drivers.board_cli import monitor, status


def test_status_prints_the_boards_id_versions_and_capabilities(fake_board):
    result = subprocess.run(
        [sys.executable, "-m", "companion", "board", "status", "--port", fake_board.path],
        capture_output=True, text=True, timeout=30,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"board fa4eb0a4d0000001 on {fake_board.path}",
        "  protocol 1.0, firmware 1.0.0",
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
        out.wait_for("protocol 1.0")
        fake_board.command("hold roll 700")
        out.wait_for("roll up")
        fake_board.command("face 3")
        out.wait_for("face 3")
    finally:
        stop.set()
        worker.join(5)
    events = [line.split(None, 1)[1] for line in out.getvalue().splitlines() if "#" in line]
    assert events == ["#0 roll down", "#1 roll held", "#2 roll up", "#3 face 3"]


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
