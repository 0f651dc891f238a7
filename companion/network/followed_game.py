"""A game played at another table, as its follower's screens see it: read-only, live, public only.

It stands in for a `GameSession` under the same game screens. Its state is the authority's public
state as last received, read through the game's own state adapter (the way a snapshot is read
back), so the screen renders exactly what the authority's state says anyone may see. Anything a
press would decide is refused, visibly, and nothing is ever written.
"""

import json
from datetime import datetime
from typing import Any

from pydantic import JsonValue, ValidationError

from companion.errors import ReadOnlyView, UnreadableGame
from companion.games.rules import Command, Rules
from companion.hardware.controls import Origin
from companion.journal.record import Record
from companion.journal.store import GameInfo
from companion.journal.timeline import describe
from companion.network.messages import StateMessage
from companion.network.messages import describe as describe_problem
from companion.played_game import Settled


class FollowedGame:
    """One table's current game; `update` it with each newer state of the same game."""

    def __init__(self, table: str, message: StateMessage, rules: Rules[Any]) -> None:
        self.table = table
        self.rules = rules
        self.game = _info(message)
        self._state = self._read(message)
        self._seq = message.seq

    def update(self, message: StateMessage) -> bool:
        """Takes a newer state of this game; True when the screen has something new to show."""
        if message.game != self.game.id or message.seq < self._seq:
            return False
        state = self._read(message)
        game = _info(message)
        changed = message.seq != self._seq or state != self._state or game.name != self.game.name
        self._state, self._seq, self.game = state, message.seq, game
        return changed

    # What the screens read

    @property
    def state(self) -> Any:
        return self._state

    @property
    def latest(self) -> Any:
        return self._state

    @property
    def head(self) -> int:
        return self._seq

    @property
    def read_only(self) -> bool:
        return True

    @property
    def can_redo(self) -> bool:
        return False

    def describe(self, record: Record) -> str:
        return describe(record, None, lambda event: self.rules.describe(self._state, event))

    # Presses: refused, and nothing to record

    def submit(self, command: Command, origin: Origin | None = None) -> list[Record]:
        raise ReadOnlyView(f"read-only: following table {self.table}")

    def note_input(self, origin: Origin) -> None:
        """Nothing is recorded in a view: its presses are its own and go nowhere."""

    def settle(self) -> Settled:
        return Settled()

    def wait(self, timeout: float = 30.0) -> bool:
        return True

    def close(self) -> Settled:
        return Settled()

    def _read(self, message: StateMessage) -> Any:
        """The state, read as a snapshot is; refused unless it is exactly what this companion writes
        for it: a state type whose every field has a default (Point Blank's) would read anything,
        `{"foo": 1}` as a fresh game, as unknown keys are dropped and missing ones defaulted."""
        try:
            state = self.rules.state.validate_json(json.dumps(message.state))
        except ValidationError as error:
            raise self._unreadable(describe_problem(error)) from None
        problem = shape_difference(message.state, json.loads(self.rules.state.dump_json(state)))
        if problem:
            raise self._unreadable(problem)
        return state

    def _unreadable(self, problem: str) -> UnreadableGame:
        return UnreadableGame(f"table {self.table}'s game cannot be shown by this companion ({problem}):"
                              " is it a different version?")


def shape_difference(received: JsonValue, written: JsonValue) -> str:
    """The first key `received` has that `written` lacks (`foo: unknown key`), else the first it
    lacks (`deck: Field required`), else "". Keys are compared at every depth, a list's items together:
    the items of a set come in no fixed order."""
    got, wanted = _keys(received), _keys(written)
    if extra := sorted(got - wanted):
        return f"{extra[0]}: unknown key"
    if missing := sorted(wanted - got):
        return f"{missing[0]}: Field required"  # pydantic's words for a required field
    return ""


def _keys(value: JsonValue, path: str = "") -> set[str]:
    """Every object key in `value`, as a dotted path; a list's items share the path `list.*`."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            inner = f"{path}.{key}" if path else key
            found |= {inner, *_keys(item, inner)}
    elif isinstance(value, list):
        for item in value:
            found |= _keys(item, f"{path}.*" if path else "*")
    return found


def _info(message: StateMessage) -> GameInfo:
    at: datetime = message.at
    return GameInfo(message.game, message.name or f"Game {message.game}", message.kind, at, at, message.seq)
