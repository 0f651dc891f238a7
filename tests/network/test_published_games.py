"""What the authority publishes, read from the games file: events as the public may see them, the
open game's public state, and how far the broker holds each game, kept across a restart."""

import json
import random

from companion.dice.rules import DiceRules, RollDice
from companion.games.conflict_of_heroes.events import HitCounterDrawn
from companion.journal.store import GameStore
from companion.network.games_file import PublishedGames
from tests.conflict_of_heroes.conftest import only, rules
from tests.conflict_of_heroes.test_public import hit_squad


def test_how_far_the_broker_holds_a_game_is_kept_in_the_games_file_across_a_restart(tmp_path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    game = store.create_game("dice")
    published = PublishedGames(path, lambda kind: DiceRules(random.Random()))
    assert published.published_until(game.id) is None
    published.acknowledged(game.id, 0)
    published.acknowledged(game.id, 7)
    published.close()
    again = PublishedGames(path, lambda kind: DiceRules(random.Random()))
    assert again.published_until(game.id) == 7
    again.close()
    store.close()


def test_the_events_go_out_as_the_public_sees_them_in_order_and_no_more_than_asked(tmp_path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    session = sessions(store, store.create_game("conflict_of_heroes"), rules(only("pinned")))
    hit_squad(session)
    published = PublishedGames(path, lambda kind: rules(only("pinned")))
    messages = published.records_after(session.game.id, 0, 100)
    assert [message.seq for message in messages] == list(range(1, session.committed()[1] + 1))
    drawn = next(message for message in messages if message.type == HitCounterDrawn.model_fields["type"].default)
    assert set(drawn.event) == {"type", "unit", "label"}
    assert [message.seq for message in published.records_after(session.game.id, 3, 2)] == [4, 5]
    published.close()


def test_the_state_is_the_open_games_durable_public_state_or_folded_from_the_file_for_another(tmp_path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    session = sessions(store, store.create_game("conflict_of_heroes", "Arnhem"), rules(only("pinned")))
    _, squad = hit_squad(session)
    published = PublishedGames(path, lambda kind: rules(only("pinned")))
    folded = published.public_state(session.game.id)  # not told it is open: folded from the file
    published.playing(session.game, session.rules, session)
    open_one = published.public_state(session.game.id)
    assert folded.state == open_one.state
    assert (open_one.seq, open_one.kind, open_one.name) == (session.committed()[1], "conflict_of_heroes", "Arnhem")
    public = session.rules.state.validate_json(json.dumps(open_one.state))
    assert public == session.rules.public_state(session.state)
    assert public.unit(squad).hit.key == "face_down" and session.state.unit(squad).hit.key == "pinned"
    published.close()


def test_a_dice_game_hides_nothing(tmp_path, sessions):
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    session = sessions(store, store.create_game("dice"), DiceRules(random.Random(2)))
    session.execute(RollDice())
    published = PublishedGames(path, lambda kind: DiceRules(random.Random()))
    published.playing(session.game, session.rules, session)
    state = published.public_state(session.game.id)
    assert session.rules.state.validate_json(json.dumps(state.state)) == session.state
    (rolled,) = published.records_after(session.game.id, 0, 10)
    assert rolled.event == session.records[0].event.model_dump(mode="json")
    published.close()
