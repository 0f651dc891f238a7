"""A strict check of the config file's tables without pydantic (start-up), its problems in pydantic's shape."""

from collections.abc import Callable, Mapping
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

Location = tuple[str | int, ...]
"""Where a key sits, as pydantic gives it: the keys, and the index of each array's element."""
Check = Callable[[Any], Any]
"""One key's check: the value to keep, or `Refused` with the problems found inside the value."""
Settings = TypeVar("Settings")
Number = TypeVar("Number", int, float)


class Refused(ValueError):
    """The problems found, each at its location, in the order and the shape of pydantic's
    `ValidationError.errors()`, so they are told in TOML's words as a data file's are."""

    def __init__(self, problems: "list[ErrorDetails]") -> None:
        super().__init__(problems[0]["msg"])
        self.problems = problems

    def errors(self) -> "list[ErrorDetails]":
        return self.problems


def problem(kind: str, message: str, value: object, **ctx: object) -> Refused:
    """One problem with `value` itself, in pydantic's words (`kind` is its error type)."""
    found: ErrorDetails = {"type": kind, "loc": (), "msg": message, "input": value}
    if ctx:
        found["ctx"] = ctx
    return Refused([found])


def inside(location: Location, refused: Refused) -> "list[ErrorDetails]":
    """The problems found in a value, located from the table that holds it."""
    moved = [found.copy() for found in refused.problems]
    for found in moved:
        found["loc"] = (*location, *found["loc"])
    return moved


def read_table(made: Callable[..., Settings], keys: Mapping[str, Check], data: object,
               whole: Callable[[Settings, frozenset[str]], None] | None = None) -> Settings:
    """`made(**values)` from a TOML table: every key checked in `keys`' order, then any key it lacks
    (unknown), then `whole`, told the keys the table sets, if each key passed. A key left out keeps
    its default. TOML's types are taken as they are: `"3"` is no integer, `1` no boolean."""
    if not isinstance(data, Mapping):
        raise problem("model_type", "Input should be an object", data, class_name=getattr(made, "__name__", ""))
    values: dict[str, Any] = {}
    problems: list[ErrorDetails] = []
    for key, check in keys.items():
        if key in data:
            try:
                values[key] = check(data[key])
            except Refused as refused:
                problems += inside((key,), refused)
    for key in data:
        if key not in keys:
            problems += inside((key,), problem("extra_forbidden", "Extra inputs are not permitted", data[key]))
    if problems:
        raise Refused(problems)
    settings = made(**values)
    if whole is not None:
        try:
            whole(settings, frozenset(values))
        except ValueError as error:
            raise problem("value_error", f"Value error, {error}", data, error=error) from None
    return settings


def also(check: Check, then: Callable[[Any], Any]) -> Check:
    """`check`, then `then` (a ValueError from it is the key's problem, in its own words)."""
    def checked(value: object) -> object:
        kept = check(value)
        try:
            return then(kept)
        except ValueError as error:
            raise problem("value_error", f"Value error, {error}", value, error=error) from None
    return checked


def optional(check: Check) -> Check:
    """`check` for a key that may also be None: never so from TOML, only from a caller's mapping."""
    return lambda value: None if value is None else check(value)


def integer(ge: int | None = None, le: int | None = None) -> Check:
    def check(value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise problem("int_type", "Input should be a valid integer", value)
        return bounded(value, ge, le)
    return check


def number(ge: float | None = None, le: float | None = None) -> Check:
    """An integer or a float, kept as a float."""
    def check(value: object) -> float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise problem("float_type", "Input should be a valid number", value)
        return bounded(float(value), ge, le)
    return check


def bounded(value: Number, ge: float | None, le: float | None) -> Number:
    # Negated, so that NaN is out of bounds, as pydantic has it.
    if le is not None and not value <= le:
        raise problem("less_than_equal", f"Input should be less than or equal to {le}", value, le=le)
    if ge is not None and not value >= ge:
        raise problem("greater_than_equal", f"Input should be greater than or equal to {ge}", value, ge=ge)
    return value


def boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise problem("bool_type", "Input should be a valid boolean", value)
    return value


def text(min_length: int | None = None, max_length: int | None = None) -> Check:
    def check(value: object) -> str:
        if not isinstance(value, str):
            raise problem("string_type", "Input should be a valid string", value)
        if min_length is not None and len(value) < min_length:
            raise problem("string_too_short", f"String should have at least {count(min_length, 'character')}",
                          value, min_length=min_length)
        if max_length is not None and len(value) > max_length:
            raise problem("string_too_long", f"String should have at most {count(max_length, 'character')}",
                          value, max_length=max_length)
        return value
    return check


def choice(options: tuple[str, ...]) -> Check:
    """One of `options`, said as pydantic says a Literal's: `'en' or 'de'`."""
    expected = " or ".join(filter(None, (", ".join(map(repr, options[:-1])), repr(options[-1]))))

    def check(value: object) -> str:
        if value not in options:
            raise problem("literal_error", f"Input should be {expected}", value, expected=expected)
        return str(value)
    return check


def integers(max_length: int) -> Check:
    """An array of at most `max_length` integers, kept as a tuple; each item's problem at its index."""
    def check(value: object) -> tuple[int, ...]:
        if not isinstance(value, list | tuple):
            raise problem("tuple_type", "Input should be a valid array", value)
        if len(value) > max_length:
            raise problem("too_long", f"Tuple should have at most {count(max_length, 'item')} "
                          f"after validation, not {len(value)}", value, field_type="Tuple", max_length=max_length,
                          actual_length=len(value))
        problems: list[ErrorDetails] = []
        for index, item in enumerate(value):
            try:
                integer()(item)
            except Refused as refused:
                problems += inside((index,), refused)
        if problems:
            raise Refused(problems)
        return tuple(value)
    return check


def count(number: int, noun: str) -> str:
    """`1 item`, `2 items`: a count as the config's and data files' problems say it."""
    return f"{number} {noun}{'s' * (number != 1)}"


def path(value: object) -> Path:
    """A path written as a string (a caller's mapping may give a `Path` itself)."""
    if isinstance(value, PurePath):
        return Path(value)
    if not isinstance(value, str):
        raise problem("string_type", "Input should be a valid string", value)
    return Path(value)
