"""A game's descriptor: everything the companion needs to know to offer, open and play a game.

Adding a game is one core folder (its rules, controller, lights and data), one screen folder and
one line in `registry.py`. The descriptor names its parts as `module:attribute` so that listing
the games imports none of them: a game's models are built only when a game of that kind opens.
The game kit (data files, scenarios, controllers) loads then too, so the home screen's first frame
is drawn without it (tests/tui/test_start_up.py).
"""

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.kit.controller import Controller
    from companion.games.kit.data import DataFile
    from companion.games.kit.lights import Lights
    from companion.games.kit.scenarios import Scenario, ScenarioFile
    from companion.games.rules import Rules
    from companion.journal.record import Record
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
    scenario: str | None = None
    """`module:Model`: the game's `Scenario` model; its shipped scenarios sit in the `scenarios`
    package of its `data`, the players' own in `<data dir>/<kind>/scenarios/`."""

    def data_files(self) -> "tuple[DataFile, ...]":
        return tuple(resolve(self.data)) if self.data else ()

    def load_data(self, data_dir: Path | None) -> dict[str, Any]:
        """Every data file, shipped with the players' own laid over (`ConfigError` names a bad one)."""
        from companion.games.kit import data as data_files

        folder = data_dir / self.kind if data_dir is not None else None
        package = self.data.partition(":")[0] if self.data else ""
        return {file.name: data_files.load(package, folder, file) for file in self.data_files()}

    def scenario_model(self) -> "type[Scenario] | None":
        return resolve(self.scenario) if self.scenario else None

    def scenario_files(self, data_dir: Path | None) -> "list[ScenarioFile]":
        """Its shipped scenarios and the players' own (theirs replace a shipped one of the same name)."""
        from companion.games.kit import scenarios

        if not self.scenario or not self.data:
            return []
        folder = data_dir / self.kind / scenarios.FOLDER if data_dir is not None else None
        return scenarios.listed(self.kind, f"{self.data.partition(':')[0]}.{scenarios.FOLDER}", folder)

    def read_scenario(self, file: "ScenarioFile", data: Mapping[str, Any]) -> "Scenario":
        """The scenario in `file`, its name checked, and checked against the loaded data files (the
        unit library, the terrain); `ConfigError` names the file, line, key and reason of what fails."""
        from companion.games.kit import scenarios

        model = self.scenario_model()
        assert model is not None, f"{self.kind} has no scenarios"
        scenarios.check_file_name(file.where)
        return scenarios.validate(model, file.text(), file.where, data)

    def open(self, rng: random.Random, data_dir: Path | None) -> "Game":
        """The game's parts, built; raises `ConfigError` for a data file that cannot be used."""
        from companion.games.kit import data as data_files

        loaded = self.load_data(data_dir)
        folder = data_dir / self.kind if data_dir is not None else None
        return Game(
            descriptor=self,
            data=loaded,
            rules=resolve(self.rules)(rng, loaded),
            controller=resolve(self.controller)(loaded, data_files.own_files(folder, self.data_files())),
            lights=resolve(self.lights),
            announce=partial(spoken, self.announce) if self.announce else silent,
            folder=folder,
        )


@dataclass(frozen=True, slots=True)
class Game:
    """A game kind, opened: its data loaded and its rules and controller built."""

    descriptor: GameDescriptor
    data: Mapping[str, Any]
    rules: "Rules[Any]"
    controller: "Controller[Any]"
    lights: "Callable[[Any], Lights]"
    announce: "Callable[[Sequence[Record], Any], tuple[Announcement, ...]]"
    folder: Path | None = None
    """The players' folder for this game's data files (`<data dir>/<kind>/`), None without a data dir."""


def spoken(announce: str, records: "Sequence[Record]", state: Any) -> "tuple[Announcement, ...]":
    """What the game says of a commit (`announce`, a `module:function` reference: its announcements are
    models, loaded only once speech is on and something is said), then any undo or redo in it, which
    every game says alike."""
    from companion.speech.common import taken_back

    return (*resolve(announce)(records, state), *taken_back(records))


def silent(records: "Sequence[Record]", state: Any) -> "tuple[Announcement, ...]":
    """A game that says nothing out loud."""
    return ()
