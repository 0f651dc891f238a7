"""Games saved before the game kit open with today's code, fold to what that version showed, and
play on. The games file and what the old code folded from each game are fixtures (see
tests/fixtures/README.md); the file is migrated on a copy, as a player's would be."""

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import RuleViolation
from companion.games.point_blank.commands import EndImpulse, EnterPip
from companion.games.point_blank.event_words import log_lines
from companion.games.point_blank.events import CheckResolved
from companion.games.point_blank.state import PointBlankState
from companion.games.rules import Command, Redo, Undo
from companion.journal.store import GameStore
from tests.point_blank.playing import rules

FIXTURES = Path(__file__).parent.parent / "fixtures"
EXPECTED = {int(game_id): game for game_id, game in
            json.loads((FIXTURES / "games-v0.expected.json").read_text()).items() if game["kind"] == "point_blank"}


@pytest.fixture(scope="module")
def old_games(tmp_path_factory) -> Iterator[GameStore]:
    copy = tmp_path_factory.mktemp("old") / "games.sqlite3"
    shutil.copy(FIXTURES / "games-v0.sqlite3", copy)
    store = GameStore(copy)
    yield store
    store.close()


def summary(state: PointBlankState) -> dict[str, object]:
    """What the old version's test run recorded of each game (the fixture's `summary`)."""
    deck = state.deck
    return {
        "set_up": state.settings is not None, "cards_left": deck.left, "hands": list(deck.hands),
        "unseen": list(deck.unseen), "turn": state.turn, "side": state.side, "impulse": state.impulse,
        "check_pending": state.check is not None, "game_over": state.game_over,
        "units": [{"id": u.id, "name": u.name, "side": u.side, "fatigue": u.fatigue, "shaken": u.shaken,
                   "reduced": u.reduced, "spent": u.spent, "eliminated": u.eliminated} for u in state.units],
    }


def one_more(state: PointBlankState) -> Command | None:
    """The next press of a game that goes on; None for one that is over."""
    if state.game_over:
        return None
    if state.check is not None:
        return EnterPip(pip=1, force=True)
    return EndImpulse()


def test_the_fixture_holds_point_blank_games():
    assert len(EXPECTED) == 33


@pytest.mark.parametrize("game_id", sorted(EXPECTED), ids=[EXPECTED[g]["name"][:60] for g in sorted(EXPECTED)])
def test_an_old_game_opens_folds_as_it_did_and_plays_on(old_games, sessions, game_id):
    info = old_games.game(game_id)
    session = sessions(old_games, info, rules())
    assert summary(session.state) == EXPECTED[game_id]["summary"]
    assert len(session.records) == EXPECTED[game_id]["events"]
    command = one_more(session.state)
    if command is None:  # over: the last turn's end stands, and undo stops there
        with pytest.raises(RuleViolation, match=r"has ended since, and its end stands \(4\.13\)"):
            session.execute(Undo())
        return
    records = session.execute(command)
    assert records and sessions(old_games, info, rules()).state == session.state


def test_an_old_result_kept_its_facts_and_reads_in_todays_words(old_games, sessions):
    """The old version saved a result's words with it; today its findings come from the same pips."""
    game = next(g for g, e in EXPECTED.items() if e["name"].startswith("test_undo_takes_back_a_result"))
    session = sessions(old_games, old_games.game(game), rules())
    resolved = [r.event for r in session.records if isinstance(r.event, CheckResolved)]
    assert resolved[0].outcome.findings[0].kind == "spotted"
    assert resolved[0].outcome.changes[0].changes == {"spotted": True}
    assert "Spotting US Rifle squad in degrading terrain: spotting 2: spotted" in log_lines(session.state)


def test_an_old_sector_in_words_is_that_sector_on_the_units_half_and_takes_the_units_card(old_games, sessions):
    """Before the battlefield a unit kept its sector as text ("B2") and its own terrain card: the
    unit now stands in B2 on its side's half, and that Sector holds the card it stood on."""
    game = next(g for g, e in EXPECTED.items() if e["name"].startswith("test_a_unit_that_fires_spots"))
    state = sessions(old_games, old_games.game(game), rules()).state
    assert [u.sector for u in state.units] == ["B2/1", "B2/1", "C2/1"]
    assert state.battlefield.card("B2/1") == state.battlefield.card("C2/1") == "woods"


@pytest.fixture
def own_copy(tmp_path) -> Iterator[GameStore]:
    """The old games on a copy of their own, for a test that plays on."""
    shutil.copy(FIXTURES / "games-v0.sqlite3", tmp_path / "games.sqlite3")
    store = GameStore(tmp_path / "games.sqlite3")
    yield store
    store.close()


def test_an_old_correction_that_moved_a_unit_moves_it_on_its_half_when_redone(own_copy, sessions):
    game = next(g for g, e in EXPECTED.items() if e["name"].startswith("test_a_unit_moved_on_the_table"))
    session = sessions(own_copy, own_copy.game(game), rules())
    assert session.state.unit(1).sector == ""
    session.execute(Redo())
    assert session.state.unit(1).sector == "A3/1" and session.state.battlefield.card("A3/1") == "woods"
