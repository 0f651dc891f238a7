"""What the dice roller journals: the dice chosen and every roll, generated or keyed in."""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from companion.dice.spec import DiceSpec
from companion.games.kit.faces import FaceEntered, FaceErased
from companion.journal.events import DecisionRedone, DecisionUndone, Event

Source = Literal["generated", "physical"]


class SpecChosen(Event):
    type: Literal["spec_chosen"] = "spec_chosen"
    spec: DiceSpec

    def describe(self) -> str:
        return f"dice: {self.spec}"


class DiceRolled(Event):
    """A complete roll. Undo voids it and redo restores these very faces: nothing is re-rolled."""

    undoable: ClassVar[bool] = True
    type: Literal["dice_rolled"] = "dice_rolled"
    spec: DiceSpec
    faces: tuple[int, ...]
    source: Source

    @property
    def total(self) -> int:
        return self.spec.total(self.faces)

    def describe(self) -> str:
        faces = "+".join(map(str, self.faces))
        shown = f" ({faces})" if len(self.faces) > 1 or self.spec.modifier else ""
        return f"{self.spec} = {self.total}{shown}, {self.source}"


DiceEvent = Annotated[
    SpecChosen | FaceEntered | FaceErased | DiceRolled | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]
