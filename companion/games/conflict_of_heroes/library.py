"""The unit library and hit counter pools: shipped TOML files, extended by the players' own files.

Shipped files load through importlib.resources. A player's `units.toml` or `hit_counters.toml` in
`<data dir>/conflict_of_heroes/` adds entries and overrides shipped ones key by key; a file that
cannot be used is reported with its path, line and problem.
"""

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from companion import paths
from companion.config import describe_validation_error, read_text_file
from companion.errors import ConfigError
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.units import UnitProfile

UNITS_FILE = "units.toml"
HIT_COUNTERS_FILE = "hit_counters.toml"
FOLDER = "conflict_of_heroes"

_units = TypeAdapter(dict[str, UnitProfile])
_pools = TypeAdapter(HitCounterPools)
SCHEMAS: dict[str, TypeAdapter[Any]] = {UNITS_FILE: _units, HIT_COUNTERS_FILE: _pools}


def user_folder(data_dir: Path | None = None) -> Path:
    """Where players put their own files: `<data dir>/conflict_of_heroes`."""
    return paths.data_dir(data_dir) / FOLDER


def shipped_text(name: str) -> str:
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


def shipped_names() -> list[str]:
    return sorted(item.name for item in resources.files(__package__).joinpath("data").iterdir()
                  if item.name.endswith(".toml"))


def load_units(folder: Path | None = None) -> dict[str, UnitProfile]:
    """The shipped units with the player's file (if any) laid over them."""
    return _load(UNITS_FILE, folder, depth=1)


def load_hit_counters(folder: Path | None = None) -> HitCounterPools:
    """The shipped foot and vehicle piles with the player's file (if any) laid over them."""
    return _load(HIT_COUNTERS_FILE, folder, depth=2)


def validate(name: str, text: str, where: Path) -> Any:
    """Validates one file's text against its schema; the error names file, line and problem."""
    return _validated(name, _parse(text, where), text, where)


def _load(name: str, folder: Path | None, depth: int) -> Any:
    shipped_path = Path(f"<shipped>/{FOLDER}/data/{name}")
    data = _parse(shipped_text(name), shipped_path)
    if folder is None:
        return _validated(name, data, shipped_text(name), shipped_path)
    user_path = folder / name
    try:
        user_text = read_text_file(user_path)
    except FileNotFoundError:
        return _validated(name, data, shipped_text(name), shipped_path)
    # Shipped files are validated by the test suite, so what fails after the merge is the player's.
    return _validated(name, _overlay(data, _parse(user_text, user_path), depth), user_text, user_path)


def _parse(text: str, where: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: not valid TOML: {error}") from None


def _validated(name: str, data: dict[str, Any], text: str, where: Path) -> Any:
    try:
        return SCHEMAS[name].validate_python(data)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(where, text, error)) from None


def _overlay(base: dict[str, Any], over: dict[str, Any], depth: int) -> dict[str, Any]:
    """`over` laid onto `base`: tables down to `depth` merge, and keys below that replace."""
    merged = dict(base)
    for key, value in over.items():
        if depth > 0 and isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _overlay(merged[key], value, depth - 1)
        else:
            merged[key] = value
    return merged
