"""Run as a separate process by test_resume: rolls without end, printing each roll once committed."""

import os
import sys
from pathlib import Path

from companion.bootstrap import bootstrap
from companion.dice.rules import RollDice

companion = bootstrap(data_dir=Path(sys.argv[1]), config_file=Path(os.devnull))
_, session = companion.resume_or_start("dice")
while True:
    (record,) = session.execute(RollDice())
    print(record.seq, *record.event.faces, flush=True)
