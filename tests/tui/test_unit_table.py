"""The shared unit table: the highlighted unit stays the same unit through redraws; names as written."""

from textual.app import App, ComposeResult

from companion.tui.widgets.unit_table import UnitTable


class Units(App[None]):
    def compose(self) -> ComposeResult:
        yield UnitTable(("#", "unit"))


def rows(*numbers: int) -> list[tuple[int, tuple[str, str]]]:
    return [(number, (str(number), f"Squad {number} [bold]x")) for number in numbers]


async def test_the_highlight_follows_its_unit_when_units_come_and_go_above_it():
    app = Units()
    async with app.run_test() as pilot:
        table = app.query_one(UnitTable)
        table.show(rows(1, 2, 3))
        table.move(2)
        await pilot.pause()
        assert table.selected() == 3
        table.show(rows(1, 2, 3, 4))
        assert table.selected() == 3
        table.show(rows(2, 3, 4))
        assert table.selected() == 3
        table.move(1)
        table.move(1)
        assert table.selected() == 2  # round from the last row to the first


async def test_an_empty_table_has_nothing_selected_and_names_are_not_markup():
    app = Units()
    async with app.run_test() as pilot:
        table = app.query_one(UnitTable)
        assert table.selected() is None
        table.show(rows(5))
        await pilot.pause()
        assert str(table.get_row("5")[1]) == "Squad 5 [bold]x"
