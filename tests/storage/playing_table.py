"""Run as a separate process by test_crash: plays the dice roller without end (rolls, keyed faces,
undo, redo, other dice), printing each record once it is durable, until it is killed."""

import os
import random
import sys
from pathlib import Path

from companion.bootstrap import bootstrap
from companion.dice.rules import ChooseSpec, RollDice
from companion.dice.spec import DiceSpec
from companion.errors import CompanionError
from companion.games.kit.faces import EnterFace
from companion.games.rules import Redo, Undo

data_dir, seed = Path(sys.argv[1]), int(sys.argv[2])
companion = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), seed=seed)  # no config
_, session = companion.resume_or_start("dice")
choose = random.Random(seed)
while True:
    pick = choose.random()
    if pick < 0.55:
        command = RollDice()
    elif pick < 0.75:
        command = EnterFace(entered=choose.randint(1, 6))
    elif pick < 0.87:
        command = Undo()
    elif pick < 0.97:
        command = Redo()
    else:
        command = ChooseSpec(spec=DiceSpec.parse(choose.choice(["d6", "2d6", "3d6"])))
    try:
        records = session.execute(command)
    except CompanionError:
        continue  # nothing to undo, a half-entered roll, ...: refused, nothing written
    for record in records:
        print(record.seq, record.event.model_dump_json(), flush=True)
