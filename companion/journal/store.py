"""Saved games in SQLite: WAL with `synchronous=FULL`, so a committed event survives a power cut.

The file carries its format in `PRAGMA user_version`. An older file is migrated forward when it is
opened for writing; a file from a newer companion is read but never written. Every SQLite failure
leaves this module as a `StorageError` naming the file and the cause in words a player can act on.
"""

import sqlite3
from collections.abc import Callable, Collection, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from companion.errors import GameNotFound, StorageError, UnreadableGame
from companion.journal.connection import (
    OpenedFile,
    connect,
    missing,
    read_only_reason,
    storage_error,
)
from companion.journal.names import game_name
from companion.journal.record import Record
from companion.journal.schema import FORMAT, TABLES, no_games, not_yet_a_games_file

if TYPE_CHECKING:
    from pydantic import TypeAdapter  # the events' union: listing the games file (home) loads no pydantic


class GameInfo(NamedTuple):
    id: int
    name: str
    kind: str
    created: datetime
    last_used: datetime
    events: int


class RawRecord(NamedTuple):
    """A journal row as stored, for printing without knowing the game's event types."""

    seq: int
    at: datetime
    type: str
    payload: str


class StoredSnapshot(NamedTuple):
    seq: int
    state: str
    timeline: str


def utc_now() -> datetime:
    return datetime.now(UTC)


def insert_records(db: sqlite3.Connection, game_id: int, records: Sequence[Record]) -> None:
    """The game's records as rows, inside the caller's transaction (the journal writer's, or the
    new game's that they begin); the game is used as of the last."""
    db.executemany(
        "INSERT INTO events (game_id, seq, at, type, payload) VALUES (?, ?, ?, ?, ?)",
        [(game_id, r.seq, r.at.isoformat(), r.event.type, r.event.model_dump_json()) for r in records],
    )
    if records:
        db.execute("UPDATE games SET last_used = ? WHERE id = ?", (records[-1].at.isoformat(), game_id))


class GameStore:
    """All saved games in one SQLite file. This connection reads, and makes the small writes of
    the saved-games list; a game's events are written by its session's `JournalWriter`."""

    def __init__(self, path: Path, *, readonly: bool = False, create: bool = True,
                 clock: Callable[[], datetime] = utc_now, opened: OpenedFile | None = None) -> None:
        """`create=False` (the commands that only read, or change a game that must be there): no
        games file, and no data dir, is ever made; where there is none, no games are found.
        `opened`: the file as another store of the same companion opened it (the table network's
        beside the app's), so that each sees the other's commits as the companion's own."""
        self.path = path
        self.clock = clock
        """When a game is created or used: the wall clock, or a fixed one in tests."""
        # An empty file in the games file's place (no companion has written it yet) is only made a
        # games file by the app: a command that only reads finds no games and leaves it as it is.
        absent = missing(path) or (not create and not_yet_a_games_file(path))
        self.readonly_reason = ("no such file" if not create else None) if absent else read_only_reason(path)
        """Why this store can only read (a read-only disk or file, no file), None when it can write."""
        self.readonly = readonly or self.readonly_reason is not None
        self._db = no_games() if absent and not create else connect(path, readonly=self.readonly, create=create)
        if not self.readonly:
            # Only a game's writer checkpoints (it commits most): a checkpoint here, in a command
            # run beside the app, would change the file under the app as a copy over it does.
            self._read("PRAGMA wal_autocheckpoint=0")
        self.opened = opened or OpenedFile(path)
        """The file this store opened: a write is refused once `path` names another, or none, or
        another program wrote over it."""
        self.format = self._prepare()

    def _prepare(self) -> int:
        try:
            (found,) = self._db.execute("PRAGMA user_version").fetchone()
            if found > FORMAT:
                # A newer companion's file: read what is readable, write nothing.
                self.readonly = True
                return int(found)
            if not self.readonly and found < FORMAT:
                self._db.execute("BEGIN IMMEDIATE")
                for statement in TABLES.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version={FORMAT}")
                self._db.execute("COMMIT")
            return FORMAT if not self.readonly else int(found)
        except sqlite3.Error as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise storage_error(self.path, error) from None

    @property
    def newer(self) -> bool:
        """Written by a newer companion: games are listed and read, never written."""
        return self.format > FORMAT

    def close(self) -> None:
        if not self.readonly:
            self.opened.let_go_once_moved(self._db)
        self._db.close()

    # The saved-games list

    def create_game(self, kind: str, name: str | None = None, records: Sequence[Record] = ()) -> GameInfo:
        """A new game, named `Game N` after its number (or the next `N` no other game's name has)
        unless `name` is given; a name given follows the rule of `names.game_name`. `records`: what
        the game begins with (a scenario chosen), saved in the same transaction: a game whose first
        events cannot be saved (a full disk) is not created either."""
        self._writable()
        now = self.clock().isoformat()
        with self._transaction():
            taken = self._names()
            if name is not None:
                name = game_name(name, taken)
            cursor = self._db.execute(
                "INSERT INTO games (id, name, kind, created, last_used) VALUES (1 + MAX("
                " COALESCE((SELECT MAX(id) FROM games), 0), COALESCE((SELECT MAX(game_id) FROM published), 0)),"
                " ?, ?, ?, ?)",
                (name or "", kind, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            if not name:
                folded = {other.strip().casefold() for other in taken}
                number = game_id
                while f"game {number}" in folded:
                    number += 1
                self._db.execute("UPDATE games SET name = ? WHERE id = ?", (f"Game {number}", game_id))
            insert_records(self._db, game_id, records)
        return self.game(game_id)

    def _names(self, leaving_out: int | None = None) -> list[str]:
        """Every game's name but one's."""
        return [name for (name,) in self._db.execute("SELECT name FROM games WHERE id IS NOT ?", (leaving_out,))]

    def games(self) -> list[GameInfo]:
        """Every saved game, the most recently used first."""
        rows = self._read(
            "SELECT g.id, g.name, g.kind, g.created, g.last_used,"
            " (SELECT COALESCE(MAX(e.seq), 0) FROM events e WHERE e.game_id = g.id)"
            " FROM games g ORDER BY g.last_used DESC, g.id DESC"
        )
        return [_game_info(row) for row in rows]

    def game_names(self) -> dict[int, str]:
        """Every game's name by its number: one light query, for a look at what changed in them."""
        return {int(game): str(name) for game, name in self._read("SELECT id, name FROM games")}

    def game(self, game_id: int) -> GameInfo:
        rows = self._read(
            "SELECT g.id, g.name, g.kind, g.created, g.last_used,"
            " (SELECT COALESCE(MAX(e.seq), 0) FROM events e WHERE e.game_id = g.id)"
            " FROM games g WHERE g.id = ?", (game_id,)
        )
        if not rows:
            raise GameNotFound(f"no saved game {game_id}")
        return _game_info(rows[0])

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

    def rename(self, game_id: int, name: str) -> str:
        """Gives the game the name typed, as `names.game_name` takes it (refused with `BadName`,
        changing nothing, when it breaks the rule); returns the name given."""
        self._writable()
        with self._transaction():
            name = game_name(name, self._names(leaving_out=game_id))
            if self._db.execute("UPDATE games SET name = ? WHERE id = ?", (name, game_id)).rowcount == 0:
                raise GameNotFound(f"no saved game {game_id}")
        return name

    def delete(self, game_id: int) -> None:
        self._writable()
        with self._transaction():
            if self._db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise GameNotFound(f"no saved game {game_id}")

    def touch(self, game_id: int) -> None:
        """Marks a game as the one in use, so the next start resumes it."""
        if self.readonly:
            return
        with self._transaction():
            self._db.execute("UPDATE games SET last_used = ? WHERE id = ?", (self.clock().isoformat(), game_id))

    # A game's journal

    def records(self, game_id: int, events: "TypeAdapter[Any]", after: int = 0) -> Iterator[Record]:
        """The game's records after `after`, read back through the game's tagged union of events.
        An event this version cannot read (a newer companion's) raises `UnreadableGame`."""
        for raw in self.raw_records(game_id, after):
            yield Record(raw.seq, raw.at, read_payload(raw, events.validate_json))

    def record(self, game_id: int, seq: int, events: "TypeAdapter[Any]") -> Record:
        for record in self.records(game_id, events, after=seq - 1):
            return record
        raise GameNotFound(f"game {game_id} has no event {seq}")

    def raw_records(self, game_id: int, after: int = 0, types: Collection[str] | None = None) -> Iterator[RawRecord]:
        """Streams the rows after `after` (only those of `types`, when given): a long game is never
        held in memory whole."""
        wanted = list(types) if types is not None else None
        kinds = "" if wanted is None else f" AND type IN ({', '.join('?' * len(wanted))})"
        try:
            rows = self._db.execute(
                f"SELECT seq, at, type, payload FROM events WHERE game_id = ? AND seq > ?{kinds} ORDER BY seq",
                (game_id, after, *(wanted or ())),
            )
            for seq, at, type_, payload in rows:
                yield RawRecord(seq, datetime.fromisoformat(at), type_, payload)
        except sqlite3.Error as error:
            raise storage_error(self.path, error) from None

    def last_seq(self, game_id: int) -> int:
        (last,) = self._read("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,))[0]
        return int(last)

    def latest_snapshot(self, game_id: int, format: str, before: int | None = None) -> StoredSnapshot | None:
        """The newest snapshot of the game in this state format (older than `before`, when given)."""
        rows = self._read(
            "SELECT seq, state, timeline FROM snapshots WHERE game_id = ? AND format = ? AND seq < ?"
            " ORDER BY seq DESC LIMIT 1", (game_id, format, before if before is not None else 2**62)
        )
        return StoredSnapshot(*rows[0]) if rows else None

    def data_version(self) -> int:
        """Changes whenever another connection (another companion, the journal writer) commits."""
        return int(self._read("PRAGMA data_version")[0][0])

    def last_input(self, source: str) -> int | None:
        """The last input from `source` that was applied, for exactly-once presses."""
        rows = self._read("SELECT last FROM inputs WHERE source = ?", (source,))
        return int(rows[0][0]) if rows else None

    def record_input(self, source: str, number: int) -> None:
        """An input dealt with while no game is open: nothing it caused is committed with it."""
        self._writable()
        with self._transaction():
            self._db.execute("INSERT INTO inputs (source, last) VALUES (?, ?)"
                             " ON CONFLICT(source) DO UPDATE SET last = excluded.last", (source, number))

    def inputs(self, prefix: str) -> dict[str, int]:
        rows = self._read("SELECT source, last FROM inputs WHERE source LIKE ? ESCAPE '\\'",
                          (prefix.replace("%", "\\%").replace("_", "\\_") + "%",))
        return {source: int(last) for source, last in rows}

    # The table network: what the broker holds of each game

    def published_until(self, game_id: int) -> int | None:
        """The last seq of the game the table's broker acknowledged, None if it never had any."""
        rows = self._read("SELECT seq FROM published WHERE game_id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    def set_published(self, game_id: int, seq: int) -> None:
        self._writable()
        with self._transaction():
            self._db.execute("INSERT INTO published (game_id, seq) VALUES (?, ?)"
                             " ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq", (game_id, seq))

    # Inside

    def _writable(self) -> None:
        if self.newer:
            raise StorageError(f"{self.path}: written by a newer companion; this one only reads it")
        if self.readonly:
            raise StorageError(f"{self.path}: {self.readonly_reason or 'opened read-only'}: nothing can be saved")

    def _read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise storage_error(self.path, error) from None

    def _transaction(self) -> "_Transaction":
        return _Transaction(self._db, self.path, self.opened)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back whole on any error, or when `path` no longer names the
    file opened as it was left (`OpenedFile.why_not_ours`); SQLite's errors leave as `StorageError`."""

    def __init__(self, db: sqlite3.Connection, path: Path, opened: OpenedFile) -> None:
        self._db = db
        self._path = path
        self._opened = opened

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise storage_error(self._path, error) from None

    def __exit__(self, error_type: type[BaseException] | None, error: BaseException | None, _: object) -> None:
        if error_type is not None:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise storage_error(self._path, error) from None
            return
        try:
            with self._opened.committing() as refused:
                if refused is None:
                    self._db.execute("COMMIT")
        except sqlite3.Error as failure:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise storage_error(self._path, failure) from None
        if refused is not None:
            self._db.execute("ROLLBACK")
            self._opened.let_go_once_moved(self._db)  # never into a file written over: it would mix the two
            raise StorageError(refused)


def _game_info(row: tuple[Any, ...]) -> GameInfo:
    game_id, name, kind, created, last_used, events = row
    return GameInfo(
        game_id, name, kind, datetime.fromisoformat(created), datetime.fromisoformat(last_used), events
    )


Payload = TypeVar("Payload")


def read_payload(raw: RawRecord, validate: Callable[[str], Payload]) -> Payload:
    """The row's event, read with `validate`; one this version cannot read (a newer companion's, or
    a damaged row) raises `UnreadableGame` naming the event, never pydantic's `ValidationError`."""
    from pydantic import ValidationError  # loaded already: `validate` is pydantic's

    try:
        return validate(raw.payload)
    except ValidationError as error:
        raise UnreadableGame(
            f"event {raw.seq} ({raw.type}) cannot be read by this version of the companion"
            f" ({error.errors()[0]['msg']}): was the game saved by a newer one?"
        ) from None
