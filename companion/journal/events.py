"""The base of every journaled event, and the undo / redo events every game shares."""

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import BaseModel, ConfigDict


class Event(BaseModel):
    """Something that happened at the table, named in the past tense.

    `undoable` marks a decision a player may take back; facts such as dice rolled by the players
    or cards drawn from a deck are still undoable decisions only where the rules of that game say so.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    undoable: ClassVar[bool] = False
    if TYPE_CHECKING:
        # Each event declares its own `type` tag, a Literal the tagged union picks it by.
        type: str

    def describe(self) -> str:
        return self.__class__.__name__


class DecisionUndone(Event):
    """An earlier decision is voided; it stays in the journal and can be redone."""

    type: Literal["decision_undone"] = "decision_undone"
    target: int


class DecisionRedone(Event):
    """A voided decision is back in force, exactly as it was first recorded."""

    type: Literal["decision_redone"] = "decision_redone"
    target: int
