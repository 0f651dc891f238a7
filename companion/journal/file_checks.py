"""What the games file on disk allows: whether it can be written, and whether its path still names the file opened."""

import os
from pathlib import Path


def read_only_reason(path: Path) -> str | None:
    """Why the games file can only be read (a read-only disk, a read-only file), or None."""
    try:
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            return "the disk is read-only"
    except OSError:
        return None
    if path.exists() and not os.access(path, os.W_OK):
        return "the games file is read-only"
    return None


FileIdentity = tuple[int, int]
"""A file's device and inode: which file a path names, whatever its name."""


def file_identity(path: Path) -> FileIdentity | None:
    """The file at `path` as the disk knows it, None when nothing is there."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def not_the_file_opened(path: Path, opened: FileIdentity | None) -> str | None:
    """Why `path` no longer names the games file that was opened (`opened`), or None while it does.
    SQLite writes on into a deleted or replaced file as if nothing happened: whatever it saved there
    would be gone when the companion quits, or never seen by the next one."""
    now = file_identity(path)
    if opened is None or now == opened:
        return None
    if now is None:
        return (f"{path}: the games file was deleted or moved while in use:"
                " put it back to save again, or quit and start afresh")
    return f"{path}: another file took the games file's place while in use: quit and start again to play on in it"
