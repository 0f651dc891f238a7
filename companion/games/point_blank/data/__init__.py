"""Shipped Point Blank data (the Action deck's pips, the terrain cards, a small unit library, the
AEO Action Selection Table) and the schemas the kit's loader reads them, and the players' own files, with."""

from pydantic import TypeAdapter

from companion.games.kit.data import DataFile
from companion.games.point_blank.aeo.table import TABLE
from companion.games.point_blank.catalog import DeckComposition, TerrainFile, UnitFile

FILES = (
    # A deck's counts are all or nothing: the players' file replaces the shipped one whole.
    DataFile("deck.toml", TypeAdapter(DeckComposition), whole=True),
    # A terrain card or a unit of the same id replaces the shipped one; new ids add to them.
    DataFile("terrain.toml", TypeAdapter(TerrainFile), depth=1),
    DataFile("units.toml", TypeAdapter(UnitFile), depth=1),
    TABLE,
)
