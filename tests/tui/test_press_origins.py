"""A press that must count once (the board's, the table network's) is recorded with what it caused, or
on its own when it was refused, and the screen says which: the app answers the press from that."""

from companion.hardware.controls import Control, ControlPressed, Origin
from companion.tui.app import CompanionApp
from companion.tui.screens.game_screen import GameScreen
from tests.pilot import settle

SIZE = (100, 30)


async def test_a_press_that_rolls_is_recorded_with_the_roll_and_the_screen_refuses_nothing(table):
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        refusal = screen.on_control(ControlPressed(Control.ROLL), Origin("remote:run", 1))
        await settle(pilot)
        assert refusal == ""
        assert table.store.last_input("remote:run") == 1
        assert screen.session.state.rolls == 1


async def test_a_press_the_controller_refuses_is_recorded_on_its_own_and_its_refusal_returned(table):
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        refusal = screen.act("modifier", 1, Origin("board:pico:1", 5))
        await settle(pilot)
        assert refusal == "no roll is waiting for CAPs"
        assert table.store.last_input("board:pico:1") == 5
        assert table.store.last_seq(screen.session.game.id) == 0


async def test_a_press_the_rules_refuse_or_no_key_takes_is_recorded_and_its_refusal_returned(table):
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.on_control(ControlPressed(Control.UNDO), Origin("remote:run", 1)) == "nothing to undo"
        assert screen.on_control(ControlPressed(Control.SIDE, 2), Origin("remote:run", 2)) == "side 2 does nothing here"
        await settle(pilot)
        assert table.store.last_input("remote:run") == 2
