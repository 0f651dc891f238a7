"""A Conflict of Heroes game on a real SQLite store, and helpers to bring it to a given moment."""

import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from companion.games.conflict_of_heroes.commands import (
    Activate,
    AddUnit,
    AnnounceInitiative,
    SetStartingCaps,
    StartRound,
)
from companion.games.conflict_of_heroes.data import HIT_COUNTERS, UNITS
from companion.games.conflict_of_heroes.events import UnitAdded
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.library import shipped
from companion.games.conflict_of_heroes.rules import ConflictOfHeroesRules
from companion.games.kit.faces import EnterFace
from companion.journal.events import Event
from companion.journal.record import Record
from companion.journal.store import GameStore
from companion.session import GameSession

GERMAN, SOVIET = 1, 2
SHIPPED = shipped()

NewGame = Callable[..., GameSession]
E = TypeVar("E", bound=Event)


def only(name: str, count: int = 5) -> HitCounterPools:
    """Piles holding just one kind of shipped counter, so a draw is known in advance."""
    counter = SHIPPED.pools.foot[name].model_copy(update={"count": count})
    return HitCounterPools(foot={name: counter}, vehicle={name: counter})


def rules(pools: HitCounterPools | None = None, seed: int = 5) -> ConflictOfHeroesRules:
    """The rules as a game opens them, with these piles in the players' hit counter file."""
    data: dict[str, Any] = {UNITS.name: SHIPPED.units, HIT_COUNTERS.name: pools or SHIPPED.pools}
    return ConflictOfHeroesRules(random.Random(seed), data)


@pytest.fixture
def new_game(store: GameStore, sessions) -> NewGame:
    """A new game whose players' files hold `pools` (the shipped piles when not given)."""

    def start(pools: HitCounterPools | None = None) -> GameSession:
        return sessions(store, store.create_game("conflict_of_heroes"), rules(pools))

    return start


@pytest.fixture
def game(new_game: NewGame) -> GameSession:
    return new_game()


def event(record: Record, kind: type[E]) -> E:
    """The record's event, checked to be a `kind`."""
    assert isinstance(record.event, kind), record.event
    return record.event


def add(game: GameSession, side: int, label: str, unit_id: str, **changes: Any) -> int:
    profile = SHIPPED.units[unit_id]
    if changes:
        profile = profile.model_validate(profile.model_dump() | changes)
    (record,) = game.execute(AddUnit(side=1 if side == 1 else 2, label=label, profile=profile))
    return event(record, UnitAdded).number


def enter(game: GameSession, *faces: int) -> list[Record]:
    """Keys in physical faces; returns the records of the last face, the one completing the roll."""
    records: list[Record] = []
    for face in faces:
        records = game.execute(EnterFace(entered=face))
    return records


def start_with_turn(game: GameSession, side: int, caps: tuple[int, int] = (7, 7)) -> None:
    """Sets the starting CAPs, starts a round and rolls initiative so that `side` goes first, spending none."""
    if game.state.phase == "setup":
        game.execute(SetStartingCaps(side=1, caps=caps[0]))
        game.execute(SetStartingCaps(side=2, caps=caps[1]))
    game.execute(StartRound())
    for announcing in game.state.initiative.order:
        game.execute(AnnounceInitiative(side=announcing, caps=0))
    first, _ = game.state.initiative.order
    winning, losing = (6, 6), (1, 1)
    enter(game, *(winning if first == side else losing), *(losing if first == side else winning))
    assert game.state.turn == side


def activate(game: GameSession, unit: int) -> None:
    game.execute(Activate(unit=unit))
