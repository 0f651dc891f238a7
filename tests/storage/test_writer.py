"""The journal writer: group commit, a second program's lock, and a failed batch taking its successors down."""

import queue
import re
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.dice.events import DiceRolled
from companion.dice.spec import DiceSpec
from companion.errors import StorageError
from companion.games.registry import descriptor
from companion.games.take_cover.scenario import ScenarioChosen
from companion.journal.record import Record
from companion.journal.store import GameStore
from companion.journal.writer import Batch, JournalWriter, Written

AT = datetime(2026, 11, 30, tzinfo=UTC)


def batch(game: int, seq: int, generation: int = 0) -> Batch:
    roll = DiceRolled(spec=DiceSpec(count=1, sides=6), faces=(seq % 6 + 1,), source="generated")
    return Batch(game, (Record(seq, AT, roll),), generation)


def test_batches_queued_during_a_commit_are_committed_together(tmp_path: Path, other_program):
    store = GameStore(tmp_path / "games.sqlite3")
    game = store.create_game("dice").id
    groups: queue.SimpleQueue[list[Written]] = queue.SimpleQueue()
    waiting = threading.Event()
    writer = JournalWriter(store.path, groups.put, lambda reason: reason and waiting.set())
    lock = other_program(store.path)
    writer.submit(batch(game, 1))
    assert waiting.wait(10)  # the first batch is stuck behind the other program's lock
    for seq in range(2, 6):
        writer.submit(batch(game, seq))
    lock.execute("ROLLBACK")
    first, second = groups.get(timeout=10), groups.get(timeout=10)
    assert [w.batch.records[0].seq for w in first] == [1]
    assert [w.batch.records[0].seq for w in second] == [2, 3, 4, 5]
    assert all(w.durable for w in first + second)
    assert store.last_seq(game) == 5
    writer.close()
    store.close()


def test_a_lock_held_by_another_program_is_said_and_only_delays_the_commit(tmp_path: Path, other_program):
    store = GameStore(tmp_path / "games.sqlite3")
    game = store.create_game("dice").id
    said: queue.SimpleQueue[str | None] = queue.SimpleQueue()
    done: queue.SimpleQueue[list[Written]] = queue.SimpleQueue()
    writer = JournalWriter(store.path, done.put, said.put)
    lock = other_program(store.path)
    writer.submit(batch(game, 1))
    assert said.get(timeout=10) == "waiting for the games file: the games file is locked by another program"
    lock.execute("ROLLBACK")
    assert [w.durable for w in done.get(timeout=10)] == [True]
    assert said.get(timeout=10) is None
    writer.close()
    store.close()


def test_batches_given_up_while_waiting_for_a_lock_are_answered_not_saved_and_never_written(
        tmp_path: Path, other_program):
    store = GameStore(tmp_path / "games.sqlite3")
    game = store.create_game("dice").id
    done: queue.SimpleQueue[list[Written]] = queue.SimpleQueue()
    waiting = threading.Event()
    writer = JournalWriter(store.path, done.put, lambda reason: reason and waiting.set())
    lock = other_program(store.path)
    writer.submit(batch(game, 1))
    assert waiting.wait(10)
    writer.give_up()
    (given_up,) = done.get(timeout=10)
    assert str(given_up.error) == f"{store.path}: the games file is locked by another program"
    lock.execute("ROLLBACK")
    writer.resume(1)
    writer.submit(batch(game, 1, generation=1))  # the next, after the lock: written as usual
    assert done.get(timeout=10)[0].durable
    writer.close()
    assert [raw.seq for raw in store.raw_records(game)] == [1] and store.game(game).events == 1
    store.close()


def test_after_a_failed_batch_nothing_of_its_generation_is_written_until_resumed(tmp_path: Path):
    store = GameStore(tmp_path / "games.sqlite3")
    game = store.create_game("dice").id
    done: queue.SimpleQueue[list[Written]] = queue.SimpleQueue()
    writer = JournalWriter(store.path, done.put)
    writer.submit(batch(game, 1))
    assert done.get(timeout=10)[0].durable
    writer.submit(batch(game, 1))  # seq 1 again: the games file refuses it
    failed = done.get(timeout=10)
    assert not failed[0].durable and "UNIQUE" in str(failed[0].error)
    writer.submit(batch(game, 2))  # decided on top of the failed one
    assert not done.get(timeout=10)[0].durable
    writer.resume(1)
    writer.submit(batch(game, 2, generation=1))
    assert done.get(timeout=10)[0].durable
    assert store.last_seq(game) == 2
    writer.close()
    store.close()


def test_an_event_that_cannot_be_written_as_text_fails_its_batch_and_the_writer_goes_on(tmp_path: Path):
    take_cover = descriptor("take_cover")
    assert take_cover is not None
    (standard,) = take_cover.scenario_files(None)
    store = GameStore(tmp_path / "games.sqlite3")
    game = store.create_game("take_cover").id
    done: queue.SimpleQueue[list[Written]] = queue.SimpleQueue()
    writer = JournalWriter(store.path, done.put)
    # A scenario file named with a byte that is not UTF-8 reaches Python as a lone surrogate.
    chosen = ScenarioChosen(name="t\udcff", scenario=take_cover.read_scenario(standard, {}))
    writer.submit(Batch(game, (Record(1, AT, chosen),), 0))
    failed = done.get(timeout=10)
    assert not failed[0].durable and "surrogates not allowed" in str(failed[0].error)
    writer.resume(1)
    writer.submit(batch(game, 1, generation=1))
    assert done.get(timeout=10)[0].durable, "no transaction left open: the games file takes the next batch"
    assert store.last_seq(game) == 1
    writer.close()
    store.close()


def backup_of_games(path: Path, name: str) -> Path:
    """A games file made elsewhere and closed, as a backup to put in the games file's place."""
    store = GameStore(path)
    store.create_game("dice", name)
    store.close()
    return path


def test_a_games_file_replaced_by_another_refuses_the_commit_and_the_other_file_is_left_as_it_was(tmp_path: Path):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    game = store.create_game("dice", "Played").id
    done: queue.SimpleQueue[list[Written]] = queue.SimpleQueue()
    writer = JournalWriter(path, done.put, opened=store.opened)
    writer.submit(batch(game, 1))
    assert done.get(timeout=10)[0].durable
    backup_of_games(tmp_path / "backup.sqlite3", "Backup").rename(path)
    writer.submit(batch(game, 2))
    (refused,) = done.get(timeout=10)
    assert str(refused.error) == f"{path} was replaced: restart to play in it"
    writer.close()
    store.close()
    found = GameStore(path)
    assert [(info.name, info.events) for info in found.games()] == [("Backup", 0)]
    found.close()


def test_no_writer_starts_on_another_file_than_the_game_was_read_from(tmp_path: Path):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    game = store.create_game("dice", "Played")
    path.rename(tmp_path / "kept.sqlite3")
    # The games file replaced between opening the game and its writer's start.
    backup_of_games(tmp_path / "backup.sqlite3", "Backup").rename(path)
    with pytest.raises(StorageError, match=re.escape(f"{path} was replaced: restart to play in it")):
        JournalWriter(path, lambda _: None, opened=store.opened)
    store.close()
    found, kept = GameStore(path), GameStore(tmp_path / "kept.sqlite3")
    assert [(info.name, info.events) for info in found.games()] == [("Backup", 0)]
    assert [(info.name, info.events) for info in kept.games()] == [(game.name, 0)]
    found.close()
    kept.close()
