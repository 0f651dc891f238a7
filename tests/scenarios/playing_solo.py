"""Run as a separate process by test_crash: plays Point Blank's tutorial solo on a real data dir,
the AEO on the German side, until the AEO's impulse waits at STAGE (with its first die keyed, for
"roll"), prints what it shows, then waits on stdin until it is killed."""

import os
import random
import sys
from pathlib import Path

from companion.bootstrap import bootstrap
from companion.games.kit.guide import ChooseScenario
from companion.games.point_blank.aeo.progress import stage
from companion.games.registry import descriptor
from tests.point_blank.solo import aeo_step, press, solo_setup

data_dir, target = Path(sys.argv[1]), sys.argv[2]
companion = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), seed=11)
known = descriptor("point_blank")
assert known is not None
(file,) = [file for file in known.scenario_files(data_dir) if file.name == "tutorial"]
game, session = companion.open_game(companion.store.create_game("point_blank"))
session.execute(ChooseScenario(name="tutorial", scenario=known.read_scenario(file, game.data)))
solo_setup(game, session, aeo=2, **{f"pip{pip}": 4 for pip in range(1, 7)})
rng = random.Random(5)


def there() -> bool:
    state = session.state
    turn = state.aeo.impulse if state.aeo is not None else None
    at = stage(state).kind
    if target == "roll":
        return at == "roll" and turn is not None and turn.face is not None
    return at == target and state.check is None


for _ in range(400):
    if there():
        break
    if stage(session.state).kind == "none" and session.state.check is None:
        press(game, session, "end_impulse")
    else:
        aeo_step(game, session, rng)
assert there(), f"the game never reached {target}"
turn = session.state.aeo.impulse
print("at", stage(session.state).kind, turn.pip, turn.face, turn.roll, flush=True)
print("waiting", flush=True)
sys.stdin.readline()
