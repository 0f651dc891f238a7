"""`companion board status` and `companion board monitor`: for people wiring a board box."""

import argparse
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from companion.config import load_user_config
from companion.errors import DeviceError
from companion.hardware.board_link import BoardLinkState, LinkStatus

# pyserial and the protocol load only when a board command runs: every `companion` command builds
# this parser, and the app's start-up should not pay for them.


def add_board_commands(commands: argparse._SubParsersAction) -> None:
    """The `board` subcommand and its actions, for the CLI's parser."""
    board = commands.add_parser("board", help="find and test the serial button board")
    actions = board.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    for name, text in (("status", "find the board, shake hands, print its id, versions and capabilities"),
                       ("monitor", "print the board's events as they happen, until Ctrl-C")):
        action = actions.add_parser(name, help=text)
        action.add_argument("--port", help="the board's device (default: the config, else search)")
        action.add_argument("--timeout", type=float, default=5.0,
                            help="seconds to look for a board (status only)")


def run_board_command(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    port = args.port or load_user_config(getattr(args, "config", None)).board.port
    if port is not None and not os.path.exists(port):
        # Said at once: the search would only wait for a device that is not there.
        given = "given by --port" if args.port else "the config's [board] port"
        raise DeviceError(f"{port}: no such device ({given})")
    if args.board_command == "monitor":
        return monitor(port, out)
    return status(port, out, args.timeout)


FREE_THE_PORT = "quit it, or stop the installed service (sudo systemctl stop companion)"
"""What to do about a port another program holds: on a Pi set up with install-service, the app
always holds the board's port."""
ANSWERS = (LinkStatus.CONNECTED, LinkStatus.REFUSED, LinkStatus.BUSY)
"""What ends `board status`'s wait: a board that answered, or a port another program holds."""


def describe(state: BoardLinkState) -> str:
    if state.status is LinkStatus.BUSY:
        return f"{state}: {FREE_THE_PORT}; the board shows here once the port is free"
    if state.status is not LinkStatus.CONNECTED:
        return str(state)
    return (f"board {state.board_id} on {state.port}\n"
            f"  protocol {state.protocol}, firmware {state.firmware}\n"
            f"  capabilities: {', '.join(state.capabilities) or 'none'}"
            + (f"\n  {state.damage.removeprefix('; ')}" if state.damaged_frames else "")
            + (f"\n  {state.bad.removeprefix('; ')}" if state.bad_events else ""))


class LinkChanges:
    """What `board monitor` says of each link change: a board's whole description the first time
    it connects, then one line per change (a reconnect, a counter going up, a loss), so a long
    watch reads as a log instead of the same block over and over."""

    def __init__(self) -> None:
        self.described: tuple | None = None
        self.last: BoardLinkState | None = None

    def line(self, state: BoardLinkState) -> str:
        before, self.last = self.last, state
        if state.status is not LinkStatus.CONNECTED:
            return describe(state)
        board = (state.board_id, state.port, state.protocol, state.firmware, state.capabilities)
        if board != self.described:
            self.described = board
            return describe(state)
        if before is None or before.status is not LinkStatus.CONNECTED:
            return f"board {state.board_id} connected again{state.damage}{state.bad}"
        changes = [text.removeprefix("; ") for text, now, then in (
            (state.damage, state.damaged_frames, before.damaged_frames),
            (state.bad, state.bad_events, before.bad_events)) if now != then]
        return "board: " + "; ".join(changes) if changes else str(state)


def status(port: str | None, out: TextIO, timeout: float = 5.0,
           discover: Callable[[], list[str]] | None = None) -> int:
    """0 when a board answered the handshake, printing what it said; `DeviceError` saying why not otherwise."""
    from drivers.serial_board import SerialBoard, discover_ports

    discover = discover or discover_ports
    answered = threading.Event()
    states: list[BoardLinkState] = []

    def seen(state: BoardLinkState) -> None:
        states.append(state)
        if state.status in ANSWERS:
            answered.set()

    link = SerialBoard(lambda press: None, seen, port=port, discover=discover).start()
    try:
        answered.wait(timeout)
    finally:
        link.stop()
    # The latest answer: a port let go of just after it was found busy does not make it silent.
    last = next((state for state in reversed(states) if state.status in ANSWERS), states[-1])
    if last.status is LinkStatus.CONNECTED:
        print(describe(last), file=out)
        return 0
    if last.status is LinkStatus.REFUSED:
        raise DeviceError(f"board on {last.port} refused: {last.reason}")
    if last.status is LinkStatus.BUSY:
        raise DeviceError(f"{last.reason}: {FREE_THE_PORT}, then try again")
    where = (port or ", ".join(discover())
             or "no candidate ports (/dev/companion-board, /dev/serial/by-id, USB vendor 2E8A)")
    raise DeviceError(f"no board answered within {timeout:.0f} s (looked at: {where})")


def monitor(port: str | None, out: TextIO, stop: threading.Event | None = None,
            discover: Callable[[], list[str]] | None = None) -> int:
    """Prints link changes and every decoded event until Ctrl-C (or `stop` is set)."""
    from drivers.serial_board import SerialBoard, discover_ports

    discover = discover or discover_ports
    stop = stop or threading.Event()
    started = time.monotonic()

    def say(text: str) -> None:
        try:
            print(f"{time.monotonic() - started:9.3f}  {text}", file=out, flush=True)
        except BrokenPipeError:
            stop.set()  # the reader is gone (`| head`): done; the command ends quietly

    changes = LinkChanges()

    def on_state(state: BoardLinkState) -> None:
        say(changes.line(state).replace("\n", "\n" + " " * 11))

    def on_event(event) -> None:
        say(str(event))

    link = SerialBoard(lambda press: None, on_state, port=port, discover=discover,
                       on_board_event=on_event).start()
    try:
        while not stop.wait(0.2):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        link.stop()
    return 0
