"""Run as a separate process by test_crash: starts a game from a shipped scenario, confirms the
first STEPS steps of its setup (each form with its defaults), prints each step once it is durable,
then waits on stdin until it is killed."""

import os
import sys
from pathlib import Path

from companion.bootstrap import bootstrap
from companion.games.kit.guide import ChooseScenario
from companion.games.kit.intents import Ask, Run, SaveFile
from companion.games.registry import descriptor

data_dir, kind, name, steps = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
companion = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), seed=11)
known = descriptor(kind)
assert known is not None
(file,) = [file for file in known.scenario_files(data_dir) if file.name == name]
game, session = companion.open_game(companion.store.create_game(kind))
session.execute(ChooseScenario(name=name, scenario=known.read_scenario(file, game.data)))
for _ in range(steps):
    intent = game.controller.press(session.state, "confirm", None, None)
    while isinstance(intent, Ask | SaveFile):
        intent = intent.then if isinstance(intent, SaveFile) else intent.then(intent.form.read({}))
    assert isinstance(intent, Run)
    for command in intent.commands:
        session.execute(command)
    print("at", session.state.guide.at, flush=True)
print("waiting", flush=True)
sys.stdin.readline()
