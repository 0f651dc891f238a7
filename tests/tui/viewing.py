"""Two companions on one data dir in tests: the one at the table holding it, and a read-only view following it."""

import random
import subprocess
import sys
from pathlib import Path

from companion.dice.rules import DiceRules
from companion.journal.lock import DataDirLock
from companion.journal.store import GameInfo, GameStore
from companion.session import GameSession
from companion.tui.widgets.status_line import StatusLine

SIZE = (120, 36)

HOLD_THE_DATA_DIR = """
import sys
from pathlib import Path
from companion.journal.lock import DataDirLock
lock = DataDirLock(Path(sys.argv[1]))
lock.acquire()
lock.record(int(sys.argv[2]))
print("holding", flush=True)
sys.stdin.read()
"""


def companion_process(data_dir: Path, game: int) -> subprocess.Popen[str]:
    """Another process holding the data dir with `game` open, as a companion at the table does, until killed."""
    process = subprocess.Popen([sys.executable, "-c", HOLD_THE_DATA_DIR, str(data_dir), str(game)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "holding\n"
    return process


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


def first_companion(companion):
    """The companion at the table: it holds the data dir and has a dice game open."""
    lock = DataDirLock(companion.data_dir)
    lock.acquire()
    store = GameStore(companion.store.path)  # its own connection to the same games file
    game = store.create_game("dice")
    lock.record(game.id)
    return lock, GameSession(store, game, DiceRules(random.Random(4)))


def holding(companion, kind: str, game: GameInfo | None = None):
    """Another companion holds the data dir and has `game` open, or a new game of `kind`."""
    lock = DataDirLock(companion.data_dir)
    lock.acquire()
    game = game or companion.store.create_game(kind)
    lock.record(game.id)
    companion.store.readonly = True
    return lock, game


def said(app) -> list[str]:
    return [n.message for n in app._notifications]
