"""The shared unit table: the highlighted unit stays the same unit through redraws; names as written."""

from rich.text import Text
from textual.app import App, ComposeResult

from companion.tui.widgets.unit_table import Fit, UnitTable
from tests.pilot import comes_true

NAMES_WRAP = Fit(("#", "name", "at"), ({1},))


class Units(App[None]):
    def __init__(self, fit: Fit | None = None) -> None:
        super().__init__()
        self.fit = fit

    def compose(self) -> ComposeResult:
        yield UnitTable(("#", "unit", "sector"), fit=self.fit)


def headings(table: UnitTable) -> list[str]:
    return [str(column.label) for column in table.columns.values()]


def rows(*numbers: int) -> list[tuple[int, tuple[str, str, str]]]:
    return [(number, (str(number), f"Squad {number} [bold]x", "A2")) for number in numbers]


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


async def test_a_fitted_table_too_narrow_shortens_its_headings_and_wraps_names_keeping_their_colours():
    app = Units(NAMES_WRAP)
    async with app.run_test(size=(30, 10)) as pilot:
        table = app.query_one(UnitTable)
        name = Text("Rifle squad of the Royal Ulster Rifles")
        name.stylize("red", 0, 5)
        table.show([(7, ("7", name, "sector A2"))])
        await pilot.pause()
        assert headings(table) == ["#", "name", "at"]
        cell = table.get_row("7")[1]
        assert len(cell.plain.splitlines()) > 1 and max(len(line) for line in cell.plain.splitlines()) <= 30
        assert cell.plain.replace("\n", " ") == name.plain and cell.spans[0].style == "red"
        await pilot.resize_terminal(120, 10)
        # The terminal's resize reaches the table a few messages later.
        assert await comes_true(pilot, lambda: headings(table) == ["#", "unit", "sector"]), headings(table)
        assert table.get_row("7")[1].plain == name.plain, "wide again, the name is on one line"
        assert table.selected() == 7


async def test_a_table_fitted_by_cutting_cuts_names_short_with_an_ellipsis_on_one_line():
    app = Units(Fit(("#", "unit", "sector"), ({1},), cut=True))
    async with app.run_test(size=(30, 10)) as pilot:
        table = app.query_one(UnitTable)
        name = Text("Rifle squad of the Royal Ulster Rifles")
        name.stylize("red", 0, 5)
        table.show([(7, ("7", name, "A2")), (8, ("8", "Crew", "B1"))])
        await pilot.pause()
        cell = table.get_row("7")[1]
        assert "\n" not in cell.plain and cell.plain.endswith("…") and cell.cell_len < name.cell_len
        assert name.plain.startswith(cell.plain[:-1]) and cell.spans[0].style == "red"
        assert table.get_row("8")[1].plain == "Crew", "a name that fits stays whole"
        assert [line.rstrip() for line in table.render_line(1).text.split()][-1] == "A2"
        await pilot.resize_terminal(120, 10)
        assert await comes_true(pilot, lambda: table.get_row("7")[1].plain == name.plain)
