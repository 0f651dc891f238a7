"""Saved games in SQLite: WAL with `synchronous=FULL`, so a committed event survives a power cut."""

import sqlite3
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pydantic import TypeAdapter

from companion.errors import GameNotFound
from companion.journal.events import Event, Record

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    created TEXT NOT NULL,
    last_used TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    name: str
    kind: str
    created: datetime
    last_used: datetime
    events: int


@dataclass(frozen=True, slots=True)
class RawRecord:
    """A journal row as stored, for printing without knowing the game's event types."""

    seq: int
    at: datetime
    type: str
    payload: str


def utc_now() -> datetime:
    return datetime.now(UTC)


class GameStore:
    """All saved games in one SQLite file; every append is one durable transaction."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)
        self._next_seq: dict[int, int] = {}

    def close(self) -> None:
        self._db.close()

    def create_game(self, kind: str, name: str | None = None) -> GameInfo:
        now = utc_now().isoformat()
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO games (name, kind, created, last_used) VALUES (?, ?, ?, ?)",
                (name or "", kind, now, now),
            )
            game_id = cursor.lastrowid
            if not name:
                self._db.execute("UPDATE games SET name = ? WHERE id = ?", (f"Game {game_id}", game_id))
        return self.game(game_id)

    def games(self) -> list[GameInfo]:
        """Every saved game, the most recently used first."""
        rows = self._db.execute(
            "SELECT g.id, g.name, g.kind, g.created, g.last_used,"
            " (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id)"
            " FROM games g ORDER BY g.last_used DESC, g.id DESC"
        )
        return [_game_info(row) for row in rows]

    def game(self, game_id: int) -> GameInfo:
        for info in self.games():
            if info.id == game_id:
                return info
        raise GameNotFound(f"no saved game {game_id}")

    def find(self, id_or_name: str) -> GameInfo:
        """A game by its number or its name (names need not be unique: the newest wins)."""
        games = self.games()
        for info in games:
            if id_or_name.isdigit() and info.id == int(id_or_name):
                return info
        for info in games:
            if info.name == id_or_name:
                return info
        raise GameNotFound(f"no saved game called {id_or_name!r}; `companion games` lists them")

    def last_game(self, kind: str | None = None) -> GameInfo | None:
        for info in self.games():
            if kind is None or info.kind == kind:
                return info
        return None

    def rename(self, game_id: int, name: str) -> None:
        with self._transaction():
            if self._db.execute("UPDATE games SET name = ? WHERE id = ?", (name, game_id)).rowcount == 0:
                raise GameNotFound(f"no saved game {game_id}")

    def delete(self, game_id: int) -> None:
        with self._transaction():
            if self._db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise GameNotFound(f"no saved game {game_id}")
        self._next_seq.pop(game_id, None)

    def touch(self, game_id: int) -> None:
        """Marks a game as the one in use, so the next start resumes it."""
        with self._transaction():
            self._db.execute("UPDATE games SET last_used = ? WHERE id = ?", (utc_now().isoformat(), game_id))

    def append(self, game_id: int, events: list[Event], at: datetime) -> list[Record]:
        """Commits the events in one transaction and returns them as records."""
        seq = self._seq_after(game_id)
        records = [Record(seq=seq + offset, at=at, event=event) for offset, event in enumerate(events, 1)]
        stamp = at.isoformat()
        with self._transaction():
            self._db.executemany(
                "INSERT INTO events (game_id, seq, at, type, payload) VALUES (?, ?, ?, ?, ?)",
                [(game_id, r.seq, stamp, r.event.type, r.event.model_dump_json()) for r in records],
            )
            self._db.execute("UPDATE games SET last_used = ? WHERE id = ?", (stamp, game_id))
        self._next_seq[game_id] = seq + len(records)
        return records

    def records(self, game_id: int, events: TypeAdapter) -> list[Record]:
        """The game's records, read back through the game's tagged union of events."""
        validate = events.validate_json
        return [Record(raw.seq, raw.at, validate(raw.payload)) for raw in self.raw_records(game_id)]

    def raw_records(self, game_id: int, types: Collection[str] | None = None) -> Iterator[RawRecord]:
        """The game's rows in order, read as they are iterated; only those of `types` when given."""
        if types is None:
            rows = self._db.execute(
                "SELECT seq, at, type, payload FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        else:
            wanted = list(types)
            rows = self._db.execute(
                "SELECT seq, at, type, payload FROM events WHERE game_id = ?"
                f" AND type IN ({', '.join('?' * len(wanted))}) ORDER BY seq",
                (game_id, *wanted),
            )
        for seq, at, type_, payload in rows:
            yield RawRecord(seq, datetime.fromisoformat(at), type_, payload)

    def _seq_after(self, game_id: int) -> int:
        if game_id not in self._next_seq:
            (last,) = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()
            self._next_seq[game_id] = last
        return self._next_seq[game_id]

    def _transaction(self) -> "_Transaction":
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back whole on any error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, error_type, error, traceback) -> None:
        self._db.execute("ROLLBACK" if error_type else "COMMIT")


def _game_info(row: tuple) -> GameInfo:
    game_id, name, kind, created, last_used, events = row
    return GameInfo(
        game_id, name, kind, datetime.fromisoformat(created), datetime.fromisoformat(last_used), events
    )
