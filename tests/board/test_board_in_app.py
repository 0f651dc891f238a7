"""The board in the app: a press on the fake board rolls the dice; the status line follows the cable.

The app starts the board link itself after its first frame; here it starts the demo's fake board.
"""

import asyncio

from companion.dice.spec import DiceSpec
from companion.status_part import StatusPart
from companion.tui.app import CompanionApp
from companion.tui.messages import BoardLinkChanged
from tests.pilot import settle

SIZE = (140, 40)


class Seen:
    """A message hook that lets the test await a message matching a condition."""

    def __init__(self) -> None:
        self.messages: list = []
        self._waiters: list[tuple] = []

    def __call__(self, message) -> None:
        self.messages.append(message)
        for condition, event in self._waiters:
            if condition(message):
                event.set()

    async def wait_for(self, condition, timeout: float = 5.0):
        if not any(condition(m) for m in self.messages):
            event = asyncio.Event()
            self._waiters.append((condition, event))
            await asyncio.wait_for(event.wait(), timeout)
        return next(m for m in self.messages if condition(m))


def link_says(text: str):
    return lambda m: isinstance(m, BoardLinkChanged) and m.said.text.startswith(text)


def dice_app_with_fake_board(companion, spec: str = "2d6") -> CompanionApp:
    companion.want_fake_board = True
    return CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse(spec))


async def test_a_press_on_the_fake_board_rolls_the_dice_once_in_the_app(companion):
    seen = Seen()
    app = dice_app_with_fake_board(companion)
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        await seen.wait_for(link_says("fake board connected"))
        companion.fake_board.command("press roll")
        # Every event from the board is acknowledged, which now waits for the app to commit the roll:
        # the board is asked on a thread, so the app goes on running meanwhile.
        await asyncio.to_thread(companion.fake_board.command, "settle")
        await settle(pilot)
        session = app.screen.session
        assert session.state.rolls == 1
        committed = list(companion.store.records(session.game.id, session.rules.events))
        assert [record.event.type for record in committed] == ["dice_rolled"]
        assert list(companion.store.inputs("board:").values()) == [0], "the board's first press, recorded with its roll"
        assert app.board_status == StatusPart("fake board connected (firmware 1.1.0, protocol 1.1)")


async def test_a_face_reported_by_the_board_for_a_d20_is_refused_and_its_input_recorded(companion):
    seen = Seen()
    app = dice_app_with_fake_board(companion, "d20")
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        await seen.wait_for(link_says("fake board connected"))
        companion.fake_board.command("face 4")
        await asyncio.to_thread(companion.fake_board.command, "settle")
        await settle(pilot)
        session = app.screen.session
        assert session.state.pending == () and session.state.rolls == 0
        committed = list(companion.store.records(session.game.id, session.rules.events))
        assert [record.event.type for record in committed] == ["spec_chosen"]
        assert list(companion.store.inputs("board:").values()) == [0], "the refused press, recorded on its own"
        assert [n.message for n in app._notifications] == ["a d20 is rolled by the companion: press Roll"]


async def test_the_status_line_says_lost_when_unplugged_and_connected_again_after_replug(companion):
    seen = Seen()
    app = dice_app_with_fake_board(companion)
    async with app.run_test(size=SIZE, message_hook=seen) as pilot:
        await seen.wait_for(link_says("fake board connected"))
        companion.fake_board.command("unplug")
        await seen.wait_for(link_says("fake board lost"))
        await pilot.pause()
        assert app.board_status == StatusPart("fake board lost: the board was unplugged", must_act=True)
        seen.messages.clear()
        companion.fake_board.command("replug")
        await seen.wait_for(link_says("fake board connected"), timeout=2.0)
        await pilot.pause()
        assert app.board_status.text.startswith("fake board connected") and not app.board_status.must_act
