"""Forms as data: labelled fields with their defaults and limits, read back into checked answers.

A game's controller describes what it needs to know (`FormSpec`); any view renders it (the
Textual screens with one generic form, a test with a dict) and hands the raw values to `read`,
which checks them against the spec. The words are the game's; the checking is shared.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Union

Value = int | str
Option = tuple[Value, str]
"""A choice's value and the words that show it."""


class FormError(ValueError):
    """A value a form cannot take; `field` names the field to fix."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class Number:
    """A whole number from `low` to `high`. An empty field is refused, never read as the default:
    the players see what they submit. A `default` of None starts the field empty, for a number only
    the table knows (a count of its cards)."""

    name: str
    label: str
    default: int | None
    low: int
    high: int
    help: str = ""

    @property
    def initial(self) -> str:
        """What the field shows as it opens."""
        return "" if self.default is None else str(self.default)

    def read(self, raw: object) -> int:
        text = str(raw).strip()
        if not text:
            raise FormError(self.name, f"{self.label}: empty; enter a number from {self.low} to {self.high}")
        try:
            value = int(text)
        except ValueError:
            raise FormError(self.name, f"{self.label}: {text!r} is not a whole number") from None
        if not self.low <= value <= self.high:
            raise FormError(self.name, f"{self.label}: give a number from {self.low} to {self.high}")
        return value


@dataclass(frozen=True, slots=True)
class Choice:
    """Exactly one of the options."""

    name: str
    label: str
    options: tuple[Option, ...]
    default: Value | None = None
    help: str = ""

    def read(self, raw: object) -> Value:
        for value, _ in self.options:
            if raw == value or str(raw) == str(value):
                return value
        raise FormError(self.name, f"{self.label}: choose one of the options")

    @property
    def initial(self) -> Value:
        return self.default if self.default is not None else self.options[0][0]


@dataclass(frozen=True, slots=True)
class Pick:
    """Some of the options (units to order, targets to fire at), between `least` and `most`."""

    name: str
    label: str
    options: tuple[Option, ...]
    default: tuple[Value, ...] = ()
    least: int = 0
    most: int | None = None
    help: str = ""
    apart_from: str = ""
    """The name of a Choice of the same form whose answer is none of these: its option is left out
    while chosen there (a fire group's lead unit is not one of its other units)."""

    def shown(self, answers: Mapping[str, object]) -> tuple[Option, ...]:
        """The options listed while the form holds `answers`."""
        apart = answers.get(self.apart_from) if self.apart_from else None
        return tuple(option for option in self.options if apart is None or str(option[0]) != str(apart))

    def read(self, raw: object) -> tuple[Value, ...]:
        chosen = tuple(raw) if isinstance(raw, list | tuple) else ()
        allowed = [value for value, _ in self.options]
        picked = tuple(value for value in allowed if value in chosen or str(value) in map(str, chosen))
        if len(picked) < self.least:
            what = "one" if self.least == 1 else str(self.least)
            raise FormError(self.name, f"{self.label}: tick at least {what}")
        if self.most is not None and len(picked) > self.most:
            raise FormError(self.name, f"{self.label}: tick at most {self.most}")
        return picked


@dataclass(frozen=True, slots=True)
class Tick:
    name: str
    label: str
    default: bool = False
    help: str = ""

    def read(self, raw: object) -> bool:
        return bool(raw)


@dataclass(frozen=True, slots=True)
class Text:
    name: str
    label: str
    default: str = ""
    max_length: int = 40
    required: bool = True
    help: str = ""

    def read(self, raw: object) -> str:
        text = str(raw if raw is not None else "").strip()
        if self.required and not text:
            raise FormError(self.name, f"{self.label}: write something")
        if len(text) > self.max_length:
            raise FormError(self.name, f"{self.label}: at most {self.max_length} characters")
        return text


Field = Union[Number, Choice, Pick, Tick, Text]  # noqa: UP007 (a runtime alias, read by isinstance)


@dataclass(frozen=True, slots=True)
class FormSpec:
    title: str
    fields: tuple[Field, ...]
    note: str = ""
    """A line under the title: what the form is for, or a rule to keep in mind."""
    submit: str = "OK"

    def defaults(self) -> dict[str, object]:
        """Every field's starting value, as a view shows it."""
        values: dict[str, object] = {}
        for field in self.fields:
            match field:
                case Number() | Choice():
                    values[field.name] = field.initial
                case Pick():
                    values[field.name] = field.default
                case Tick() | Text():
                    values[field.name] = field.default
        return values

    def read(self, raw: Mapping[str, object]) -> dict[str, object]:
        """The answers, each checked against its field; the first bad one raises `FormError`."""
        defaults = self.defaults()
        answers: dict[str, object] = {}
        for field in self.fields:
            given = raw.get(field.name, defaults[field.name])
            if isinstance(field, Pick) and field.apart_from and isinstance(given, list | tuple):
                # A value left out of the list is not picked, whatever the view kept ticked.
                listed = {str(value) for value, _ in field.shown({**defaults, **raw, **answers})}
                given = [value for value in given if str(value) in listed]
            answers[field.name] = field.read(given)
        return answers
