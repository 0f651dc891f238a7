"""Home: continue each game's latest game unless it is over, or start a new one; what each game has
come to is read after the first frame."""

import pytest
from textual.widgets import OptionList

from companion.dice.rules import RollDice
from companion.games.registry import GAMES
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from tests.pilot import press, settle
from tests.tui.short_game import PlayTurn, ShortScreen

SIZE = (100, 30)


async def progress_read(pilot) -> None:
    """Waits for the worker that reads each game's progress, and for the menu to show it."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def menu(app: CompanionApp) -> list[str]:
    """The entries as shown, one line each."""
    options = app.screen.query_one("#home-menu", OptionList).options
    return [" ".join(str(option.prompt).split()) for option in options]


def played(companion, kind: str, command, times: int) -> None:
    _, session = companion.resume_or_start(kind)
    for _ in range(times):
        session.execute(command)
    session.close()


async def test_home_offers_to_continue_a_game_with_how_far_it_has_come_and_a_new_one(table):
    played(table, "dice", RollDice(), 12)
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")  # the dice roller was resumed; home is under it
        await progress_read(pilot)
        assert isinstance(app.screen, HomeScreen)
        entries = menu(app)
        assert entries[:2] == ["Continue Dice roller Game 1, 12 rolls", "New Dice roller game"]
        assert "New Point Blank game" in entries and "Saved games…" in entries
        assert not any(entry.startswith("Continue Point Blank") for entry in entries)


async def test_one_roll_is_one_roll(table):
    played(table, "dice", RollDice(), 1)
    app = CompanionApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await progress_read(pilot)
        assert menu(app)[0] == "Continue Dice roller — Game 1, 1 roll"


async def test_home_counts_only_the_rolls_in_force(table):
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space", "space", "space", "u", "u")
        await pilot.press("escape")
        await progress_read(pilot)
        assert menu(app)[0] == "Continue Dice roller Game 1, 1 roll"


async def test_continue_opens_the_latest_game_and_new_starts_another(table):
    played(table, "dice", RollDice(), 2)
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await progress_read(pilot)
        await pilot.click("#home-menu", offset=(4, 1))  # the first entry: Continue
        await settle(pilot)
        assert isinstance(app.screen, DiceScreen)
        assert (app.screen.session.game.name, app.screen.state.rolls) == ("Game 1", 2)
        await pilot.press("escape")
        await progress_read(pilot)
        app.screen.query_one("#home-menu", OptionList).highlighted = 1
        await press(pilot, "enter")
        assert isinstance(app.screen, DiceScreen)
        assert (app.screen.session.game.name, app.screen.state.rolls) == ("Game 2", 0)
        assert [game.name for game in table.store.games()] == ["Game 2", "Game 1"]


async def test_a_game_that_is_over_is_not_resumed_at_start_nor_offered_to_continue(table, short_game):
    played(table, "short", PlayTurn(), 3)
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await progress_read(pilot)
        assert isinstance(app.screen, HomeScreen)
        entries = menu(app)
        assert "New Skirmish game Game 1 is over" in entries
        assert not any(entry.startswith("Continue Skirmish") for entry in entries)


async def test_continuing_a_kind_whose_latest_game_is_over_starts_a_new_one(table, short_game):
    played(table, "short", PlayTurn(), 3)
    app = CompanionApp(table, start_kind="short")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ShortScreen)
        assert app.screen.session.game.name == "Game 2"


async def test_a_game_under_way_is_resumed_and_home_says_its_turn(table, short_game):
    played(table, "short", PlayTurn(), 1)
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ShortScreen)
        await pilot.press("escape")
        await progress_read(pilot)
        assert "Continue Skirmish Game 1, turn 2 of 3" in menu(app)


WITH_DATA = [game for game in GAMES if game.data_files()]


@pytest.mark.parametrize("game", WITH_DATA, ids=[game.kind for game in WITH_DATA])
async def test_a_broken_data_file_of_the_players_keeps_a_new_game_from_starting_and_creates_nothing(table, game):
    """Free play, and a start straight into the game with none saved yet, check the game's data before
    creating the game, as a scenario does: before, each attempt left an empty game behind, offered to continue."""
    broken = table.data_dir / game.kind / game.data_files()[0].name
    broken.parent.mkdir(parents=True)
    broken.write_text("[one\n")
    why = f"A new {game.title} game cannot start: {broken}: not valid TOML"
    app = CompanionApp(table, start_kind=game.kind)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await progress_read(pilot)
        assert table.store.games() == []
        assert isinstance(app.screen, HomeScreen)
        assert [n.message for n in app._notifications][-1].startswith(why)
        app.clear_notifications()
        await press(pilot, *("down",) * menu(app).index(f"New {game.title} game"), "enter")
        if game.scenario:
            await press(pilot, "enter")  # the first offer: free play
        assert table.store.games() == []
        assert isinstance(app.screen, HomeScreen)
        assert [n.message for n in app._notifications][-1].startswith(why)
        app.clear_notifications()
        await press(pilot, "g", "n", *("down",) * GAMES.index(game), "enter", *("enter",) * bool(game.scenario))
        assert table.store.games() == []
        assert [n.message for n in app._notifications][-1].startswith(why)
        await progress_read(pilot)
        assert not any(entry.startswith(f"Continue {game.title}") for entry in menu(app))


async def test_continuing_a_game_whose_data_file_broke_since_says_why_once_and_starts_no_other(table):
    table.store.create_game("point_blank")
    units = table.data_dir / "point_blank" / "units.toml"
    units.parent.mkdir(parents=True)
    units.write_text("[one\n")
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await progress_read(pilot)
        assert [game.name for game in table.store.games()] == ["Game 1"]
        assert isinstance(app.screen, HomeScreen)
        assert [n.message for n in app._notifications] == [
            f"Game 1 cannot be opened: {units}: not valid TOML: Expected ']' at the end of a table declaration "
            "(at line 1, column 5)"]
