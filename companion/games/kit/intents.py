"""What a press asks the screen to do: run commands, ask with a form, tell the players, move the
selection, switch to another view of the game, save a data file the players chose to save.

A game's controller turns a press into one of these, as a pure function of the state; the screen
only carries them out, so every screen (and a remote view, and a test) answers a press the same way.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from companion.games.kit.forms import FormSpec
from companion.games.rules import Command

Severity = Literal["information", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Run:
    """Commit these commands, in order; a refusal stops the rest."""

    commands: tuple[Command, ...]

    @classmethod
    def one(cls, command: Command) -> "Run":
        return cls((command,))


@dataclass(frozen=True, slots=True)
class Ask:
    """Open a form; its answers go to `then`, which returns what to do next. A `ValueError` or
    `CompanionError` raised by `then` is shown in the form, which stays open."""

    form: FormSpec
    then: Callable[[Mapping[str, object]], "Intent"]


@dataclass(frozen=True, slots=True)
class Tell:
    """A line for the players instead of doing anything (a remote press it answers is refused with
    it); words come from the game's view module."""

    text: str
    severity: Severity = "information"


@dataclass(frozen=True, slots=True)
class Reveal:
    """A private panel for one player (a hidden hit counter's owner): shown until dismissed."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Select:
    """Move the selected row by `step`."""

    step: int


@dataclass(frozen=True, slots=True)
class SwitchView:
    """Show another of the screen's views of the game (Point Blank's battlefield grid), or back
    from it when it is showing; nothing is committed."""

    view: str


@dataclass(frozen=True, slots=True)
class SaveFile:
    """Write the players' data file `name` for this game (in `<data dir>/<game>/`), replacing theirs,
    then carry out `then`. Only the answer to a form where the players chose to save it."""

    name: str
    text: str
    then: "Intent" = None


Intent = Run | Ask | Tell | Reveal | Select | SwitchView | SaveFile | None
