"""A game's descriptor: everything the companion needs to know to offer, open and play a game.

Adding a game is one core folder (its rules, controller, lights and data), one screen folder and
one line in `registry.py`. The descriptor names its parts as `module:attribute` so that listing
the games imports none of them: a game's models are built only when a game of that kind opens.
"""

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games.kit import data as data_files
from companion.games.kit.controller import Controller
from companion.games.kit.lights import Lights
from companion.games.rules import Rules
from companion.journal.events import Record

if TYPE_CHECKING:
    from companion.speech.announcement import Announcement  # a model: built only by a game that speaks


def resolve(reference: str) -> Any:
    """The attribute a `module:attribute` reference names."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True, slots=True)
class GameDescriptor:
    kind: str
    """The name saved with each game: never changes once games of this kind exist."""
    title: str
    rules: str
    """`module:Class`: the game's `Rules`, built with the random source and the loaded data."""
    controller: str
    """`module:Class`: the game's `Controller` (its keymap, and what each press asks for)."""
    lights: str
    """`module:function`: state → `Lights`."""
    screen: str
    """`module:Class`: the Textual screen that renders it (`companion.tui...`)."""
    data: str | None = None
    """`module:attribute`: the game's `DataFile`s, a tuple; the shipped files sit in that module's
    package, the players' own in `<data dir>/<kind>/`."""
    dice: str | None = None
    """`module:NAME`: the game's `DiceEvents` (which of its events carry dice), for `companion stats`."""
    announce: str | None = None
    """`module:function`: (committed records, state after them) → `Announcement`s, what the table
    hears after a commit; never anything one side may not know."""

    def data_files(self) -> tuple[data_files.DataFile, ...]:
        return tuple(resolve(self.data)) if self.data else ()

    def load_data(self, data_dir: Path | None) -> dict[str, Any]:
        """Every data file, shipped with the players' own laid over (`ConfigError` names a bad one)."""
        folder = data_dir / self.kind if data_dir is not None else None
        package = self.data.partition(":")[0] if self.data else ""
        return {file.name: data_files.load(package, folder, file) for file in self.data_files()}

    def open(self, rng: random.Random, data_dir: Path | None) -> "Game":
        """The game's parts, built; raises `ConfigError` for a data file that cannot be used."""
        loaded = self.load_data(data_dir)
        return Game(
            descriptor=self,
            data=loaded,
            rules=resolve(self.rules)(rng, loaded),
            controller=resolve(self.controller)(loaded),
            lights=resolve(self.lights),
            announce=resolve(self.announce) if self.announce else silent,
        )


@dataclass(frozen=True, slots=True)
class Game:
    """A game kind, opened: its data loaded and its rules and controller built."""

    descriptor: GameDescriptor
    data: Mapping[str, Any]
    rules: Rules[Any]
    controller: Controller[Any]
    lights: Callable[[Any], Lights]
    announce: "Callable[[Sequence[Record], Any], tuple[Announcement, ...]]"


def silent(records: Sequence[Record], state: Any) -> "tuple[Announcement, ...]":
    """A game that says nothing out loud."""
    return ()
