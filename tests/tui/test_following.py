"""A second companion on a data dir another one holds: a read-only view that follows the first."""

import random

from textual.widgets import DataTable

from companion.dice.rules import DiceRules, RollDice
from companion.dice.spec import DiceSpec
from companion.journal.store import GameStore
from companion.session import GameSession
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.saved_games import SavedGamesScreen
from companion.tui.widgets.action_bar import ActionBar
from companion.tui.widgets.status_line import StatusLine
from tests.pilot import settle
from tests.tui.test_home import menu, progress_read
from tests.tui.viewing import SIZE, companion_process, first_companion, holding, said, status


async def test_the_view_opens_the_game_the_first_companion_plays_and_follows_its_rolls(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert app.screen.session.game.id == playing.game.id
        rolled = [playing.execute(RollDice())[0].event.total for _ in range(3)]
        app._follow()  # what the view's timer does a few times a second
        await pilot.pause()
        assert app.screen.session.state.rolls == 3
        assert app.screen.session.state.last.roll.total == rolled[-1]
        status = str(app.screen.query_one(StatusLine).render())
        assert "READ-ONLY: following the companion of process" in status
        assert app.screen.query_one(ActionBar).taps == ()  # no buttons where every press is refused
    playing.close()
    lock.release()


async def test_the_view_shows_the_new_name_of_the_game_it_follows_renamed_from_the_command_line(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        command_line = GameStore(companion.store.path)  # `companion games rename`, a process of its own
        command_line.rename(playing.game.id, "Friday night")
        command_line.close()
        app._follow()  # what the view's timer does a few times a second
        await pilot.pause()
        assert app.screen.sub_title == "Friday night"
        assert "Friday night" in status(app)
    playing.close()
    lock.release()


async def test_a_press_in_the_view_is_refused_on_screen_and_writes_nothing(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot)
        assert [n.message for n in app._notifications][-1] == (
            f"read-only: another companion (process {lock.holder().pid}) holds the games file")
        assert companion.store.last_seq(playing.game.id) == 0
    playing.close()
    lock.release()


async def test_when_the_first_companion_leaves_its_game_the_view_goes_home(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lock.record(None)
        app._follow()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    playing.close()
    lock.release()


async def test_a_view_whose_companion_was_killed_and_started_again_follows_the_new_one_and_says_so(companion):
    store = GameStore(companion.store.path)
    game = store.create_game("dice")
    killed = companion_process(companion.data_dir, game.id)
    companion.store.readonly = True
    app = CompanionApp(companion, following=companion.lock.holder())
    started_again = None
    playing = GameSession(store, game, DiceRules(random.Random(4)))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            killed.kill()
            killed.wait()
            app._follow()
            await pilot.pause()
            assert "the other companion has quit: start this one again to play" in status(app)
            assert f"process {killed.pid}" not in status(app)
            app.clear_notifications()
            await pilot.press("space")
            assert said(app) == ["read-only: the other companion has quit: start this one again to play"]
            started_again = companion_process(companion.data_dir, game.id)
            playing.execute(RollDice())
            app._follow()
            await pilot.pause()
            assert app.screen.session.state.rolls == 1
            assert "has quit" not in status(app)
            assert f"READ-ONLY: following the companion of process {started_again.pid}" in status(app)
            app.clear_notifications()
            await pilot.press("space")
            assert said(app) == [f"read-only: another companion (process {started_again.pid}) holds the games file"]
    finally:
        for process in (killed, started_again):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
        playing.close()
        store.close()


async def test_a_views_saved_games_say_the_other_companion_has_quit_once_it_has(companion):
    store = GameStore(companion.store.path)
    game = store.create_game("dice")
    store.close()
    other = companion_process(companion.data_dir, game.id)
    companion.store.readonly = True
    app = CompanionApp(companion, following=companion.lock.holder())
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("escape", "g")
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)
            other.kill()
            other.wait()
            app._follow()
            await pilot.pause()
            app.clear_notifications()
            await pilot.press("r")
            await pilot.pause()
            assert said(app) == ["read-only: the other companion has quit: start this one again to play"]
    finally:
        if other.poll() is None:
            other.kill()
            other.wait()


async def test_a_view_started_straight_into_other_dice_keeps_the_dice_and_says_why(companion):
    """`companion dice 3d6` beside another companion ended at once: its dice could not be saved."""
    lock, _ = holding(companion, "dice")
    app = CompanionApp(companion, following=lock.holder(), start_kind="dice", start_spec=DiceSpec.parse("3d6"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert app.screen.session.state.spec == DiceSpec.parse("2d6")
        assert "3d6 not chosen" in said(app)[-1] and "nothing can be saved" in said(app)[-1]
    lock.release()


async def test_a_views_home_and_saved_games_show_what_the_other_companion_commits_as_it_commits_it(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")  # the players look at home while the table plays on
        await progress_read(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert menu(app)[0] == "Continue Dice roller Game 1, no rolls yet"
        playing.execute(RollDice())
        playing.execute(RollDice())
        playing.store.create_game("take_cover")
        app._follow()  # what the view's timer does a few times a second
        await progress_read(pilot)
        assert menu(app)[0] == "Continue Dice roller Game 1, 2 rolls"
        assert "Continue Take Cover Game 2, setting up" in menu(app)
        await pilot.press("g")
        await progress_read(pilot)
        playing.execute(RollDice())
        app._follow()
        await progress_read(pilot)
        table = app.screen.query_one("#games", DataTable)
        assert [str(cell) for cell in table.get_row(str(playing.game.id))][1:4] == ["Game 1", "Dice roller", "3 rolls"]
    playing.close()
    lock.release()


async def test_a_views_home_and_saved_games_taken_down_as_the_app_ends_read_no_games_into_widgets_gone(companion):
    # The view's look at the games file runs on a timer, which can fire while the app ends and its
    # screens' widgets are already removed (seen once in CI: NoMatches from the home menu).
    lock, _ = holding(companion, "dice")
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await progress_read(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        await home.query_one("#home-menu").remove()
        home.refresh_games()
        await pilot.press("g")
        await pilot.pause()
        saved = app.screen
        assert isinstance(saved, SavedGamesScreen)
        await saved.query_one("#games").remove()
        saved.refresh_games()
    lock.release()
