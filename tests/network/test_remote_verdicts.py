"""What a remote press is answered over a real mosquitto, with the app as the table's authority:
`applied` only when the press did something; a press the screen in front does not take is
`refused` with the words the screen shows; a press that fails its check is `refused` with the
reason whenever its id can be read, and never counts as applied."""

import asyncio
import json
import threading

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion

from companion.hardware.controls import Control
from companion.network.messages import MAX_PAYLOAD, Outcome
from companion.network.topics import TableTopics
from companion.tui.app import CompanionApp
from tests.network.conftest import Mosquitto, Recorder
from tests.network.tables import TOKEN, table_companion, until
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
            await until(app, lambda: "connected" in app.status.table.text)
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
            await until(app, lambda: "connected" in app.status.table.text)
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
            await until(app, lambda: "connected" in app.status.table.text)
            face, step = phone.press(Control.FACE, 3), phone.press(Control.NEXT)
            await waited(verdicts, answered(face, step))
            await pilot.pause()
            outcomes = {verdict.id: (verdict.outcome, verdict.reason) for verdict in verdicts.items}
            assert outcomes == {face: (Outcome.REFUSED, "face 3 does nothing here: Next steps down, Confirm picks"),
                                step: (Outcome.APPLIED, "")}
    finally:
        phone.stop()
        companion.close()


class RawPresser:
    """A phone that writes its own payloads, right or wrong, and hears every verdict of the table."""

    def __init__(self, broker: Mosquitto) -> None:
        self.verdicts = Recorder()
        subscribed = threading.Event()
        self.client = paho.Client(CallbackAPIVersion.VERSION2, protocol=MQTTProtocolVersion.MQTTv5)
        self.client.on_message = lambda _c, _u, message: self.verdicts(json.loads(message.payload))
        self.client.on_subscribe = lambda *_: subscribed.set()
        self.client.on_connect = lambda client, *_: client.subscribe(TableTopics("club-1").verdicts, qos=1)
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert subscribed.wait(10), "the broker did not confirm the subscription"

    def send(self, payload: bytes) -> None:
        self.client.publish(TableTopics("club-1").presses, payload, qos=1).wait_for_publish(10)

    def press(self, press_id: str, **fields: object) -> int:
        """A roll (unless `fields` say otherwise) with the table's token; returns its size in bytes."""
        payload = json.dumps({"v": 1, "id": press_id, "control": "roll", "origin": "phone of Ann", "token": TOKEN,
                              **fields}).encode()
        self.send(payload)
        return len(payload)

    def answer_to(self, press_id: str, nth: int = 1) -> dict:
        """The `nth` verdict for `press_id`, once it has come."""
        answers = lambda got: [verdict for verdict in got if verdict["id"] == press_id]  # noqa: E731
        return answers(self.verdicts.wait_for(lambda got: len(answers(got)) >= nth))[nth - 1]

    def stop(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


async def test_a_press_that_fails_its_check_is_refused_with_the_reason_and_its_id_stays_unused(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    phone = RawPresser(broker)
    app = CompanionApp(companion, start_kind="dice")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table.text)
            bad = {
                "run4:1": {"control": "face", "value": 11},
                "run4:2": {"control": "explode"},
                "run4:3": {"padding": "x" * MAX_PAYLOAD},
                "run4:4": {"v": 2},
                "run4:5": {"colour": "red"},
            }
            sizes = [phone.press(press_id, **fields) for press_id, fields in bad.items()]
            answers = [await asyncio.to_thread(phone.answer_to, press_id) for press_id in bad]
            assert [(answer["outcome"], answer["reason"]) for answer in answers] == [
                ("refused", "a face press needs a face from 0 to 10"),
                ("refused", "control: Input should be 'roll', 'undo', 'redo', 'confirm', 'next', 'face' or 'side'"),
                ("refused", f"{sizes[2]} bytes is more than {MAX_PAYLOAD}"),
                ("refused", "v: Input should be 1"),
                ("refused", "colour: unknown key"),
            ]
            phone.press("run4:3")  # sent again as it should be: its id was never used up
            assert (await asyncio.to_thread(phone.answer_to, "run4:3", 2))["outcome"] == "applied"
            phone.press("run4:7")  # run4:6 never came
            assert (await asyncio.to_thread(phone.answer_to, "run4:7"))["outcome"] == "applied"
            for late in ("run4:1", "run4:6"):  # right at last, but a later press of the run went first
                phone.press(late)
                answer = await asyncio.to_thread(phone.answer_to, late, 2 if late == "run4:1" else 1)
                assert (answer["outcome"], answer["reason"]) == (
                    "refused", "out of order: a later press from the same presser was dealt with first")
            await settle(pilot)
            assert app.screen.session.state.rolls == 2  # type: ignore[attr-defined]
            assert "skipped 5 bad messages" in app.status.table.text and app.status.table.must_act
    finally:
        phone.stop()
        companion.close()
