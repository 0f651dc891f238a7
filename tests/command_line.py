"""Running the `companion` command in tests as a person would, and a dice game saved for it to read."""

import os
import subprocess
import sys
from pathlib import Path

from companion.bootstrap import bootstrap
from companion.dice.rules import EnterFace, RollDice
from companion.games.rules import Undo


def companion(*args: str, data_dir=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}
    if data_dir is not None:
        env["COMPANION_DATA_DIR"] = str(data_dir)
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env)


def played_dice_game(data_dir, seed: int, rolls: int, keyed: tuple[int, ...] = ()):
    """A new dice game of generated 2d6 rolls, keyed-in physical faces, and one roll undone; its rolls in force."""
    wired = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), seed=seed, env={})
    _, session = wired.open_game(wired.store.create_game("dice"))
    for _ in range(rolls):
        session.execute(RollDice())
    for face in keyed:
        session.execute(EnterFace(entered=face))
    session.execute(RollDice())
    session.execute(Undo())
    in_force = [entry.roll for entry in session.state.recent if not entry.voided]
    wired.close()
    return in_force
