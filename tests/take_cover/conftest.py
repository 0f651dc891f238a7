"""A Take Cover game on a real games file, and the moves that bring its squads to a worked example."""

import random
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from companion.games.kit.faces import EnterFace
from companion.games.registry import descriptor
from companion.games.rules import Command
from companion.games.take_cover.cards import Attachment
from companion.games.take_cover.commands import Advance, Attach, Discard, EndTurn, SetUpGame
from companion.games.take_cover.rules import TakeCoverRules
from companion.games.take_cover.state import TakeCoverState
from companion.journal.record import Record
from companion.journal.store import GameStore
from companion.session import GameSession

DATA = descriptor("take_cover").load_data(None)  # type: ignore[union-attr]

LMG = Attachment(kind="weapon", name="LMG", modifier=1)
HMG = Attachment(kind="weapon", name="HMG", modifier=3)
LEADER = Attachment(kind="leader", name="Leader", modifier=1)
BRUSH = Attachment(kind="terrain", name="Brush", modifier=-1)
WOODS = Attachment(kind="terrain", name="Woods", modifier=-3)
BUILDING = Attachment(kind="terrain", name="Building", modifier=-4)


def rules(seed: int = 5) -> TakeCoverRules:
    return TakeCoverRules(random.Random(seed), DATA)


@pytest.fixture
def session(store: GameStore, sessions) -> GameSession:
    return sessions(store, store.create_game("take_cover"), rules())


@pytest.fixture
def reopen(sessions) -> Callable[[GameStore, GameSession], GameSession]:
    def reopened(store: GameStore, session: GameSession) -> GameSession:
        return sessions(store, store.game(session.game.id), rules(seed=99))

    return reopened


def play(session: GameSession, *commands: Command) -> None:
    for command in commands:
        session.execute(command)


def started(session: GameSession, german: int = 7, russian: int = 3, **options: bool) -> None:
    """Set up, and both sides roll their d10 for the first turn (keyed): German 7 beats Russian 3."""
    play(session, SetUpGame(**options), EnterFace(entered=german), EnterFace(entered=russian))


def alternate(session: GameSession, german: list[Command], russian: list[Command]) -> None:
    """German and Russian actions in turn, German first, each turn ended with Next (drawing up);
    a side with nothing left discards one."""
    for turn in range(max(len(german), len(russian))):
        play(session, german[turn] if turn < len(german) else Discard(count=1), EndTurn())
        play(session, russian[turn] if turn < len(russian) else Discard(count=1), EndTurn())


def fire_example(session: GameSession) -> None:
    """The rulebook's fire example, German to act: German A with LMG (+1), Leader (+1), Brush (−1)
    and two advance markers, opposite Russian C with Woods (−3)."""
    started(session)
    alternate(session,
              [Attach(squad="A", card=LMG), Attach(squad="A", card=LEADER), Attach(squad="A", card=BRUSH),
               Advance(squad="A"), Advance(squad="A")],
              [Attach(squad="C", card=WOODS)])


def folded(*commands: Command, seed: int = 5) -> TakeCoverState:
    """The state after `commands`, from the pure rules alone (no store): for controller and view tests."""
    game = rules(seed)
    state = game.initial()
    seq = 0
    for command in commands:
        for event in game.decide(state, command):
            seq += 1
            state = game.evolve(state, Record(seq, datetime.now(UTC), event), False)
    return state


OPENING = (SetUpGame(), EnterFace(entered=7), EnterFace(entered=3))
"""Set up; German rolls 7, Russian 3: German goes first."""
