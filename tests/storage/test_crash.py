"""Killed at random moments (SIGKILL, 20 times over one growing game), the companion loses no
committed event, and the game it resumes is exactly a replay of its journal."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.dice.rules import DiceRules
from companion.journal.store import GameStore
from companion.session import GameSession

HERE = Path(__file__).parent
ENV = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}
KILLS = 20


def play_until_killed(data_dir: Path, seed: int, lines: int) -> dict[int, str]:
    """Starts a table, reads `lines` committed records, then kills it with SIGKILL."""
    table = subprocess.Popen([sys.executable, str(HERE / "playing_table.py"), str(data_dir), str(seed)],
                             stdout=subprocess.PIPE, text=True, env=ENV)
    assert table.stdout is not None
    shown: dict[int, str] = {}
    for _ in range(lines):
        line = table.stdout.readline()
        if not line:
            break
        seq, payload = line.split(" ", 1)
        shown[int(seq)] = payload.strip()
    table.send_signal(signal.SIGKILL)
    table.wait(timeout=10)
    assert table.returncode == -signal.SIGKILL
    return shown


def replayed_without_snapshots(path: Path, tmp_path: Path) -> object:
    copy = tmp_path / "replay.sqlite3"
    db = sqlite3.connect(copy)
    sqlite3.connect(path).backup(db)  # the write-ahead log's pages too, which a file copy would miss
    db.execute("DELETE FROM snapshots")
    db.commit()
    db.close()
    store = GameStore(copy)
    session = GameSession(store, store.games()[0], DiceRules(random.Random(0)))
    state = session.state
    session.close()
    store.close()
    return state


@pytest.mark.long
def test_twenty_kills_lose_no_committed_event_and_resume_a_replay_of_the_journal(tmp_path: Path):
    data_dir = tmp_path / "data"
    chooser = random.Random(2026)
    shown: dict[int, str] = {}
    for kill in range(KILLS):
        shown |= play_until_killed(data_dir, seed=kill, lines=chooser.randint(1, 160))
    store = GameStore(data_dir / "games.sqlite3")
    (game,) = store.games()
    saved = {raw.seq: raw.payload for raw in store.raw_records(game.id)}
    assert {seq: json.loads(payload) for seq, payload in shown.items()} == \
        {seq: json.loads(saved[seq]) for seq in shown}
    assert sorted(saved) == list(range(1, len(saved) + 1))  # no gap, nothing doubled
    session = GameSession(store, game, DiceRules(random.Random(0)))
    assert session.state == replayed_without_snapshots(store.path, tmp_path)
    session.close()
    store.close()
