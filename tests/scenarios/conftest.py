"""Games started from a scenario on a real SQLite store, and scenario files written for a test."""

import random
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from companion.games.descriptor import Game
from companion.games.kit.guide import ChooseScenario
from companion.games.kit.intents import Ask, Intent, Run, SaveFile
from companion.games.kit.scenarios import Scenario, ScenarioFile
from companion.games.registry import descriptor
from companion.journal.store import GameStore
from companion.session import GameSession

Started = tuple[Game, GameSession]


def scenario(kind: str, name: str, data_dir: Path | None = None) -> Scenario:
    """A scenario by its name, shipped or in `data_dir`, read as a new game reads it."""
    game = descriptor(kind)
    assert game is not None
    (file,) = [file for file in game.scenario_files(data_dir) if file.name == name]
    return game.read_scenario(file, game.load_data(data_dir))


def written(tmp_path: Path, kind: str, name: str, text: str) -> ScenarioFile:
    """A players' scenario file in a data dir under `tmp_path`."""
    folder = tmp_path / "data" / kind / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text)
    game = descriptor(kind)
    assert game is not None
    return next(file for file in game.scenario_files(tmp_path / "data") if file.name == name)


def tutorial_with(tmp_path: Path, forces: str) -> Scenario:
    """Point Blank's tutorial with more `[[forces]]`, as the players' own scenario `tutorial_plus`."""
    text = (resources.files("companion.games.point_blank.data.scenarios") / "tutorial.toml").read_text()
    written(tmp_path, "point_blank", "tutorial_plus", text + forces)
    return scenario("point_blank", "tutorial_plus", tmp_path / "data")


@pytest.fixture
def start(store: GameStore, sessions) -> Callable[..., Started]:
    """A new game of `kind` from `chosen` (a scenario), its rules seeded, on the shipped data."""

    def begin(kind: str, chosen: Scenario, name: str = "test", seed: int = 3) -> Started:
        known = descriptor(kind)
        assert known is not None
        game = known.open(random.Random(seed), None)
        session = sessions(store, store.create_game(kind), game.rules)
        session.execute(ChooseScenario(name=name, scenario=chosen))
        return game, session

    return begin


def carry_out(session: GameSession, intent: Intent, answers: dict[str, object] | None = None) -> None:
    """What a screen does with a press's intent: a form answered with `answers` (else its defaults)."""
    while isinstance(intent, Ask | SaveFile):
        if isinstance(intent, SaveFile):
            intent = intent.then
            continue
        intent = intent.then(intent.form.read(answers or {}))
    assert isinstance(intent, Run), intent
    for command in intent.commands:
        session.execute(command)


def confirm(game: Game, session: GameSession, answers: dict[str, object] | None = None) -> None:
    """Confirm pressed at the step on screen."""
    carry_out(session, game.controller.press(session.state, "confirm", None, None), answers)


def through(game: Game, session: GameSession) -> None:
    """Every step confirmed, each form with its defaults, until play starts."""
    while session.state.guide.setting_up:
        confirm(game, session)


def at(session: GameSession) -> int:
    return session.state.guide.at

