"""A host killed again and again while the board sends presses applies each press exactly once:
the last press applied is committed with the roll it caused, and acknowledged only after."""

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.journal.store import GameStore
from hw_mocks.fake_board import FakeBoardProcess

HERE = Path(__file__).parent
ENV = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}
KILLS = 10
EVENTS_EACH = 40


def start_host(data_dir: Path, config: Path) -> subprocess.Popen[str]:
    host = subprocess.Popen([sys.executable, str(HERE / "board_host.py"), str(data_dir), str(config)],
                            stdout=subprocess.PIPE, text=True, env=ENV)
    assert host.stdout is not None and host.stdout.readline() == "host ready\n"
    return host


def kill(host: subprocess.Popen[str]) -> None:
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=10)


@pytest.mark.long
def test_a_host_killed_ten_times_applies_every_board_press_exactly_once(tmp_path: Path):
    data_dir = tmp_path / "data"
    chooser = random.Random(7)
    with FakeBoardProcess(seed=5) as board:
        config = tmp_path / "config.toml"
        config.write_text(f'[board]\nport = "{board.path}"\n')
        for _ in range(KILLS):
            host = start_host(data_dir, config)
            board.command(f"events {EVENTS_EACH} 2")
            assert host.stdout is not None
            for _ in range(chooser.randint(1, EVENTS_EACH)):
                host.stdout.readline()
            kill(host)  # mid-stream: some presses applied, some in flight, some still on the board
        host = start_host(data_dir, config)
        board.command("settle", timeout=30)  # every press is acknowledged: all applied
        kill(host)
    store = GameStore(data_dir / "games.sqlite3")
    (game,) = store.games()
    rolls = [raw for raw in store.raw_records(game.id) if raw.type == "dice_rolled"]
    assert len(rolls) == KILLS * EVENTS_EACH
    (last,) = store.inputs("board:").values()
    assert last == KILLS * EVENTS_EACH - 1  # events count from 0 at the board's boot
    store.close()
