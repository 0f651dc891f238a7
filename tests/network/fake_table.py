"""A small authority for the link's tests: a game of rolls and presses in SQLite, behind the link's ports.

Like the real store, it records a remote press's id in the same transaction as the event the
press caused, so "apply only if not applied yet" holds across resends and restarts.
"""

import json
import queue
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

from companion.network.messages import EventMessage, Outcome, PressMessage, StateMessage

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (game INTEGER, seq INTEGER, at TEXT, type TEXT, fields TEXT,
                                   PRIMARY KEY (game, seq));
CREATE TABLE IF NOT EXISTS published (game INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS applied_inputs (id TEXT PRIMARY KEY, game INTEGER, seq INTEGER);
"""
KIND = "dice"


class FakeTable:
    """The games file and the app's press handling, reduced to what the link touches."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # the process never dies mid-test: no fsync per commit
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self._published = threading.Condition()
        self.presses: queue.Queue[PressMessage] = queue.Queue()

    # What the app does.

    def commit(self, game: int, type_: str, **fields: object) -> int:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            seq = self._append(game, type_, fields)
            self._db.execute("COMMIT")
        return seq

    def roll(self, game: int, value: int) -> int:
        return self.commit(game, "rolled", value=value)

    def apply_press(self, game: int, press: PressMessage) -> Outcome:
        """Applies the press and records its id in one transaction, unless the id is recorded already."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                known = self._db.execute("SELECT 1 FROM applied_inputs WHERE id = ?", (press.id,)).fetchone()
                if known:
                    return Outcome.ALREADY_APPLIED
                seq = self._append(game, "pressed", {"control": str(press.control), "value": press.value})
                self._db.execute("INSERT INTO applied_inputs VALUES (?, ?, ?)", (press.id, game, seq))
                return Outcome.APPLIED
            finally:
                self._db.execute("COMMIT")

    def latest(self, game: int) -> int:
        with self._lock:
            (seq,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game = ?", (game,)).fetchone()
        return seq

    def applied_ids(self) -> list[str]:
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT id FROM applied_inputs ORDER BY seq")]

    def events_of_type(self, game: int, type_: str) -> list[dict]:
        with self._lock:
            rows = self._db.execute("SELECT fields FROM events WHERE game = ? AND type = ? ORDER BY seq", (game, type_))
            return [json.loads(fields) for (fields,) in rows]

    def _append(self, game: int, type_: str, fields: dict) -> int:
        (last,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game = ?", (game,)).fetchone()
        at = datetime.now(UTC).isoformat()
        self._db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                         (game, last + 1, at, type_, json.dumps({"type": type_, **fields})))
        return last + 1

    # The link's ports (PublishedJournal); the press sink is `presses.put`.

    def published_until(self, game: int) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT seq FROM published WHERE game = ?", (game,)).fetchone()
        return row[0] if row else None

    def acknowledged(self, game: int, seq: int) -> None:
        with self._lock:
            self._db.execute("INSERT INTO published VALUES (?, ?) ON CONFLICT (game) DO UPDATE SET seq = ?",
                             (game, seq, seq))
        with self._published:
            self._published.notify_all()

    def wait_published(self, game: int, seq: int, timeout: float = 10.0) -> None:
        """Waits until the link has persisted that the broker holds `game` up to `seq`."""
        with self._published:
            done = self._published.wait_for(lambda: self.published_until(game) not in (None, *range(seq)), timeout)
            if not done:
                raise AssertionError(f"game {game} published up to {self.published_until(game)}, not {seq}")

    def records_after(self, game: int, seq: int, limit: int) -> list[EventMessage]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, at, type, fields FROM events WHERE game = ? AND seq > ? ORDER BY seq LIMIT ?",
                (game, seq, limit)).fetchall()
        return [EventMessage(game=game, kind=KIND, seq=s, type=t, at=datetime.fromisoformat(at), event=json.loads(f))
                for s, at, t, f in rows]

    def has_game(self, game: int) -> bool:
        return True  # the fake deletes no game

    def public_state(self, game: int) -> StateMessage:
        with self._lock:
            rows = self._db.execute("SELECT seq, fields FROM events WHERE game = ? ORDER BY seq", (game,)).fetchall()
        rolls = [json.loads(fields).get("value", 0) or 0 for _, fields in rows]
        return StateMessage(game=game, kind=KIND, name=f"Game {game}", seq=rows[-1][0] if rows else 0,
                            at=datetime.now(UTC), state={"events": len(rows), "total": sum(rolls)})
