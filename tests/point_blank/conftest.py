"""A Point Blank game on a real games file, with its session closed after the test."""


import pytest

from companion.journal.store import GameStore
from companion.session import GameSession
from tests.point_blank.playing import rules


@pytest.fixture
def session(store: GameStore, sessions) -> GameSession:
    return sessions(store, store.create_game("point_blank"), rules())


@pytest.fixture
def reopen(sessions):
    """The same game opened again from the games file."""
    def again(session: GameSession) -> GameSession:
        return sessions(session.store, session.game, rules())
    return again
