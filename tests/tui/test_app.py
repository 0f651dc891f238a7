"""Pilot tests of the app: the home screen, resuming, saved games, screenshots, and faults on the UI thread."""

from pathlib import Path

from textual.screen import Screen

from companion.dice.rules import RollDice
from companion.hardware.controls import Control, ControlPressed
from companion.status_part import StatusPart
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.saved_games import SavedGamesScreen
from tests.pilot import comes_true

SIZE = (140, 40)


async def test_a_first_start_shows_the_home_screen(companion):
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, HomeScreen)


async def test_a_start_resumes_the_last_game(companion):
    _, session = companion.resume_or_start("dice")
    session.execute(RollDice())
    session.close()
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, DiceScreen)
        assert app.screen.session.game.id == session.game.id
        assert app.screen.session.state.rolls == 1


async def test_a_start_straight_into_a_game_builds_the_home_screen_only_when_the_players_go_home(companion):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, DiceScreen)
        assert not any(isinstance(screen, HomeScreen) for screen in app.screen_stack)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        companion.mock_presser.press(Control.CONFIRM)
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        assert sum(isinstance(screen, HomeScreen) for screen in app.screen_stack) == 1


async def test_a_screen_with_a_stylesheet_of_its_own_is_styled_by_it_without_the_apps_parsed_again(
        companion, monkeypatch):
    """Textual parses every stylesheet of the app again for a screen's new file: some 15 KB, and a game's
    start parsed them twice."""
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        parsed_again = []
        monkeypatch.setattr(app.stylesheet, "reparse", lambda: parsed_again.append(True))
        companion.mock_presser.press(Control.CONFIRM)  # the dice roller, whose layout is dice.tcss
        await comes_true(pilot, lambda: isinstance(app.screen, DiceScreen))
        await pilot.pause()
        assert parsed_again == []
        assert app.screen.query_one("#stats").outer_size.width == 36


async def test_speech_loads_on_the_first_toggle_when_the_config_leaves_it_off(companion):
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert companion.speaker is None and app.status.speech == StatusPart("speech off")
        await pilot.press("ctrl+s")
        assert companion.speaker is not None and companion.speaker.enabled


async def test_confirm_on_the_home_screen_opens_the_highlighted_game(companion):
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        companion.mock_presser.press(Control.CONFIRM)
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)


async def test_saved_games_can_be_renamed_and_opened(companion):
    companion.resume_or_start("dice")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press("r", *"Kursk", "enter")
        assert companion.store.games()[0].name == "Kursk"
        await pilot.press("enter")
        assert isinstance(app.screen, DiceScreen)
        assert app.screen.session.game.name == "Kursk"


def test_the_games_file_is_shown_from_the_home_directory_when_it_is_there():
    from companion.paths import shorter_path

    games = ".local/share/companion/games.sqlite3"
    assert shorter_path(Path.home() / games) == f"~/{games}"
    assert shorter_path(Path("/srv/games.sqlite3")) == "/srv/games.sqlite3"


class AppThatFails(CompanionApp):
    """A fault nobody planned for, on the app's own thread."""

    def on_mount(self) -> None:
        raise RuntimeError("a fault on the screen")


def test_an_app_that_fails_hands_the_error_to_the_command_and_prints_no_traceback(companion, capfd):
    app = AppThatFails(companion)
    app.run(headless=True, size=SIZE)
    assert isinstance(app.crash, RuntimeError) and app.return_code == 1
    assert capfd.readouterr().err == ""


class ScreenThatFailsAPress(Screen[None]):
    def on_control(self, press: ControlPressed) -> None:
        raise RuntimeError(f"a fault while taking {press}")


class AppThatFailsAPress(CompanionApp):
    """Presses come onto the app's loop straight from the pins' thread, outside any message handler."""

    def on_mount(self) -> None:
        self.call_after_refresh(self.press_on_a_failing_screen)
        self.set_timer(10, self.exit)  # the fault was lost: the test fails rather than hangs

    def press_on_a_failing_screen(self) -> None:
        self.push_screen(ScreenThatFailsAPress())
        self.companion.mock_presser.press(Control.ROLL)


def test_a_fault_while_taking_a_button_press_ends_the_app_as_a_fault_in_a_handler_does(companion, capfd):
    app = AppThatFailsAPress(companion)
    app.run(headless=True, size=SIZE)
    assert isinstance(app.crash, RuntimeError) and app.return_code == 1
    assert str(app.crash) == "a fault while taking roll"
    assert capfd.readouterr().err == ""


class AppPressedWhileEnding(CompanionApp):
    def on_unmount(self) -> None:
        self.companion.mock_presser.press(Control.ROLL)


def test_a_button_pressed_while_the_app_ends_is_dropped_quietly(companion, capfd):
    app = AppPressedWhileEnding(companion, start_kind="dice")
    app.run(headless=True, size=SIZE, auto_pilot=lambda pilot: pilot.exit(None))
    assert app.crash is None and app.return_code == 0
    assert capfd.readouterr().err == ""


def test_a_button_pressed_after_the_app_has_ended_is_dropped_quietly(companion, capfd):
    app = CompanionApp(companion, start_kind="dice")
    app.run(headless=True, size=SIZE, auto_pilot=lambda pilot: pilot.exit(None))
    companion.mock_presser.press(Control.ROLL)  # the buttons are still wired until the companion closes
    assert app.crash is None and app.return_code == 0
    assert capfd.readouterr().err == ""


def test_an_app_that_fails_prints_its_traceback_with_debug(companion, capfd):
    app = AppThatFails(companion, debug=True)
    app.run(headless=True, size=SIZE)
    assert isinstance(app.crash, RuntimeError)
    assert "a fault on the screen" in capfd.readouterr().err


async def take_a_screenshot(pilot) -> None:
    """The palette's Screenshot, chosen as a player would."""
    await pilot.press("ctrl+p")
    await pilot.press(*"screenshot")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("enter")


def said(app) -> list[str]:
    """Everything said, whole, newest first."""
    return [told.message for told in app.said]


async def test_the_palettes_screenshot_is_saved_in_the_data_dir_and_says_where(table):
    """Textual's own saves into ~/Downloads, which Raspberry Pi OS Lite has not (nor has this home)."""
    assert not (Path.home() / "Downloads").exists()
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert [command.title for command in app.get_system_commands(app.screen)].count("Screenshot") == 1
        await take_a_screenshot(pilot)
        folder = table.data_dir / "screenshots"
        assert await comes_true(pilot, lambda: any("screenshot" in message for message in said(app))), said(app)
        (saved,) = folder.iterdir()
        assert said(app)[0] == f"screenshot saved: ~/data/screenshots/{saved.name}"
        picture = saved.read_text()
        assert "Roll" in picture and "Search" not in picture, "the dice roller, not the palette over it"


async def test_a_screenshot_that_cannot_be_saved_says_why(table):
    table.data_dir.mkdir(parents=True, exist_ok=True)
    (table.data_dir / "screenshots").write_text("a file where the folder would be")
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await take_a_screenshot(pilot)
        assert await comes_true(pilot, lambda: any("screenshot" in message for message in said(app))), said(app)
        assert said(app)[0] == f"screenshot not saved: {table.data_dir / 'screenshots'}: File exists"
