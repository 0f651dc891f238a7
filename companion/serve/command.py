"""What each browser session of `companion web` runs: one process per tab, started through the shell."""

import argparse
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class ServedCommand:
    """A program for one browser session, and what it adds to the environment."""

    argv: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=dict)
    title: str = "companion"

    def shell_line(self) -> str:
        """textual-serve starts each session through the shell, so the words are quoted for it."""
        settings = [f"{name}={value}" for name, value in self.env.items()]
        return shlex.join(["env", *settings, *self.argv] if settings else list(self.argv))


def served_command(args: argparse.Namespace) -> ServedCommand:
    """The session program for `companion web`, passing on `--data-dir` and `--config`.

    For now the dice roller on the same data dir, on mock pins and the fake board, so a browser tab
    never takes the table's GPIO pins or serial board from the app on the console.
    """
    argv = [sys.executable, "-m", "companion"]
    for option, value in (("--data-dir", getattr(args, "data_dir", None)), ("--config", getattr(args, "config", None))):
        if value is not None:
            argv += [option, str(Path(value).resolve())]
    return ServedCommand((*argv, "dice"), env={"GPIOZERO_PIN_FACTORY": "mock", "COMPANION_FAKE_BOARD": "1"})
