"""Point Blank's tutorial (3.1) from its scenario: the setup steps of 5.0, the companion's terrain
draws made once and shown by name, the Action deck dealt at its step, every unit in the tracker at
the end, a reinforcement arriving in its turn or by a Reinforcement card (8.11), and the last turn
ending the game."""

import pytest

from companion.errors import RuleViolation
from companion.games.kit.guide import ConfirmStep, RevisitStep
from companion.games.kit.intents import Ask, Run
from companion.games.point_blank import setup_terrain
from companion.games.point_blank.battlefield_events import TerrainDrawn
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import AddUnit, EndImpulse, EnterPip, PlayEventCard, RollDie
from companion.games.point_blank.field_view import checklist
from companion.games.point_blank.orders import by_card
from companion.games.point_blank.view import checklist_lines
from companion.games.point_blank.words import title
from companion.games.rules import Redo, Undo
from tests.scenarios.conftest import Started, at, carry_out, confirm, scenario, through, tutorial_with

TUTORIAL = scenario("point_blank", "tutorial")
SMALL_DECK = {"pip1": 2, "pip2": 2, "pip3": 2, "pip4": 2, "pip5": 2, "pip6": 2}
"""Twelve cards: both hands and two more, so a turn ends after two draws."""
RANDOM_SECTORS = ["A2 US", "B2 US", "C2 US", "C4 US", "A2 German", "B2 German", "C2 German", "A4 German"]
RANDOM_KEYS = ["A2/1", "B2/1", "C2/1", "C4/1", "A2/2", "B2/2", "C2/2", "A4/2"]


def drawn(session) -> list[str]:
    """The Sectors the companion drew a card for, by key, in order."""
    return [record.event.sector.key for record in session.records if isinstance(record.event, TerrainDrawn)]


def cards(state) -> dict[str, str | None]:
    return {sector.key: state.battlefield.card(sector.key) for sector in state.battlefield.sectors()}


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
    before = cards(session.state)
    session.execute(RevisitStep(step=1))
    confirm(game, session, {"solo": 2})
    assert cards(session.state) == before and drawn(session) == RANDOM_KEYS
    session.execute(RevisitStep(step=1))
    assert "Solo: the AEO plays German in defensive posture, you play US (12.2)." in \
        game.controller.guide(session.state).step.lines


def test_a_unit_deployed_where_no_terrain_lies_gets_a_card_drawn_for_it(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(3):
        confirm(game, session, {"solo": 0})
    assert drawn(session) == [*RANDOM_KEYS, "B3/1"]
    shown = game.controller.guide(session.state).step
    card = Catalog.of(game.data).terrain_name(setup_terrain.card_in(session.state, "B3/1"))
    assert shown.drawn == (f"B3 US: {card}",) and f"  Lt. Miller in B3 US ({card})" in shown.lines
    assert "  turn 2: German Late squad in A4 German" in shown.lines


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
        ("1st squad", 1, "B2/1"), ("2nd squad", 1, "C2/1"), ("Lt. Miller", 1, "B3/1"),
        ("MG 42 team", 2, "B2/2"), ("Rear guard", 2, "A2/2")]
    assert all(setup_terrain.card_in(state, unit.sector) is not None for unit in state.units)
    assert game.controller.guide(state) is None and "end_impulse" in game.controller.available(state)
    setup_stands = r"setup stands once play starts \(t corrects a unit, T a Sector's card\)"
    with pytest.raises(RuleViolation, match=setup_stands) as refused:
        session.execute(Undo())
    assert "“unit added: Rear guard (German) in A2 German”" in str(refused.value), "in the screen's words"


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
    assert session.state.units[-1].name == "Late squad" and session.state.units[-1].sector == "A4/2"
    lines = checklist_lines(session.state, catalog)
    assert "Victory check: The side that controls the Bridge (B0) at the end of turn 2 wins; if neither does, " \
        "the Germans win." in lines
    assert "Arrived for turn 2, in the unit table: German Late squad in A4 German" in lines
    assert "No objective is controlled yet (2.9)" in lines  # nobody has stood on the Bridge
    for _ in range(100):
        if session.state.game_over:
            break
        session.execute(RollDie(plain=True))
    assert game.rules.finished(session.state)
    assert any(line.startswith("Victory check: ") for line in checklist_lines(session.state, catalog))


def test_the_reinforcement_arriving_at_the_turn_start_stands_with_the_turn_end(start):
    """Undo took the Late squad back (`undo: unit added: Late squad (German) in A4 German`) while
    turn 2 went on: the scenario's arrival is part of the turn end, which stands (4.13)."""
    game, session = start("point_blank", TUTORIAL)
    while session.state.guide.setting_up:
        confirm(game, session, {**SMALL_DECK, "dice": True})
    while session.state.turn_over is None:
        session.execute(RollDie(plain=True))
    before = session.state
    assert before.units[-1].name == "Late squad"
    with pytest.raises(RuleViolation) as refused:
        session.execute(Undo())
    assert str(refused.value) == ("cannot undo “unit added: Late squad (German) in A4 German”: turn 1 has ended "
                                  "since, and its end stands (4.13); correct the table with Edit unit, t, or "
                                  "Marker card, p")
    assert session.state == before, "nothing taken back"
    catalog = Catalog.of(game.data)
    session.execute(AddUnit(template=catalog.units["us_rifle_squad"], side=1))  # the players' own, after it
    session.execute(Undo())
    assert session.state.units == before.units


RESERVES = """
[[forces]]
side = 1
unit = "us_rifle_squad"
name = "Reserve squad"
sector = "C3"
card = [5, 6]

[[forces]]
side = 1
unit = "us_rifle_squad"
name = "Relief squad"
sector = "A3"
card = [1, 2]
"""
"""Two US units on the scenario's Reinforcement Table (8.11): 5-6 brings one, 1-2 the other."""
BIG_DECK = {f"pip{pip}": 4 for pip in range(1, 7)}


def with_reserves(start, tmp_path) -> Started:
    return start("point_blank", tutorial_with(tmp_path, RESERVES))


def named(state, name: str) -> list[str]:
    return [unit.sector for unit in state.units if unit.name == name]


def test_units_on_the_reinforcement_table_are_listed_at_setup_and_not_deployed(start, tmp_path):
    game, session = with_reserves(start, tmp_path)
    for _ in range(3):
        confirm(game, session, {"solo": 0})
    lines = game.controller.guide(session.state).step.lines
    assert lines[-4:-1] == ("Arriving by a Reinforcement card (8.11), on its side's d6:",
                          "  5 or 6: US Reserve squad in C3 US", "  1 or 2: US Relief squad in A3 US")
    while session.state.guide.setting_up:
        confirm(game, session, BIG_DECK)
    assert named(session.state, "Reserve squad") == named(session.state, "Relief squad") == []


def test_a_reinforcement_card_brings_in_the_units_its_d6_shows_once_and_undo_never_draws_again(start, tmp_path):
    game, session = with_reserves(start, tmp_path)
    while session.state.guide.setting_up:
        confirm(game, session, BIG_DECK)
    reinforcement = {"card": "reinforcement"}
    carry_out(session, game.controller.press(session.state, "event", None, None), reinforcement)
    assert title(session.state.check.check) == "Reinforcement card: the scenario's table (8.11)"
    session.execute(EnterPip(pip=3))
    assert session.state.log[-1].outcome.findings[0].kind == "no_reinforcement"
    assert named(session.state, "Reserve squad") == named(session.state, "Relief squad") == []
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    carry_out(session, game.controller.press(session.state, "event", None, None), reinforcement)
    session.execute(EnterPip(pip=6))
    assert named(session.state, "Reserve squad") == ["C3/1"] and setup_terrain.card_in(session.state, "C3/1")
    assert by_card(session.state, 1) == ((7, (1, 2)),)
    left = session.state.deck.left
    while session.state.reinforced:
        session.execute(Undo())
    assert named(session.state, "Reserve squad") == [] and session.state.deck.left == left
    assert by_card(session.state, 1) == ((6, (5, 6)), (7, (1, 2)))
    session.execute(Redo())
    assert session.state.reinforced == {6} and session.state.deck.left == left


def test_a_side_with_no_unit_left_on_the_table_plays_its_event_card_without_being_asked(start, tmp_path):
    game, session = with_reserves(start, tmp_path)
    while session.state.guide.setting_up:
        confirm(game, session, BIG_DECK)
    assert isinstance(game.controller.press(session.state, "event", None, None), Ask)
    session.execute(EndImpulse())
    assert game.controller.press(session.state, "event", None, None) == Run.one(PlayEventCard(name="event card"))
    with pytest.raises(RuleViolation, match="no unit of this side is still to come by a Reinforcement card"):
        session.execute(PlayEventCard(name="Reinforcement", reinforcement=True))


def test_after_setup_the_cards_no_unit_is_next_to_are_the_upkeeps_first_duty_named_under_its_heading(start):
    """6.1.2.4: the tutorial's random cards at C4 (US) and A4 (German) have no unit next to them, so
    the first Upkeep removes them and the bar offers Sector card first. Its reason comes right under
    the Upkeep's heading, where a panel two lines high shows it, not after the seven steps; once
    both cards are off, Sector card no longer leads the bar."""
    game, session = start("point_blank", TUTORIAL)
    through(game, session)
    catalog = game.controller.catalog
    lines = checklist(session.state, catalog)
    assert lines[:2] == ["Upkeep for US (6.1):",
                         "No unit next to these cards: remove them (T, 6.1.2.4): A4 German Clear, C4 US Hill"], lines
    assert next(action.name for action in game.controller.tappable(session.state)) == "sector_card"
    for _ in range(2):
        carry_out(session, game.controller.press(session.state, "sector_card", None, None), {})
    assert not any(line.startswith("No unit next to") for line in checklist(session.state, catalog))
    assert next(action.name for action in game.controller.tappable(session.state)) != "sector_card"
