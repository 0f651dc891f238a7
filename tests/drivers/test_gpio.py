from gpiozero.pins.mock import MockFactory

from companion.config import PinMap
from companion.hardware.controls import Control, ControlPressed
from drivers.gpio import ButtonBox
from hw_mocks.mock_buttons import MockButtonPresser

PINS = PinMap(faces=(5, 6, 12, 13, 16, 26), sides=(20, 21))


def wired(mock_factory: MockFactory, clock) -> tuple[ButtonBox, list[ControlPressed]]:
    pressed: list[ControlPressed] = []
    return ButtonBox(PINS, mock_factory, pressed.append, 0.020, clock), pressed


def test_each_button_reports_its_control(mock_factory, clock):
    box, pressed = wired(mock_factory, clock)
    presser = MockButtonPresser(mock_factory, box)
    presser.press(Control.ROLL)
    clock.advance(1)
    presser.press(Control.FACE, 4)
    clock.advance(1)
    presser.press(Control.SIDE, 2)
    assert pressed == [ControlPressed(Control.ROLL), ControlPressed(Control.FACE, 4), ControlPressed(Control.SIDE, 2)]
    box.close()


def test_buttons_are_wired_active_low_with_gpiozeros_bounce_time_off(mock_factory, clock):
    box, _ = wired(mock_factory, clock)
    button = box.buttons[17]
    assert button.pull_up is True
    assert button.pin.bounce is None
    box.close()


def test_a_bouncing_contact_gives_one_press(mock_factory, clock):
    box, pressed = wired(mock_factory, clock)
    MockButtonPresser(mock_factory, box).bounce(Control.ROLL, edges=7)
    assert pressed == [ControlPressed(Control.ROLL)]
    box.close()


def test_presses_a_window_apart_all_count(mock_factory, clock):
    box, pressed = wired(mock_factory, clock)
    presser = MockButtonPresser(mock_factory, box)
    for _ in range(3):
        presser.press(Control.UNDO)
        clock.advance(0.025)
    assert pressed == [ControlPressed(Control.UNDO)] * 3
    box.close()


def test_the_roll_led_lights_for_a_flash(mock_factory, clock):
    box, _ = wired(mock_factory, clock)
    pin = mock_factory.pin(PINS.roll_led)
    box.flash_roll_led(0.001)
    box.close()  # waits for the LED thread to finish the flash
    assert [state for _, state in pin.states] == [False, True, False]


def test_flashes_asked_for_during_a_flash_make_one_more_flash_not_a_backlog(mock_factory, clock):
    box, _ = wired(mock_factory, clock)
    pin = mock_factory.pin(PINS.roll_led)
    for _ in range(20):  # presses far faster than a flash
        box.flash_roll_led(0.2)
    box.close()
    lit = [state for _, state in pin.states].count(True)
    assert 1 <= lit <= 2


def test_the_side_leds_show_which_side_is_to_act(mock_factory, clock):
    pins = PinMap(side_leds=(20, 21))
    box = ButtonBox(pins, mock_factory, [].append, 0.020, clock)
    box.show_side(2)
    assert (mock_factory.pin(20).state, mock_factory.pin(21).state) == (False, True)
    box.show_side(1)
    assert (mock_factory.pin(20).state, mock_factory.pin(21).state) == (True, False)
    box.show_side(None)
    assert (mock_factory.pin(20).state, mock_factory.pin(21).state) == (False, False)
    box.close()
