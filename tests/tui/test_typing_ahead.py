"""Keys typed in a burst count as typed: a quick hand, a paste, a keyboard on a slow Pi.

The keys are posted to the app the way the terminal driver posts them, all at once; `Pilot.press`
would wait for the app between keys and hide what a burst does."""

from textual import events
from textual.widgets import Input

from companion.dice.spec import DiceSpec
from companion.dice.state import DiceState
from companion.tui.app import CompanionApp
from companion.tui.widgets.spec_form import SpecForm
from tests.pilot import comes_true, press, settle

SIZE = (140, 40)


def type_in_one_burst(app: CompanionApp, keys: str) -> None:
    for key in keys:
        name = {"\r": "enter", " ": "space"}.get(key, key)
        app.post_message(events.Key(name, key))


def dice_app(companion) -> CompanionApp:
    return CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("2d6"))


async def spec_on_screen(pilot, spec: str) -> bool:
    await settle(pilot)
    return await comes_true(pilot, lambda: str(pilot.app.screen.session.state.spec) == spec)


async def test_a_burst_into_an_open_form_ending_in_enter_submits_what_was_typed(companion):
    async with dice_app(companion).run_test(size=SIZE) as pilot:
        await press(pilot, "e")
        assert isinstance(pilot.app.screen, SpecForm)
        type_in_one_burst(pilot.app, "3d8\r")
        assert await spec_on_screen(pilot, "3d8"), "Enter went ahead of the keys before it"


async def test_keys_typed_after_enter_in_the_same_burst_are_not_part_of_what_it_submitted(companion):
    async with dice_app(companion).run_test(size=SIZE) as pilot:
        await press(pilot, "e")
        type_in_one_burst(pilot.app, "3d8\r9")
        assert await spec_on_screen(pilot, "3d8")


async def test_keys_typed_on_while_a_form_opens_go_to_its_field(companion):
    async with dice_app(companion).run_test(size=SIZE) as pilot:
        type_in_one_burst(pilot.app, "e3d8")
        assert await comes_true(pilot, lambda: isinstance(pilot.app.screen, SpecForm)
                                and pilot.app.screen.query_one(Input).value == "3d8")


async def test_a_whole_burst_opens_the_form_fills_it_and_submits_it(companion):
    async with dice_app(companion).run_test(size=SIZE) as pilot:
        type_in_one_burst(pilot.app, "e3d8\r")
        assert await spec_on_screen(pilot, "3d8")
        assert not isinstance(pilot.app.screen, SpecForm)


async def test_a_key_typed_after_enter_in_the_same_burst_acts_once_what_enter_submitted_is_taken(companion):
    """"3d8", Enter and the big Space in one burst: the roll is of the 3d8 just chosen."""
    async with dice_app(companion).run_test(size=SIZE) as pilot:
        await press(pilot, "e")
        type_in_one_burst(pilot.app, "3d8\r ")

        def rolled() -> DiceState:
            return pilot.app._game_screen().session.latest

        assert await comes_true(pilot, lambda: rolled().rolls == 1), "the space was lost"
        assert str(rolled().last.roll.spec) == "3d8" and len(rolled().last.roll.faces) == 3
