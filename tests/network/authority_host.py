"""Run as a separate process by the table network's tests: the companion app itself, headless, as a
table's authority (the config names the broker), with a game of `KIND` open, until it is killed."""

import sys
from pathlib import Path

from companion.bootstrap import bootstrap
from companion.tui.app import CompanionApp

data_dir, config, kind = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
companion = bootstrap(data_dir=data_dir, config_file=config, seed=11, fake_board=False)
companion.lock.acquire()
app = CompanionApp(companion, start_kind=kind)
try:
    app.run(headless=True, size=(100, 30))
finally:
    companion.close()
