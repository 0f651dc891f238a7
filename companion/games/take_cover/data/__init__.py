"""Take Cover's shipped data files: the deck by type, the attachable cards and the d10 charts."""

from pydantic import TypeAdapter

from companion.games.kit.data import DataFile
from companion.games.take_cover.charts import Charts
from companion.games.take_cover.library import AttachableCard, DeckFile

DECK = DataFile("deck.toml", TypeAdapter(DeckFile), whole=True)
CARDS = DataFile("cards.toml", TypeAdapter(dict[str, AttachableCard]), depth=1)
CHARTS = DataFile("charts.toml", TypeAdapter(Charts), depth=2)

FILES = (DECK, CARDS, CHARTS)
