"""Phrase packs (shipped TOML, one per language) and rendering an announcement into a sentence."""

import string
from functools import cache
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Discriminator, Field, Tag, TypeAdapter

from companion.games.kit import data
from companion.speech.announcement import Announcement, Argument
from companion.speech.settings import LANGUAGES, Language

FORMATS = ("", "signed")
"""`{modifier:signed}` says "plus 2" or "minus 1"; nothing else may follow a colon."""


def plain(template: str) -> str:
    fields_of(template)
    return template


Template = Annotated[str, AfterValidator(plain)]
"""A phrase's words, checked where they are written: a broken one names its own key and line."""


class Counted(BaseModel):
    """A phrase whose words depend on a number: `one` when the `count` argument is 1, else `other`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: str
    one: Template
    other: Template


Phrase = Annotated[Annotated[Template, Tag("words")] | Annotated[Counted, Tag("counted")],
                   Discriminator(lambda value: "counted" if isinstance(value, dict | Counted) else "words")]
"""A phrase's words, or a table of them by count; a table is checked as one alone (a value that is
neither is refused as words, not twice)."""


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
    phrases: dict[str, Phrase]

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


def fields_of(template: str) -> set[str]:
    """The argument names a template uses; only plain names and the formats in FORMATS are allowed."""
    names: set[str] = set()
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        if not name.isidentifier() or conversion or spec not in FORMATS:
            raise ValueError(f"{{{name}}} must be a plain name, optionally :signed")
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


PACKAGE = "companion.speech.data"
FILES = tuple(data.DataFile(f"{language}.toml", TypeAdapter(PhrasePack)) for language in LANGUAGES)
"""Each language's pack, read by the kit's loader as strictly as a game's data file (a broken pack
names its file, line and key); the players have no packs of their own."""


@cache
def phrase_pack(language: Language) -> PhrasePack:
    """The shipped pack for a language."""
    pack: PhrasePack = data.load(PACKAGE, None, FILES[LANGUAGES.index(language)])
    return pack
