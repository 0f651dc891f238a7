"""A game's data files: the shipped ones, with the players' own laid over them key by key.

Every game loads its data the same way. The shipped file comes from the game's `data` package
(validated by the test suite); a file of the same name in `<data dir>/<game>/` overrides it key
by key, down to `depth` levels of tables. The merged data is validated with the game's schema,
strictly: a value must have its key's type in TOML (`3`, not `"3"`; `true`, not `"yes"`);
whatever fails is the player's, so the error names the player's file, the line, the key and the
reason. A broken file is never replaced by the shipped one behind the players' back: loading
fails, and the game says why.
"""

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from companion.config import describe_validation_error, toml_as_json
from companion.errors import ConfigError


@dataclass(frozen=True, slots=True)
class DataFile:
    name: str
    """The file's name, the same shipped and in the players' folder: `units.toml`."""
    schema: TypeAdapter[Any]
    depth: int = 1
    """How deep the player's tables merge into the shipped ones: 0 lets each top-level key of the
    player's file replace the shipped one whole; 1 also merges one level down, so a player's
    `[rifle] morale = 7` changes one value of the shipped `rifle`."""
    whole: bool = False
    """The player's file replaces the shipped one whole (a deck's counts are all or nothing)."""
    shipped: bool = True
    """False for a file only players write (a table of their own), with no shipped default."""


def shipped_text(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def shipped_names(package: str) -> list[str]:
    return sorted(item.name for item in resources.files(package).iterdir() if item.name.endswith(".toml"))


def load(package: str, folder: Path | None, file: DataFile) -> Any:
    """The shipped file with the player's (in `folder`, when given and present) laid over it."""
    shipped = shipped_text(package, file.name) if file.shipped else ""
    user_path = folder / file.name if folder is not None else None
    user_text = read_text(user_path) if user_path is not None else None
    return combine(file, shipped, Path(f"<shipped {package}>/{file.name}"), user_text, user_path)


def combine(file: DataFile, shipped: str, shipped_path: Path, theirs: str | None, their_path: Path | None) -> Any:
    """The shipped text with the player's laid over it, validated; what fails is the player's."""
    data = parse(shipped, shipped_path)
    if theirs is None or their_path is None:
        return validate(file, data, shipped, shipped_path)
    over = parse(theirs, their_path)
    return validate(file, over if file.whole else overlay(data, over, file.depth), theirs, their_path)


def read_text(path: Path) -> str | None:
    """The file's text, None when there is no such file; unreadable or not UTF-8 is a `ConfigError`."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a folder, not a file") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read it: {error.strerror}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ConfigError(f"{path}, line {line}: not UTF-8 text (byte 0x{raw[error.start]:02x}); "
                          "save the file as UTF-8") from None


def parse(text: str, where: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: not valid TOML: {error}") from None


def validate(file: DataFile, data: dict[str, Any], text: str, where: Path) -> Any:
    try:
        return file.schema.validate_json(toml_as_json(data, text, where), strict=True)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(where, text, error, data)) from None


def save(folder: Path, name: str, text: str) -> Path:
    """Writes the players' file `name` in `folder`, replacing theirs: only ever on their say-so."""
    path = folder / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"{path}: cannot write it: {error.strerror}") from None
    return path


def own_files(folder: Path | None, files: tuple[DataFile, ...]) -> frozenset[str]:
    """The data files the players have a file of their own for (a form may say saving replaces it)."""
    if folder is None:
        return frozenset()
    return frozenset(file.name for file in files if (folder / file.name).is_file())


def overlay(base: dict[str, Any], over: dict[str, Any], depth: int) -> dict[str, Any]:
    """`over` laid onto `base`: tables down to `depth` merge, and keys below that replace."""
    merged = dict(base)
    for key, value in over.items():
        if depth > 0 and isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = overlay(merged[key], value, depth - 1)
        else:
            merged[key] = value
    return merged
