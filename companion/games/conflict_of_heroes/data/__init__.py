"""Shipped Conflict of Heroes data, the unit library and the hit counter piles, and their schemas."""

from pydantic import TypeAdapter

from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.units import UnitProfile
from companion.games.kit.data import DataFile

UNITS = DataFile("units.toml", TypeAdapter(dict[str, UnitProfile]), depth=1)
"""A player's `[german_hmg] range = 9` changes one value of a shipped unit; a new id adds one."""
HIT_COUNTERS = DataFile("hit_counters.toml", TypeAdapter(HitCounterPools), depth=2)
"""A player's `[foot.pinned] count = 2` changes one value of one counter in one pile."""

FILES = (UNITS, HIT_COUNTERS)
