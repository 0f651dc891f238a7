"""Writing events straight into a games file, through the journal writer's own `write`, for tests
that need a game as an older (or differently behaved) companion would have left it."""

from collections.abc import Sequence
from datetime import UTC, datetime

from companion.journal.events import Event
from companion.journal.record import Record
from companion.journal.store import GameStore
from companion.journal.writer import Batch, write


def append(store: GameStore, game_id: int, events: Sequence[Event]) -> list[Record]:
    at = datetime.now(UTC)
    first = store.last_seq(game_id) + 1
    records = [Record(first + offset, at, event) for offset, event in enumerate(events)]
    db = store._db
    db.execute("BEGIN IMMEDIATE")
    write(db, [Batch(game_id, tuple(records), generation=0)])
    db.execute("COMMIT")
    return records


def name_as_left(store: GameStore, game_id: int, name: str) -> None:
    """A game's name as a companion before the name rule may have left it (`  x`, a line break, a twin)."""
    store._db.execute("UPDATE games SET name = ? WHERE id = ?", (name, game_id))
