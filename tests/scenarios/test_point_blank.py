"""Point Blank's tutorial (3.1) from its scenario: the setup steps of 5.0, the companion's terrain
draws made once and shown by name, the Action deck dealt at its step, every unit in the tracker at
the end, a reinforcement arriving in its turn, and the last turn ending the game."""

import pytest

from companion.errors import RuleViolation
from companion.games.kit.guide import ConfirmStep, RevisitStep
from companion.games.kit.intents import Ask
from companion.games.point_blank import setup_terrain
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import RollDie
from companion.games.point_blank.view import checklist_lines
from companion.games.rules import Undo
from tests.scenarios.conftest import at, confirm, scenario, through

TUTORIAL = scenario("point_blank", "tutorial")
SMALL_DECK = {"pip1": 2, "pip2": 2, "pip3": 2, "pip4": 2, "pip5": 2, "pip6": 2}
"""Twelve cards: both hands and two more, so a turn ends after two draws."""
RANDOM_SECTORS = ["US A2", "US B2", "US C2", "US C4", "German A2", "German B2", "German C2", "German A4"]


def drawn(session) -> list[str]:
    return [record.event.sector for record in session.records
            if isinstance(record.event, setup_terrain.SectorCardDrawn)]


def test_the_steps_are_those_of_5_0(start):
    game, session = start("point_blank", TUTORIAL)
    assert game.controller.guide(session.state).titles == (
        "Select the scenario", "Determine sides", "Lay out the battlefield", "Deploy units", "Draw Action cards",
        "Hero markers")


def test_the_layout_places_the_fixed_cards_and_draws_the_random_ones_once_shown_by_name(start):
    game, session = start("point_blank", TUTORIAL)
    session.execute(ConfirmStep(step=0))
    confirm(game, session, {"solo": 0})
    shown = game.controller.guide(session.state).step
    assert "  B0: Bridge" in shown.lines and "  A0: Clear" in shown.lines
    assert [line.split(":")[0] for line in shown.drawn] == RANDOM_SECTORS
    names = {card.name for card in Catalog.of(game.data).terrain.values()}
    assert all(line.split(": ")[1] in names for line in shown.drawn)
    before = dict(session.state.sectors)
    session.execute(RevisitStep(step=1))
    confirm(game, session, {"solo": 2})
    assert dict(session.state.sectors) == before and drawn(session) == RANDOM_SECTORS
    session.execute(RevisitStep(step=1))
    assert "Solo: the AEO plays German, you play US." in game.controller.guide(session.state).step.lines


def test_a_unit_deployed_where_no_terrain_lies_gets_a_card_drawn_for_it(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(3):
        confirm(game, session, {"solo": 0})
    assert drawn(session) == [*RANDOM_SECTORS, "US B3"]
    shown = game.controller.guide(session.state).step
    card = Catalog.of(game.data).terrain_name(setup_terrain.card_in(session.state, "US B3"))
    assert shown.drawn == (f"US B3: {card}",) and f"  Lt. Miller in US B3 ({card})" in shown.lines
    assert "  turn 2: German Late squad in German A4" in shown.lines


def test_the_draws_are_facts_and_the_hands_are_dealt_only_once_the_deck_is_confirmed(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(4):
        confirm(game, session, {"solo": 0})
    assert at(session) == 4
    with pytest.raises(RuleViolation, match="confirm the Action deck first"):
        session.execute(ConfirmStep(step=4))
    assert isinstance(game.controller.press(session.state, "confirm", None, None), Ask)
    confirm(game, session, SMALL_DECK)
    settings = session.state.settings
    assert (settings.turn_limit, settings.hand_size, settings.nationalities) == (2, 5, ("us", "german"))
    assert session.state.deck.hands == (5, 5) and session.state.deck.left == 2
    session.execute(RevisitStep(step=4))
    confirm(game, session)  # dealt already: Confirm goes on
    assert at(session) == 5 and session.state.deck.hands == (5, 5)


def test_at_the_end_every_unit_is_in_the_tracker_on_its_sectors_card_and_setup_stands(start):
    game, session = start("point_blank", TUTORIAL)
    through(game, session)
    state = session.state
    assert [(u.name, u.side, u.sector) for u in state.units] == [
        ("1st squad", 1, "US B2"), ("2nd squad", 1, "US C2"), ("Lt. Miller", 1, "US B3"),
        ("MG 42 team", 2, "German B2"), ("Rear guard", 2, "German A2")]
    assert all(unit.terrain == setup_terrain.card_in(state, unit.sector) for unit in state.units)
    assert game.controller.guide(state) is None and "end_impulse" in game.controller.available(state)
    with pytest.raises(RuleViolation, match="part of the scenario's setup"):
        session.execute(Undo())


def test_the_reinforcement_arrives_with_its_turn_and_the_last_turn_ends_the_game(start):
    game, session = start("point_blank", TUTORIAL)
    while session.state.guide.setting_up:
        confirm(game, session, {**SMALL_DECK, "dice": True})
    catalog = Catalog.of(game.data)
    for _ in range(100):
        if session.state.turn_over is not None:
            break
        session.execute(RollDie(plain=True))
    assert session.state.turn == 2
    assert session.state.units[-1].name == "Late squad" and session.state.units[-1].sector == "German A4"
    lines = checklist_lines(session.state, catalog)
    assert "Victory check: The side that controls the Bridge (B0) at the end of turn 2 wins; if neither does, " \
        "the Germans win." in lines
    assert "Arrived for turn 2, in the unit table: German Late squad in German A4" in lines
    for _ in range(100):
        if session.state.game_over:
            break
        session.execute(RollDie(plain=True))
    assert game.rules.finished(session.state)
    assert any(line.startswith("Victory check: ") for line in checklist_lines(session.state, catalog))
