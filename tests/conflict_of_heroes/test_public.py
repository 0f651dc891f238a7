"""What anyone at the table may see of the events and the state (the log, the table network): a
face-down hit counter stays hidden until something shows it."""

import json

from companion.games.conflict_of_heroes.commands import (
    Activate,
    DeclareAttack,
    DeclareRally,
    Pass,
    RevealCounter,
    Target,
)
from companion.games.conflict_of_heroes.events import (
    CounterPoolsChosen,
    CounterRevealed,
    HitCounterDrawn,
    RallyRolled,
    UnitDestroyed,
)
from companion.games.conflict_of_heroes.hidden import FACE_DOWN
from companion.games.conflict_of_heroes.state import CohState, HitTaken
from companion.session import GameSession
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, only, start_with_turn


def hit_squad(game: GameSession) -> tuple[int, int]:
    """The German HMG hits a Soviet squad once (12 against 12): it draws a counter."""
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    return hmg, squad


def written_public_state(game: GameSession) -> tuple[CohState, str]:
    """The public state, and the state as a follower receives it but the piles (see `public_lines`)."""
    public = game.rules.public_state(game.state)
    written = json.loads(game.rules.state.dump_json(public))
    del written["pools"]
    return public, json.dumps(written)


def hit_on(state: CohState, number: int) -> HitTaken:
    unit = state.unit(number)
    assert unit is not None and unit.hit is not None
    return unit.hit


def public_lines(game: GameSession) -> str:
    """Every event as the table sees it but the piles, which are public (and, holding one kind of
    counter in these tests, would name it by themselves)."""
    return "\n".join(str(game.rules.public(record.event)) for record in game.records
                     if not isinstance(record.event, CounterPoolsChosen))


def test_a_face_down_draw_shows_who_drew_but_not_which_counter(new_game):
    game = new_game(only("pinned"))
    _, squad = hit_squad(game)
    drawn = next(r.event for r in game.records if isinstance(r.event, HitCounterDrawn))
    shown = game.rules.public(drawn)
    assert shown == {"type": "coh_hit_counter_drawn", "unit": squad, "label": "Squad"}
    assert "pinned" not in public_lines(game).lower()
    assert drawn.model_dump()["key"] == "pinned"  # the journal itself keeps it: the owner may peek


def test_a_counter_shown_to_the_opponent_is_public_from_then_on(new_game):
    game = new_game(only("pinned"))
    _, squad = hit_squad(game)
    (record,) = game.execute(RevealCounter(unit=squad))
    assert isinstance(record.event, CounterRevealed)
    assert game.rules.public(record.event)["name"] == "Pinned"


def test_a_killed_counter_is_shown_at_once_and_a_destroyed_units_counter_too(new_game):
    game = new_game(only("killed"))
    hit_squad(game)
    drawn = next(r.event for r in game.records if isinstance(r.event, HitCounterDrawn))
    destroyed = next(r.event for r in game.records if isinstance(r.event, UnitDestroyed))
    assert game.rules.public(drawn)["counter"]["name"] == "Killed"
    assert game.rules.public(destroyed)["counter"] == "Killed"


def test_a_failed_rally_keeps_the_counter_and_its_rally_number_hidden_a_successful_one_shows_them(new_game):
    game = new_game(only("suppressed"))
    _, squad = hit_squad(game)
    game.execute(Activate(unit=squad))
    game.execute(DeclareRally(unit=squad))
    (failed,) = enter(game, 1, 2)
    assert isinstance(failed.event, RallyRolled) and not failed.event.rallied
    assert {"counter", "rally"}.isdisjoint(game.rules.public(failed.event))
    assert "suppressed" not in public_lines(game).lower()
    game.execute(Pass(side=GERMAN))
    game.execute(DeclareRally(unit=squad, caps_paid=3))  # 2 APs left, and 3 CAPs
    (rallied,) = enter(game, 6, 6)
    assert game.rules.public(rallied.event)["counter"] == "Suppressed"


def test_the_public_state_holds_a_face_down_counter_as_a_blank_one_and_reads_back_as_a_state(new_game):
    game = new_game(only("pinned"))
    _, squad = hit_squad(game)
    public, written = written_public_state(game)
    assert hit_on(game.state, squad).key == "pinned"  # the owner's peek still has it
    assert hit_on(public, squad) == FACE_DOWN
    assert "pinned" not in written.lower()
    assert game.rules.state.validate_json(game.rules.state.dump_json(public)) == public


def test_a_counter_shown_to_the_opponent_is_in_the_public_state(new_game):
    game = new_game(only("pinned"))
    _, squad = hit_squad(game)
    game.execute(RevealCounter(unit=squad))
    public, _ = written_public_state(game)
    assert hit_on(public, squad).counter.name == "Pinned"
    assert public == game.state


def test_a_failed_rally_in_the_public_state_stays_failed_and_names_no_counter(new_game):
    game = new_game(only("suppressed"))
    _, squad = hit_squad(game)
    game.execute(Activate(unit=squad))
    game.execute(DeclareRally(unit=squad))
    enter(game, 1, 2)
    public, written = written_public_state(game)
    (failed,) = public.last_rolls
    assert isinstance(failed, RallyRolled) and not failed.rallied
    assert "suppressed" not in written.lower()
