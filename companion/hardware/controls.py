"""The controls a player presses, whether on GPIO, on the serial board, on screen or as a key."""

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

FACES = range(0, 11)
"""The values a FACE press may carry: 1 to 10, or 0 for a d10's ten."""
SIDES = (1, 2)


class Control(StrEnum):
    ROLL = "roll"
    UNDO = "undo"
    REDO = "redo"
    CONFIRM = "confirm"
    NEXT = "next"
    FACE = "face"
    """A face key; the event's `value` says which face (1 to 10, or 0 for a d10's ten)."""
    SIDE = "side"
    """A per-side button (such as a CAP button); the event's `value` is the side, 1 or 2."""


class Origin(NamedTuple):
    """Where an input came from, for exactly-once inputs: one board run's event, one remote press.
    The games file records the last `number` applied per `source` with what the input caused."""

    source: str
    number: int


def board_source(board_id: str, boot: int) -> str:
    """The source of one run of one board: its events are numbered from its boot."""
    return f"board:{board_id}:{boot}"


def board_run(source: str) -> tuple[str, int] | None:
    """(board id, boot) from a board's source, None for any other source."""
    kind, _, rest = source.partition(":")
    board_id, _, boot = rest.rpartition(":")
    if kind != "board" or not board_id or not boot.isdigit():
        return None
    return board_id, int(boot)


@dataclass(frozen=True, slots=True)
class ControlPressed:
    """One accepted press, after debouncing, from wherever it came."""

    control: Control
    value: int | None = None
    source: str = "gpio"
    origin: Origin | None = None
    """Set for inputs that must be applied exactly once across a restart (the serial board's)."""

    def __post_init__(self) -> None:
        # No screen has to guard against a face or side that cannot be: such a press does not exist.
        if self.control is Control.FACE and self.value not in FACES:
            raise ValueError(f"face {self.value} is not {FACES[0]} to {FACES[-1]}")
        if self.control is Control.SIDE and self.value not in SIDES:
            raise ValueError(f"side {self.value} is not 1 or 2")

    def __str__(self) -> str:
        return f"{self.control} {self.value}" if self.value is not None else str(self.control)
