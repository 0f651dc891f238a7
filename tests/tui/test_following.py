"""A second companion on a data dir another one holds: a read-only view that follows the first."""

import random
import subprocess
import sys
from pathlib import Path

from textual.widgets import DataTable, Static

from companion.dice.rules import DiceRules, RollDice
from companion.dice.spec import DiceSpec
from companion.games.kit.guide import ChooseScenario, ConfirmStep
from companion.games.registry import descriptor
from companion.journal.lock import DataDirLock
from companion.journal.store import GameInfo, GameStore
from companion.session import GameSession
from companion.tui.app import CompanionApp
from companion.tui.conflict_of_heroes.screen import ConflictOfHeroesScreen
from companion.tui.messages import ContinueGame, NewGame
from companion.tui.point_blank.screen import PointBlankScreen
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.saved_games import SavedGamesScreen
from companion.tui.widgets.action_bar import ActionBar
from companion.tui.widgets.status_line import StatusLine
from tests.pilot import settle
from tests.tui.short_game import PlayTurn
from tests.tui.test_footer import footer_text
from tests.tui.test_home import menu, played, progress_read

SIZE = (120, 36)

HOLD_THE_DATA_DIR = """
import sys
from pathlib import Path
from companion.journal.lock import DataDirLock
lock = DataDirLock(Path(sys.argv[1]))
lock.acquire()
lock.record(int(sys.argv[2]))
print("holding", flush=True)
sys.stdin.read()
"""


def companion_process(data_dir: Path, game: int) -> subprocess.Popen[str]:
    """Another process holding the data dir with `game` open, as a companion at the table does, until killed."""
    process = subprocess.Popen([sys.executable, "-c", HOLD_THE_DATA_DIR, str(data_dir), str(game)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "holding\n"
    return process


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


def first_companion(companion):
    """The companion at the table: it holds the data dir and has a dice game open."""
    lock = DataDirLock(companion.data_dir)
    lock.acquire()
    store = GameStore(companion.store.path)  # its own connection to the same games file
    game = store.create_game("dice")
    lock.record(game.id)
    return lock, GameSession(store, game, DiceRules(random.Random(4)))


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


def holding(companion, kind: str, game: GameInfo | None = None):
    """Another companion holds the data dir and has `game` open, or a new game of `kind`."""
    lock = DataDirLock(companion.data_dir)
    lock.acquire()
    game = game or companion.store.create_game(kind)
    lock.record(game.id)
    companion.store.readonly = True
    return lock, game


def said(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_view_refuses_every_command_key_at_once_in_one_line_and_opens_no_form(companion):
    lock, game = holding(companion, "conflict_of_heroes")
    why = f"read-only: another companion (process {lock.holder().pid}) holds the games file"
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConflictOfHeroesScreen)
        for key in ("i", "c", "space", "u", "s", "n", "f", "left_square_bracket"):
            app.clear_notifications()
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen, f"{key} opened {app.screen}"  # no form, not even to refuse its answer
            assert said(app) == [why], key
        assert screen.act("add_unit") == why  # a tap, the palette or a button: the same
        assert companion.store.last_seq(game.id) == 0
    lock.release()


async def test_a_view_offers_no_command_in_its_footer_action_bar_or_palette(companion):
    lock, _ = holding(companion, "conflict_of_heroes")
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = footer_text(app)
        assert "Home" in footer and "Games" in footer
        assert not [word for word in ("Roll", "Undo", "Confirm", "Next") if word in footer]
        assert app.screen.query_one(ActionBar).taps == ()
        assert list(app.screen.palette()) == []  # type: ignore[attr-defined]
    lock.release()


async def test_a_view_takes_what_only_shows_something_and_refuses_a_form_such_a_key_would_open(companion):
    lock, _ = holding(companion, "point_blank")
    why = f"read-only: another companion (process {lock.holder().pid}) holds the games file"
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PointBlankScreen)
        assert [entry[2] for entry in screen.palette()] == ["battlefield", "aeo_table"]
        await pilot.press("B")  # the battlefield grid: a view of the game, nothing decided
        await pilot.pause()
        assert screen.showing_field
        await pilot.press("A")  # before the deck is set, every key asks for it: a form a view cannot save
        await pilot.pause()
        assert app.screen is screen and said(app)[-1] == why
    lock.release()


async def test_in_a_view_escape_and_g_leave_the_followed_game_until_the_other_companion_opens_another(companion):
    lock, game = holding(companion, "conflict_of_heroes")
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConflictOfHeroesScreen)
        await pilot.press("escape")
        app._follow()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("g")
        app._follow()
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        other = companion.store.game(game.id)
        lock.record(None)
        app._follow()
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)  # it left a game the view was not showing
        lock.record(other.id)
        app._follow()
        await pilot.pause()
        assert isinstance(app.screen, ConflictOfHeroesScreen)
    lock.release()


async def test_a_view_of_a_scenarios_setup_refuses_confirm_and_back_and_offers_neither(companion):
    known = descriptor("conflict_of_heroes")
    assert known is not None
    file = known.scenario_files(None)[0]
    game, session = companion.open_game(companion.store.create_game("conflict_of_heroes"))
    session.execute(ChooseScenario(name=file.name, scenario=known.read_scenario(file, game.data)))
    session.close()
    lock, _ = holding(companion, "conflict_of_heroes", session.game)
    why = f"read-only: another companion (process {lock.holder().pid}) holds the games file"
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        guide = app.screen
        assert isinstance(guide, GuideScreen)
        for key in ("c", "u", "y"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is guide and said(app)[-1] == why
        assert guide.session.state.guide.at == 0
        assert not [word for word in ("Confirm", "Back") if word in footer_text(app)]
        assert list(guide.palette()) == []
    lock.release()


async def test_a_view_of_a_scenarios_setup_says_nothing_of_confirm_or_undo_at_any_step(companion):
    known = descriptor("conflict_of_heroes")
    assert known is not None
    file = known.scenario_files(None)[0]
    store = GameStore(companion.store.path)  # the other companion's own connection
    game = known.open(random.Random(), None)
    playing = GameSession(store, store.create_game("conflict_of_heroes"), game.rules)
    playing.execute(ChooseScenario(name=file.name, scenario=known.read_scenario(file, game.data)))
    lock, _ = holding(companion, "conflict_of_heroes", playing.game)
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        guide = app.screen
        assert isinstance(guide, GuideScreen)
        steps = len(guide.game.controller.guide(guide.state).titles)
        for step in range(steps):
            shown = str(guide.query_one("#guide-step", Static).render())
            assert shown.startswith(f"Step {step + 1} of {steps}")
            assert "Confirm" not in shown and "Undo" not in shown, shown
            if step < steps - 1:
                playing.execute(ConfirmStep(step=step))  # the other companion goes on
                app._follow()
                await pilot.pause()
    playing.close()
    store.close()
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


async def test_in_a_view_saved_games_and_home_refuse_a_rename_a_delete_or_a_new_game_before_asking(companion):
    lock, game = holding(companion, "dice")
    why = f"read-only: another companion (process {lock.holder().pid}) holds the games file"
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape", "g")
        await pilot.pause()
        saved = app.screen
        assert isinstance(saved, SavedGamesScreen)
        assert [tap.label for tap in saved.query_one(ActionBar).taps] == ["Open", "Home"]
        for key in ("r", "d", "n"):
            app.clear_notifications()
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is saved, f"{key} asked {app.screen}"
            assert said(app) == [why], key
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        app.clear_notifications()
        app.post_message(NewGame("conflict_of_heroes"))  # home's "New Conflict of Heroes game"
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and said(app) == [why]
        assert companion.store.game(game.id).name == game.name and len(companion.store.games()) == 1
    lock.release()


async def test_in_a_view_continuing_a_kind_whose_latest_game_is_over_is_refused_in_one_line(companion, short_game):
    played(companion, "short", PlayTurn(), 3)
    lock, _ = holding(companion, "dice")
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.clear_notifications()
        app.post_message(ContinueGame("short"))  # chosen before home read that the game is over
        await pilot.pause()
        assert said(app) == [f"read-only: another companion (process {lock.holder().pid}) holds the games file"]
        assert len(companion.store.games()) == 2
    lock.release()


async def test_a_views_saved_games_offer_in_their_footer_and_words_only_what_works_there(companion):
    lock, _ = holding(companion, "dice")
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape", "g")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        footer = footer_text(app)
        assert "Open" in footer and "Home" in footer
        assert [word for word in ("Rename", "Delete", "New game") if word in footer] == []
    lock.release()


async def test_a_views_home_offers_no_new_game_in_its_menu_or_palette(companion):
    lock, _ = holding(companion, "dice")
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await progress_read(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert menu(app) == ["Continue Dice roller Game 1, no rolls yet", "Saved games…"]
        assert [label for label, *_ in app.screen.palette()] == ["Continue Dice roller", "Saved games"]
        assert [help for label, help, *_ in app.screen.palette() if label == "Saved games"] == [
            "Look at the saved games (read only: nothing can be changed here)"]
    lock.release()


async def test_a_view_of_a_data_dir_without_games_does_not_say_n_starts_one(companion):
    lock = DataDirLock(companion.data_dir)
    lock.acquire()
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        assert str(app.screen.query_one("#no-games", Static).render()) == "no saved games yet"
        assert [word for word in ("Rename", "Delete", "New game") if word in footer_text(app)] == []
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
