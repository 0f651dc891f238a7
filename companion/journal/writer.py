"""The journal's writer: commits a game's events on its own thread, so no screen ever waits on a sync.

Batches are committed in the order they were submitted. Whatever queues while a sync is under
way goes into the next transaction together (group commit): on an SD card, where a sync takes
milliseconds, fast presses still cost one sync between them, never one each.

A batch that cannot be committed (disk full, read-only file, an event with no UTF-8 form) is
reported with its cause, and so is every batch submitted after it in the same generation, because
those were decided on top of it. The session then starts a new generation from what is durable.
Another program holding the file's lock only delays the commit: the writer waits and tries again,
and says it is waiting, until the session gives up waiting (`give_up`): then what waits is not saved.
A games file deleted or replaced while in use fails every commit until the file opened is back at
its path, and one another program wrote over (a backup copied onto it) fails every commit from
then on: SQLite alone would write on into it unseen.
"""

import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.errors import StorageError
from companion.hardware.controls import Origin
from companion.journal.connection import OpenedFile, cause, connect, storage_error
from companion.journal.record import Record
from companion.journal.store import insert_records


@dataclass(frozen=True, slots=True)
class SnapshotToWrite:
    seq: int
    format: str
    dump: Callable[[], tuple[str, str]]
    """The state and timeline as JSON, made on the writer's thread: states are immutable."""


@dataclass(frozen=True, slots=True)
class Batch:
    """The events one command caused, committed whole or not at all."""

    game_id: int
    records: tuple[Record, ...]
    generation: int
    origin: Origin | None = None
    """The input that caused them, recorded in the same transaction (exactly once)."""
    snapshot: SnapshotToWrite | None = None
    forget_from: int | None = None
    """An undo or redo reached back to this seq: snapshots from there on no longer hold."""


@dataclass(frozen=True, slots=True)
class Written:
    batch: Batch
    error: StorageError | None = None

    @property
    def durable(self) -> bool:
        return self.error is None


Done = Callable[[list[Written]], None]
Waiting = Callable[[str | None], None]

_STOP = object()
RETRY_FIRST = 0.05
WRITER_CACHE_KIB = 256
"""The writer's SQLite page cache. It only appends, touching the right edge of each table, so a
small one does; SQLite's default (2 MiB) filled up over a long game and stayed (bench/long_games.py:
RSS over 10,000 rolls +3.1 MiB with the default, +1.3 MiB with this)."""
RETRY_MOST = 1.0


def write(db: sqlite3.Connection, batches: Sequence[Batch]) -> None:
    """The batches' rows, inside the caller's transaction."""
    for batch in batches:
        insert_records(db, batch.game_id, batch.records)
        if batch.forget_from is not None:
            db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (batch.game_id, batch.forget_from))
        if batch.snapshot is not None:
            state, timeline = batch.snapshot.dump()
            db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, format, state, timeline)"
                       " VALUES (?, ?, ?, ?, ?)",
                       (batch.game_id, batch.snapshot.seq, batch.snapshot.format, state, timeline))
        if batch.origin is not None:
            db.execute("INSERT INTO inputs (source, last) VALUES (?, ?)"
                       " ON CONFLICT(source) DO UPDATE SET last = excluded.last",
                       (batch.origin.source, batch.origin.number))


class JournalWriter:
    """One thread, one connection; `submit` returns at once and `done` hears of every batch."""

    def __init__(self, path: Path, done: Done, waiting: Waiting | None = None,
                 opened: OpenedFile | None = None) -> None:
        """`opened`: the file the game was read from (`GameStore.opened`). When another file has
        taken its place, or another program wrote over it, no connection is made (`StorageError`):
        SQLite would give it the `-wal` the game's file still has at the path, mixing the two."""
        self.path = path
        self._done = done
        self._waiting = waiting or (lambda _: None)
        self._queue: queue.SimpleQueue[Batch | object] = queue.SimpleQueue()
        self._generation = 0
        self._submitted = 0
        """Batches handed over so far (the session's thread)."""
        self._given_up = 0
        """Batches the session gave up waiting for: up to the `_submitted` of then."""
        self._taken = 0
        """Batches taken off the queue so far (this thread): in the order they were handed over."""
        self._stopping = threading.Event()
        self._nudge = threading.Event()
        """Ends a wait for another program's lock early: the writer is closing, or given up on."""
        if opened is not None and (gone := opened.why_not_ours()) is not None:
            raise StorageError(gone)
        self._db = connect(path)
        self._db.execute(f"PRAGMA cache_size=-{WRITER_CACHE_KIB}")
        self._opened = opened or OpenedFile(path)
        self._thread = threading.Thread(target=self._run, name="journal writer", daemon=True)
        self._thread.start()

    def submit(self, batch: Batch) -> None:
        self._submitted += 1
        self._queue.put(batch)

    def give_up(self) -> None:
        """Stop waiting for another program's lock for every batch submitted so far: those still
        waiting are answered as not saved, and never written (a batch committed already stands)."""
        self._given_up = self._submitted
        self._nudge.set()

    def resume(self, generation: int) -> None:
        """Accept batches of this generation from now on: the session started again from what is durable."""
        self._queue.put(("resume", generation))

    def close(self, timeout: float = 10.0) -> None:
        """Commits what was submitted, then stops; bounded, so a stuck disk cannot hang the exit."""
        self._queue.put(_STOP)
        self._thread.join(timeout)
        self._stopping.set()
        self._nudge.set()
        if not self._thread.is_alive():
            self._opened.let_go_once_moved(self._db)
            self._db.close()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            group: list[object] = [first]
            while True:
                try:
                    group.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            stop = _STOP in group
            self._commit([item for item in group if item is not _STOP])
            if stop:
                return

    def _commit(self, items: list[object]) -> None:
        batches: list[Batch] = []
        for item in items:
            if isinstance(item, tuple):
                self._flush(batches)
                batches = []
                self._generation = item[1]
            elif isinstance(item, Batch):
                self._taken += 1
                batches.append(item)
        self._flush(batches)

    def _flush(self, batches: list[Batch]) -> None:
        current = [b for b in batches if b.generation == self._generation]
        stale = [Written(b, StorageError(f"{self.path}: not saved: an earlier press could not be saved"))
                 for b in batches if b.generation != self._generation]
        if not current:
            if stale:
                self._done(stale)
            return
        error = self._commit_waiting_for_locks(current, first=self._taken - len(batches) + 1)
        if error is not None:
            # Everything after a failed batch was decided on top of it: none of it may be written.
            self._generation = -1
            self._done([Written(b, error) for b in current] + stale)
        else:
            self._done([Written(b) for b in current] + stale)

    def _commit_waiting_for_locks(self, batches: list[Batch], first: int) -> StorageError | None:
        """`first`: the number of the first of `batches` as handed over (for `give_up`)."""
        delay = RETRY_FIRST
        said = False
        while True:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                write(self._db, batches)
                # Two stats per commit, on this thread: a few microseconds beside the sync.
                with self._opened.committing() as refused:
                    if refused is None:
                        self._db.execute("COMMIT")
                if refused is not None:
                    self._db.execute("ROLLBACK")
                    self._opened.let_go_once_moved(self._db)
                    if said:
                        self._waiting(None)
                    return StorageError(refused)
            except sqlite3.Error as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if (cause(error) != "the games file is locked by another program" or self._stopping.is_set()
                        or self._given_up >= first):
                    if said:
                        self._waiting(None)
                    return storage_error(self.path, error)
                if not said:
                    self._waiting(f"waiting for the games file: {cause(error)}")
                    said = True
                self._nudge.wait(delay)
                self._nudge.clear()
                delay = min(delay * 2, RETRY_MOST)
                continue
            except Exception as error:  # this thread must answer every batch, whatever goes wrong
                # An event that cannot be written (a lone surrogate, from a file name that is not
                # UTF-8, has no UTF-8 form): the batch fails as a full disk would. Left unanswered,
                # the session would wait for it, and the open transaction keep the games file locked.
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if said:
                    self._waiting(None)
                return StorageError(f"{self.path}: could not be written: {error}")
            if said:
                self._waiting(None)
            return None
