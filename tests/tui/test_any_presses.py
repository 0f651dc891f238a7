"""Random presses on every game's screen, keys and buttons alike, as players new to the companion
(or a child let loose on the table) would make them: whatever is pressed, the companion does it or
refuses it, never fails, a form taken as offered never closes into a refusal, and the game opened
again is where the table was."""

import asyncio
import random

import pytest
from gpiozero.pins.mock import MockPin
from textual.message import Message
from textual.screen import Screen

from companion.games.registry import GAMES
from companion.tui.app import CompanionApp
from companion.tui.messages import Refused
from companion.tui.screens.game_screen import GameScreen
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.widgets.spec_form import SpecForm
from tests.pilot import settle
from tests.point_blank.playing import SQUAD
from tests.point_blank.solo import GRENADIERS, LEUTNANT, PANZER, solo_game
from tests.scenarios.test_setup_screen import new_game
from tests.tui.conftest import SIZES

PRESSES = 150
FORM_PATIENCE = 10
FORM_KEYS = ("enter",) * 6 + ("down",) * 3 + ("up", "tab", "tab", "shift+tab", "space", "escape", "1", "3", "-")
"""Weighted towards answering: most forms are answered with what they offer, some are changed first."""
ELSEWHERE_KEYS = ("enter", "enter", "down", "down", "up", "escape", "c", "n", "r", "d", "g", "y", "tab")
"""Home, the saved games, a card revealed, the list of every action: mostly taken as offered."""


def next_press(rng: random.Random, screen: Screen, buttons: list[int], patience: int, leave: float) -> str | int:
    """A key's name, or a button's GPIO pin. On a game's screen mostly what its action bar offers
    now, its first buttons most, as a player would, so that the game gets somewhere; sometimes any
    of its keys or buttons at all, and with the chance `leave` the way home or to the saved games. A
    form that has not been answered in `patience` presses is given up."""
    if isinstance(screen, SpecForm):
        return rng.choice(FORM_KEYS) if patience else "escape"
    if not isinstance(screen, GameScreen):
        return rng.choice(ELSEWHERE_KEYS)
    keymap = screen.game.controller.keymap
    offered = [action.keys.split(",")[0] for action in screen.tappable()
               if action.keys]
    chance = rng.random()
    if chance < leave:
        return rng.choice(("escape", "g"))
    if chance < 0.15:
        return rng.choice(buttons)
    if chance < 0.3 or not offered:
        return rng.choice([key for action in keymap if action.keys for key in action.keys.split(",")])
    return rng.choice(offered[:3] if chance < 0.65 else offered)  # the bar puts what matters now first


class Refusals:
    """The refusals said on screen, seen through Textual's message hook (once each, however far they bubble)."""

    def __init__(self) -> None:
        self._seen: dict[int, Refused] = {}

    def hook(self, message: Message) -> None:
        if isinstance(message, Refused):
            self._seen.setdefault(id(message), message)  # kept, so that no other message takes its id

    def __len__(self) -> int:
        return len(self._seen)


def push(pin: MockPin) -> None:
    """Down and up again, on a thread of its own as a real button's edge arrives."""
    pin.drive_low()
    pin.drive_high()


async def press_at_random(pilot, table, mock_factory, refusals: Refusals, seed: int, leave: float = 0.0) -> set[str]:
    """Presses at random, each done or refused before the next; returns the screens they were made on.
    A form's defaults are the table's likeliest answer: taken as offered (Enter before anything
    else), the form either takes it or stays open to say why, and never closes into a refusal."""
    rng = random.Random(seed)
    buttons = [pin for pin, _, _ in table.config.pins.buttons()]
    pressed: list[str | int] = []
    screens: set[str] = set()
    in_front, patience = pilot.app.screen, FORM_PATIENCE
    for _ in range(PRESSES):
        if pilot.app.screen is not in_front:
            in_front, patience = pilot.app.screen, FORM_PATIENCE
        screens.add(type(in_front).__name__)
        press = next_press(rng, in_front, buttons, patience, leave)
        as_offered = isinstance(in_front, SpecForm) and press == "enter" and patience == FORM_PATIENCE
        patience -= 1
        pressed.append(press)
        refused_before = len(refusals)
        if isinstance(press, int):
            await asyncio.to_thread(push, mock_factory.pin(press))
        else:
            await pilot.press(press)
        await settle(pilot)
        assert pilot.app.crash is None and pilot.app.is_running, f"after {pressed}"
        if as_offered and pilot.app.screen is not in_front:
            assert len(refusals) == refused_before, f"{in_front.spec.title!r} taken as offered was refused: {pressed}"
    return screens


async def play_at_random(pilot, table, mock_factory, refusals: Refusals, seed: int) -> None:
    """Presses at random in the game on screen, then checks it opens again as the screen showed it last."""
    await press_at_random(pilot, table, mock_factory, refusals, seed)
    session = pilot.app._game_screen().session
    kinds_of_event = {record.event.type for record in session.records}
    assert len(kinds_of_event) >= 5, f"the presses got nowhere: {kinds_of_event}"  # or this test proves little
    _, reopened = table.open_game(session.game)
    assert reopened.state == session.state, "opened again, the game is where the table was"
    reopened.close()


@pytest.mark.parametrize(("seed", "size"), [(1, "80x24"), (2, "100x30")])
@pytest.mark.parametrize("kind", [game.kind for game in GAMES])
async def test_random_presses_in_free_play_are_done_or_refused_and_never_end_the_app(
        table, mock_factory, kind, seed, size):
    refusals = Refusals()
    async with CompanionApp(table, start_kind=kind).run_test(size=SIZES[size], message_hook=refusals.hook) as pilot:
        await settle(pilot)
        await play_at_random(pilot, table, mock_factory, refusals, seed)


@pytest.mark.parametrize(("kind", "kind_index"), [("point_blank", 1), ("conflict_of_heroes", 2), ("take_cover", 3)])
async def test_random_presses_from_a_scenarios_setup_on_are_done_or_refused_and_never_end_the_app(
        table, mock_factory, kind, kind_index):
    refusals = Refusals()
    async with CompanionApp(table).run_test(size=SIZES["100x30"], message_hook=refusals.hook) as pilot:
        await new_game(pilot, kind_index, scenario_index=1)
        assert isinstance(pilot.app.screen, GuideScreen)
        await play_at_random(pilot, table, mock_factory, refusals, seed=3)


async def test_random_presses_in_a_solo_game_against_the_aeo_are_done_or_refused_and_never_end_the_app(
        table, mock_factory):
    _, session = table.open_game(table.store.create_game("point_blank"))
    solo_game(session, (PANZER, 2, "B2", "woods"), (GRENADIERS, 2, "C2", "woods"), (LEUTNANT, 2, "C2", "woods"),
              (SQUAD, 1, "B2", "clear"), (SQUAD, 1, "A2", "clear"))  # the AEO's impulse first
    session.close()
    refusals = Refusals()
    async with CompanionApp(table).run_test(size=SIZES["100x30"], message_hook=refusals.hook) as pilot:
        await settle(pilot)
        assert pilot.app._game_screen().session.state.aeo is not None
        await play_at_random(pilot, table, mock_factory, refusals, seed=4)


async def test_random_presses_across_the_app_home_saved_games_and_every_game_never_end_it(table, mock_factory):
    refusals = Refusals()
    async with CompanionApp(table).run_test(size=SIZES["100x30"], message_hook=refusals.hook) as pilot:
        await settle(pilot)
        screens = await press_at_random(pilot, table, mock_factory, refusals, seed=5, leave=0.08)
    assert {"HomeScreen", "SavedGamesScreen", "SpecForm"} <= screens and len(screens) >= 6, screens
    for game in table.store.games():
        _, session = table.open_game(game)  # every game the presses made or changed opens
        session.close()
