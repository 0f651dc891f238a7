"""A game written by one process and killed with SIGKILL is complete when another process opens it."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
ENV = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}


def test_every_roll_shown_before_a_sigkill_is_there_after_it(tmp_path):
    writer = subprocess.Popen(
        [sys.executable, str(HERE / "rolling_process.py"), str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    shown = [writer.stdout.readline().split() for _ in range(200)]
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=10)
    assert writer.returncode == -signal.SIGKILL

    log = subprocess.run(
        [sys.executable, "-m", "companion", "log", "--json", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        env=ENV,
        check=True,
    )
    saved = {
        str(line["seq"]): [str(face) for face in line["payload"]["faces"]]
        for line in map(json.loads, log.stdout.splitlines())
    }
    for seq, *faces in shown:
        assert saved[seq] == faces
    assert len(saved) >= len(shown)


def test_a_killed_game_reopens_with_the_same_rolls_and_carries_on(tmp_path):
    writer = subprocess.Popen(
        [sys.executable, str(HERE / "rolling_process.py"), str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    first_run = [writer.stdout.readline().split()[0] for _ in range(20)]
    writer.kill()
    writer.wait(timeout=10)

    again = subprocess.Popen(
        [sys.executable, str(HERE / "rolling_process.py"), str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    next_seq = int(again.stdout.readline().split()[0])
    again.kill()
    again.wait(timeout=10)
    assert next_seq > int(first_run[-1])
