"""The floor for a commit: one dice roll's row in a raw SQLite transaction, WAL and synchronous=FULL
as the games file is, in a process of its own (so the slow-storage shim can be preloaded into it).

    raw_commit.py N FOLDER LEAST MOST    prints N commit times in seconds as JSON, after a few
                                         unmeasured ones; each commit comes LEAST to MOST seconds
                                         after the last, as the benchmark's presses do: a sync after
                                         a pause costs more than one straight after another
                                         (here 0.8 ms against 0.13 ms)
"""

import json
import random
import sqlite3
import sys
import time
from pathlib import Path

PAYLOAD = '{"type":"dice_rolled","spec":{"count":2,"sides":6,"modifier":0},"faces":[3,4],"source":"generated"}'


def commits(count: int, folder: Path, least: float, most: float) -> list[float]:
    db = sqlite3.connect(folder / "raw.sqlite3", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, at TEXT, type TEXT, payload TEXT)")
    times = []
    for number in range(count + 5):
        time.sleep(random.uniform(least, most))
        started = time.monotonic()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO events (at, type, payload) VALUES (?, ?, ?)",
                   ("2025-01-01T00:00:00+00:00", "dice_rolled", PAYLOAD))
        db.execute("COMMIT")
        if number >= 5:  # the first commits also create the WAL file
            times.append(time.monotonic() - started)
    db.close()
    return times


if __name__ == "__main__":
    print(json.dumps(commits(int(sys.argv[1]), Path(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]))))
