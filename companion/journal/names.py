"""Game names: the rule a name follows (for the app and the CLI alike), and how a typed name is compared."""

import unicodedata
from collections.abc import Iterable

from companion.errors import BadName

MAX_NAME = 100
"""Characters in a name: a longer one no longer reads as a name in a list or a question."""


def game_name(typed: str, others: Iterable[str]) -> str:
    """The name a game takes from what was typed: without the spaces around it. Refused with `BadName`
    (its message fit for a player) when it is empty, more than one line (a line break, a tab or any
    other control character), digits only (which read as a game's number), longer than `MAX_NAME`,
    or the name of one of the `others` in any case."""
    name = typed.strip()
    if not name:
        raise BadName("a game's name cannot be empty")
    if any(unicodedata.category(character) in ("Cc", "Zl", "Zp") for character in name):
        raise BadName("a game's name is one line: no line breaks, tabs or other control characters")
    if name.isdigit():
        raise BadName(f"a name of digits only reads as a game's number: add a word, such as 'Game {name}'")
    if len(name) > MAX_NAME:
        raise BadName(f"a game's name has at most {MAX_NAME} characters; this one has {len(name)}")
    taken = next((other for other in others if other.strip().casefold() == name.casefold()), None)
    if taken is not None:
        raise BadName(f"another game is already called {taken.strip()}: choose another name")
    return name


def same_name(typed: str, name: str) -> bool:
    """Whether what was typed (to confirm a deletion) is this game's name: the spaces around either
    are left out, as they are when a name is given, so that a name from before the rule still matches."""
    return bool(typed.strip()) and typed.strip() == name.strip()
