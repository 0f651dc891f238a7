"""What the Deckung helper journals: the cover chosen, shots at it, and each model's W10."""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from companion.games.deckung.cover import CoverKind, Position, term
from companion.journal.events import DecisionRedone, DecisionUndone, Event

Source = Literal["generated", "physical"]


def rolled(face: int, source: Source) -> str:
    return f"W10 {face}" + (" (keyed)" if source == "physical" else "")


class Decision(Event):
    undoable: ClassVar[bool] = True


class CoverChosen(Decision):
    type: Literal["cover_chosen"] = "cover_chosen"
    cover: CoverKind

    def describe(self) -> str:
        return term(self.cover)


class PositionChosen(Decision):
    type: Literal["position_chosen"] = "position_chosen"
    position: Position

    def describe(self) -> str:
        return f"model {term(self.position)}"


class CoverShot(Decision):
    type: Literal["cover_shot"] = "cover_shot"
    penetration: int
    hardness: int
    destroyed: bool

    def describe(self) -> str:
        result = "is destroyed (zerstört)" if self.destroyed else "holds (hält)"
        sign = "≥" if self.destroyed else "<"
        return f"Durchschlag {self.penetration} {sign} Härtegrad {self.hardness}: the cover {result}"


class ModelsPlaced(Decision):
    type: Literal["models_placed"] = "models_placed"
    count: int
    rank: str
    name: str
    survives_on: int
    """The rank's number as the data said when they were placed."""

    def describe(self) -> str:
        return f"{self.count} × {self.name} in direct contact (survives on ≤ {self.survives_on})"


class SplinterRolled(Decision):
    type: Literal["splinter_rolled"] = "splinter_rolled"
    model: int
    face: int
    source: Source

    def describe(self) -> str:
        result = "hit by a splinter (getroffen)" if self.face > 5 else "unharmed (nichts passiert)"
        return f"model {self.model}: {rolled(self.face, self.source)}, {result}"


class RankTested(Decision):
    type: Literal["rank_tested"] = "rank_tested"
    model: int
    face: int
    source: Source
    survives_on: int

    def describe(self) -> str:
        result = "survives (überlebt)" if self.face <= self.survives_on else "removed (entfernt)"
        return f"model {self.model}: rank test {rolled(self.face, self.source)} against ≤ {self.survives_on}, {result}"


class CoverCleared(Decision):
    type: Literal["cover_cleared"] = "cover_cleared"

    def describe(self) -> str:
        return "next cover"


ROLLS = (SplinterRolled, RankTested)

DeckungEvent = Annotated[
    CoverChosen | PositionChosen | CoverShot | ModelsPlaced | SplinterRolled | RankTested | CoverCleared
    | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]
