"""A form at every size: its buttons on screen, every field reached by tab, a short one no taller than it needs."""

from functools import partial

import pytest
from textual.widgets import Button, Select

from companion.games.kit.forms import FormSpec, Number, Tick
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.widgets.spec_form import SpecForm
from tests.pilot import comes_true, settle
from tests.tui.conftest import SIZES
from tests.tui.sample_forms import EVERY_FIELD, told
from tests.tui.screen_text import overlaps, painted_rows


async def open_the_long_form(pilot) -> None:
    """The form of every field kind over the dice roller; what it is answered is told on screen."""
    await settle(pilot)
    pilot.app.push_screen(SpecForm(EVERY_FIELD, told), pilot.app.screen.carry_out)
    await pilot.pause()


def in_view(form, field, foot) -> bool:
    return form.region.contains_region(field.region) and not overlaps(field.region, foot.region)


def told_last(app) -> str:
    return [notice.message for notice in app._notifications][-1]


@pytest.mark.parametrize("size", SIZES)
async def test_a_long_form_keeps_its_buttons_on_screen_and_enter_submits(companion, size):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZES[size]) as pilot:
        await open_the_long_form(pilot)
        form = app.screen
        # The form fits itself to the screen after its first refresh (`SpecForm._fit`).
        assert await comes_true(pilot, lambda: all(form.region.contains_region(button.region)
                                                   for button in form.query(Button)))
        for button in form.query(Button):
            assert str(button.label) in "".join(painted_rows(app, button))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert "'firer': 1" in told_last(app)


@pytest.mark.parametrize("size", SIZES)
async def test_every_field_of_a_long_form_comes_into_view_as_tab_reaches_it(companion, size):
    """Fields the screen cannot show at once scroll between the title and the buttons."""
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZES[size]) as pilot:
        await open_the_long_form(pilot)
        form = app.screen
        foot = form.query_one(".form-foot")
        reached = []
        for _ in EVERY_FIELD.fields:
            field = app.focused
            assert field is not None
            reached.append(field.id)
            # Focus scrolls the field into view a turn or two later (call_later, then a refresh).
            shown = partial(in_view, form, field, foot)
            assert await comes_true(pilot, shown), f"{field.id} is off the screen or under the buttons"
            await pilot.press("tab")
            await pilot.pause()
        assert reached == [f"field-{field.name}" for field in EVERY_FIELD.fields]


@pytest.mark.parametrize("size", SIZES)
async def test_a_short_form_keeps_to_its_own_height(companion, size):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        app.push_screen(SpecForm(FormSpec("Range", (Number("range", "Range in hexes", 3, 1, 20),)), told))
        await pilot.pause()
        assert app.screen.query_one(".form").region.height <= 12


LONG_TICK = "Roll real dice instead (one card discarded per die; locked for the game)"


async def test_a_tick_box_label_longer_than_the_form_wraps_and_reads_whole_at_80_columns(companion):
    """Point Blank's setup cut its real-dice tick box short at 80x24: "…locked for the ga"."""
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        ticks = (Tick("dice", LONG_TICK), Tick("save", "Save these counts"))
        app.push_screen(SpecForm(FormSpec("The deck", (Number("pip1", "Cards with 1 pip", 6, 0, 99), *ticks)), told))
        await pilot.pause()
        long, short = app.screen.query_one("#field-dice"), app.screen.query_one("#field-save")
        assert LONG_TICK in " ".join(line.strip() for line in painted_rows(app, long))
        assert long.region.height > 1 and app.screen.region.contains_region(long.region)
        assert short.region.height == 1 and "Save these counts" in painted_rows(app, short)[0]


async def test_enter_in_an_open_drop_down_chooses_there_and_the_next_enter_submits(companion):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await open_the_long_form(pilot)
        assert isinstance(app.focused, Select)  # the firing unit, the first field
        await pilot.press("space", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SpecForm) and app.screen.query_one("#field-firer", Select).value == "3"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert "'firer': 3" in told_last(app)


async def test_a_refused_answer_is_said_with_the_buttons_still_on_screen(companion):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await open_the_long_form(pilot)
        app.screen.query_one("#field-range").value = "99"
        await pilot.press("enter")
        await pilot.pause()
        error = app.screen.query_one("#form-error")
        assert "Range in hexes: give a number from 1 to 20" in str(error.render())
        ok = app.screen.query_one("#ok", Button)
        assert error.region.height and not overlaps(error.region, ok.region)
        assert app.screen.region.contains_region(ok.region)
