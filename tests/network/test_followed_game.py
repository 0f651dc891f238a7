"""A table's game as its follower holds it: the authority's public state read through the game's own
state adapter, refusing every command, never writing anything."""

import json
import random
from datetime import UTC, datetime

import pytest

from companion.dice.rules import DiceRules, RollDice
from companion.errors import ReadOnlyView, UnreadableGame
from companion.games.registry import GAMES
from companion.journal.store import GameStore
from companion.network.followed_game import FollowedGame
from companion.network.messages import StateMessage
from companion.session import GameSession

AT = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


def state_message(session: GameSession, **changes: object) -> StateMessage:
    state, seq = session.committed()
    shown = json.loads(session.rules.state.dump_json(session.rules.public_state(state)))
    message = StateMessage(game=session.game.id, kind="dice", name=session.game.name, seq=seq, at=AT, state=shown)
    return message.model_copy(update=changes)


@pytest.fixture
def played(tmp_path, sessions) -> GameSession:
    store = GameStore(tmp_path / "games.sqlite3")
    session = sessions(store, store.create_game("dice", "Friday night"), DiceRules(random.Random(3)))
    session.execute(RollDice())
    return session


def test_a_followed_game_shows_the_authoritys_state_and_takes_newer_ones(played):
    followed = FollowedGame("club-1", state_message(played), DiceRules(random.Random()))
    assert followed.state == played.state and followed.latest == played.state
    assert (followed.head, followed.game.name, followed.game.kind) == (1, "Friday night", "dice")
    before = state_message(played)
    played.execute(RollDice())
    assert followed.update(state_message(played))
    assert followed.state == played.state and followed.head == 2
    assert not followed.update(before)  # an older state changes nothing
    assert not followed.update(state_message(played))  # nor the same one again


def test_every_command_in_a_followed_game_is_refused_naming_the_table(played):
    followed = FollowedGame("club-1", state_message(played), DiceRules(random.Random()))
    with pytest.raises(ReadOnlyView, match=r"^read-only: following table club-1$"):
        followed.submit(RollDice())
    assert not followed.settle() and followed.wait() and not followed.close()


def test_a_state_this_companion_cannot_read_names_the_table_instead_of_crashing(played):
    unreadable = state_message(played, state={"spec": "twelve dice"})
    with pytest.raises(UnreadableGame, match="table club-1's game cannot be shown by this companion"):
        FollowedGame("club-1", unreadable, DiceRules(random.Random()))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.kind)
def test_only_a_state_with_every_key_this_companion_writes_and_no_other_is_shown(game):
    rules = game.open(random.Random(1), None).rules
    written = json.loads(rules.state.dump_json(rules.public_state(rules.initial())))
    message = StateMessage(game=1, kind=game.kind, seq=0, at=AT, state=written)
    assert FollowedGame("club-7", message, rules).state == rules.public_state(rules.initial())
    first = sorted(written)[0]
    refused = "^table club-7's game cannot be shown by this companion \\({}\\): is it a different version\\?$"
    for state, problem in (({**written, "foo": 1}, "foo: unknown key"),
                           ({key: value for key, value in written.items() if key != first}, f"{first}: Field required"),
                           ({"foo": 1}, ".*")):  # a game whose state has required fields says one of them
        with pytest.raises(UnreadableGame, match=refused.format(problem)):
            FollowedGame("club-7", message.model_copy(update={"state": state}), rules)
