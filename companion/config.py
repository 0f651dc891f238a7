"""The user's config file (TOML): the GPIO pin map, debounce window, serial board, speech and table network.

A file that cannot be used is reported with its path, the line, the key and the problem.
"""

import datetime
import json
import os
import re
import tomllib
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from companion import paths
from companion import settings_check as kind
from companion.errors import ConfigError
from companion.hardware.controls import Control
from companion.hardware.debounce import DEFAULT_WINDOW
from companion.network.settings import TableSettings, read_table_settings
from companion.settings_check import Check, Location, Refused, count, read_table
from companion.speech.settings import SpeechSettings, read_speech_settings

if TYPE_CHECKING:
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails



class AtKey(ValueError):
    """A problem a whole table's check found at one key inside it (`("forces", 2, "sector")`), so
    the error names that key's line rather than the table's."""

    def __init__(self, location: Location, message: str) -> None:
        super().__init__(message)
        self.location = location


class PinMap(NamedTuple):
    """BCM pin numbers; every button wired between its pin and ground (internal pull-up).

    Strict ints (`PIN_KEYS`): TOML's `true` is not pin 1."""

    roll: int | None = 17
    undo: int | None = 27
    confirm: int | None = 22
    next: int | None = 23
    roll_led: int | None = 24
    faces: tuple[int, ...] = (5, 6, 12, 13, 16, 26)
    """Face keys in order: the first is face 1; a tenth key is a d10's 10."""
    sides: tuple[int, ...] = ()
    """Optional per-side buttons (side 1, side 2), such as Conflict of Heroes CAP buttons."""
    side_leds: tuple[int, ...] = ()
    """Optional per-side LEDs (side 1, side 2): lit for the side whose impulse or turn it is."""

    def assignments(self) -> list[tuple[str, Location, int]]:
        """Every wired part: its name as a person would say it, its key in the file, its pin."""
        named: list[tuple[str, Location, int | None]] = [
            (n, (n,), getattr(self, n)) for n in ("roll", "undo", "confirm", "next", "roll_led")]
        for key, label in (("faces", "face {}"), ("sides", "side {}"), ("side_leds", "side {} LED")):
            named += [(label.format(i), (key, i - 1), pin) for i, pin in enumerate(getattr(self, key), 1)]
        return [(name, key, pin) for name, key, pin in named if pin is not None]

    def buttons(self) -> list[tuple[int, Control, int | None]]:
        """(pin, control, value) for every button in the map."""
        wired: list[tuple[int, Control, int | None]] = [
            (pin, Control(name), None)
            for name in ("roll", "undo", "confirm", "next")
            if (pin := getattr(self, name)) is not None
        ]
        wired += [(pin, Control.FACE, face) for face, pin in enumerate(self.faces, 1)]
        wired += [(pin, Control.SIDE, side) for side, pin in enumerate(self.sides, 1)]
        return wired


def each_pin_once(pins: PinMap, written: frozenset[str]) -> None:
    """Each pin on one part. A pin used twice is reported at the key of its second use, or at the
    file's own key when the other use is a default, which the message says (the file lacks it)."""
    seen: dict[int, tuple[str, Location]] = {}
    for name, key, pin in pins.assignments():
        if not 0 <= pin <= 27:
            raise AtKey(key, f"GPIO{pin} does not exist: BCM pins run from 0 to 27")
        if pin in seen:
            first, first_key = seen[pin]
            blamed = key if key[0] in written else first_key
            message = f"GPIO{pin} is given to both {first} and {name}"
            for default, default_key in ((first, first_key), (name, key)):
                if default_key[0] not in written:
                    message += f" ({default}'s GPIO{pin} is the default: the file does not set {default_key[0]})"
            raise AtKey(blamed, message)
        seen[pin] = (name, key)


class GpioSettings(NamedTuple):
    debounce_ms: float = DEFAULT_WINDOW * 1000


class BoardSettings(NamedTuple):
    """The serial button board; `port` pins it to one device instead of searching."""

    port: str | None = None
    enabled: bool = True


def names_a_device(port: str) -> str:
    # An empty path would be looked for as a device named "" by `board status` and never found by the app.
    if not port.strip():
        raise ValueError('an empty port names no device: give its path ("/dev/ttyACM0"), '
                         "or leave the key out to search for the board")
    return port


class Config(NamedTuple):
    pins: PinMap = PinMap()
    gpio: GpioSettings = GpioSettings()
    board: BoardSettings = BoardSettings()
    speech: SpeechSettings = SpeechSettings()
    table: TableSettings = TableSettings()


PIN_KEYS: dict[str, Check] = {
    **dict.fromkeys(("roll", "undo", "confirm", "next", "roll_led"), kind.optional(kind.integer(ge=0, le=27))),
    "faces": kind.integers(max_length=10),
    "sides": kind.integers(max_length=2),
    "side_leds": kind.integers(max_length=2),
}
GPIO_KEYS: dict[str, Check] = {"debounce_ms": kind.number(ge=0, le=500)}
BOARD_KEYS: dict[str, Check] = {"port": kind.optional(kind.also(kind.text(), names_a_device)), "enabled": kind.boolean}


def read_config(data: object, config_folder: Path | None = None) -> Config:
    """The config file's settings, each table checked strictly in TOML's types (`"3"` is no
    integer, `"yes"` no boolean): `Refused` names each key that is wrong, at its location.
    A relative `ca_file` is read from `config_folder`."""
    return read_table(Config, {
        "pins": partial(read_table, PinMap, PIN_KEYS, whole=each_pin_once),
        "gpio": partial(read_table, GpioSettings, GPIO_KEYS),
        "board": partial(read_table, BoardSettings, BOARD_KEYS),
        "speech": read_speech_settings,
        "table": partial(read_table_settings, config_folder=config_folder),
    }, data)


def load_config(path: Path, *, required: bool = False) -> Config:
    """The config at `path`; the defaults when there is no such file, unless it is `required` (a file
    the user named must be there: a typo in its name would otherwise go unnoticed)."""
    try:
        text = read_text_file(path)
    except FileNotFoundError:
        if required:
            raise ConfigError(f"{path}: no such config file") from None
        return Config()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    refuse_dates(data, text, path)
    try:
        return read_config(data, path.parent.absolute())
    except Refused as error:
        raise ConfigError(describe_validation_error(path, text, error, data)) from None


def load_user_config(named: Path | None = None, env: Mapping[str, str] = os.environ) -> Config:
    """The config `--config` (`named`) or `COMPANION_CONFIG` names, which must exist; else the default
    file, or the defaults when there is none."""
    return load_config(paths.config_path(named, env), required=paths.config_named(named, env))


def read_text_file(path: Path) -> str:
    """The text of a config or data file, read as UTF-8 (a leading byte-order mark is dropped).

    A missing file raises `FileNotFoundError`, for the caller to decide whether that is fine; any other
    problem is a `ConfigError` naming the file, and the line and column of a byte that is not UTF-8."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise ConfigError(f"{path}: cannot read it: {error.strerror or error}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[line_start:error.start].decode("utf-8", errors="replace")) + 1
        raise ConfigError(
            f"{path}, line {line}: byte 0x{data[error.start]:02x} at column {column} is not UTF-8 text; "
            "save the file as UTF-8"
        ) from None


def toml_as_json(data: dict[str, Any], text: str, path: Path) -> str:
    """A TOML file's values as JSON, for pydantic to validate strictly (`strict=True`).

    TOML, like JSON, gives each value its own type, so a data file or scenario is checked in strict
    mode: `rounds = "3"` and `enabled = "yes"` are refused, not read as 3 and true. Strict mode
    reads JSON's types as they are meant (an array for a tuple, a string for one of a set of words,
    an integer for a number), which from Python it would not."""
    refuse_dates(data, text, path)
    return json.dumps(data)


def refuse_dates(data: dict[str, Any], text: str, path: Path) -> None:
    """TOML's dates and times, which JSON lacks and no file of ours takes, refused with their line."""
    dated = _first_date(data)
    if dated is not None:
        line = line_of_location(text, dated)
        where = f"{path}, line {line}" if line else str(path)
        key = ".".join(str(part) for part in dated if not isinstance(part, int))
        raise ConfigError(f"{where}: {key}: a date or time is not a value this file takes "
                          "(text goes in quotes)")


def _first_date(value: object, location: Location = ()) -> Location | None:
    if isinstance(value, datetime.date | datetime.time):
        return location
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _first_date(item, (*location, key))
        if found is not None:
            return found
    return None


def describe_validation_error(path: Path, text: str, error: "ValidationError | Refused", data: object) -> str:
    """`file, line N: key: problem` for the first problem pydantic (or the config's own check) found
    in `data` (read from `text`, or laid over by it), in TOML's words."""
    problem = error.errors()[0]
    raised = problem.get("ctx", {}).get("error")
    location = in_data((*problem["loc"], *raised.location) if isinstance(raised, AtKey) else problem["loc"], data)
    keys = [str(part) for part in location if not isinstance(part, int)]
    line = line_of_location(text, line_to_name(problem, location))
    where = f"{path}, line {line}" if line else str(path)
    key = ".".join(part if BARE_KEY.fullmatch(part) else json.dumps(part) for part in keys) or "(top level)"
    header = f" ([{key}] and its keys)" if keys and len(keys) == len(location) else ""
    return f"{where}: {key}: {in_toml_words(problem, header)}"


BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
"""A key TOML writes without quotes; any other (`"turn.ended"`) is named in quotes, as it is written."""


def in_data(location: Location, data: object) -> Location:
    """The location without the member names pydantic puts in it for a union (`str` in
    `phrases.x.str`, for a value that may be a string or a table): a part is kept only where the
    data has it, or as the last part, a key missing from its table."""
    kept: Location = ()
    for number, part in enumerate(location):
        if isinstance(data, dict) and part in data:
            kept, data = (*kept, part), data[part]
        elif isinstance(data, list) and isinstance(part, int):
            kept, data = (*kept, part), data[part] if part < len(data) else None
        elif isinstance(data, dict) and number == len(location) - 1:
            kept = (*kept, part)
    return kept


def line_to_name(problem: "ErrorDetails", location: Location) -> Location:
    """Where the line to name is: an array's first item too many, or the array that lacks an item."""
    if problem["type"] == "too_long":
        return (*location, problem["ctx"]["max_length"])
    if problem["type"] == "missing" and location and isinstance(location[-1], int):
        return location[:-1]
    return location


def in_toml_words(problem: "ErrorDetails", header: str) -> str:
    """The problem as a player who wrote TOML would say it: tables, arrays, strings, integers,
    `true` and `false`; never pydantic's words (`Tuple`, `after validation`) nor a class of ours."""
    kind, ctx = problem["type"], problem.get("ctx", {})
    if kind in SAID_IN_TOML:
        return SAID_IN_TOML[kind]
    if kind in TABLE_EXPECTED:
        return f"Input should be a table{header}"
    if kind == "missing":
        last = problem["loc"][-1] if problem["loc"] else None
        return f"item {last + 1} is missing" if isinstance(last, int) else "missing: this key must be set"
    if kind in ("too_short", "too_long"):
        table = ctx.get("field_type") == "Dictionary"
        limit = ctx["min_length"] if kind == "too_short" else ctx["max_length"]
        bound = f"{'at least' if kind == 'too_short' else 'at most'} {count(limit, 'key' if table else 'item')}"
        said = f"Input should be {'a table' if table else 'an array'} of {bound}"
        actual = ctx.get("actual_length")
        return said if actual is None else f"{said}, not {actual}"
    if kind == "string_too_short":
        return f"Input should be a string of at least {count(ctx['min_length'], 'character')}"
    if kind == "string_too_long":
        return f"Input should be a string of at most {count(ctx['max_length'], 'character')}"
    return problem["msg"].removeprefix("Value error, ")


TABLE_EXPECTED = frozenset({"model_type", "dataclass_type", "dict_type"})
SAID_IN_TOML = {
    "extra_forbidden": "unknown key (check its spelling)",
    **dict.fromkeys(("tuple_type", "list_type", "set_type", "frozen_set_type"),
                    "Input should be an array, in square brackets"),
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float"), "Input should be a valid integer"),
    **dict.fromkeys(("float_type", "float_parsing"), "Input should be a valid number"),
    **dict.fromkeys(("bool_type", "bool_parsing"), "Input should be a valid boolean: true or false"),
    "string_type": "Input should be a string, in quotes",
}
"""Pydantic's error types whose words would name a Python type or its parsing, in the file's words."""


def line_of_location(text: str, location: Location) -> int | None:
    """The line that sets the innermost key of `location` (pydantic's: keys, and the index of each
    `[[array]]` table), else the header of the innermost table holding it; for an array of tables,
    its first table's header."""
    best, matched = None, 0
    arrays: dict[Location, int] = {}
    current: Location = ()
    for number, line in enumerate(text.splitlines(), 1):
        header = re.match(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]", line)
        if header:
            current = _table(_dotted(header.group(2)), header.group(1) == "[[", arrays)
            found = current
        else:
            key = re.match(r"^\s*([A-Za-z0-9_\-\"'. +]+?)\s*=", line)
            if not key:
                continue
            found = (*current, *_dotted(key.group(1)))
        length = min(len(found), len(location))
        if length > matched and location[:length] == found[:length]:
            best, matched = number, length
    return best


def _dotted(name: str) -> list[str]:
    """A dotted key's parts; a quoted part keeps its dots (`"turn.ended"` is one key)."""
    return [part.strip().strip('"').strip("'") for part in re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', name)]


def _resolved(names: Location, arrays: dict[Location, int]) -> Location:
    """Each name that is an array of tables followed by the index of its latest table."""
    path: Location = ()
    for name in names:
        path = (*path, name)
        if path in arrays:
            path = (*path, arrays[path] - 1)
    return path


def _table(names: list[str], array: bool, arrays: dict[Location, int]) -> Location:
    if not array:
        return _resolved(tuple(names), arrays)
    parent = _resolved(tuple(names[:-1]), arrays)
    own = (*parent, names[-1])
    arrays[own] = arrays.get(own, 0) + 1
    return (*own, arrays[own] - 1)
