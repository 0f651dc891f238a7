"""Which decisions are in force, which are voided, and what undo and redo would act on.

A timeline is an immutable value, like a game's state: adding a record gives a new timeline and
costs the same however long the game is, so the session can keep one per commit in flight.
"""

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.errors import NothingToDo
from companion.journal.events import DecisionRedone, DecisionUndone, Event
from companion.journal.record import Record


@dataclass(frozen=True, slots=True)
class Stack:
    """A persistent stack of seqs: push and pop share everything below."""

    top: int
    below: "Stack | SavedStack | None"

    def items(self) -> list[int]:
        """Bottom first."""
        pushed: list[int] = []
        link: Stack | SavedStack | None = self
        while isinstance(link, Stack):
            pushed.append(link.top)
            link = link.below
        return (link.items() if link is not None else []) + pushed[::-1]


@dataclass(frozen=True, slots=True)
class SavedStack:
    """The bottom of a stack as a snapshot kept it: one array, shared by every pop. A long game's
    timeline loads as one array, not a link per decision (100,000 of them took ~150 ms to build)."""

    saved: array
    """Bottom first; never changed once made."""
    size: int
    """How many of `saved` are still on the stack."""

    @property
    def top(self) -> int:
        return self.saved[self.size - 1]

    @property
    def below(self) -> "SavedStack | None":
        return SavedStack(self.saved, self.size - 1) if self.size > 1 else None

    def items(self) -> list[int]:
        return self.saved[: self.size].tolist()


def stack_of(items: list[int]) -> SavedStack | None:
    return SavedStack(array("q", items), len(items)) if items else None


@dataclass(frozen=True, slots=True)
class Timeline:
    in_force: Stack | SavedStack | None = None
    """Decisions that undo can take back, the newest on top."""
    redoable: Stack | SavedStack | None = None
    """Decisions undone since anything new happened, the latest undone on top."""
    voided: frozenset[int] = frozenset()

    def add(self, record: Record) -> "Timeline":
        event = record.event
        if isinstance(event, DecisionUndone):
            assert self.in_force is not None and self.in_force.top == event.target
            return Timeline(self.in_force.below, Stack(event.target, self.redoable), self.voided | {event.target})
        if isinstance(event, DecisionRedone):
            assert self.redoable is not None and self.redoable.top == event.target
            # The newest voided decision is newer than every decision still in force.
            return Timeline(Stack(event.target, self.in_force), self.redoable.below, self.voided - {event.target})
        if event.undoable:
            return Timeline(Stack(record.seq, self.in_force), None, self.voided)
        # Play has moved on (a roll, a draw, an impulse's end): a redo would put an undone decision
        # back under it, where it was first recorded, as if it had stood all along.
        return Timeline(self.in_force, None, self.voided) if self.redoable is not None else self

    def undo(self) -> DecisionUndone:
        if self.in_force is None:
            raise NothingToDo("nothing to undo")
        return DecisionUndone(target=self.in_force.top)

    def redo(self) -> DecisionRedone:
        if self.redoable is None:
            raise NothingToDo("nothing to redo")
        return DecisionRedone(target=self.redoable.top)

    def dump(self) -> "SavedTimeline":
        in_force = self.in_force.items() if self.in_force else []
        redoable = self.redoable.items() if self.redoable else []
        return SavedTimeline(in_force=in_force, redoable=redoable, voided=sorted(self.voided))

    @classmethod
    def load(cls, saved: "SavedTimeline") -> "Timeline":
        return cls(stack_of(saved.in_force), stack_of(saved.redoable), frozenset(saved.voided))


class SavedTimeline(BaseModel):
    """A timeline as a snapshot keeps it (built with the first snapshot read or written)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    in_force: list[int]
    redoable: list[int]
    voided: list[int]


def describe(record: Record, target: Any = None, words: Callable[[Event], str] | None = None) -> str:
    """A line a player can read: `undo: 2d6 = 9 (4+5), physical`; `target` is the record an undo
    or redo acted on, `words` how the game reads an event (its own `describe` by default)."""
    said = words or (lambda event: event.describe())
    event = record.event
    if isinstance(event, DecisionUndone):
        return f"undo: {said(target.event)}" if target is not None else "undo"
    if isinstance(event, DecisionRedone):
        return f"redo: {said(target.event)}" if target is not None else "redo"
    return said(event)
