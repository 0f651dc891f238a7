"""The games file: its format, migration from older files, newer files read only, faults as one line."""

import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.dice.rules import DiceRules
from companion.errors import BadName, GameNotFound, StorageError, UnreadableGame
from companion.journal import connection
from companion.journal.schema import FORMAT
from companion.journal.store import GameStore

FIXTURE = Path(__file__).parent.parent / "fixtures" / "games-v0.sqlite3"


def test_the_store_writes_ahead_and_syncs_fully(store):
    assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)
    assert store._db.execute("PRAGMA user_version").fetchone() == (FORMAT,)


def test_the_last_used_game_is_the_one_resumed(store):
    first = store.create_game("dice")
    second = store.create_game("dice")
    store.touch(first.id)
    assert store.last_game().id == first.id
    store.touch(second.id)
    assert store.last_game("dice").id == second.id
    assert store.last_game("point_blank") is None


def test_games_are_found_by_number_or_name_renamed_and_deleted(store):
    game = store.create_game("dice")
    assert game.name == f"Game {game.id}"
    store.rename(game.id, "Bridge at Arnhem")
    assert store.find("Bridge at Arnhem").id == game.id
    assert store.find(str(game.id)).name == "Bridge at Arnhem"
    store.delete(game.id)
    assert store.games() == []
    with pytest.raises(GameNotFound):
        store.find("Bridge at Arnhem")


def test_a_rename_follows_the_name_rule_and_a_refused_one_changes_nothing(store):
    kursk = store.create_game("dice", "Kursk")
    game = store.create_game("dice")
    for refused in ("kursk", "  ", "Day\n2", "7"):
        with pytest.raises(BadName):
            store.rename(game.id, refused)
    assert [info.name for info in store.games()] == [game.name, "Kursk"]
    assert store.rename(game.id, "  Arnhem ") == "Arnhem"
    assert store.rename(kursk.id, "KURSK") == "KURSK", "a game may keep its own name in another case"
    assert [info.name for info in store.games()] == ["Arnhem", "KURSK"]


def test_a_new_game_is_never_given_a_name_another_game_has(store):
    first = store.create_game("dice")
    store.rename(first.id, "Game 2")
    assert store.create_game("dice").name == "Game 3"
    assert store.create_game("dice").name == "Game 4"
    with pytest.raises(BadName):
        store.create_game("dice", "game 4")
    assert len(store.games()) == 3


def test_a_games_file_of_the_first_format_is_migrated_and_keeps_every_event(tmp_path):
    copy = tmp_path / "games.sqlite3"
    shutil.copy(FIXTURE, copy)
    before = sqlite3.connect(copy).execute("SELECT COUNT(*) FROM events").fetchone()
    opened = GameStore(copy)
    assert opened.format == FORMAT
    assert opened._db.execute("SELECT COUNT(*) FROM events").fetchone() == before
    assert {"snapshots", "inputs"} <= {row[0] for row in opened._db.execute("SELECT name FROM sqlite_master")}
    opened.close()


def test_a_games_file_of_format_one_gains_the_published_table_and_keeps_its_games_and_inputs(tmp_path):
    path = tmp_path / "games.sqlite3"
    first = GameStore(path)
    game = first.create_game("dice")
    first._db.execute("INSERT INTO events VALUES (?, 1, '2026-11-30T10:00:00+00:00', 'dice_rolled', '{}')",
                      (game.id,))
    first._db.execute("INSERT INTO inputs VALUES ('board:pico:3', 41)")
    first.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE published")  # what a companion of format 1 wrote
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    opened = GameStore(path)
    assert opened.format == FORMAT == 2
    assert opened.last_seq(game.id) == 1
    assert opened.inputs("board:") == {"board:pico:3": 41}
    assert opened.published_until(game.id) is None
    opened.set_published(game.id, 1)
    assert opened.published_until(game.id) == 1
    opened.close()


def test_a_games_file_of_format_zero_read_without_create_shows_its_games(tmp_path):
    """Format 0 (the first companion's file) keeps user_version 0: it is a games file all the same."""
    path = tmp_path / "games.sqlite3"
    first = GameStore(path)
    game = first.create_game("dice", "Kursk")
    first.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=0")
    db.commit()
    db.close()
    read = GameStore(path, create=False)
    assert [info.name for info in read.games()] == [game.name]
    read.close()


def test_a_file_without_games_named_by_a_relative_path_is_read_as_no_games_and_left_as_it_was(tmp_path,
                                                                                              monkeypatch):
    monkeypatch.chdir(tmp_path)
    sqlite3.connect("games.sqlite3").execute("CREATE TABLE other (x)").connection.close()
    before = (tmp_path / "games.sqlite3").read_bytes()
    read = GameStore(Path("games.sqlite3"), create=False)
    assert read.games() == []
    read.close()
    assert (tmp_path / "games.sqlite3").read_bytes() == before


def test_a_deleted_game_that_was_published_never_lends_its_number_to_a_new_one(store):
    published = store.create_game("dice")
    store.set_published(published.id, 12)
    store.delete(published.id)
    assert store.create_game("dice").id == published.id + 1


def test_a_file_from_a_newer_companion_is_read_but_never_written(tmp_path, monkeypatch):
    path = tmp_path / "games.sqlite3"
    GameStore(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={FORMAT + 1}")
    db.commit()
    db.close()
    newer = GameStore(path)
    assert newer.newer and newer.readonly
    assert newer.games() == []
    with pytest.raises(StorageError, match="newer companion"):
        newer.create_game("dice")
    newer.close()


def test_an_event_this_version_cannot_read_names_itself_instead_of_crashing(store):
    game = store.create_game("dice")
    store._db.execute("INSERT INTO events VALUES (?, 1, '2026-11-30T10:00:00+00:00', 'dice_exploded', '{}')",
                      (game.id,))
    with pytest.raises(UnreadableGame, match=r"event 1 \(dice_exploded\) cannot be read"):
        list(store.records(game.id, DiceRules.events))


def test_a_file_that_is_not_a_games_file_is_one_line_naming_it(tmp_path):
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is not SQLite at all" * 100)
    with pytest.raises(StorageError, match="not a companion games file"):
        GameStore(path)


def test_a_data_dir_that_is_a_file_is_one_line_naming_it(tmp_path):
    (tmp_path / "data").write_text("oops")
    with pytest.raises(StorageError, match="the data dir is a file"):
        GameStore(tmp_path / "data" / "games.sqlite3")


def test_a_data_dir_that_cannot_be_created_is_one_line_naming_it():
    # sysfs refuses new folders to everyone, root included, as a read-only mount would.
    with pytest.raises(StorageError, match="/sys/companion-data: cannot create the data dir"):
        GameStore(Path("/sys/companion-data/games.sqlite3"))


def test_a_change_to_the_saved_games_after_the_games_file_was_deleted_is_refused_and_none_is_made(tmp_path):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    game = store.create_game("dice", "Kursk")
    path.unlink()
    for change in (lambda: store.create_game("dice"), lambda: store.rename(game.id, "Arnhem"),
                   lambda: store.delete(game.id)):
        with pytest.raises(StorageError, match=re.escape(f"{path} is gone: put it back")):
            change()
    assert [info.name for info in store.games()] == ["Kursk"]
    store.close()


def test_a_change_to_the_saved_games_after_a_backup_was_copied_over_the_games_file_is_refused_and_none_is_made(
        tmp_path):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    game = store.create_game("dice", "Kursk")
    store.close()
    shutil.copyfile(path, tmp_path / "backup.sqlite3")
    store = GameStore(path)
    for number in range(40):  # the games file grows past the backup, so the copy changes its size too
        store.create_game("dice", f"Since {number}")
    store.close()
    store = GameStore(path)
    subprocess.run(["cp", str(tmp_path / "backup.sqlite3"), str(path)], check=True)  # same inode, new content
    for change in (lambda: store.create_game("dice"), lambda: store.rename(game.id, "Arnhem"),
                   lambda: store.delete(game.id)):
        with pytest.raises(StorageError, match=re.escape(f"{path}: another program wrote over the games file")):
            change()
    assert path.read_bytes() == (tmp_path / "backup.sqlite3").read_bytes()
    store.close()


def test_the_causes_are_said_in_words_a_player_can_act_on():
    assert connection.cause(sqlite3.OperationalError("database or disk is full")) == "the disk is full"
    assert connection.cause(sqlite3.OperationalError("attempt to write a readonly database")) == \
        "the games file is read-only"
    assert connection.cause(sqlite3.OperationalError("database is locked")) == \
        "the games file is locked by another program"


def test_raw_records_of_some_types_are_only_those_in_order_and_of_no_types_none(store):
    game = store.create_game("dice")
    rows = [(1, "dice_rolled"), (2, "decision_undone"), (3, "dice_rolled"), (4, "decision_redone")]
    for seq, type_ in rows:
        store._db.execute("INSERT INTO events VALUES (?, ?, '2026-11-30T10:00:00+00:00', ?, '{}')",
                          (game.id, seq, type_))
    picked = store.raw_records(game.id, types=("decision_redone", "decision_undone"))
    assert [(raw.seq, raw.type) for raw in picked] == [(2, "decision_undone"), (4, "decision_redone")]
    assert list(store.raw_records(game.id, types=())) == []
    assert [raw.seq for raw in store.raw_records(game.id, after=1)] == [2, 3, 4]
