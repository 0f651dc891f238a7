"""What a remote press is answered over a real mosquitto, with the app as the table's authority:
`applied` only when the press did something; a press the screen in front does not take is
`refused` with the words the screen shows."""

from companion.hardware.controls import Control
from companion.network.messages import Outcome
from companion.tui.app import CompanionApp
from tests.network.conftest import Recorder
from tests.network.tables import table_companion, until
from tests.network.test_app_authority import SIZE, answered, presser, waited
from tests.pilot import press, settle


def notes(app: CompanionApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_a_remote_confirm_the_dice_roller_has_no_use_for_is_refused_with_what_the_screen_says(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    verdicts = Recorder()
    phone = presser(broker, verdicts)
    app = CompanionApp(companion, start_kind="dice")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table)
            pressed = phone.press(Control.CONFIRM)
            (verdict,) = await waited(verdicts, answered(pressed))
            await settle(pilot)
            assert (verdict.outcome, verdict.reason) == (
                Outcome.REFUSED, "Confirm has nothing to confirm on the dice roller")
            assert verdict.reason in notes(app)
    finally:
        phone.stop()
        companion.close()


async def test_a_remote_roll_while_a_form_is_open_on_the_authority_is_refused_and_rolls_nothing(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    verdicts = Recorder()
    phone = presser(broker, verdicts)
    app = CompanionApp(companion, start_kind="dice")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table)
            game = app.screen
            await press(pilot, "e")  # the dice spec's form, open on the table's screen
            pressed = phone.press(Control.ROLL)
            (verdict,) = await waited(verdicts, answered(pressed))
            await settle(pilot)
            reason = "roll does nothing here: a form is open: Confirm submits it, Undo cancels it"
            assert (verdict.outcome, verdict.reason) == (Outcome.REFUSED, reason)
            assert reason in notes(app)
            assert game.session.state.rolls == 0  # type: ignore[attr-defined]
            assert app.screen is not game  # the form is still open
    finally:
        phone.stop()
        companion.close()


async def test_a_remote_face_key_on_home_is_refused_while_next_moves_the_menu(tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    verdicts = Recorder()
    phone = presser(broker, verdicts)
    app = CompanionApp(companion)  # no saved game: home
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table)
            face, step = phone.press(Control.FACE, 3), phone.press(Control.NEXT)
            await waited(verdicts, answered(face, step))
            await pilot.pause()
            outcomes = {verdict.id: (verdict.outcome, verdict.reason) for verdict in verdicts.items}
            assert outcomes == {face: (Outcome.REFUSED, "face 3 does nothing here: Next steps down, Confirm picks"),
                                step: (Outcome.APPLIED, "")}
    finally:
        phone.stop()
        companion.close()

