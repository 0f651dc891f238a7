"""A game's state kept beside its journal: snapshots written and read back, and a saved game's state as it stands."""

from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Any

from companion.games.rules import Rules
from companion.journal.events import DecisionRedone, DecisionUndone
from companion.journal.store import GameInfo, GameStore
from companion.journal.timeline import SavedTimeline, Timeline


@dataclass(frozen=True, slots=True)
class Layer:
    """A state with its timeline, as of `seq`."""

    state: Any
    timeline: Timeline
    seq: int


def state_format(rules: type[Rules[Any]]) -> str:
    """Names the shape of a game's state: a snapshot is used only by code that wrote the same shape.
    (`tests/test_game_kit.py` fails when a state's shape changes and its version does not.)"""
    return f"{rules.kind}:{rules.state_version}"


def stored_snapshot(store: GameStore, game_id: int, rules: Rules[Any], before: int | None = None) -> Layer | None:
    """The game's newest snapshot in this code's state format (older than `before`, when given), or None."""
    stored = store.latest_snapshot(game_id, state_format(type(rules)), before)
    if stored is None:
        return None
    try:
        state = rules.state.validate_json(stored.state)
        timeline = Timeline.load(SavedTimeline.model_validate_json(stored.timeline))
    except ValueError:
        return None  # a damaged snapshot is only a lost shortcut: fold the records instead
    return Layer(state, timeline, stored.seq)


def snapshot_dumper(rules: Rules[Any], layer: Layer) -> Callable[[], tuple[str, str]]:
    """Writes `layer` as a snapshot's state and timeline, when the journal's writer calls it."""
    adapter = rules.state

    def dump() -> tuple[str, str]:
        return adapter.dump_json(layer.state).decode(), layer.timeline.dump().model_dump_json()

    return dump


def state_as_it_stands(store: GameStore, game: GameInfo, rules: Rules[Any], voided: Container[int]) -> Any:
    """A saved game's state from its newest snapshot and the records after it, folded with `voided`,
    the decisions undone in the end, for a reader that knows them (`companion log`). The timeline is
    not read: a session's, of 100,000 decisions, took the log's peak RSS from 38 to 48 MiB."""
    stored = store.latest_snapshot(game.id, state_format(type(rules)))
    try:
        state, seq = (rules.state.validate_json(stored.state), stored.seq) if stored else (rules.initial(), 0)
    except ValueError:
        state, seq = rules.initial(), 0  # a damaged snapshot is only a lost shortcut, as in a session
    for record in store.records(game.id, rules.events, after=seq):
        if not isinstance(record.event, DecisionUndone | DecisionRedone):
            state = rules.evolve(state, record, record.seq in voided)
    return state
