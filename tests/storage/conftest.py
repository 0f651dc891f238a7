"""A real small disk (tmpfs) to fill up, and a second program's lock on the games file."""

import os
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on its own 256 KiB tmpfs: SQLite gets the kernel's real "no space left" there.
    Mounting needs root (CI and this project's dev machines run as root)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    assert mounted.returncode == 0, f"a full-disk test needs to mount a tmpfs: {mounted.stderr.strip()}"
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path, room: int = 0) -> Callable[[], None]:
    """Fills the disk with a ballast file but for `room` bytes (whole pages); the returned function
    frees it again."""
    ballast = folder / "ballast"
    handle = os.open(ballast, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(handle, b"\0" * 4096):
            pass
    except OSError:
        pass  # no space left: that was the point
    finally:
        os.close(handle)
    if room:
        os.truncate(ballast, ballast.stat().st_size - room)
    return ballast.unlink


def room_for_one_more_frame(wal: Path) -> int:
    """The bytes the disk must keep free for the -wal to take one more page (a game's row in the games
    table), never two (a game's row and its first events, in another table)."""
    page, frame = 4096, 4096 + 24
    return -(-(wal.stat().st_size + frame) // page) * page - wal.stat().st_blocks * 512


@pytest.fixture
def other_program() -> Iterator[Callable[[Path], sqlite3.Connection]]:
    """Another program holding a write transaction on a games file, until the test lets go."""
    held: list[sqlite3.Connection] = []

    def hold(path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("BEGIN IMMEDIATE")
        held.append(db)
        return db

    yield hold
    for db in held:
        if db.in_transaction:
            db.execute("ROLLBACK")
        db.close()
