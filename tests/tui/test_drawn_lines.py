"""Pilot tests of the widgets drawn once as lines: they are drawn again for a new size or theme."""

from textual.app import App, ComposeResult

from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.dice_faces import DiceFaces


class TotalAndFaces(App):
    CSS = "BigNumber, DiceFaces { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield BigNumber("7")
        yield DiceFaces()


def shown(widget: BigNumber | DiceFaces) -> list[str]:
    return [strip.text.rstrip() for strip in widget.render_lines(widget.region.reset_offset)]


async def test_a_big_number_is_drawn_again_when_the_terminal_grows():
    app = TotalAndFaces()
    async with app.run_test(size=(40, 12)) as pilot:
        total = app.query_one(BigNumber)
        small = shown(total)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        large = shown(total)
        assert len(large) > len(small)
        assert sum(map(bool, large)) > sum(map(bool, small))  # more rows of digit, not more blank rows
        assert max(map(len, large)) > max(map(len, small))


async def test_the_dice_faces_take_a_new_themes_colours():
    app = TotalAndFaces()
    async with app.run_test(size=(80, 30)) as pilot:
        faces = app.query_one(DiceFaces)
        faces.show((5,), 6)
        await pilot.pause()
        die_colour = faces.get_component_rich_style("dice-faces--die").bgcolor
        drawn = {segment.style.bgcolor for strip in faces.render_lines(faces.region.reset_offset)
                 for segment in strip if segment.style}
        assert die_colour in drawn
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        new_colour = faces.get_component_rich_style("dice-faces--die").bgcolor
        redrawn = {segment.style.bgcolor for strip in faces.render_lines(faces.region.reset_offset)
                   for segment in strip if segment.style}
        assert new_colour != die_colour
        assert new_colour in redrawn and die_colour not in redrawn
