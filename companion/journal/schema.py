"""The games file's tables and format (`PRAGMA user_version`), and telling a file no companion wrote yet."""

import sqlite3
from pathlib import Path

FORMAT = 2
"""The games file's format, kept in `PRAGMA user_version`. 0 is the first companion's file: games
and events only. 1 adds state snapshots and the inputs applied (for exactly-once presses). 2 adds
what the table network's broker holds of each game (`published`)."""

TABLES = """
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
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    format TEXT NOT NULL,
    state TEXT NOT NULL,
    timeline TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS inputs (
    source TEXT PRIMARY KEY,
    last INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS published (
    game_id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL
);
"""
# `published` outlives a deleted game on purpose: its id stays taken (see `create_game`), so a
# follower never mistakes a new game for an old one it has seen further along.


def not_yet_a_games_file(path: Path) -> bool:
    """Nothing a companion wrote is in it: empty, or an SQLite file without a games table (a file
    of format 0, the first companion's, has one)."""
    try:
        if path.stat().st_size == 0:
            return True
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
        try:
            found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone()
        finally:
            db.close()
    except (OSError, sqlite3.Error):
        return False  # opened as usual, which says what is wrong with it
    return found is None


def no_games() -> sqlite3.Connection:
    """An empty games file in memory: what a command that only reads finds where there is none."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    db.executescript(TABLES)
    db.execute(f"PRAGMA user_version={FORMAT}")
    return db
