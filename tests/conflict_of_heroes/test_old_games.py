"""Conflict of Heroes games saved by the companion before the game kit open with today's code, fold
to what that version folded, and play on (tests/fixtures/README.md)."""

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.conflict_of_heroes.commands import AnnounceInitiative, Pass, Roll, StartRound
from companion.games.conflict_of_heroes.events import CapsSpent, CounterRevealed, RoundStarted
from companion.games.conflict_of_heroes.state import CohState
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.journal.store import GameStore
from tests.conflict_of_heroes.conftest import rules

FIXTURES = Path(__file__).parent.parent / "fixtures"
EXPECTED: dict[str, dict[str, Any]] = json.loads((FIXTURES / "games-v0.expected.json").read_text())
OLD_GAMES = sorted(int(game_id) for game_id, game in EXPECTED.items() if game["kind"] == "conflict_of_heroes")


@pytest.fixture(scope="module")
def old_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameStore]:
    """A copy of the players' old games file: opening it migrates it, and the fixture stays as it was."""
    copy = tmp_path_factory.mktemp("old") / "games.sqlite3"
    shutil.copy(FIXTURES / "games-v0.sqlite3", copy)
    store = GameStore(copy)
    yield store
    store.close()


def summary(state: CohState) -> dict[str, Any]:
    """What the old version's expectations hold for each game."""
    return {
        "phase": state.phase,
        "round": state.round,
        "caps": [side.caps.current for side in state.sides],
        "turn": state.turn,
        "units": [{"number": unit.number, "label": unit.label, "side": unit.side, "status": unit.status,
                   "hit": unit.hit.counter.name if unit.hit else None} for unit in state.units],
    }


def one_more(state: CohState) -> Command:
    """A command the game takes now, whatever moment it was saved at."""
    if state.phase in ("setup", "round_over"):
        return StartRound()
    if state.pending is not None:
        return EnterFace(entered=3) if state.pending.faces else Roll()
    if state.phase == "initiative" and state.initiative is not None and state.initiative.next_side is not None:
        return AnnounceInitiative(side=1 if state.initiative.next_side == 1 else 2, caps=0)
    assert state.turn is not None
    return Pass(side=1 if state.turn == 1 else 2)


def test_the_words_old_events_kept_are_read_as_the_kinds_they_meant(old_store):
    events = [record.event for game_id in OLD_GAMES for record in old_store.records(game_id, rules().events)
              if record.seq <= EXPECTED[str(game_id)]["events"]]  # not what the other tests played on
    assert {event.use for event in events if isinstance(event, CapsSpent)} == {"card", "side_button"}
    assert {event.cause for event in events if isinstance(event, CounterRevealed)} == {"fires", "attacked", "asked"}
    raw = [json.loads(r.payload) for game_id in OLD_GAMES for r in old_store.raw_records(game_id)
           if r.seq <= EXPECTED[str(game_id)]["events"]]
    assert {r["reason"] for r in raw if r["type"] == "coh_caps_spent"} == {"card", "CAP button"}  # as written then


def test_an_old_games_round_starts_read_without_the_refilled_caps_they_did_not_keep(old_store):
    started = [record.event for game_id in OLD_GAMES for record in old_store.records(game_id, rules().events)
               if isinstance(record.event, RoundStarted) and record.seq <= EXPECTED[str(game_id)]["events"]]
    assert started and all(event.caps is None for event in started)
    assert started[0].describe() == f"round {started[0].round}: CAPs refilled, all units fresh"


@pytest.mark.parametrize("game_id", OLD_GAMES)
def test_an_old_game_opens_folds_as_before_and_plays_on(old_store, sessions, game_id):
    expected = EXPECTED[str(game_id)]
    session = sessions(old_store, old_store.game(game_id), rules())
    assert len(session.records) == expected["events"]
    assert summary(session.state) == expected["summary"]
    records = session.execute(one_more(session.state))
    assert records and records[0].seq == expected["events"] + 1
    assert old_store.last_seq(game_id) == records[-1].seq
