"""A Conflict of Heroes game on a real SQLite store, and helpers to bring it to a given moment."""

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.conflict_of_heroes.commands import (
    Activate, AddUnit, AnnounceInitiative, EnterFace, SetStartingCaps, StartRound,
)
from companion.games.conflict_of_heroes.library import load_units
from companion.games.conflict_of_heroes.rules import ConflictOfHeroesRules
from companion.journal.store import GameStore
from companion.session import GameSession

GERMAN, SOVIET = 1, 2


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    opened = GameStore(tmp_path / "games.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def game(store: GameStore) -> GameSession:
    return GameSession(store, store.create_game("conflict_of_heroes"), ConflictOfHeroesRules(random.Random(5)))


def add(game: GameSession, side: int, label: str, unit_id: str, **changes) -> int:
    profile = load_units()[unit_id]
    if changes:
        profile = profile.model_validate(profile.model_dump() | changes)
    (record,) = game.execute(AddUnit(side=side, label=label, profile=profile))
    return record.event.number


def enter(game: GameSession, *faces: int) -> list:
    """Keys in physical faces; returns the records of the last face, the one completing the roll."""
    records = []
    for face in faces:
        records = game.execute(EnterFace(entered=face))
    return records


def start_with_turn(game: GameSession, side: int, caps: tuple[int, int] = (7, 7)) -> None:
    """Sets the starting CAPs, starts a round and rolls initiative so that `side` goes first, spending none."""
    if game.state.phase == "setup":
        for number, value in enumerate(caps, 1):
            game.execute(SetStartingCaps(side=number, caps=value))
    game.execute(StartRound())
    for announcing in game.state.initiative.order:
        game.execute(AnnounceInitiative(side=announcing, caps=0))
    first, _ = game.state.initiative.order
    winning, losing = (6, 6), (1, 1)
    enter(game, *(winning if first == side else losing), *(losing if first == side else winning))
    assert game.state.turn == side


def activate(game: GameSession, unit: int) -> None:
    game.execute(Activate(unit=unit))
