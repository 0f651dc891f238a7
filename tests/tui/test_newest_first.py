"""Pilot tests of the newest-first record: only the rows that fit, and never a change of size."""

from rich.text import Text
from textual.app import App, ComposeResult

from companion.tui.widgets.newest_first import NewestFirst
from tests.tui.screen_text import dimmer


class OneRecord(App):
    CSS = "NewestFirst { height: 3; }"

    def compose(self) -> ComposeResult:
        yield NewestFirst(id="record")


def newest(count: int):
    return lambda rows: [Text(f"row {n}") for n in range(count, max(0, count - rows), -1)]


async def test_the_record_shows_the_newest_rows_that_fit_newest_first():
    app = OneRecord()
    async with app.run_test(size=(40, 10)) as pilot:
        record = app.query_one(NewestFirst)
        record.show(newest(5))
        await pilot.pause()
        assert [row.plain for row in record.visible_rows()] == ["row 5", "row 4", "row 3"]
        assert [strip.text.rstrip() for strip in record.render_lines(record.region.reset_offset)] == [
            "row 5", "row 4", "row 3"]


async def test_a_new_row_repaints_without_a_new_layout():
    app = OneRecord()
    async with app.run_test(size=(40, 10)) as pilot:
        record = app.query_one(NewestFirst)
        record.show(newest(1))
        await pilot.pause()
        layouts = record._layout_updates
        record.show(newest(2))
        await pilot.pause()
        assert record._layout_updates == layouts
        assert record.visible_rows()[0].plain == "row 2"


async def test_a_rows_own_style_and_its_spans_survive_the_drawing():
    app = OneRecord()
    async with app.run_test(size=(40, 10)) as pilot:
        record = app.query_one(NewestFirst)
        spanned = Text("plain ")
        spanned.append("red", style="red")
        record.show(lambda rows: [Text("header", style="bold"), Text("undone", style="strike dim"), spanned])
        await pilot.pause()
        header, undone, mixed = record.render_lines(record.region.reset_offset)[:3]
        plain = next(segment for segment in mixed if segment.text.startswith("plain"))
        assert all(segment.style.bold for segment in header if segment.text.strip())
        assert all(segment.style.strike and dimmer(segment, plain) for segment in undone if segment.text.strip())
        assert not plain.style.bold and not plain.style.strike
        red = next(segment for segment in mixed if segment.text == "red")
        assert red.style.color != plain.style.color
