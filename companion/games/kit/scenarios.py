"""Scenario files: the header every game's scenario shares, and finding, reading, checking and
writing them.

A scenario is one TOML file, validated by its game's model (named by the game's descriptor) with
`extra="forbid"`, and strictly: a value of another TOML type than its key's (`rounds = "3"`) is
refused. The shipped ones sit in the game's `data/scenarios/` package; the players' own in
`<data dir>/<game>/scenarios/`, where a file of the same name replaces the shipped one. A scenario is
named by its file's name, which follows the rule `scenarios new` writes by; a file named otherwise is
listed, and cannot be used until it is renamed. A file that cannot be used is reported with its file,
line, key and reason, never a traceback.
"""

import re
import shlex
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.config import describe_validation_error, toml_as_json
from companion.errors import ConfigError
from companion.games.kit.data import read_text
from companion.paths import readable

FOLDER = "scenarios"
"""The players' scenarios live in `<data dir>/<game>/scenarios/`."""
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
NAME_RULE = "1 to 40 lower-case letters, digits, - and _, starting with a letter or digit"


class Part(BaseModel):
    """Any table of a scenario file: frozen, and an unknown key is an error (a typo never passes).
    Validators are built with the first scenario read, not with the game."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Scenario(Part):
    """What every game's scenario says. Each game's model adds its sides, forces, battlefield and
    length in its own words (rounds, turns), and a commented `TEMPLATE` for `scenarios new`."""

    TEMPLATE: ClassVar[str] = ""

    game: str
    title: str = Field(min_length=1, max_length=60)
    background: str = ""
    victory: str = Field(min_length=1)
    """The victory conditions as the scenario words them: shown at every victory check."""
    special_rules: tuple[str, ...] = ()
    source: str = ""
    """Where it comes from: a rulebook's page, a designer, "ours"."""
    notes: str = ""
    gaps: tuple[str, ...] = ()
    """Where the source leaves gaps, what this file assumed in their place."""

    def length(self) -> str:
        """How long it lasts, in the game's words (`4 rounds`); empty when it has no limit."""
        return ""

    def body_lines(self) -> list[str]:
        """The game's own part (sides, forces, battlefield) for `scenarios show`."""
        return []

    def describe(self) -> list[str]:
        """Every line `scenarios show` prints."""
        lines = [self.title]
        if self.background:
            lines += ["", self.background]
        lines += ["", *self.body_lines()]
        if self.length():
            lines.append(f"Length: {self.length()}")
        lines.append(f"Victory: {self.victory}")
        lines += [f"Special rule: {rule}" for rule in self.special_rules]
        if self.source:
            lines.append(f"Source: {self.source}")
        if self.notes:
            lines.append(f"Notes: {self.notes}")
        lines += [f"Gap: {gap}" for gap in self.gaps]
        return lines


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    """One scenario file, shipped or the players' own, not yet read."""

    kind: str
    name: str
    """The file's name without `.toml`: how players name it (`companion scenarios show tutorial`)."""
    where: Path
    """The players' file, or `<shipped PACKAGE>/NAME.toml` for a shipped one (as errors name it)."""
    shipped: bool
    package: str = ""

    @property
    def shown(self) -> str:
        """The name as a player reads it: a byte that is not UTF-8 as `\\xff`."""
        return readable(self.name)

    def reference(self) -> str:
        return reference(self.kind, self.name)

    def text(self) -> str:
        if self.shipped:
            return resources.files(self.package).joinpath(f"{self.name}.toml").read_text(encoding="utf-8")
        text = read_text(self.where)
        if text is None:
            raise ConfigError(f"{self.where}: no such scenario file")
        return text


def reference(kind: str, name: str) -> str:
    """`GAME/NAME`, as `companion scenarios show` takes it typed into a shell (quoted when it must be)."""
    return shlex.quote(f"{kind}/{readable(name)}")


def shipped_files(kind: str, package: str) -> list[ScenarioFile]:
    found = sorted(item.name for item in resources.files(package).iterdir() if item.name.endswith(".toml"))
    return [ScenarioFile(kind, name.removesuffix(".toml"), Path(f"<shipped {package}>/{name}"), True, package)
            for name in found]


def own_files(kind: str, folder: Path | None) -> list[ScenarioFile]:
    """The players' scenario files in `folder` (`<data dir>/<game>/scenarios/`), none without one."""
    if folder is None or not folder.is_dir():
        return []
    return [ScenarioFile(kind, path.stem, path, False) for path in sorted(folder.glob("*.toml")) if path.is_file()]


def listed(kind: str, package: str, folder: Path | None) -> list[ScenarioFile]:
    """The shipped scenarios and the players' own, by name; theirs replaces a shipped one of the same name."""
    files = {file.name: file for file in shipped_files(kind, package)}
    files |= {file.name: file for file in own_files(kind, folder)}
    return [files[name] for name in sorted(files)]


def parse(text: str, where: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: not valid TOML: {error}") from None


def validate(model: type[Scenario], text: str, where: Path, context: Mapping[str, Any] | None = None) -> Scenario:
    """The scenario in `text`, checked against its game's model and, with `context` (the game's
    loaded data files), against its unit library and terrain; `ConfigError` names what fails."""
    data = parse(text, where)
    try:
        return model.model_validate_json(toml_as_json(data, text, where), strict=True,
                                         context=dict(context) if context is not None else None)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(where, text, error, data)) from None


def game_of(text: str, where: Path, kinds: Mapping[str, object]) -> str:
    """The `game` a scenario file says it is for, checked against the games that have scenarios."""
    data = parse(text, where)
    game = data.get("game")
    line = next((n for n, row in enumerate(text.splitlines(), 1) if re.match(r"^\s*game\s*=", row)), None)
    at = f"{where}, line {line}" if line else str(where)
    if game is None:
        raise ConfigError(f"{where}: game: missing (one of: {', '.join(kinds)})")
    if game not in kinds:
        raise ConfigError(f"{at}: game: {game!r} has no scenarios here (one of: {', '.join(kinds)})")
    return str(game)


def some(names: Mapping[str, Any], shown: int = 8) -> str:
    """A few of a file's ids, for an error that names one it lacks: `a, b, c` or `a, b, … (12 in all)`."""
    listed = ", ".join(list(names)[:shown])
    return listed if len(names) <= shown else f"{listed}, … ({len(names)} in all)"


def check_name(name: str) -> str:
    if not NAME.match(name):
        raise ConfigError(f"'{readable(name)}' cannot name a scenario: use {NAME_RULE}")
    return name


def check_file_name(path: Path) -> None:
    """A scenario is named by its file's name (`companion scenarios show GAME/NAME`, the saved game):
    a file named otherwise (`Big Name.toml`, a byte that is not UTF-8) is refused until renamed."""
    if NAME.match(path.stem):
        return
    fitting = re.sub(r"[^a-z0-9_-]+", "_", path.stem.lower()).strip("_-")[:40]
    instead = f" ({fitting}.toml would do)" if NAME.match(fitting) else ""
    raise ConfigError(f"{readable(path)}: a scenario's file name is {NAME_RULE}: rename it{instead}")


def write_new(folder: Path, name: str, text: str) -> Path:
    """Writes a new scenario file; an existing one is never replaced."""
    path = folder / f"{check_name(name)}.toml"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with path.open("x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        raise ConfigError(f"{path}: already exists; it is left as it is (choose another name)") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot write it: {error.strerror}") from None
    return path
