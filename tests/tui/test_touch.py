"""The action bar: a tap does exactly what the key does, it offers what can be done now, and it
covers no control at any size."""

import pytest

from companion.dice.spec import DiceSpec
from companion.games.point_blank import builders
from companion.games.point_blank.aeo.commands import SpendAeoCover
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import Order
from companion.games.registry import KINDS
from companion.tui.app import CompanionApp
from companion.tui.messages import NewGame
from companion.tui.point_blank.screen import PointBlankScreen
from companion.tui.screens.all_actions import AllActions
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.game_screen import taps
from companion.tui.screens.saved_games import ChooseKind, SavedGamesScreen
from companion.tui.widgets.action_bar import CLOSE, MAX_ROWS, MORE, ActionBar, rows_of
from companion.tui.widgets.mock_panel import MockPanel
from companion.tui.widgets.spec_form import SpecForm
from companion.tui.widgets.status_line import StatusLine
from tests.pilot import buttons, press, settle, tap
from tests.tui import game_positions
from tests.tui.conftest import SIZES
from tests.tui.screen_text import overlaps


def dice_app(companion, spec: str = "2d6") -> CompanionApp:
    return CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse(spec))




def journal(companion, game_id: int) -> list[tuple[str, object]]:
    """Each event's type and what it carries, leaving out the faces the random source chose."""
    rows = []
    for record in companion.store.raw_records(game_id):
        rows.append((record.type, "generated" if '"generated"' in record.payload else record.payload))
    return rows


async def test_tapping_the_buttons_does_what_the_keys_do(companion):
    async with dice_app(companion).run_test(size=SIZES["100x30"]) as pilot:
        await press(pilot, "space", "4", "2", "u", "n", "e")
        await pilot.press(*"3d6", "enter")
        await settle(pilot)
        keyed = pilot.app.screen.session.game.id
        pilot.app.post_message(NewGame("dice"))
        await settle(pilot)
        tapped = pilot.app.screen.session.game.id
        for name, value in [("roll", None), ("face", 4), ("face", 2), ("undo", None), ("next", None), ("spec", None)]:
            await tap(pilot, name, value)
        await pilot.press(*"3d6", "enter")
        await settle(pilot)
    assert tapped != keyed
    assert journal(companion, tapped) == journal(companion, keyed)
    assert [row[0] for row in journal(companion, tapped)] == [
        "dice_rolled", "face_entered", "dice_rolled", "decision_undone", "spec_chosen", "spec_chosen"]


async def test_the_bar_offers_what_can_be_done_now(companion):
    async with dice_app(companion, "d6").run_test(size=SIZES["100x30"]) as pilot:
        await settle(pilot)
        assert buttons(pilot.app) == ["Roll", "1", "2", "3", "4", "5", "6", "Undo", "Next dice", "Dice…",
                                      "Fair dice?"]  # nothing undone: nothing to redo
        await press(pilot, "space", "u")
        assert "Redo" in buttons(pilot.app)
        await press(pilot, "space")
        assert "Redo" not in buttons(pilot.app), "a new roll ends what redo could put back"
        await press(pilot, "n")  # 2d6: a face keyed, the other still to come
        await press(pilot, "3")
        assert buttons(pilot.app) == ["1", "2", "3", "4", "5", "6", "Erase face", "Undo"]
        await press(pilot, "backspace", "n")
        assert buttons(pilot.app)[1:11] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]  # d10: 0 is 10
        await press(pilot, "e")
        await pilot.press(*"d20", "enter")
        await settle(pilot)
        # A d20 cannot be keyed in: no face buttons.
        assert buttons(pilot.app) == ["Roll", "Undo", "Next dice", "Dice…", "Fair dice?"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("spec", ["2d6", "d10"])
async def test_the_action_bar_covers_no_control_at_any_size(companion, size, spec):
    async with dice_app(companion, spec).run_test(size=SIZES[size]) as pilot:
        await press(pilot, "space", "space", "u")  # every button there is: a roll, and one to redo
        screen = pilot.app.screen
        bar = screen.query_one(ActionBar)
        others = [screen.query_one(MockPanel), screen.query_one(StatusLine), screen.query_one("Footer"),
                  screen.query_one("#records"), screen.query_one("#roll-area")]
        assert bar.region.bottom <= screen.region.bottom
        assert not [other for other in others if overlaps(bar.region, other.region)]
        assert all(bar.region_of(name) is not None for name in ("roll", "undo", "redo", "next", "spec"))
        # A touchscreen's buttons are three rows high; an 80x24 screen keeps its rows for the game.
        assert {placed.region.height for placed in bar._placed} == ({1} if size == "80x24" else {3})


async def test_saved_games_can_be_opened_and_started_by_tapping(companion):
    companion.store.create_game("dice")
    async with CompanionApp(companion).run_test(size=SIZES["100x30"]) as pilot:
        await pilot.press("g")
        assert isinstance(pilot.app.screen, SavedGamesScreen)
        await tap(pilot, "new")
        assert isinstance(pilot.app.screen, ChooseKind)
        await pilot.press("escape")
        await tap(pilot, "open")
        assert isinstance(pilot.app.screen, DiceScreen)


async def point_blank_in_its_impulse(table, pilot) -> PointBlankScreen:
    """The game position with its check abandoned: the impulse's many actions are offered."""
    await settle(pilot)
    await press(pilot, "x")
    screen = pilot.app.screen
    assert isinstance(screen, PointBlankScreen) and screen.state.check is None
    return screen


async def test_more_shows_every_action_of_the_moment_and_a_tap_there_does_what_the_key_does(table):
    game_positions.point_blank(table)
    async with CompanionApp(table, start_kind="point_blank").run_test(size=SIZES["100x30"]) as pilot:
        screen = await point_blank_in_its_impulse(table, pilot)
        bar = screen.query_one(ActionBar)
        assert bar.region_of(MORE.name) is not None and "Correct deck" not in [t.label for t in bar.shown]
        records = len(screen.session.records)
        await tap(pilot, MORE.name)
        assert isinstance(pilot.app.screen, AllActions)
        assert buttons(pilot.app) == [t.label for t in bar.taps] + ["Close"]
        await tap(pilot, CLOSE.name)
        assert pilot.app.screen is screen and len(screen.session.records) == records
        await tap(pilot, MORE.name)
        await tap(pilot, "correct_deck")
        tapped = pilot.app.screen
        await pilot.press("escape")
        await press(pilot, "s")
        assert isinstance(tapped, SpecForm) and tapped.spec.title == pilot.app.screen.spec.title


@pytest.mark.parametrize("size", SIZES)
async def test_every_action_of_point_blank_can_be_tapped_and_the_bar_keeps_to_two_rows(table, size):
    game_positions.point_blank(table)
    async with CompanionApp(table, start_kind="point_blank").run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        checking = screen.query_one(ActionBar)
        assert [t.label for t in checking.shown[:6]] == ["1", "2", "3", "4", "5", "6"], "the pips first in a check"
        screen = await point_blank_in_its_impulse(table, pilot)
        bar = screen.query_one(ActionBar)
        assert bar.taps == taps(screen.tappable())
        assert set(bar.shown) == set(bar.taps) or bar.region_of(MORE.name) is not None
        assert rows_of(bar._placed) <= MAX_ROWS and bar.region.bottom <= screen.query_one(MockPanel).region.y
        assert [t.label for t in bar.shown][:2] == ["End impulse", "Undo"], "the impulse's action is taken"


@pytest.mark.parametrize("size", SIZES)
async def test_on_point_blank_s_full_bar_redo_stands_beside_undo_once_something_is_undone(table, size):
    game_positions.point_blank(table)
    async with CompanionApp(table, start_kind="point_blank").run_test(size=SIZES[size]) as pilot:
        screen = await point_blank_in_its_impulse(table, pilot)
        done = screen.state
        await press(pilot, "u")
        assert screen.session.can_redo and screen.state != done
        bar = screen.query_one(ActionBar)
        shown = [t.label for t in bar.shown]
        assert shown[shown.index("Undo") + 1] == "Redo", "on the bar itself, not behind More…"
        assert size == "160x50" or bar.region_of(MORE.name) is not None, "a full bar"
        await tap(pilot, "redo")
        assert screen.state == done


def fired_at_the_aeos_cover(companion) -> None:
    """The solo game in the players' impulse: the US squad in B2 fires at the AEO's MG team, which
    plays its cover marker against the fire (12.3.3.1); the fire's check waits for its card."""
    game_positions.point_blank_solo(companion, "yours")
    _, session = companion.resume_or_start("point_blank")
    catalog = Catalog.of(KINDS["point_blank"].load_data(None))
    session.execute(Order(units=(3,), action="fire", check=builders.fire(session.state, catalog, (3,), (1,))))
    session.execute(SpendAeoCover())
    session.close()


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_during_a_check_redo_puts_back_the_aeos_cover_undone_from_beside_undo(table, size):
    """Undo may take back the AEO's cover decision during the check it changed, and redo put it
    back: the bar offered no Redo in a check."""
    fired_at_the_aeos_cover(table)
    async with CompanionApp(table, start_kind="point_blank").run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert screen.state.check is not None and screen.state.aeo.cover == 0
        assert "Redo" not in buttons(pilot.app)
        await press(pilot, "u")
        assert screen.state.check is not None and screen.state.aeo.cover == 1, "the cover undone, in the check"
        shown = [t.label for t in screen.query_one(ActionBar).shown]
        assert shown[shown.index("Undo") + 1] == "Redo", shown
        await tap(pilot, "redo")
        assert screen.state.check is not None and screen.state.aeo.cover == 0


REDO_AFTER_UNDO = {
    "take_cover, a keyed d10": ("take_cover", ("5",)),
    "take_cover, Dig In": ("take_cover", ()),
    "deckung, a keyed W10": ("deckung", ("5",)),
    "conflict_of_heroes, a CAP on the roll": ("conflict_of_heroes", ("plus",)),
}
"""Moments where undo leaves something to redo: the game and the keys pressed before `u`."""


@pytest.mark.parametrize(("kind", "keys"), REDO_AFTER_UNDO.values(), ids=REDO_AFTER_UNDO)
async def test_the_bar_offers_redo_wherever_y_would_redo_and_nowhere_else(table, kind, keys):
    getattr(game_positions, kind)(table)
    async with CompanionApp(table, start_kind=kind).run_test(size=SIZES["100x30"]) as pilot:
        await settle(pilot)
        await press(pilot, *keys)
        done = pilot.app.screen.state
        assert "Redo" not in [tap.label for tap in pilot.app.screen.query_one(ActionBar).taps]
        await press(pilot, "u")
        assert pilot.app.screen.state != done
        assert "Redo" in [tap.label for tap in pilot.app.screen.query_one(ActionBar).taps]
        await tap(pilot, "redo")
        assert pilot.app.screen.state == done
