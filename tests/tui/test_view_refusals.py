"""A view of another companion's game refuses what would change it, in one line, and offers only what works there."""

import random

from textual.widgets import Static

from companion.games.kit.guide import ChooseScenario, ConfirmStep
from companion.games.registry import descriptor
from companion.journal.lock import DataDirLock
from companion.journal.store import GameStore
from companion.session import GameSession
from companion.tui.app import CompanionApp
from companion.tui.conflict_of_heroes.screen import ConflictOfHeroesScreen
from companion.tui.messages import ContinueGame, NewGame
from companion.tui.point_blank.screen import PointBlankScreen
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.saved_games import SavedGamesScreen
from companion.tui.widgets.action_bar import ActionBar
from tests.tui.short_game import PlayTurn
from tests.tui.test_footer import footer_text
from tests.tui.test_home import menu, played, progress_read
from tests.tui.viewing import SIZE, holding, said


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
        assert [label for label, *_ in app.screen.palette()] == ["Continue Dice roller", "Saved games (g)"]
        assert [help for label, help, *_ in app.screen.palette() if label == "Saved games (g)"] == [
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
