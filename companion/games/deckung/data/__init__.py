"""Deckung's shipped data: the ranks and the number each survives a splinter hit on."""

from pydantic import TypeAdapter

from companion.games.deckung.ranks import Rank
from companion.games.kit.data import DataFile

RANKS = DataFile("ranks.toml", TypeAdapter(dict[str, Rank]), depth=1)

FILES = (RANKS,)
