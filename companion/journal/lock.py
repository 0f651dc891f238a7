"""One app per data dir: an OS lock on `companion.lock`, naming the process that holds it and its open game.

The lock is the kernel's (`flock`), so it goes away with the process, however it ends: a companion
killed mid-game never leaves a stale lock behind. The CLI reads the holder to refuse what would
break the game on screen (deleting it).
"""

import fcntl
import json
import os
from pathlib import Path
from typing import IO, NamedTuple

from companion.errors import DataDirInUse, StorageError

LOCK_FILE = "companion.lock"


class Holder(NamedTuple):
    pid: int
    game: int | None


class DataDirLock:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_FILE
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Holds the data dir, or raises `DataDirInUse` naming the process that does."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (held for the app's life)
        except OSError as error:
            raise StorageError(f"{self.path}: cannot create the lock file: {error.strerror}") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            holder = self.holder()
            who = f"process {holder.pid}" if holder else "another process"
            raise DataDirInUse(f"another companion ({who}) is using {self.folder}: "
                               "close it first, or start this one with --data-dir") from None
        self._file = handle
        self.record(None)

    def record(self, game: int | None) -> None:
        """Says which game is on screen, for the CLI to see."""
        if self._file is None:
            return
        self._file.seek(0)
        self._file.truncate()
        self._file.write(json.dumps({"pid": os.getpid(), "game": game}))
        self._file.flush()

    def holder(self) -> Holder | None:
        """The process holding the data dir (and its game), None when nobody does."""
        try:
            with open(self.path, encoding="utf-8") as handle:
                try:
                    fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
                except BlockingIOError:
                    handle.seek(0)
                    return _holder(handle.read())
                fcntl.flock(handle, fcntl.LOCK_UN)
                return None
        except OSError:
            return None

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _holder(text: str) -> Holder:
    try:
        data = json.loads(text)
        return Holder(int(data["pid"]), data.get("game"))
    except (ValueError, KeyError, TypeError):
        return Holder(0, None)
