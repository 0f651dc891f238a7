"""Pilot tests of the face chart: a bar per face against a fair die's line, redrawn when the tally changes."""

from textual.app import App, ComposeResult

from companion.dice.statistics import FaceTally
from companion.tui.widgets.face_chart import FaceChart


class OneChart(App):
    CSS = "FaceChart { width: 12; height: 6; }"

    def compose(self) -> ComposeResult:
        yield FaceChart()


def tally_of(counts: tuple[int, ...]) -> FaceTally:
    tally = FaceTally.empty(len(counts))
    for face, count in enumerate(counts, 1):
        for _ in range(count):
            tally = tally.add((face,))
    return tally


def shown(chart: FaceChart) -> list[str]:
    return [strip.text for strip in chart.render_lines(chart.region.reset_offset)]


async def test_each_face_gets_a_bar_in_eighths_and_the_fair_die_a_dashed_line():
    app = OneChart()
    async with app.run_test(size=(40, 10)) as pilot:
        chart = app.query_one(FaceChart)
        chart.tally = tally_of((0, 1, 2, 3, 4, 6))
        await pilot.pause()
        # 4 rows of bars, 6 the tallest: a count is worth 16/3 eighths; 16 faces / 6 = 2.67 expected.
        assert shown(chart) == [
            "16 faces  ╌ ",
            "          █ ",
            "        ▅ █ ",
            "╌╌╌╌▃╌█╌█╌█╌",
            "  ▅ █ █ █ █ ",
            "1 2 3 4 5 6 ",
        ]


async def test_a_new_tally_redraws_the_chart():
    app = OneChart()
    async with app.run_test(size=(40, 10)) as pilot:
        chart = app.query_one(FaceChart)
        chart.tally = tally_of((1, 0, 0, 0, 0, 0))
        await pilot.pause()
        before = shown(chart)
        chart.tally = chart.tally.add((6,)).add((6,))
        await pilot.pause()
        after = shown(chart)
        assert before[0].startswith("1 face ") and after[0].startswith("3 faces")
        assert [line[10] for line in after[1:5]] == ["█", "█", "█", "█"]
        assert [line[10] for line in before[1:5]] == [" ", " ", " ", "╌"]


async def test_a_die_with_more_faces_than_columns_says_so_instead_of_a_chart():
    app = OneChart()
    async with app.run_test(size=(40, 10)) as pilot:
        chart = app.query_one(FaceChart)
        chart.tally = tally_of((1,) * 20)
        await pilot.pause()
        assert shown(chart)[0] == "d20: too man"  # cropped at 12 columns
