"""Physical dice keyed in face by face: the commands every game shares, and the slots a view shows."""

from typing import Literal

from companion.games.rules import Command
from companion.journal.events import Event


class EnterFace(Command):
    """A face of a physical die, as the player keyed it (0 on a d10 is 10)."""

    entered: int


class EraseFace(Command):
    """Take back the last face keyed in for a roll not yet complete."""


def slots(faces: tuple[int, ...], needed: int) -> str:
    """`3 5 _`: the faces keyed so far and a blank for each still to come."""
    return " ".join([*map(str, faces), *("_" * (needed - len(faces)))])


# Events: the faces of a roll not yet complete. A complete roll is each game's own event.


class FaceEntered(Event):
    type: Literal["face_entered"] = "face_entered"
    face: int

    def describe(self) -> str:
        return f"face entered: {self.face}"


class FaceErased(Event):
    type: Literal["face_erased"] = "face_erased"

    def describe(self) -> str:
        return "face erased"
