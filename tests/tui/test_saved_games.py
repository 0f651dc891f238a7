"""Saved games: every game with its progress, and renaming and deleting them."""

from rich.text import Text
from textual.widgets import DataTable

from companion.tui.app import CompanionApp
from companion.tui.screens.saved_games import SavedGamesScreen
from tests.pilot import press

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
