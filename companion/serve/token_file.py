"""The access token of `companion web`, kept in the data dir from one start to the next, readable by
its owner only: an address saved on a phone keeps working after a restart, until `--new-token`."""

import os
import re
import secrets
import stat
from pathlib import Path

from companion.errors import ConfigError
from companion.paths import readable

TOKEN_FILE = "web-token"
TOKEN = re.compile(r"[A-Za-z0-9_-]{32,200}")
NEW_TOKEN = "companion web --new-token makes a new one"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def kept_token(data_dir: Path, renew: bool = False) -> str:
    """The token kept in `data_dir`; a new one (kept there) when there is none yet, or when `renew`."""
    path = data_dir / TOKEN_FILE
    if not renew:
        kept = read_token(path)
        if kept is not None:
            return kept
    token = new_token()
    keep_token(path, token)
    return token


def read_token(path: Path) -> str | None:
    """The token in `path`, None when there is no such file. A file others may read, or that holds
    no token, is refused: the first may have given the token away, the second is not ours."""
    try:
        with path.open(encoding="ascii") as file:
            mode = os.fstat(file.fileno()).st_mode
            text = file.read(1024)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ConfigError(f"{readable(path)}: the access token cannot be read: {error.strerror or error}") from None
    except UnicodeDecodeError:
        text = ""
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigError(f"{readable(path)}: other users may read the access token (mode {stat.S_IMODE(mode):04o}):"
                          f" {NEW_TOKEN}, readable by you only")
    token = text.strip()
    if not TOKEN.fullmatch(token):
        raise ConfigError(f"{readable(path)}: holds no access token: {NEW_TOKEN}")
    return token


def keep_token(path: Path, token: str) -> None:
    """Writes `token` to `path` whole or not at all, readable and writable by its owner only."""
    partial = path.with_name(f".{path.name}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        handle = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w", encoding="ascii") as file:
            file.write(token + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, path)
    except OSError as error:
        raise ConfigError(f"{readable(path)}: the access token cannot be kept: {error.strerror or error}") from None
