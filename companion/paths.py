"""Where the config file and the saved games live, the overrides for both, and paths as a player reads them."""

import argparse
import os
from collections.abc import Mapping
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

from companion.errors import ConfigError

APP_NAME = "companion"


def data_dir(override: Path | None = None, env: Mapping[str, str] = os.environ) -> Path:
    """`--data-dir`, else `COMPANION_DATA_DIR`, else the user data dir. An empty `COMPANION_DATA_DIR`
    is refused, as an empty `--data-dir` is: taken as it is, it would be the current directory; taken
    as unset, the games of the default data dir, either unnoticed."""
    if override is not None:
        return override
    if "COMPANION_DATA_DIR" in env:
        if not env["COMPANION_DATA_DIR"]:
            raise ConfigError("COMPANION_DATA_DIR is empty: set it to a folder, or unset it for the default")
        return Path(env["COMPANION_DATA_DIR"])
    return Path(user_data_dir(APP_NAME))


def named_folder(value: str) -> Path:
    """A folder the user names on the command line: an empty name would quietly be the current directory."""
    if not value:
        raise argparse.ArgumentTypeError("an empty name is no folder (leave the option out for the default)")
    return Path(value)


def config_path(override: Path | None = None, env: Mapping[str, str] = os.environ) -> Path:
    """`--config`, else `COMPANION_CONFIG`, else `config.toml` in the user config dir."""
    if override is not None:
        return override
    if env.get("COMPANION_CONFIG"):
        return Path(env["COMPANION_CONFIG"])
    return Path(user_config_dir(APP_NAME)) / "config.toml"


def config_named(override: Path | None = None, env: Mapping[str, str] = os.environ) -> bool:
    """True when the user named the config file (`--config` or `COMPANION_CONFIG`): it must exist.
    The default file may be absent (then the defaults apply)."""
    return override is not None or bool(env.get("COMPANION_CONFIG"))


def check_named_config(override: Path | None = None, env: Mapping[str, str] = os.environ) -> None:
    """Raises `ConfigError` for a config file the user named that is not there. Every command checks
    it, those that read no config too (`roll`): the same typo is refused the same way everywhere."""
    if not config_named(override, env):
        return
    path = config_path(override, env)
    try:
        path.stat()
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except OSError:
        pass  # there, but not to be read: reading it says why


def games_file(directory: Path) -> Path:
    return directory / "games.sqlite3"


def readable(text: str | Path) -> str:
    """A name or path from the OS as a player can read it: a byte that is not UTF-8 (which reaches
    Python as a lone surrogate, and which neither SQLite nor the screen can take) as `\\xff`."""
    try:
        return str(text).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate that no byte became (not from the OS): its code point
        return str(text).encode("utf-8", "backslashreplace").decode("utf-8")


def shorter_path(path: Path) -> str:
    """`~/...` for a path in the home directory."""
    try:
        return f"~/{path.relative_to(Path.home())}"
    except ValueError:
        return str(path)
