"""A Deckung helper on a real games file."""

import random
from collections.abc import Callable

import pytest

from companion.games.deckung.rules import DeckungRules
from companion.games.registry import descriptor
from companion.journal.store import GameStore
from companion.session import GameSession

DATA = descriptor("deckung").load_data(None)  # type: ignore[union-attr]


def rules(seed: int = 5) -> DeckungRules:
    return DeckungRules(random.Random(seed), DATA)


@pytest.fixture
def session(store: GameStore, sessions) -> GameSession:
    return sessions(store, store.create_game("deckung"), rules())


@pytest.fixture
def reopen(sessions) -> Callable[[GameStore, GameSession], GameSession]:
    def reopened(store: GameStore, session: GameSession) -> GameSession:
        return sessions(store, store.game(session.game.id), rules(seed=99))

    return reopened
