"""Saved games: every game with its progress, and renaming and deleting them."""

import re

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.widgets import DataTable, Input, Static

from companion.cli import run_command_line
from companion.tui.app import CompanionApp
from companion.tui.screens.saved_games import AskText, SavedGamesScreen
from tests.journal_rows import name_as_left
from tests.network.tables import until
from tests.pilot import buttons, comes_true, press, settle
from tests.tui.conftest import SIZES
from tests.tui.screen_text import painted, painted_rows

SIZE = (100, 30)


async def progress_read(pilot) -> None:
    """Waits for the worker that reads each game's progress, and for the list to show it."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def rows(app: CompanionApp) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[cell.plain if isinstance(cell, Text) else str(cell) for cell in table.get_row_at(index)]
            for index in range(table.row_count)]


async def test_saved_games_count_only_the_rolls_in_force(table):
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space", "space", "space", "u", "u")
        await pilot.press("g")
        await progress_read(pilot)
        assert isinstance(app.screen, SavedGamesScreen)
        assert [row[3] for row in rows(app)] == ["1 roll"]


@pytest.mark.parametrize("size", SIZES)
async def test_the_column_headings_stand_apart_even_over_short_cells(table, size):
    """One dice game of one roll: "1 roll" is shorter than "progress", whose column is no wider."""
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZES[size]) as pilot:
        await press(pilot, "space")
        await pilot.press("g")
        await progress_read(pilot)
        header, first = painted_rows(app, app.screen.query_one(DataTable))[:2]
        assert re.split(r" {2,}", header.strip()) == ["#", "name", "game", "progress", "last used"]
        assert re.split(r" {2,}", first.strip())[2:4] == ["Dice roller", "1 roll"]


LONG_NAME = "The battle for the bridge at Arnhem, played on Saturday with the club, second attempt"


def dialog_text(app: CompanionApp) -> str:
    """The dialog's question as painted, its lines joined."""
    return " ".join(" ".join(painted(app, app.screen.query_one("#dialog Label").region)).split())


@pytest.mark.parametrize("size", ["80x24", "100x30"])
@pytest.mark.parametrize("name", ["Game 1", LONG_NAME])
async def test_the_delete_and_rename_questions_show_in_full(table, size, name):
    game = table.store.create_game("dice", name)
    app = CompanionApp(table)
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.press("escape", "g", "d")
        assert isinstance(app.screen, AskText)
        question = f"Delete {name} and its 0 events for good? Type its name to confirm"
        assert await comes_true(pilot, lambda: question in dialog_text(app)), dialog_text(app)
        await pilot.press("escape", "r")
        assert await comes_true(pilot, lambda: f"New name for {name}" in dialog_text(app)), dialog_text(app)
        assert table.store.game(game.id).name == name


NAME_84 = "Operation Market Garden, the bridge at Arnhem, replayed with the club's new rules, 2"


@pytest.mark.parametrize("size", ["80x24", "100x30", "160x50"])
async def test_a_long_name_gives_way_so_that_every_column_shows(table, size):
    assert len(NAME_84) == 84
    table.store.create_game("dice", NAME_84)
    table.store.create_game("take_cover")
    app = CompanionApp(table)
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.press("escape", "g")
        await progress_read(pilot)
        games = app.screen.query_one(DataTable)
        shown = [" ".join(line.split()) for line in painted_rows(app, games)]
        assert shown[0] == "# name game progress last used"
        newest, long = shown[1:3]
        assert newest.startswith("2 Game 2 Take Cover setting up 2026-11-30")
        assert long.startswith("1 Operation Market Garden") and " no rolls yet 2026-11-30 " in long
        if size == "160x50":
            assert NAME_84 in long
        else:
            assert "…" in long and NAME_84 not in long


def footer_keys(app: CompanionApp) -> list[str]:
    return [active.binding.key for active in app.screen.active_bindings.values()
            if active.binding.show and active.node is app.screen]


async def test_with_no_saved_games_it_says_so_and_offers_only_a_new_game_and_home(table):
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        line = app.screen.query_one("#no-games", Static)
        assert line.display and str(line.render()) == "no saved games yet: n starts one"
        assert buttons(app) == ["New game", "Home"]
        assert footer_keys(app) == ["n", "escape"]
        assert [entry[0] for entry in app.screen.palette()] == ["New game (n)", "Home (esc)"]
        await pilot.press("d", "r", "enter")
        assert isinstance(app.screen, SavedGamesScreen), "nothing asked, nothing opened"


async def test_once_the_last_game_is_deleted_it_says_so_and_offers_only_what_works(table):
    game = table.store.create_game("dice")
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "g")
        await pilot.pause()
        assert not app.screen.query_one("#no-games", Static).display
        assert buttons(app) == ["Open", "Rename", "Delete", "New game", "Home"]
        await pilot.press("d", *game.name, "enter")
        await pilot.pause()
        assert table.store.games() == []
        assert app.screen.query_one("#no-games", Static).display
        assert buttons(app) == ["New game", "Home"]


def notices(app: CompanionApp) -> list[str]:
    return [notification.message for notification in app._notifications]


@pytest.mark.parametrize(("typed", "reason"), [
    ("kursk", "another game is already called Kursk: choose another name"),
    ("   ", "a game's name cannot be empty"),
    ("Day\n2", "a game's name is one line: no line breaks, tabs or other control characters"),
])
async def test_a_rename_to_a_name_that_breaks_the_rule_is_refused_with_the_reason(table, typed, reason):
    table.store.create_game("dice", "Kursk")
    game = table.store.create_game("dice")
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "g", "r")
        field = app.screen.query_one(Input)
        field.value = typed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        assert notices(app)[-1] == reason
        assert [info.name for info in table.store.games()] == [game.name, "Kursk"]


async def test_a_new_game_does_not_take_the_name_of_a_game_renamed_before(table):
    first = table.store.create_game("dice")
    table.store.rename(first.id, "Game 2")
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "g", "n")
        await pilot.pause()
        await pilot.press("enter")  # the first kind: the dice roller
        await settle(pilot)
        assert sorted(info.name for info in table.store.games()) == ["Game 2", "Game 3"]


@pytest.mark.parametrize("typed", ["  x", "x"])
async def test_a_game_named_with_spaces_before_it_can_be_deleted(table, typed):
    name_as_left(table.store, table.store.create_game("dice").id, "  x")
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "g", "d")
        app.screen.query_one(Input).value = typed
        await pilot.press("enter")
        await pilot.pause()
        assert table.store.games() == []
        assert notices(app)[-1] == "deleted   x"


def rename_from_the_command_line(table, game: str, name: str) -> None:
    """`companion games rename`, a process of its own beside the running app (its own connection)."""
    config = table.data_dir.parent / "config.toml"
    assert run_command_line(["games", "rename", game, name, "--data-dir", str(table.data_dir),
                             "--config", str(config)]) == 0


async def test_a_game_renamed_from_the_command_line_while_it_is_open_shows_its_new_name_there(table):
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        rename_from_the_command_line(table, "Game 1", "Friday night")
        await until(app, lambda: app.status.game == "Friday night")
        await pilot.pause()
        assert app.screen.sub_title == "Friday night"
        assert "Friday night" in painted(app, Region(0, 0, SIZE[0], 1))[0]
        await press(pilot, "space")  # the game goes on under its new name
        assert table.store.game(1).name == "Friday night" and table.store.game(1).events == 2


async def test_saved_games_and_home_show_a_game_renamed_from_the_command_line_while_they_are_on_screen(table):
    table.store.create_game("dice")
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "g")
        await progress_read(pilot)
        rename_from_the_command_line(table, "Game 1", "Kursk")
        await until(app, lambda: [row[1] for row in rows(app)] == ["Kursk"])
        await press(pilot, "escape")  # home, which read the games anew as it came back
        rename_from_the_command_line(table, "Kursk", "Arnhem")
        await until(app, lambda: "Arnhem" in " ".join(painted(app, Region(0, 0, SIZE[0], SIZE[1]))))


async def test_a_look_at_the_games_as_the_app_shuts_down_with_no_screen_left_passes_quietly(table):
    table.store.create_game("dice")
    app = CompanionApp(table)  # not running: no screen on its stack, as in the last moments of shutting down
    app.look_at_games(now=True)
    rename_from_the_command_line(table, "Game 1", "Kursk")
    app.look_at_games()  # the rename taken in; no screen to show it on, and nothing raised
