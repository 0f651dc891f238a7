"""The unit library and the hit counter piles as a game uses them, and the side a new unit joins.

Loading is the kit's (`companion.games.kit.data`, with the schemas in `data/`): the shipped files
with the players' own laid over them, a broken file refused with its line and key.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.games.conflict_of_heroes import data as data_files
from companion.games.conflict_of_heroes.data import FILES, HIT_COUNTERS, UNITS
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.units import UnitProfile
from companion.games.kit.data import load


@dataclass(frozen=True, slots=True)
class Library:
    units: Mapping[str, UnitProfile]
    """Each counter by its id (`german_hmg`), in the files' order."""
    pools: HitCounterPools

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> "Library":
        """From the loaded data files, by file name (what `GameDescriptor.load_data` gives)."""
        return cls(units=data[UNITS.name], pools=data[HIT_COUNTERS.name])


@cache
def shipped() -> Library:
    """The shipped files alone: the piles every game starts with before its first round."""
    return Library.of({file.name: load(data_files.__name__, None, file) for file in FILES})


def library_of(data: Mapping[str, Any] | None) -> Library:
    """The loaded library, or the shipped one for rules built without data (the log, tests)."""
    return Library.of(data) if data else shipped()


def nationality_side(nationality: str, side_names: tuple[str, str], played: Mapping[int, set[str]]) -> int | None:
    """The side (1 or 2) that plays `nationality`: the one side with units of it on the table,
    else the one side named after it (`German`), else the side opposite the one side playing
    another nationality; None when nothing tells (no nationality, or both sides play it)."""
    if not nationality:
        return None
    own = [side for side in (1, 2) if nationality in played.get(side, set())]
    if len(own) == 1:
        return own[0]
    if own:
        return None
    named = [side for side, name in zip((1, 2), side_names, strict=True) if name.casefold() == nationality.casefold()]
    if len(named) == 1:
        return named[0]
    others = [side for side in (1, 2) if played.get(side, set()) - {nationality, ""}]
    return 3 - others[0] if len(others) == 1 else None
