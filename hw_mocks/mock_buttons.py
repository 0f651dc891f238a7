"""Presses on gpiozero `MockFactory` pins: what the demo's on-screen panel and the tests use."""

from gpiozero.pins.mock import MockFactory

from companion.hardware.controls import Control
from drivers.gpio import ButtonBox


class MockButtonPresser:
    """Drives the mock pins behind a `ButtonBox`, the way a finger drives a real button."""

    def __init__(self, factory: MockFactory, box: ButtonBox) -> None:
        self.factory = factory
        self.box = box

    def pin(self, control: Control, value: int | None = None):
        number = self.box.pin_for(control, value)
        if number is None:
            raise LookupError(f"no pin is wired for {control}{'' if value is None else f' {value}'}")
        return self.factory.pin(number)

    def press(self, control: Control, value: int | None = None) -> None:
        """A clean press and release: the pin is pulled to ground, then let go."""
        pin = self.pin(control, value)
        pin.drive_low()
        pin.drive_high()

    def bounce(self, control: Control, value: int | None = None, edges: int = 5) -> None:
        """A worn contact: `edges` flips between pressed and released, ending released."""
        pin = self.pin(control, value)
        for flip in range(edges):
            (pin.drive_low if flip % 2 == 0 else pin.drive_high)()
        pin.drive_high()
