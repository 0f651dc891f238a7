"""Every step the AEO can take has its line on the panel, with the names on the table: each outcome
and each reason it gives, with and without the units and Sectors they name."""

from typing import get_args

import pytest

from companion.games.point_blank.aeo.models import Act, Outcome, Reason
from companion.games.point_blank.aeo.view import REASONS, act_line
from tests.point_blank.playing import CATALOG
from tests.point_blank.solo import GRENADIERS, LEUTNANT, PANZER, named, solo_game

TABLE = ((PANZER, 2, "B2", "woods"), (GRENADIERS, 2, "C2", "woods"), (LEUTNANT, 2, "C2", "woods"))


@pytest.fixture
def state(session):
    solo_game(session, *TABLE)
    return session.state


def test_every_reason_the_aeo_gives_has_words():
    assert set(REASONS) == set(get_args(Reason)) - {""}


@pytest.mark.parametrize("outcome", get_args(Outcome))
def test_every_outcome_has_a_line_that_names_the_units_and_sectors(state, outcome):
    panzer, leader = named(state, "Panzer IV"), named(state, "Leutnant")
    action = "leader" if outcome.startswith("leader") else "move"
    acted = Act(index=0, action=action, outcome=outcome, units=(panzer,), sector="B2/2", to="C2/2",
                targets=(named(state, "Grenadiers"),), sectors=("B2/2",), leader=leader, pips=(3,))
    line = act_line(state, CATALOG, acted)
    assert line and "None" not in line and "B2/2" not in line and "C2/2" not in line, line


@pytest.mark.parametrize("outcome", get_args(Outcome))
def test_every_outcome_has_a_line_when_it_names_nothing(state, outcome):
    action = "leader" if outcome.startswith("leader") else "fire"
    assert act_line(state, CATALOG, Act(index=0, action=action, outcome=outcome, reason="no_target"))


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_an_action_that_cannot_be_carried_out_says_why(state, reason):
    line = act_line(state, CATALOG, Act(index=0, action="fire", outcome="impossible", reason=reason))
    assert line.endswith(REASONS[reason]), line
