"""What each browser tab of `companion web` runs: a program of its own per tab."""

import argparse
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.config import load_user_config
from companion.errors import ConfigError


@dataclass(frozen=True)
class ServedCommand:
    """A program for one browser tab, and what it adds to the environment."""

    argv: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=dict)
    title: str = "companion"
    debug: bool = False
    """Whether what the program says of an error goes to the server's log whole (its traceback)."""


def served_command(args: argparse.Namespace, env: Mapping[str, str] = os.environ) -> ServedCommand:
    """`companion follow` for the config's table (`--config` passed on): each tab is a follower of
    the table network, read only, with no games file, pins, board or speech of its own, so a
    browser never takes anything from the companion at the table. Raises `ConfigError` when the
    config names no broker."""
    named = getattr(args, "config", None)
    config = load_user_config(named, env)
    table = config.table
    if not table.enabled or table.name is None:
        raise ConfigError("companion web shows the table network's game: set broker and name in the config's"
                          " [table] (see docs/table_network.md)")
    debug = bool(getattr(args, "debug", False))
    argv = [sys.executable, "-m", "companion"]
    if named is not None:
        argv += ["--config", str(Path(named).resolve())]
    if debug:
        argv += ["--debug"]
    return ServedCommand((*argv, "follow", "--table", table.name), title=f"companion: table {table.name}",
                         debug=debug)
