"""A table that only ever presses the first button the action bar offers, and takes each form as
offered, gets on with its game: the companion's first suggestion is never one it refuses again
and again, nor a form it refuses as offered, nor one that changes nothing."""

import random

import pytest
from textual.widgets import Static

from companion.games.registry import GAMES
from companion.tui.app import CompanionApp
from companion.tui.screens.game_screen import GameScreen
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.widgets.spec_form import Picks, SpecForm
from tests.pilot import settle
from tests.scenarios.test_setup_screen import new_game
from tests.tui.conftest import SIZES
from tests.tui.test_any_presses import Refusals

PRESSES = 80
STUCK = 3
"""The same refusal this many presses in a row: the table would press it for ever."""


def first_offer(screen: GameScreen, rng: random.Random) -> str:
    """The key of the bar's first button; of its face buttons any, as a die or a card shows one."""
    offered = [action for action in screen.tappable() if action.keys]
    assert offered, "the bar offers nothing"
    faces = [action for action in offered if action.name == "face"]
    chosen = rng.choice(faces) if offered[0].name == "face" else offered[0]
    return (chosen.keys or "").split(",")[0]


async def answer_as_offered(pilot, form: SpecForm) -> str:
    """Enter; a form that asks for a tick first (a fire's targets) gets its first one ticked."""
    await pilot.press("enter")
    await settle(pilot)
    if pilot.app.screen is not form:
        return ""
    error = str(form.query_one("#form-error", Static).render())
    if "tick at least one" in error:
        picks = form.query_one("#field-targets", Picks) if form.query("#field-targets") else form.query_one(Picks)
        picks.focus()
        await pilot.press("space", "enter")
        await settle(pilot)
    return str(form.query_one("#form-error", Static).render()) if pilot.app.screen is form else ""


async def press_first_offers(pilot, refusals: Refusals) -> None:
    """Presses as the table would, each the first button offered and the form it opens answered as
    offered, then checks the game got somewhere."""
    rng = random.Random(11)
    said: list[str] = []
    for _ in range(PRESSES):
        screen = pilot.app.screen
        said.append("")
        if not isinstance(screen, SpecForm):
            assert isinstance(screen, GameScreen), screen
            refused = len(refusals)
            await pilot.press(first_offer(screen, rng))
            await settle(pilot)
            if len(refusals) > refused:
                said[-1] = [notice.message for notice in pilot.app._notifications][-1]
        form = pilot.app.screen
        if isinstance(form, SpecForm):
            if error := await answer_as_offered(pilot, form):
                said[-1] = f"{form.spec.title}: {error}"
            if pilot.app.screen is form:
                await pilot.press("escape")
                await settle(pilot)
        assert not said[-1] or said[-STUCK:] != [said[-1]] * STUCK, f"stuck on {said[-1]!r}"
    records = pilot.app._game_screen().session.records
    assert len(records) >= PRESSES // 4, f"the game got nowhere: {said}"


@pytest.mark.parametrize("kind", [game.kind for game in GAMES])
async def test_pressing_only_the_first_button_offered_gets_a_free_game_on(table, kind):
    refusals = Refusals()
    async with CompanionApp(table, start_kind=kind).run_test(size=SIZES["100x30"],
                                                             message_hook=refusals.hook) as pilot:
        await settle(pilot)
        await press_first_offers(pilot, refusals)


@pytest.mark.parametrize("kind_index", [1, 2, 3])
async def test_pressing_only_the_first_button_offered_sets_up_a_scenario_and_gets_it_on(table, kind_index):
    refusals = Refusals()
    async with CompanionApp(table).run_test(size=SIZES["100x30"], message_hook=refusals.hook) as pilot:
        await new_game(pilot, kind_index, scenario_index=1)
        assert isinstance(pilot.app.screen, GuideScreen)
        await press_first_offers(pilot, refusals)
