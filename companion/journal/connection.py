"""Opening the games file: a connection set up for durability, what the file on disk allows, whether
its path still names the file opened, and SQLite's failures in words a player can act on."""

import contextlib
import os
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

from companion.errors import StorageError

BUSY_TIMEOUT_MS = 250
"""How long a statement waits for another program's lock before it gives up and says so."""
NO_ROOM_BYTES = 64 * 1024
"""Free space below which a bare "disk I/O error" is read as a full disk: SQLite grows its files by pages."""


def read_only_reason(path: Path) -> str | None:
    """Why the games file can only be read (a read-only disk, a file or a data dir this user may
    not write: SQLite makes its `-wal` and `-shm` files beside it), or None."""
    try:
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            return "the disk is read-only"
    except OSError:
        return None
    if path.exists() and not os.access(path, os.W_OK):
        return "the games file is read-only"
    if not os.access(path.parent, os.W_OK):
        return "the data dir is read-only"
    return None


FileIdentity = tuple[int, int]
"""A file's device and inode: which file a path names, whatever its name."""

FileStamp = tuple[int, int]
"""A file's size and modification time (ns). SQLite changes the games file itself only when it
checkpoints (a commit goes to its `-wal`), so a stamp that changed otherwise means another
program wrote over the file: `cp backup games.sqlite3` keeps the inode. (SQLite notices none of
it in WAL mode: `PRAGMA data_version` and the change counter in the file's header stay as they
were after such a copy, and the connection reads on from its cache and the `-wal`, mixing the two
files. The change time is left out: a `chmod` or a hard link changes it, not the content.)"""


def file_identity(path: Path) -> FileIdentity | None:
    """The file at `path` as the disk knows it, None when nothing is there."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def file_stamp(path: Path) -> FileStamp | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_size, found.st_mtime_ns


class OpenedFile:
    """The games file a companion opened, as the companion last left it: which file its path named,
    and its stamp after the companion's last commit. Every connection of one companion to the file
    shares one (the saved games', each game's writer, the table network's), so that a checkpoint
    one of them makes is never taken for another program's write by the others."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.identity = file_identity(path)
        self._stamp = file_stamp(path)
        self._lock = threading.Lock()

    def moved(self) -> bool:
        """The path names another file than the one opened, or none."""
        return self.identity is not None and file_identity(self.path) != self.identity

    def let_go_once_moved(self, db: sqlite3.Connection) -> None:
        """`let_go` on `db` once the file has left its path. That checkpoint changes the file, so
        its stamp is taken again when it is back: a file moved away and back plays on."""
        with self._lock:
            if self.moved():
                let_go(db)
                self._stamp = None

    def why_not_ours(self) -> str | None:
        """Why the file at the path is no longer the one the companion opened and left, or None
        while it is. SQLite writes on into a file deleted, replaced or written over as if nothing
        happened: whatever it saved there would be gone when the companion quits, never seen by
        the next one, or mixed into another file."""
        if (gone := not_the_file_opened(self.path, self.identity)) is not None:
            return gone
        if self._stamp is not None and file_stamp(self.path) != self._stamp:
            return (f"{self.path}: another program wrote over the games file: quit, then copy it there again"
                    " to play in it")
        return None

    @contextlib.contextmanager
    def committing(self) -> Iterator[str | None]:
        """Around a commit: why it must not be made (`why_not_ours`), or None; once made, the file
        as it is now (a commit may checkpoint) is the companion's. One commit at a time, so that
        one connection's checkpoint is never read as another program's write by the other."""
        with self._lock:
            refused = self.why_not_ours()
            yield refused
            if refused is None:
                self._stamp = file_stamp(self.path)


def not_the_file_opened(path: Path, opened: FileIdentity | None) -> str | None:
    """Why `path` no longer names the games file that was opened (`opened`), or None while it does."""
    now = file_identity(path)
    if opened is None or now == opened:
        return None
    if now is None:
        # Short enough to be read whole beside the hardware on an 80-column status line.
        return f"{path} is gone: put it back or quit and start anew"
    return f"{path} was replaced: restart to play in it"


def missing(path: Path) -> bool:
    """Nothing at `path` (its folder neither); a file that cannot be looked at is not missing: opening
    it says why."""
    try:
        path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return True
    except OSError:
        return False
    return False


def let_go(db: sqlite3.Connection) -> None:
    """Once the games file has left its path: everything in its `-wal` into the file itself, and the
    `-wal` emptied. SQLite leaves the `-wal` at the path when it closes a file that was moved or
    deleted, and the next file there would read it as its own (a backup put in the games file's
    place came back as the game it replaced)."""
    with contextlib.suppress(sqlite3.Error):  # a read-only connection, or a reader in the way: nothing to do
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def connect(path: Path, *, readonly: bool = False, create: bool = True) -> sqlite3.Connection:
    """A connection set up for durability; raises `StorageError` naming the path and the cause.
    Unless `create`, neither the file nor its folder is made: a file not there is an error."""
    if not readonly and create:
        prepare_folder(path.parent)
    try:
        if readonly:
            mode = "immutable=1" if read_as_it_is(path) else "mode=ro"
            db = sqlite3.connect(f"{path.absolute().as_uri()}?{mode}", uri=True, isolation_level=None,
                                 check_same_thread=False)
        elif create:
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        else:
            db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=rw", uri=True, isolation_level=None,
                                 check_same_thread=False)
        db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        db.execute("PRAGMA foreign_keys=ON")
        if not readonly:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as error:
        raise storage_error(path, error) from None
    return db


def read_as_it_is(path: Path) -> bool:
    """Whether the file must be read as it is, without SQLite's shared-memory file, which it cannot
    make on a read-only disk or in a folder this user may not write. In the folder that is safe only
    while no companion writes (no `-wal` beside the file: everything is in the file); while one does,
    its `-wal` and `-shm` are there for a reader to use."""
    if read_only_reason(path) == "the disk is read-only":
        return True
    return not os.access(path.parent, os.W_OK) and missing(path.with_name(f"{path.name}-wal"))


def prepare_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StorageError(f"{folder}: the data dir is a file, not a folder") from None
    except PermissionError:
        raise StorageError(f"{folder}: cannot create the data dir: permission denied") from None
    except OSError as error:
        raise StorageError(f"{folder}: cannot create the data dir: {error.strerror}") from None


def storage_error(path: Path, error: sqlite3.Error | OSError) -> StorageError:
    """The SQLite (or OS) failure as a line that names the file and what to do about it."""
    said = cause(error)
    if said.lower() == "disk i/o error":
        # SQLite says no more when it cannot grow its -wal or -shm on a full disk (seen opening the
        # games file on a full tmpfs); the disk itself tells which it is.
        said = "the disk is full" if no_room(path) else "disk I/O error: the card or drive may be failing"
    return StorageError(f"{path}: {said}")


def no_room(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.parent).free < NO_ROOM_BYTES
    except OSError:
        return False


def cause(error: sqlite3.Error | OSError) -> str:
    message = str(error).lower()
    if "disk is full" in message or "no space" in message:
        return "the disk is full"
    if "readonly" in message or "read-only" in message:
        return "the games file is read-only"
    if "locked" in message or "busy" in message:
        return "the games file is locked by another program"
    if "not a database" in message or "malformed" in message or "corrupt" in message:
        return "not a companion games file, or it is damaged"
    if "unable to open" in message:
        return "cannot open the games file (check the folder exists and may be written)"
    if "permission" in message or "access" in message:
        return "permission denied"
    return str(error)
