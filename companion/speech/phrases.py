"""Phrase packs (shipped TOML, one per language) and rendering an announcement into a sentence."""

import string
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from companion.speech.announcement import Announcement, Argument
from companion.speech.settings import Language

FORMATS = ("", "signed")
"""`{modifier:signed}` says "plus 2" or "minus 1"; nothing else may follow a colon."""


class Counted(BaseModel):
    """A phrase whose words depend on a number: `one` when the `count` argument is 1, else `other`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: str
    one: str
    other: str


class Words(BaseModel):
    """The small words the renderer puts between numbers."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    and_: str = Field(alias="and")
    plus: str
    minus: str


class PhrasePack(BaseModel):
    """Every phrase in one language, the voice that speaks it and the terms it translates."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    language: Language
    name: str
    """The language's own name, for the status line."""
    voice: str
    """The espeak-ng voice used unless the config names one."""
    words: Words
    terms: dict[str, str] = {}
    phrases: dict[str, str | Counted]

    @field_validator("phrases")
    @classmethod
    def _templates_are_plain(cls, phrases: dict[str, str | Counted]) -> dict[str, str | Counted]:
        for phrase, template in phrases.items():
            for text in (template.one, template.other) if isinstance(template, Counted) else (template,):
                fields_of(text, phrase)
        return phrases

    def render(self, announcement: Announcement) -> str:
        """The sentence the announcement says in this language, and those it says after it."""
        return ". ".join((self._sentence(announcement), *(self.render(part) for part in announcement.then)))

    def _sentence(self, announcement: Announcement) -> str:
        template = self.phrases.get(announcement.phrase)
        if template is None:
            raise LookupError(f"the {self.name} phrase pack has no phrase {announcement.phrase!r}")
        if isinstance(template, Counted):
            template = template.one if announcement.args.get(template.count) == 1 else template.other
        try:
            return _Speech(self).vformat(template, (), announcement.args)
        except KeyError as missing:
            raise LookupError(f"phrase {announcement.phrase!r} needs the argument {missing}") from None


def fields_of(template: str, phrase: str = "") -> set[str]:
    """The argument names a template uses; only plain names and the formats in FORMATS are allowed."""
    names: set[str] = set()
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        if not name.isidentifier() or conversion or spec not in FORMATS:
            raise ValueError(f"phrase {phrase!r}: {{{name}}} must be a plain name, optionally :signed")
        names.add(name)
    return names


class _Speech(string.Formatter):
    """Formats arguments as they are said: lists with "and", signed numbers with words, known terms
    translated."""

    def __init__(self, pack: PhrasePack) -> None:
        self.pack = pack

    def format_field(self, value: Any, format_spec: str) -> str:
        words = self.pack.words
        if format_spec == "signed":
            return f"{words.minus if value < 0 else words.plus} {abs(value)}"
        return said(value, words, self.pack.terms)


def said(value: Argument, words: Words, terms: dict[str, str]) -> str:
    if isinstance(value, tuple):
        numbers = [str(number) for number in value]
        if len(numbers) < 2:
            return "".join(numbers)
        return f"{', '.join(numbers[:-1])} {words.and_} {numbers[-1]}"
    if isinstance(value, str):
        return terms.get(value, value)
    return str(value)


@cache
def phrase_pack(language: Language) -> PhrasePack:
    """The shipped pack for a language."""
    text = resources.files("companion.speech.data").joinpath(f"{language}.toml").read_text(encoding="utf-8")
    return PhrasePack.model_validate(tomllib.loads(text))
