"""The user's config file (TOML): the GPIO pin map, debounce window, serial board and table network.

A file that cannot be used is reported with its path, the line, the key and the problem.
"""

import re
import tomllib
from pathlib import Path
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.errors import ConfigError
from companion.hardware.controls import Control
from companion.hardware.debounce import DEFAULT_WINDOW
from companion.network.settings import TableSettings


class PinMap(BaseModel):
    """BCM pin numbers; every button wired between its pin and ground (internal pull-up)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    roll: int | None = Field(default=17, ge=0, le=27)
    undo: int | None = Field(default=27, ge=0, le=27)
    confirm: int | None = Field(default=22, ge=0, le=27)
    next: int | None = Field(default=23, ge=0, le=27)
    roll_led: int | None = Field(default=24, ge=0, le=27)
    faces: tuple[int, ...] = Field(default=(5, 6, 12, 13, 16, 26), max_length=10)
    """Face keys in order: the first is face 1; a tenth key is a d10's 10."""
    sides: tuple[int, ...] = Field(default=(), max_length=2)
    """Optional per-side buttons (side 1, side 2), such as Conflict of Heroes CAP buttons."""
    side_leds: tuple[int, ...] = Field(default=(), max_length=2)
    """Optional per-side LEDs (side 1, side 2): lit for the side whose impulse or turn it is."""

    @model_validator(mode="after")
    def _each_pin_once(self) -> Self:
        seen: dict[int, str] = {}
        for name, pin in self.assignments():
            if pin in seen:
                raise ValueError(f"GPIO{pin} is given to both {seen[pin]} and {name}")
            seen[pin] = name
        for pin in self.faces + self.sides + self.side_leds:
            if not 0 <= pin <= 27:
                raise ValueError(f"GPIO{pin} does not exist: BCM pins run from 0 to 27")
        return self

    def assignments(self) -> list[tuple[str, int]]:
        """Every wired part with its pin, named as a person would say it."""
        named = [(n, getattr(self, n)) for n in ("roll", "undo", "confirm", "next", "roll_led")]
        named += [(f"face {i}", pin) for i, pin in enumerate(self.faces, 1)]
        named += [(f"side {i}", pin) for i, pin in enumerate(self.sides, 1)]
        named += [(f"side {i} LED", pin) for i, pin in enumerate(self.side_leds, 1)]
        return [(name, pin) for name, pin in named if pin is not None]

    def buttons(self) -> list[tuple[int, Control, int | None]]:
        """(pin, control, value) for every button in the map."""
        wired = [
            (pin, Control(name), None)
            for name in ("roll", "undo", "confirm", "next")
            if (pin := getattr(self, name)) is not None
        ]
        wired += [(pin, Control.FACE, face) for face, pin in enumerate(self.faces, 1)]
        wired += [(pin, Control.SIDE, side) for side, pin in enumerate(self.sides, 1)]
        return wired


class GpioSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    debounce_ms: float = Field(default=DEFAULT_WINDOW * 1000, ge=0, le=500)


class BoardSettings(BaseModel):
    """The serial button board; `port` pins it to one device instead of searching."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    port: str | None = None
    enabled: bool = True


class Config(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    pins: PinMap = PinMap()
    gpio: GpioSettings = GpioSettings()
    board: BoardSettings = BoardSettings()
    table: TableSettings = TableSettings()


def load_config(path: Path) -> Config:
    """The config at `path`, or the defaults when there is no such file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Config()
    except OSError as error:
        raise ConfigError(f"{path}: cannot read it: {error.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    try:
        return Config.model_validate(data)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(path, text, error)) from None


def describe_validation_error(path: Path, text: str, error: ValidationError) -> str:
    """`file, line N: key: problem` for the first problem pydantic found."""
    problem = error.errors()[0]
    keys = [str(part) for part in problem["loc"] if not isinstance(part, int)]
    line = line_of_key(text, keys)
    where = f"{path}, line {line}" if line else str(path)
    key = ".".join(keys) or "(top level)"
    message = problem["msg"].removeprefix("Value error, ")
    if problem["type"] == "extra_forbidden":
        message = "unknown key (check its spelling)"
    return f"{where}: {key}: {message}"


def line_of_key(text: str, keys: list[str]) -> int | None:
    """The line where the innermost key is set, inside its [table] when it has one."""
    if not keys:
        return None
    table, key = keys[:-1], keys[-1]
    current: list[str] = []
    fallback = None
    for number, line in enumerate(text.splitlines(), 1):
        header = re.match(r"^\s*\[\s*([^\]]+?)\s*\]", line)
        if header:
            current = [part.strip().strip('"') for part in header.group(1).split(".")]
            if current == keys:
                fallback = number
            continue
        if re.match(rf'^\s*"?{re.escape(key)}"?\s*=', line) and current == table:
            return number
    return fallback
