"""A game's session: nothing shown before it is durable, a failed commit undone whole, snapshots
that change nothing but the time it takes to open a long game."""

import random
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.dice.rules import DiceRules, RollDice
from companion.errors import NotSaved, StorageError
from companion.games.rules import Redo, Undo
from companion.hardware.controls import Origin
from companion.journal.store import GameStore
from companion.network.games_file import PublishedGames
from companion.session import SNAPSHOT_EVERY, GameSession
from companion.snapshots import state_as_it_stands
from tests.storage.conftest import fill


def open_session(store: GameStore, game_id: int, sessions) -> GameSession:
    return sessions(store, store.game(game_id), DiceRules(random.Random(1)))


def refolded_without_snapshots(store: GameStore, game_id: int, sessions) -> GameSession:
    store._db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
    return open_session(store, game_id, sessions)


def test_a_roll_is_decided_at_once_but_shown_only_once_it_is_durable(tmp_path: Path, sessions):
    store = GameStore(tmp_path / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    first = session.submit(RollDice())
    second = session.submit(RollDice())
    assert [r.seq for r in first + second] == [1, 2]  # the second is decided on top of the first
    assert session.head == 2
    assert session.wait(10)
    assert session.state.rolls == 0  # still the durable state of before: nothing settled yet
    settled = session.settle()
    assert [r.seq for r in settled.records] == [1, 2]
    assert session.state.rolls == 2 and not session.busy


def test_a_games_file_on_a_full_disk_is_said_to_be_on_a_full_disk_when_it_is_opened(small_disk):
    """SQLite says only "disk I/O error" when it cannot grow the games file's -shm on a full disk."""
    GameStore(small_disk / "games.sqlite3").close()
    fill(small_disk)
    with pytest.raises(StorageError) as refused:
        GameStore(small_disk / "games.sqlite3")
    assert str(refused.value) == f"{small_disk / 'games.sqlite3'}: the disk is full"


def test_a_full_disk_refuses_the_press_shows_nothing_of_it_and_recovers_when_there_is_room(small_disk, sessions):
    store = GameStore(small_disk / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    session.execute(RollDice())
    shown = session.state
    free = fill(small_disk)
    with pytest.raises(NotSaved, match="the disk is full"):
        session.execute(RollDice())
    assert session.state == shown and session.head == 1
    free()
    (record,) = session.execute(RollDice())
    assert record.seq == 2 and session.state.rolls == 2
    assert [r.seq for r in open_session(store, session.game.id, sessions).records] == [1, 2]


def test_a_press_still_waiting_for_another_programs_lock_when_execute_stops_waiting_is_never_saved(
        tmp_path: Path, sessions, other_program):
    store = GameStore(tmp_path / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    session.execute(RollDice())
    shown = session.state
    lock = other_program(store.path)  # a real lock: the writer cannot commit, and waits
    with pytest.raises(NotSaved, match=re.escape(
            f"not saved: {store.path}: the games file is locked by another program")):
        session.execute(RollDice(), timeout=0.5)
    assert session.state == shown and session.head == 1 and not session.busy
    lock.execute("ROLLBACK")
    (record,) = session.execute(RollDice())
    assert record.seq == 2  # decided on what is saved: the press given up on is gone
    assert [r.seq for r in session.records] == [1, 2]


def test_commands_decided_on_top_of_a_failed_one_are_dropped_with_it(small_disk, sessions):
    store = GameStore(small_disk / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    session.execute(RollDice())
    free = fill(small_disk)
    session.submit(RollDice())
    session.submit(RollDice())
    session.wait(10)
    settled = session.settle()
    assert settled.records == () and len(settled.failures) >= 1
    free()
    assert session.head == 1 and session.state.rolls == 1


def test_a_long_game_opens_from_its_snapshot_to_the_state_a_full_refold_gives(tmp_path: Path, sessions):
    store = GameStore(tmp_path / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    for index in range(2 * SNAPSHOT_EVERY + 37):
        session.submit(Undo() if index % 7 == 6 else RollDice())
        if index % 50 == 0:
            session.wait(10)
            session.settle()
    session.wait(10)
    session.settle()
    snapshots = store._db.execute("SELECT seq FROM snapshots").fetchall()
    assert snapshots  # (an undo right after one forgets it: the newest may be gone)
    reopened = open_session(store, session.game.id, sessions)
    assert reopened.state == session.state
    assert refolded_without_snapshots(store, session.game.id, sessions).state == session.state


def test_undo_reaching_behind_a_snapshot_forgets_it_and_still_folds_right(tmp_path: Path, sessions):
    store = GameStore(tmp_path / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    for _ in range(SNAPSHOT_EVERY + 20):
        session.submit(RollDice())
    session.wait(10)
    session.settle()
    for _ in range(40):  # back past the snapshot taken at seq 500
        session.execute(Undo())
    session.execute(Redo())
    assert store._db.execute("SELECT seq FROM snapshots").fetchall() == []
    assert session.state.rolls == SNAPSHOT_EVERY + 20
    assert sum(not entry.voided for entry in session.state.recent) > 0
    assert open_session(store, session.game.id, sessions).state == session.state


def test_a_damaged_snapshot_is_only_a_lost_shortcut(tmp_path: Path, sessions):
    store = GameStore(tmp_path / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    for _ in range(SNAPSHOT_EVERY + 3):
        session.submit(RollDice())
    session.wait(10)
    session.settle()
    store._db.execute("UPDATE snapshots SET state = '{\"spec\": 3}'")
    assert open_session(store, session.game.id, sessions).state == session.state


def test_a_game_as_it_stands_is_read_from_its_snapshot_with_the_decisions_undone_in_the_end(tmp_path: Path, sessions):
    store = GameStore(tmp_path / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    for _ in range(SNAPSHOT_EVERY + 20):
        session.submit(RollDice())
    session.wait(10)
    session.settle()
    undone = {record.event.target for record in session.execute(Undo()) + session.execute(Undo())}
    assert store._db.execute("SELECT seq FROM snapshots").fetchall() == [(SNAPSHOT_EVERY,)]
    assert state_as_it_stands(store, session.game, session.rules, undone) == session.state
    store._db.execute("UPDATE snapshots SET state = '{\"spec\": 3}'")
    assert state_as_it_stands(store, session.game, session.rules, undone) == session.state


def test_the_input_that_caused_a_commit_is_recorded_with_it(tmp_path: Path, sessions):
    store = GameStore(tmp_path / "games.sqlite3")
    session = open_session(store, store.create_game("dice").id, sessions)
    session.execute(RollDice(), origin=Origin("board:abc:7", 41))
    assert store.last_input("board:abc:7") == 41
    session.note_input(Origin("board:abc:7", 42))
    session.wait(10)
    session.settle()
    assert store.last_input("board:abc:7") == 42 and session.head == 1


def test_a_games_file_moved_away_in_play_refuses_each_press_and_saves_again_once_it_is_back(tmp_path: Path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    session = open_session(store, store.create_game("dice").id, sessions)
    session.execute(RollDice())
    shown = session.state
    path.rename(tmp_path / "elsewhere.sqlite3")
    for _ in range(3):
        with pytest.raises(NotSaved, match=re.escape("is gone: put it back or quit and start anew")):
            session.execute(RollDice())
        assert session.state == shown and session.head == 1
    (tmp_path / "elsewhere.sqlite3").rename(path)
    (record,) = session.execute(RollDice())
    assert record.seq == 2 and session.state.rolls == 2
    assert [r.seq for r in open_session(GameStore(path), session.game.id, sessions).records] == [1, 2]


def test_a_games_file_deleted_in_play_keeps_every_press_unsaved_and_unshown(tmp_path: Path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    session = open_session(store, store.create_game("dice").id, sessions)
    session.execute(RollDice())
    path.unlink()
    for _ in range(3):
        with pytest.raises(NotSaved, match=re.escape(f"{path} is gone: put it back")):
            session.execute(RollDice())
    assert session.state.rolls == 1 and session.head == 1


def test_a_backup_moved_into_the_games_files_place_in_play_is_what_the_next_start_finds(tmp_path: Path, sessions):
    path = tmp_path / "games.sqlite3"
    backup = GameStore(tmp_path / "backup.sqlite3")
    backup.create_game("dice", "Backup")
    backup.close()
    store = GameStore(path)
    session = open_session(store, store.create_game("dice", "Played").id, sessions)
    session.execute(RollDice())
    (tmp_path / "backup.sqlite3").rename(path)
    with pytest.raises(NotSaved, match="was replaced: restart to play in it"):
        session.execute(RollDice())
    session.close()
    store.close()  # the companion quits, as the refusal said to
    started_again = GameStore(path)
    assert [game.name for game in started_again.games()] == ["Backup"]
    assert started_again._db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    started_again.close()


def test_a_backup_copied_over_the_games_file_in_play_refuses_each_press_and_copied_again_after_quitting_is_found(
        tmp_path: Path, sessions):
    path, backup = tmp_path / "games.sqlite3", tmp_path / "backup.sqlite3"
    store = GameStore(path)
    game = store.create_game("dice", "Played")
    session = open_session(store, game.id, sessions)
    for _ in range(3):
        session.execute(RollDice())
    session.close()
    store.close()
    shutil.copyfile(path, backup)  # yesterday's backup, made with the companion closed
    store = GameStore(path)
    session = open_session(store, game.id, sessions)
    for _ in range(300):  # the game goes on well past the backup
        session.execute(RollDice())
    session.close()
    store.close()
    store = GameStore(path)  # today
    session = open_session(store, game.id, sessions)
    session.execute(RollDice())
    shown = session.state
    subprocess.run(["cp", str(backup), str(path)], check=True)  # over the file in play: same inode, new content
    for _ in range(3):
        with pytest.raises(NotSaved, match=re.escape(
                f"not saved: {path}: another program wrote over the games file: quit, then copy it there again")):
            session.execute(RollDice())
        assert session.state == shown and session.head == 304
    assert path.read_bytes() == backup.read_bytes()  # nothing written into it in play
    session.close()
    store.close()  # the companion quits, as the refusal said to
    shutil.copyfile(backup, path)
    started_again = GameStore(path)
    assert [(info.name, info.events) for info in started_again.games()] == [("Played", 3)]
    assert started_again._db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    started_again.close()


def test_the_companions_own_checkpoints_are_never_taken_for_a_write_over_the_games_file(tmp_path: Path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    session = open_session(store, store.create_game("dice").id, sessions)
    published = PublishedGames(path, lambda kind: DiceRules(random.Random()), opened=store.opened)
    assert published.published_until(session.game.id) is None  # the table network's connection, opened
    before = path.stat().st_mtime_ns
    for _ in range(2000):
        session.execute(RollDice())
        if path.stat().st_mtime_ns != before:
            break
    assert path.stat().st_mtime_ns != before, "the writer never checkpointed the -wal into the games file"
    store.rename(session.game.id, "Checkpointed")
    published.acknowledged(session.game.id, session.head)
    published.close()
    (record,) = session.execute(RollDice())
    assert store.last_seq(session.game.id) == record.seq
    assert store.published_until(session.game.id) == record.seq - 1


def test_a_command_beside_the_app_never_checkpoints_so_the_app_plays_on(tmp_path: Path, sessions):
    """A command run beside the app (`companion games rename`) is another program to the app: if its
    commit checkpointed the -wal into the games file, the app would see the file changed under it."""
    path = tmp_path / "games.sqlite3"
    wal = tmp_path / "games.sqlite3-wal"
    store = GameStore(path)
    session = open_session(store, store.create_game("dice").id, sessions)
    reader = sqlite3.connect(path, isolation_level=None)  # another program reading (`companion log`)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM events").fetchone()
    while wal.stat().st_size < 1000 * (4096 + 24):  # the reader keeps the writer from checkpointing
        session.execute(RollDice())
    reader.execute("COMMIT")
    reader.close()
    command = GameStore(path, create=False)
    command.rename(session.game.id, "Renamed")  # past SQLite's checkpoint threshold: it would checkpoint
    command.close()
    (record,) = session.execute(RollDice())
    assert store.last_seq(session.game.id) == record.seq and store.game(session.game.id).name == "Renamed"


def test_a_press_after_the_games_file_moved_away_before_the_games_writer_started_is_refused_and_changes_nothing(
        tmp_path: Path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    session = open_session(store, store.create_game("dice").id, sessions)
    path.rename(tmp_path / "elsewhere.sqlite3")
    with pytest.raises(StorageError, match=re.escape(f"{path} is gone: put it back")):
        session.execute(RollDice())
    assert session.head == 0 and not session.busy
    (tmp_path / "elsewhere.sqlite3").rename(path)
    (record,) = session.execute(RollDice())
    assert record.seq == 1 and session.state.rolls == 1
