"""The on-screen stand-ins for the buttons on mock pins: every wired button in reach at the smallest
sizes, and working while a form or dialog is in front, as the table's buttons do."""

import pytest

from companion.games.kit.intents import Intent, Tell
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.screens.saved_games import AskText, SavedGamesScreen
from companion.tui.widgets.mock_panel import MockPanel, arranged
from companion.tui.widgets.spec_form import SpecForm
from tests.pilot import push, settle
from tests.tui.conftest import SIZES
from tests.tui.sample_forms import THREE_CARDS, said


def labels(wired: tuple, width: int) -> tuple[bool, list[str], int]:
    labelled, placed = arranged(wired, width)
    return labelled, [p.tap.label.strip() for p in placed], len({p.region.y for p in placed})


DEFAULT = tuple((control, None) for control in (Control.ROLL, Control.UNDO, Control.CONFIRM, Control.NEXT)) + tuple(
    (Control.FACE, face) for face in range(1, 7))
FULLY = DEFAULT + tuple((Control.FACE, face) for face in range(7, 11)) + ((Control.SIDE, 1), (Control.SIDE, 2))


def test_the_keys_keep_their_full_labels_while_they_fit_then_shorten_then_wrap():
    assert labels(DEFAULT, 78) == (True, ["Roll", "Undo", "Confirm", "Next", "1", "2", "3", "4", "5", "6"], 1)
    assert labels(FULLY, 110) == (False, ["Roll", "Undo", "Confirm", "Next", *map(str, range(1, 11)), "side 1",
                                          "side 2"], 1)
    short = ["Roll", "Undo", "Conf", "Next", *map(str, range(1, 11)), "S1", "S2"]
    assert labels(FULLY, 78) == (False, short, 1)
    assert labels(FULLY, 40) == (False, short, 2)


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_every_wired_button_has_a_key_on_screen_that_drives_its_pin(wired_fully, mock_factory, clock, size):
    async with CompanionApp(wired_fully, start_kind="dice").run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        panel = pilot.app.screen.query_one(MockPanel)
        assert panel.region.right <= pilot.app.size.width
        for pin, control, value in wired_fully.config.pins.buttons():
            clock.advance(1)
            await push(pilot, control, value)
            await settle(pilot)
            assert [state for _, state in mock_factory.pin(pin).states][-2:] == [False, True], f"{control} {value}"


async def test_the_mock_keys_answer_a_form_in_front_and_undo_cancels_a_dialog(companion, clock):
    answered: list[Intent | None] = []
    companion.store.create_game("dice", "Kursk")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await settle(pilot)
        app.push_screen(SpecForm(THREE_CARDS, said), answered.append)
        await settle(pilot)
        for key in ((Control.FACE, 4), (Control.FACE, 6), (Control.NEXT,), (Control.FACE, 5), (Control.FACE, 2),
                    (Control.CONFIRM,)):
            clock.advance(1)  # beyond the buttons' debounce
            await push(pilot, *key)
            await settle(pilot)
        assert answered == [Tell("4 as typed 5 2")]
        await pilot.press("escape", "g", "r")
        assert isinstance(app.screen, AskText)
        clock.advance(1)
        await push(pilot, Control.UNDO)
        await settle(pilot)
        assert isinstance(app.screen, SavedGamesScreen), "the question cancelled, the saved games still there"
        assert [game.name for game in companion.store.games()] == ["Kursk"]
