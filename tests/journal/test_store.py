import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.dice.rules import DiceRolled, DiceRules
from companion.dice.spec import DiceSpec
from companion.errors import GameNotFound
from companion.journal.events import DecisionRedone, DecisionUndone
from companion.journal.store import GameStore

AT = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def a_roll(*faces: int) -> DiceRolled:
    return DiceRolled(spec=DiceSpec(count=len(faces), sides=6), faces=faces, source="generated")


@pytest.fixture
def store(tmp_path: Path):
    opened = GameStore(tmp_path / "games.sqlite3")
    yield opened
    opened.close()


def test_the_store_writes_ahead_and_syncs_fully(store):
    assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)


def test_appended_events_read_back_in_order(store):
    game = store.create_game("dice")
    store.append(game.id, [a_roll(1, 2)], AT)
    store.append(game.id, [a_roll(3), a_roll(4)], AT)
    records = store.records(game.id, DiceRules.events)
    assert [r.seq for r in records] == [1, 2, 3]
    assert [r.event for r in records] == [a_roll(1, 2), a_roll(3), a_roll(4)]
    assert records[0].at == AT


def test_a_second_connection_sees_every_committed_event(store, tmp_path):
    game = store.create_game("dice")
    store.append(game.id, [a_roll(6)], AT)
    other = sqlite3.connect(tmp_path / "games.sqlite3")
    assert other.execute("SELECT type FROM events").fetchall() == [("dice_rolled",)]


def test_sequence_numbers_continue_after_reopening(store, tmp_path):
    game = store.create_game("dice")
    store.append(game.id, [a_roll(1)], AT)
    store.close()
    again = GameStore(tmp_path / "games.sqlite3")
    (record,) = again.append(game.id, [a_roll(2)], AT)
    assert record.seq == 2
    again.close()


def test_the_last_used_game_is_the_one_resumed(store):
    first = store.create_game("dice")
    second = store.create_game("dice")
    store.append(first.id, [a_roll(5)], datetime.now(UTC))
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
    store.append(game.id, [a_roll(2)], AT)
    store.delete(game.id)
    assert store.games() == []
    assert store._db.execute("SELECT COUNT(*) FROM events").fetchone() == (0,)
    with pytest.raises(GameNotFound):
        store.find("Bridge at Arnhem")


def test_a_failed_append_commits_nothing(store):
    game = store.create_game("dice")
    store.append(game.id, [a_roll(1)], AT)
    with pytest.raises(sqlite3.IntegrityError):
        store.append(game.id + 1, [a_roll(2)], AT)
    assert store.game(game.id).events == 1


def test_raw_records_of_some_types_are_only_those_in_order_and_of_no_types_none(store):
    game = store.create_game("dice")
    store.append(game.id, [a_roll(1), DecisionUndone(target=1), a_roll(2), DecisionRedone(target=1)], AT)
    picked = store.raw_records(game.id, ("decision_redone", "decision_undone"))
    assert [(raw.seq, raw.type) for raw in picked] == [(2, "decision_undone"), (4, "decision_redone")]
    assert list(store.raw_records(game.id, ())) == []
    assert [raw.seq for raw in store.raw_records(game.id)] == [1, 2, 3, 4]
