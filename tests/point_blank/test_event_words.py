"""Point Blank's events as the screen says them (undo and redo notices): sides, units, Sectors and
terrain cards by their names, where the log keeps their numbers."""

import re
from typing import get_args

import pytest

from companion.bootstrap import bootstrap
from companion.games.point_blank import events as pb
from companion.games.point_blank.checks.battlefield import Smoke
from companion.games.point_blank.commands import FatigueVia
from companion.games.point_blank.event_words import FATIGUE_BY, ORDERED_BY
from companion.games.point_blank.fatigue import Via
from companion.games.point_blank.rules import PointBlankRules
from tests.tui import game_positions

EVENTS = [
    (pb.CardsDealt(side=2, count=1), "German draws 1 card"),
    (pb.UnitAdjusted(unit=1, changes={"fatigue": 1}), "1st Squad corrected: fatigue 1"),
    (pb.UnitsOrdered(side=1, units=(1, 2), action="move", via="card", destination="B2/1"),
     "Move ordered with an Action card: 1st Squad and Lt Miller towards B2 US"),
    (pb.UnitsOrdered(side=2, units=(5,), action="fire", via="aeo", targets=(3,)),
     "Fire ordered by the AEO: MG 42 against 2nd Squad"),
    (pb.FatigueReduced(side=1, unit=3, via="ready"), "fatigue removed from 2nd Squad by a Ready action"),
    (pb.EventCardPlayed(side=1, name="Sniper"), "US plays Sniper"),
    (pb.CardDiscarded(side=2), "German discards a card"),
    (pb.MarkerSet(marker="smoke", sector="B1/2", present=True), "smoke placed in B1 German"),
    (pb.TerrainPlaced(sector="C1/1", card="woods", from_deck=True), "Woods placed in C1 US from the terrain deck"),
    (pb.TerrainKept(side=1, kept="woods"), "US keeps a Terrain card from its search"),
    (pb.UnitsMoved(units=(4,), sector="B2/2"), "Gruppe Weber entered B2 German"),
    (pb.SectorCorrected(sector="B2/2", card=None), "B2 German corrected: no card"),
    (pb.CheckStarted(check=Smoke(sector="B1/2", mortar=True)), "check: Mortar smoke in B1 German"),
]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The game the screens' snapshot tests show: named units on both halves of the table."""
    wired = bootstrap(data_dir=tmp_path_factory.mktemp("data"), config_file=None, seed=7, env={}, fake_board=False)
    game_positions.point_blank(wired)
    game, session = wired.open_game(wired.store.last_game())
    yield game.rules, session
    session.close()
    wired.close()


@pytest.mark.parametrize(("event", "said"), EVENTS, ids=[event.type for event, _ in EVENTS])
def test_an_event_names_what_it_is_about(played, event, said):
    rules, session = played
    assert rules.describe(session.state, event) == said


def test_no_event_of_a_played_game_is_said_with_a_number_for_a_side_a_unit_or_a_sector(played):
    rules, session = played
    assert isinstance(rules, PointBlankRules)
    for record in session.records:
        said = rules.describe(session.state, record.event)
        assert not re.search(r"\b(side|unit) \d|\b[A-E]\d/\d\b", said), said


def test_every_way_of_ordering_and_of_removing_fatigue_has_words():
    assert set(ORDERED_BY) == set(get_args(Via))
    assert set(FATIGUE_BY) == set(get_args(FatigueVia))
