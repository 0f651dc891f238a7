"""A game in play: commands become committed events, and only then the state the players see.

Two layers of the same game. The *tentative* layer folds every command decided so far, so a fast
second press is decided on top of the first; the *durable* layer (`state`) folds only what the
writer has committed, and it is all a screen shows. A batch that cannot be committed takes every
batch decided after it down with it, and the tentative layer starts again from the durable one:
nothing unsaved is ever shown, and nothing the players saw is ever lost.

Opening a game costs the same however long it is: it starts from the newest snapshot of the state
in the games file and folds only the records after it. Undo and redo refold from the newest
snapshot older than the decision they act on.
"""

import queue
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.errors import NotSaved, StorageError
from companion.games.rules import Command, Redo, Rules, Undo
from companion.hardware.controls import Origin
from companion.journal.events import DecisionRedone, DecisionUndone, Event
from companion.journal.record import Record
from companion.journal.store import GameInfo, GameStore, utc_now
from companion.journal.timeline import Timeline, describe
from companion.journal.writer import Batch, JournalWriter, SnapshotToWrite, Written
from companion.played_game import Settled
from companion.snapshots import Layer, snapshot_dumper, state_format, stored_snapshot

SNAPSHOT_EVERY = 500
"""Events between snapshots: opening or undoing refolds at most this many."""
ANSWER_AFTER_GIVING_UP = 5.0
"""Seconds a writer told to give up has to answer: one more try at the lock, or the sync under way."""


@dataclass(frozen=True, slots=True)
class InFlight:
    batch: Batch
    after: Layer


def first_records(rules: Rules[Any], command: Command, clock: Callable[[], datetime] = utc_now) -> tuple[Record, ...]:
    """What a new game begins with: `command` (a scenario chosen, the dice of `companion dice 3d6`)
    decided on the game's initial state, as `GameSession.submit` decides it, for
    `GameStore.create_game` to save with the game."""
    events = rules.decide(rules.initial(), command)
    if not events:  # the default dice asked for: as in `submit`, nothing decided reads no clock
        return ()
    at = clock()
    return tuple(Record(seq, at, event) for seq, event in enumerate(events, 1))


class GameSession:
    """Owns one saved game while it is open: its writer, its layers and the commits in flight."""

    def __init__(
        self,
        store: GameStore,
        game: GameInfo,
        rules: Rules[Any],
        clock: Callable[[], datetime] = utc_now,
        on_settled: Callable[[], None] | None = None,
        waiting: Callable[[str | None], None] | None = None,
        created: bool = False,
    ) -> None:
        """`created`: the game was just created, as the one last used; any other is marked so now."""
        self.store = store
        self.game = game
        self.rules = rules
        self.on_settled = on_settled
        """Called on the writer's thread when commits are ready to settle (the app posts a message)."""
        self._clock = clock
        self._format = state_format(type(rules))
        self._snapshot: Layer | None = None
        """The newest snapshot in memory, so an undo need not read it back."""
        self._in_flight: deque[InFlight] = deque()
        self._durable = self._open()
        self._tentative = self._durable
        self._written: queue.SimpleQueue[list[Written]] = queue.SimpleQueue()
        self._idle = threading.Condition()
        self._submitted = self._answered = 0
        self._generation = 0
        self._writer: JournalWriter | None = None
        self.waiting = waiting
        """Told (on the writer's thread) when commits wait for another program's lock, and when through."""
        if not store.readonly and not created:
            store.touch(game.id)

    # What the screens read

    @property
    def state(self) -> Any:
        """The durable state: everything in it is committed."""
        return self._durable.state

    def committed(self) -> tuple[Any, int]:
        """The durable state and the seq it is as of, read together: from any thread (states are
        immutable), such as the table link's."""
        layer = self._durable
        return layer.state, layer.seq

    @property
    def latest(self) -> Any:
        """The state with every command decided so far, committed or not: what a new press is
        decided on. Never shown: a screen shows `state`."""
        return self._tentative.state

    @property
    def timeline(self) -> Timeline:
        return self._durable.timeline

    @property
    def head(self) -> int:
        """The seq of the newest record decided, committed or not."""
        return self._tentative.seq

    @property
    def read_only(self) -> bool:
        return self.store.readonly

    @property
    def can_redo(self) -> bool:
        return self._durable.timeline.redoable is not None

    @property
    def busy(self) -> bool:
        """Commits are in flight: the screen shows the last durable state until they land."""
        return bool(self._in_flight)

    @property
    def records(self) -> list[Record]:
        """Every committed record, read from the games file (the CLI and tests; never the screens)."""
        return list(self.store.records(self.game.id, self.rules.events))

    def describe(self, record: Record) -> str:
        target = None
        if isinstance(record.event, DecisionUndone | DecisionRedone):
            target = self._record(record.event.target)
        return describe(record, target, lambda event: self.rules.describe(self.state, event))

    # Commands in

    def submit(self, command: Command, origin: Origin | None = None) -> list[Record]:
        """Decides on the tentative layer and hands the events to the writer; returns the records
        it will commit. A refusal raises and changes nothing. `settle` makes them durable."""
        if self.store.readonly:
            raise NotSaved(f"{self.store.path}: {self.store.readonly_reason or 'read-only here'}: nothing can be saved")
        tentative = self._tentative
        forget_from = None
        if isinstance(command, Undo | Redo):
            decision = tentative.timeline.undo() if isinstance(command, Undo) else tentative.timeline.redo()
            self.rules.check_undo(tentative.state, self._record(decision.target),
                                  "undo" if isinstance(command, Undo) else "redo")
            events: list[Event] = [decision]
            forget_from = decision.target
        else:
            events = self.rules.decide(tentative.state, command)
        if not events and origin is None:
            return []
        at = self._clock()
        records = tuple(Record(tentative.seq + offset, at, event) for offset, event in enumerate(events, 1))
        after = self._fold_into(tentative, records, forget_from)
        self._hand_over(records, after, origin, forget_from)
        return list(records)

    def execute(self, command: Command, origin: Origin | None = None, timeout: float = 30.0) -> list[Record]:
        """Submits and waits until the records are durable (the CLI and the tests). A commit that
        fails raises `NotSaved` naming the cause; the state is then as before. So does one still
        waiting after `timeout` (another program holds the games file's lock): the writer gives up
        on it, and it is never saved. A writer that does not answer even then (a sync hung on a
        failing card) is said as well; what it was writing may still land, and then shows."""
        records = self.submit(command, origin)
        if not self.wait(timeout):
            assert self._writer is not None  # `submit` started it
            self._writer.give_up()
            if not self.wait(ANSWER_AFTER_GIVING_UP):
                raise NotSaved(f"not saved: {self.store.path}: the games file did not answer within {timeout:g} s")
        settled = self.settle()
        if settled.failures:
            raise NotSaved(f"not saved: {settled.failures[0]}")
        return records

    def catch_up(self) -> Settled:
        """A read-only view: folds what another companion committed since, as if it had settled here."""
        assert not self._in_flight, "a view that writes does not catch up"
        layer = self._durable
        records = list(self.store.records(self.game.id, self.rules.events, after=layer.seq))
        if records:
            forgets = [r.event.target for r in records if isinstance(r.event, DecisionUndone | DecisionRedone)]
            reached = min(forgets, default=None)
            self._durable = self._tentative = self._fold_into(layer, records, reached)
            if reached is not None and self._snapshot is not None and self._snapshot.seq >= reached:
                self._snapshot = None  # the other companion forgot it too
        return Settled(tuple(records))

    def note_input(self, origin: Origin) -> None:
        """Records an input that was refused or changed nothing, so it is never applied later."""
        self._hand_over((), self._tentative, origin, None)

    def wait(self, timeout: float = 30.0) -> bool:
        """Blocks until the writer has answered every batch; True when that happened within `timeout`."""
        with self._idle:
            return self._idle.wait_for(lambda: self._answered >= self._submitted, timeout)

    def settle(self) -> Settled:
        """Takes in what the writer finished (call it on the thread that reads `state`)."""
        records: list[Record] = []
        failures: list[StorageError] = []
        origins: list[Origin] = []
        dropped: list[Origin] = []
        while True:
            try:
                written = self._written.get_nowait()
            except queue.Empty:
                break
            for outcome in written:
                if outcome.batch.generation != self._generation:
                    continue  # decided on top of a batch that failed: already dropped
                if outcome.durable:
                    landed = self._in_flight.popleft()
                    assert landed.batch is outcome.batch
                    self._durable = landed.after
                    records.extend(landed.batch.records)
                    origins.extend([landed.batch.origin] if landed.batch.origin else [])
                    self._remember_snapshot(landed)
                else:
                    assert outcome.error is not None
                    failures.append(outcome.error)
                    dropped.extend(f.batch.origin for f in self._in_flight if f.batch.origin)
                    self._start_again()
        return Settled(tuple(records), tuple(failures), (*origins, *dropped), tuple(dropped))

    def start_writing(self) -> None:
        """Opens the writer's connection and thread now, so the first press does not wait for them
        (about a millisecond, a third of its budget). Raises `StorageError` as a commit would."""
        if not self.store.readonly:
            self._writer_started()

    def close(self) -> Settled:
        """Commits what is in flight, stops the writer, and says what it settled meanwhile."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        return self.settle()

    # Inside

    def _hand_over(self, records: tuple[Record, ...], after: Layer, origin: Origin | None,
                   forget_from: int | None) -> None:
        snapshot = None
        last = records[-1].seq if records else self._tentative.seq
        if records and last // SNAPSHOT_EVERY > self._tentative.seq // SNAPSHOT_EVERY:
            snapshot = SnapshotToWrite(last, self._format, snapshot_dumper(self.rules, after))
        batch = Batch(self.game.id, records, self._generation, origin, snapshot, forget_from)
        writer = self._writer_started()  # a writer that cannot start refuses the press, changing nothing
        with self._idle:
            self._in_flight.append(InFlight(batch, after))
            self._submitted += 1
        self._tentative = after
        writer.submit(batch)

    def _writer_started(self) -> JournalWriter:
        if self._writer is None:
            self._writer = JournalWriter(self.store.path, self._on_written, self.waiting, self.store.opened)
        return self._writer

    def _on_written(self, written: list[Written]) -> None:
        """On the writer's thread: queue the outcome, wake a waiting `execute`, tell the app."""
        self._written.put(written)
        with self._idle:
            self._answered += len(written)
            self._idle.notify_all()
        if self.on_settled is not None:
            self.on_settled()

    def _start_again(self) -> None:
        """A batch failed: it and everything decided after it are gone; start from what is durable."""
        self._in_flight.clear()
        self._tentative = self._durable
        self._generation += 1
        if self._writer is not None:
            self._writer.resume(self._generation)

    def _fold_into(self, layer: Layer, records: Iterable[Record], forget_from: int | None) -> Layer:
        state, timeline, seq = layer.state, layer.timeline, layer.seq
        refold = False
        for record in records:
            timeline = timeline.add(record)
            seq = record.seq
            if isinstance(record.event, DecisionUndone | DecisionRedone):
                refold = True
            else:
                state = self.rules.evolve(state, record, record.seq in timeline.voided)
        if refold:
            assert forget_from is not None
            state = self._refold(timeline, seq, before=forget_from)
        return Layer(state, timeline, seq)

    def _refold(self, timeline: Timeline, through: int, before: int) -> Any:
        """The state through `through` with `timeline`'s voided decisions, from the newest snapshot
        older than `before` (the decision undone or redone)."""
        start = self._snapshot_before(before)
        state, seq = (start.state, start.seq) if start else (self.rules.initial(), 0)
        pending = {r.seq: r for f in self._in_flight for r in f.batch.records}
        for record in self._records_after(seq, pending):
            if record.seq > through:
                break
            if not isinstance(record.event, DecisionUndone | DecisionRedone):
                state = self.rules.evolve(state, record, record.seq in timeline.voided)
        return state

    def _records_after(self, seq: int, pending: dict[int, Record]) -> Iterable[Record]:
        last = seq
        for record in self.store.records(self.game.id, self.rules.events, after=seq):
            last = record.seq
            yield record
        for number in sorted(pending):
            if number > last:
                yield pending[number]

    def _snapshot_before(self, before: int) -> Layer | None:
        # An undo still in flight has not yet dropped the snapshots it made untrue.
        before = min([before, *(f.batch.forget_from for f in self._in_flight if f.batch.forget_from is not None)])
        held = self._snapshot
        if held is not None and held.seq < before:
            return held
        return stored_snapshot(self.store, self.game.id, self.rules, before)

    def _open(self) -> Layer:
        """The newest snapshot, then the records after it, folded with the voided set they end
        with: the state depends only on that. (Every undo after a snapshot reached no further back
        than it, or the snapshot would have been forgotten.) Two streamed passes, so a long tail
        after the snapshot is never held in memory."""
        start = stored_snapshot(self.store, self.game.id, self.rules) or Layer(self.rules.initial(), Timeline(), 0)
        self._snapshot = start if start.seq else None
        timeline, seq = start.timeline, start.seq
        for record in self.store.records(self.game.id, self.rules.events, after=start.seq):
            timeline, seq = timeline.add(record), record.seq
        state = start.state
        for record in self.store.records(self.game.id, self.rules.events, after=start.seq):
            if not isinstance(record.event, DecisionUndone | DecisionRedone):
                state = self.rules.evolve(state, record, record.seq in timeline.voided)
        return Layer(state, timeline, seq)

    def _remember_snapshot(self, landed: InFlight) -> None:
        if landed.batch.forget_from is not None:
            held = self._snapshot
            if held is not None and held.seq >= landed.batch.forget_from:
                self._snapshot = None
        if landed.batch.snapshot is not None:
            self._snapshot = landed.after

    def _record(self, seq: int) -> Record:
        for flight in self._in_flight:
            for record in flight.batch.records:
                if record.seq == seq:
                    return record
        return self.store.record(self.game.id, seq, self.rules.events)
