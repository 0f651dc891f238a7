"""Pilot tests of the dice roller, driven through gpiozero's MockFactory pins and the keyboard."""

import threading

import pytest
from textual.widgets import Input, Static

from companion.dice.events import DiceRolled, SpecChosen
from companion.dice.spec import DiceSpec
from companion.games.kit.faces import EnterFace
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.newest_first import NewestFirst
from companion.tui.widgets.spec_form import SpecForm
from companion.tui.widgets.status_line import StatusLine
from tests.journal_rows import append
from tests.pilot import comes_true, press, push, settle
from tests.tui.screen_text import dimmer

SIZE = (140, 40)


def dice_app(companion, spec: str = "2d6") -> CompanionApp:
    return CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse(spec))


def history_rows(app: CompanionApp) -> list[str]:
    """Newest first, as shown, under the header."""
    header, *rows = [row.plain for row in app.screen.query_one("#history", NewestFirst).visible_rows()]
    assert header.split() == ["#", "time", "dice", "faces", "mod", "total", "source"]
    return rows


def shown_total(app: CompanionApp) -> str:
    return app.screen.query_one("#total", BigNumber).value


async def test_pulling_the_roll_pin_low_records_and_shows_exactly_one_roll(companion, mock_factory):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        roll_pin = mock_factory.pin(companion.config.pins.roll)
        roll_pin.drive_low()
        roll_pin.drive_high()
        await settle(pilot)
        session = app.screen.session
        assert len(session.state.recent) == 1
        committed = companion.store.records(session.game.id, session.rules.events)
        assert [record.event.type for record in committed] == ["dice_rolled"]
        assert len(history_rows(app)) == 1
        assert shown_total(app).strip() == str(session.state.last.roll.total)


def writer_threads() -> int:
    return sum(thread.name == "journal writer" for thread in threading.enumerate())


async def test_a_resumed_game_has_its_writer_ready_before_the_first_press(companion):
    """Made on demand, the writer's connection and thread cost the first press about a millisecond."""
    app = CompanionApp(companion, start_kind="dice")
    before = writer_threads()
    async with app.run_test(size=SIZE) as pilot:
        assert await comes_true(pilot, lambda: writer_threads() == before + 1)
        assert app.screen.session.head == 0, "nothing was committed to start it"


async def test_a_bouncing_roll_button_still_rolls_once(companion):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        companion.mock_presser.bounce(Control.ROLL, edges=9)
        await settle(pilot)
        assert len(app.screen.session.state.recent) == 1
        assert len(history_rows(app)) == 1


async def test_face_keys_on_gpio_enter_a_physical_roll(companion, clock):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        companion.mock_presser.press(Control.FACE, 3)
        await settle(pilot)
        assert "3 _" in str(app.screen.query_one("#pending").render())
        clock.advance(1)
        companion.mock_presser.press(Control.FACE, 6)
        await settle(pilot)
        last = app.screen.session.state.last
        assert (last.roll.faces, last.roll.source) == ((3, 6), "physical")
        assert shown_total(app).strip() == "9"


async def test_space_rolls_and_the_keyboard_enters_faces(companion):
    app = dice_app(companion, "d10")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        await press(pilot, "0")
        history = app.screen.session.state.recent
        assert [e.roll.source for e in history] == ["physical", "generated"]  # newest first
        assert history[0].roll.faces == (10,)


async def test_a_bad_face_is_refused_on_screen_and_records_nothing(companion):
    app = dice_app(companion, "d6")
    async with app.run_test(size=SIZE) as pilot:
        before = len(app.screen.session.records)
        await press(pilot, "7")
        assert len(app.screen.session.records) == before
        assert history_rows(app) == []
        notices = [n.message for n in app._notifications]
        assert notices == ["7 is not a face of a d6: enter 1 to 6"]


async def test_a_face_key_for_a_d20_typed_in_is_refused_with_the_way_to_roll_it(companion):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "e")
        app.screen.query_one(Input).value = "d20"
        await pilot.press("enter")
        await settle(pilot)
        before = len(app.screen.session.records)
        hint = str(app.screen.query_one("#pending").render())
        assert hint == "A d20 is rolled by the companion: press Roll"
        await press(pilot, "1")
        await press(pilot, "5")
        assert len(app.screen.session.records) == before
        assert app.screen.session.state.pending == ()
        assert history_rows(app) == []
        assert [said.message for said in app.said][:2] == ["a d20 is rolled by the companion: press Roll"] * 2


async def test_a_face_button_on_gpio_is_refused_for_a_d12(companion):
    app = dice_app(companion, "d12")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = len(app.screen.session.records)
        companion.mock_presser.press(Control.FACE, 3)
        await settle(pilot)
        assert len(app.screen.session.records) == before
        assert app.screen.session.state.pending == ()
        assert [n.message for n in app._notifications] == ["a d12 is rolled by the companion: press Roll"]


async def test_undo_strikes_the_roll_and_redo_brings_back_the_same_faces(companion):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        rolled = app.screen.session.state.last.roll
        await press(pilot, "u")
        assert app.screen.session.state.recent[0].voided
        assert shown_total(app).strip() == "-"
        await settle(pilot)
        assert history_rows(app)[0].endswith("generated (undone)")
        assert "undo: 2d6" in [n.message for n in app._notifications][-1]
        await press(pilot, "y")
        assert app.screen.session.state.last.roll == rolled
        assert shown_total(app).strip() == str(rolled.total)
        await settle(pilot)
        assert history_rows(app)[0].endswith(" generated")


async def test_an_undone_roll_is_painted_struck_through_and_dim_under_a_bold_header(companion):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space", "space", "u")
        history = app.screen.query_one("#history", NewestFirst)
        header, undone, kept = history.render_lines(history.region.reset_offset)[:3]
        assert undone.text.rstrip().endswith("generated (undone)")
        assert all(segment.style.bold for segment in header if segment.text.strip())
        normal = next(iter(kept))
        assert all(segment.style.strike and dimmer(segment, normal) for segment in undone if segment.text.strip())
        assert not any(segment.style.strike or segment.style.bold for segment in kept)


async def test_the_undo_button_erases_a_half_entered_roll_face_by_face(companion, clock):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        companion.mock_presser.press(Control.FACE, 2)
        clock.advance(1)
        companion.mock_presser.press(Control.UNDO)
        await settle(pilot)
        state = app.screen.session.state
        assert state.pending == ()
        assert not state.recent[0].voided


async def test_the_next_button_steps_through_the_usual_dice(companion):
    app = dice_app(companion, "d6")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "n")
        assert str(app.screen.session.state.spec) == "2d6"
        await press(pilot, "n")
        assert str(app.screen.session.state.spec) == "d10"


async def test_the_on_screen_panel_presses_through_the_mock_pins(companion, mock_factory):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        await push(pilot, Control.ROLL)
        await settle(pilot)
        assert len(app.screen.session.state.recent) == 1
        roll_pin = mock_factory.pin(companion.config.pins.roll)
        assert [state for _, state in roll_pin.states][-2:] == [False, True]


async def test_the_status_line_says_the_hardware_is_mock_and_names_the_games_file(companion):
    app = dice_app(companion)
    async with app.run_test(size=(len(str(companion.store.path)) + 100, 40)) as pilot:
        await settle(pilot)
        status = str(app.screen.query_one(StatusLine).render())
        assert "MOCK HARDWARE" in status
        assert str(companion.store.path) in status


async def test_a_spec_typed_in_the_dialog_becomes_the_dice(companion):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "e")
        await pilot.press(*"3d6+1", "enter")
        await settle(pilot)
        assert isinstance(app.screen, DiceScreen)
        assert str(app.screen.session.state.spec) == "3d6+1"


@pytest.mark.parametrize("typed", ["d6+" + "9" * 400, "d6-" + "9" * 5000, "[bold]x", "d6+[/]"])
async def test_a_spec_beyond_the_limits_or_not_a_spec_is_said_in_one_line_and_changes_nothing(companion, typed):
    app = dice_app(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "e")
        app.screen.query_one(Input).value = typed
        await pilot.press("enter")
        error = app.screen.query_one("#form-error", Static)
        shown = str(error.render())
        assert isinstance(app.screen, SpecForm)
        assert "\n" not in shown and len(shown) < 100
        # The field takes 40 characters; a shorter bad spec is quoted, cut to its first 24.
        assert shown.startswith(repr(typed[:24]).rstrip("'")) or shown.endswith("at most 40 characters")
        await pilot.press("escape")
        assert str(app.screen.session.state.spec) == "2d6"
        await settle(pilot)
        assert app.screen.session.records == []


async def test_a_game_saved_with_a_modifier_beyond_todays_limit_still_opens(companion):
    game = companion.store.create_game("dice")
    huge = DiceSpec.model_construct(count=1, sides=6, modifier=int("9" * 400))
    append(companion.store, game.id, [SpecChosen(spec=huge), DiceRolled(spec=huge, faces=(3,), source="generated")])
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert app.screen.session.state.spec.modifier == int("9" * 400)
        assert "beyond the dice limits" in str(app.screen.query_one("#stats", Static).render())


async def test_the_fairness_view_charts_each_dies_faces_for_this_game_and_for_all_games(companion):
    from companion.tui.screens.fairness import FairnessScreen
    from companion.tui.widgets.face_chart import FaceChart

    _, other = companion.open_game(companion.store.create_game("dice"))
    other.execute(EnterFace(entered=6))
    other.execute(EnterFace(entered=6))
    other.close()
    companion.store.create_game("dice")  # the newest: the one the app opens
    app = dice_app(companion, "2d6")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await press(pilot, "space")
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, FairnessScreen)
        headings = [str(s.render()) for s in app.screen.query(".fairness-heading")]
        assert headings == ["d6, generated: 3 rolls, 6 faces"]
        assert app.screen.query_one(FaceChart).tally.faces == 6
        verdict = str(app.screen.query_one(".fairness-verdict").render())
        assert "too few rolls to tell: a d6 needs 30 faces for the test, 24 more" in verdict
        await pilot.press("a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        headings = [str(s.render()) for s in app.screen.query(".fairness-heading")]
        assert headings == ["d6, generated: 3 rolls, 6 faces", "d6, physical: 1 roll, 2 faces"]
        await pilot.press("escape")
        assert isinstance(app.screen, DiceScreen)


async def test_a_refusal_goes_as_soon_as_a_later_press_is_carried_out_and_stays_while_presses_are_refused(companion):
    app = dice_app(companion, "d6")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "7")
        assert [n.message for n in app._notifications] == ["7 is not a face of a d6: enter 1 to 6"]
        await press(pilot, "8")
        assert [n.message for n in app._notifications] == ["8 is not a face of a d6: enter 1 to 6"]
        await press(pilot, "4")
        assert app.screen.session.state.last.roll.faces == (4,)
        assert list(app._notifications) == [], "what the refusal said no longer holds"
        assert [said.message for said in app.said][:2] == ["8 is not a face of a d6: enter 1 to 6",
                                                           "7 is not a face of a d6: enter 1 to 6"], "Messages keeps it"
        await pilot.press("9", "5")  # typed in a burst: the refusal is withdrawn once it is on screen
        await settle(pilot)
        assert app.screen.session.state.last.roll.faces == (5,) and list(app._notifications) == []
