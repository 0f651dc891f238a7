"""Readable across the table: digits that grow with the screen, d6 faces as pips, a colour per side."""

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Input

from companion.dice.spec import DiceSpec
from companion.games.kit.faces import EnterFace
from companion.games.take_cover.commands import SetUpGame
from companion.tui.app import CompanionApp
from companion.tui.sides import SIDE_COLOURS, side_class, side_colour, side_frame_class, side_name, side_text
from companion.tui.widgets.big_number import BigNumber, big_lines, fitting_scale, pixel_width
from companion.tui.widgets.dice_faces import DiceFaces, die_lines
from tests.pilot import press
from tests.tui.conftest import SIZES
from tests.tui.screen_text import painted_rows

BLOCKS = set("█▀▄")


def inked(rows: list[str]) -> list[str]:
    """The rows that carry any part of a glyph."""
    return [row for row in rows if BLOCKS & set(row)]


def test_each_scale_draws_glyphs_five_half_rows_tall_and_three_pixels_wide():
    for scale in range(1, 7):
        lines = big_lines("12", scale)
        assert len(lines) == (5 * scale + 1) // 2
        assert {len(line) for line in lines} == {pixel_width("12") * scale}


def test_the_scale_is_the_largest_that_fits_both_ways():
    assert fitting_scale(pixel_width("12"), width=70, height=10) == 4  # the height decides
    assert fitting_scale(pixel_width("12"), width=27, height=30) == 3  # the width decides
    assert fitting_scale(pixel_width("12"), width=6, height=30) == 0  # too narrow: plain text


class OneNumber(App[None]):
    def __init__(self, value: str, reserve: int = 0) -> None:
        super().__init__()
        self.number = BigNumber(value, reserve=reserve)

    def compose(self) -> ComposeResult:
        yield self.number


@pytest.mark.parametrize(("size", "rows"), [((20, 3), 3), ((40, 12), 10), ((120, 40), 30)])
async def test_the_digits_grow_with_the_space_they_get(size, rows):
    app = OneNumber("12")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert len(inked(painted_rows(app, app.number))) == rows


async def test_a_number_keeps_its_size_when_it_reserves_room_for_more_digits():
    app = OneNumber("7", reserve=2)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert app.number.scale == fitting_scale(pixel_width("12"), 40, 12)
        app.number.update("12")
        await pilot.pause()
        assert app.number.scale == fitting_scale(pixel_width("12"), 40, 12)


async def test_a_number_too_small_for_glyphs_is_shown_as_text():
    app = OneNumber("12")
    async with app.run_test(size=(4, 1)) as pilot:
        await pilot.pause()
        assert painted_rows(app, app.number) == [" 12 "]


@pytest.mark.parametrize(("size", "least_rows"), [("80x24", 5), ("100x30", 9), ("160x50", 15)])
async def test_the_dice_total_is_read_across_the_table(companion, size, least_rows):
    """At 100x30, the 7-inch touchscreen, the total's digits are at least 9 rows tall."""
    app = CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("2d6"))
    async with app.run_test(size=SIZES[size]) as pilot:
        await press(pilot, "space")
        total = app.screen.query_one("#total", BigNumber)
        assert total.value == str(app.screen.state.last.roll.total)
        assert len(inked(painted_rows(app, total))) >= least_rows


def test_a_d6_face_has_its_pips_where_a_die_has_them():
    assert die_lines(5, 3) == [" ●   ● ", "   ●   ", " ●   ● "]
    assert die_lines(6, 3) == [" ●   ● ", " ●   ● ", " ●   ● "]
    assert die_lines(1, 5) == ["           ", "           ", "     ●     ", "           ", "           "]
    assert [line.count("▐█▌") for line in die_lines(4, 7)] == [0, 2, 0, 0, 0, 2, 0]


@pytest.mark.parametrize("size", SIZES)
async def test_a_d6_roll_is_drawn_as_dice_with_pips(companion, size):
    app = CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("3d6"))
    async with app.run_test(size=SIZES[size]) as pilot:
        await press(pilot, "space")
        faces = app.screen.query_one("#faces", DiceFaces)
        rolled = app.screen.state.last.roll.faces
        painted = "\n".join(painted_rows(app, faces))
        assert faces.drawn_as_pips
        assert painted.count("●") + painted.count("▐█▌") == sum(rolled)


async def test_other_dice_show_their_faces_as_digits(companion):
    app = CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("2d10"))
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await press(pilot, "space")
        faces = app.screen.query_one("#faces", DiceFaces)
        assert not faces.drawn_as_pips
        assert inked(painted_rows(app, faces))


def test_each_side_has_its_colour_and_a_name_shown_as_written():
    assert [side_colour(side) for side in (1, 2)] == list(SIDE_COLOURS[:2])
    assert (side_class(2), side_frame_class(2)) == ("side-2", "side-frame-2")
    assert side_name(2, {1: "Germans"}) == "Side 2"
    assert side_name(1, {1: "Germans"}) == "Germans"
    name = side_text("[bold]Soviets", 2)
    assert name.plain == "[bold]Soviets"
    assert name.style == Style(color=SIDE_COLOURS[1], bold=True)


async def test_the_side_classes_colour_a_widget_in_the_sides_colour(companion):
    app = CompanionApp(companion)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await pilot.pause()
        number = BigNumber("3", classes=side_class(2))
        await app.screen.mount(number)
        await pilot.pause()
        assert number.styles.color.hex.lower() == side_colour(2)


def stands_out(field: Widget, form: Widget) -> bool:
    """Whether a field is seen at a glance on its form: a background clearly lighter or darker than
    the form's, or a border in a colour that is."""
    ground = form.background_colors[1].brightness
    background = field.background_colors[1].brightness
    border = [colour.brightness for edge, colour in field.styles.border if edge not in ("", "none", "hidden", "blank")]
    return any(abs(shade - ground) >= 0.1 for shade in (background, *border))


def take_cover_at_its_first_action(companion) -> CompanionApp:
    _, session = companion.open_game(companion.store.create_game("take_cover"))
    for command in (SetUpGame(), EnterFace(entered=7), EnterFace(entered=3)):
        session.execute(command)
    session.close()
    return CompanionApp(companion)


@pytest.mark.parametrize(("opened", "keys", "form"), [
    ("dice", ("e",), ".form"),
    ("take_cover", ("a",), ".form"),  # the Attach form: its text field is not the one focused
    ("dice", ("g", "r"), "#dialog"),  # a rename
])
async def test_every_forms_text_fields_stand_out_from_the_form_focused_or_not(companion, opened, keys, form):
    app = (take_cover_at_its_first_action(companion) if opened == "take_cover"
           else CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("2d6")))
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await press(pilot, *keys)
        fields = list(app.screen.query(Input))
        assert fields
        for field in fields:
            assert stands_out(field, app.screen.query_one(form)), field
