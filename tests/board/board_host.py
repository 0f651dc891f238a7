"""Run as a separate process by test_exactly_once: a host that rolls the dice for every board press,
the way the app does (commit the roll with the press's origin, then tell the board it is applied),
printing each press's event id once applied, until it is killed."""

import queue
import sys
import threading
from pathlib import Path

from companion.bootstrap import bootstrap
from companion.dice.rules import RollDice
from companion.hardware.board_link import LinkStatus
from companion.hardware.controls import ControlPressed

data_dir, config = Path(sys.argv[1]), Path(sys.argv[2])
companion = bootstrap(data_dir=data_dir, config_file=config, seed=1, fake_board=False)
_, session = companion.resume_or_start("dice")
presses: queue.SimpleQueue[ControlPressed] = queue.SimpleQueue()
connected = threading.Event()
board = companion.connect_board(presses.put, lambda state: connected.set() if state.status is LinkStatus.CONNECTED
                                else None, companion.store.inputs("board:"))
assert board is not None
# Ready once the board listens to us: it keeps no press made while no host listens.
assert connected.wait(10), "the board never connected"
print("host ready", flush=True)
while True:
    press = presses.get()
    assert press.origin is not None
    session.execute(RollDice(), origin=press.origin)
    board.applied(press.origin)
    print(press.origin.number, flush=True)
