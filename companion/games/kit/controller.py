"""A game's controller: a press (a key, a button, a tap) and the state in, what to do out.

Pure: it decides which command a press stands for, which form to ask, or what to tell the
players, so the screen, a remote view and the tests all answer a press the same way.
"""

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from companion.games.kit.intents import Intent, Run
from companion.games.kit.keymap import KeyAction, Keymap
from companion.games.rules import Redo, Undo

if TYPE_CHECKING:
    from companion.games.kit.guide import GuideView  # only the games with scenarios load the guide

State = TypeVar("State")


class Controller(Generic[State]):
    """Subclasses give the `keymap` and answer `press`; undo and redo work the same everywhere."""

    keymap: ClassVar[Keymap]

    def __init__(self, data: Any = None, own_files: frozenset[str] = frozenset()) -> None:
        self.data = data
        self.own_files = own_files
        """The game's data files the players have their own of (see `kit.data.own_files`)."""

    def press(self, state: State, action: str, value: int | None, selected: int | None) -> Intent:
        """What the action asks for now; `selected` is the row the players have picked, if any."""
        if action == "undo":
            return Run.one(Undo())
        if action == "redo":
            return Run.one(Redo())
        raise KeyError(f"no action {action!r}")

    def available(self, state: State) -> tuple[str, ...]:
        """The actions that do something now, for the help line and the action bar."""
        return self.keymap.names

    def tappable(self, state: State) -> tuple[KeyAction, ...]:
        """The action bar's buttons now: each available action, a group of keys with values (the
        face keys) as one button per value. A game narrows the values that mean something now."""
        return self.keymap.taps(self.available(state))

    def guide(self, state: State) -> "GuideView | None":
        """The scenario's setup step on screen, while the players are setting up; None otherwise."""
        return None
