"""Point Blank's battlefield (3.0): Areas and Sectors numbered from each side, the card in each
Sector, and the terrain deck (9.0) the companion draws from.

The battlefield is a grid: Areas are columns lettered A to E, Sectors are rows. Row 0 is the
centre, nobody's; rows 1, 2, ... count away from it into each side's half, so "A2" names two
Sectors, one on each side (3.1: "A2, B2 and C2 on the US player's side ... as will A2, B2 and C2
on the German player's side"). A Sector's key is `A0` on the centre row and `A2/1` for A2 on
side 1's half. A scenario says how many Areas and rows each half has (5.3).
"""

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

AREAS = "ABCDE"
MAX_ROWS = 6
"""Sectors per side the companion lays out at most (the rulebook names up to 4: A4, C4)."""
DEFAULT_AREAS = 5
DEFAULT_ROWS = 4
"""Free play's battlefield: the whole board of five Areas, four Sectors a side (decision: the text
names Sectors up to 4, and scenarios give their own)."""
KEY = re.compile(r"^\s*([A-Ea-e])\s*([0-9])\s*(?:/\s*([12]))?\s*$")

Counts = tuple[tuple[str, int], ...]
"""Cards by terrain key, in the order the deck was laid out."""


class SectorRef(BaseModel):
    """A Sector as the rulebook names it: its Area's letter, its row counted from the centre row 0,
    and whose half it lies in (None on the centre row). Also read from its key: "B0", "A2/1"."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    area: str = Field(pattern=r"^[A-E]$")
    row: int = Field(ge=0, le=9)
    side: int | None = Field(default=None, ge=1, le=2)

    @model_validator(mode="before")
    @classmethod
    def _from_key(cls, data: Any) -> Any:
        if not isinstance(data, str):
            return data
        found = KEY.match(data)
        if found is None:
            raise ValueError(f"{data!r} is not a Sector: write B0 for the centre row, A2/1 for A2 on side 1's half")
        area, row, side = found.groups()
        return {"area": area.upper(), "row": int(row), "side": int(side) if side else None}

    @model_validator(mode="after")
    def _half(self) -> Self:
        if self.row == 0 and self.side is not None:
            raise ValueError(f"{self.area}0 is the centre row: it lies in neither side's half")
        if self.row > 0 and self.side is None:
            raise ValueError(f"{self.area}{self.row} lies in a side's half: say which (1 or 2)")
        return self

    @property
    def key(self) -> str:
        return f"{self.area}0" if self.row == 0 else f"{self.area}{self.row}/{self.side}"

    def __str__(self) -> str:
        return self.key


def ref(key: str) -> SectorRef | None:
    """The Sector a key names, or None for text that names none (a legacy free-text sector)."""
    found = KEY.match(key)
    if found is None:
        return None
    area, row, side = found.groups()
    if (int(row) > 0) != (side is not None):
        return None
    return SectorRef(area=area.upper(), row=int(row), side=int(side) if side else None)


def numbered(side: int) -> str:
    """A side nobody has named: `Side 1`."""
    return f"Side {side}"


def sector_words(key: str, side: Callable[[int], str] = numbered) -> str:
    """How every text the players read names a Sector, from its key: `B0` on the centre row,
    `B2 US` for B2 on the US half, the side worded by `side` (the nationality it plays on screen,
    `Side 1` where nothing names it); text that names no Sector (an old game's) as it is."""
    found = ref(key)
    if found is None:
        return key
    return found.key if found.side is None else f"{found.area}{found.row} {side(found.side)}"


def on_side(text: str, side: int) -> str:
    """A Sector named without its half ("B2", as games saved before the battlefield did and as a
    scenario may) read as that Sector on `side`'s half; a key stays itself, other text is kept."""
    found = KEY.match(text)
    if found is None:
        return text.strip()
    area, row, half = found.groups()
    if int(row) == 0:
        return f"{area.upper()}0"
    return f"{area.upper()}{row}/{half or side}"


def counted(pairs: Counts, key: str) -> int:
    return next((count for card, count in pairs if card == key), 0)


def adjusted(pairs: Counts, key: str, change: int) -> Counts:
    """`pairs` with `change` more of `key` (never below zero); a new key goes last."""
    if all(card != key for card, _ in pairs):
        return (*pairs, (key, max(0, change))) if change > 0 else pairs
    return tuple((card, max(0, count + change) if card == key else count) for card, count in pairs)


def total(pairs: Counts) -> int:
    return sum(count for _, count in pairs)


@dataclass(frozen=True, slots=True)
class TerrainDeck:
    """The terrain deck (9.0) by count: what it was laid out with, what is left to draw, and the
    terrain discard pile that becomes the new deck when the deck runs out (4.12)."""

    composition: Counts
    left: Counts
    discards: Counts = ()

    @classmethod
    def fresh(cls, cards: Mapping[str, int]) -> "TerrainDeck":
        counts = tuple((key, count) for key, count in cards.items() if count > 0)
        return cls(composition=counts, left=counts)

    @property
    def size(self) -> int:
        return total(self.composition)

    @property
    def remaining(self) -> int:
        return total(self.left)

    @property
    def discarded(self) -> int:
        return total(self.discards)

    def holds(self, key: str) -> bool:
        return counted(self.left, key) > 0

    def pick(self, index: int) -> str:
        """The card at `index` (0 to `remaining` - 1) of the draw pile laid out card by card: a
        random index draws each card with its count's share of the pile."""
        for key, count in self.left:
            if index < count:
                return key
            index -= count
        raise IndexError("the terrain deck holds fewer cards")

    def taken(self, key: str) -> "TerrainDeck":
        return replace(self, left=adjusted(self.left, key, -1))

    def discard(self, key: str) -> "TerrainDeck":
        return replace(self, discards=adjusted(self.discards, key, 1))

    def reshuffled(self) -> "TerrainDeck":
        """The discard pile shuffled into a new terrain deck (4.12)."""
        merged = self.left
        for key, count in self.discards:
            merged = adjusted(merged, key, count)
        return replace(self, left=tuple((key, count) for key, count in merged if count), discards=())


@dataclass(frozen=True, slots=True)
class Battlefield:
    areas: int = DEFAULT_AREAS
    """Areas in play, lettered from A."""
    rows: int = DEFAULT_ROWS
    """Sectors in each side's half, beside the centre row 0."""
    cards: tuple[tuple[str, str], ...] = ()
    """The card in each Sector that has one, by Sector key; a Sector not here is unknown (3.0)."""
    fixed: frozenset[str] = frozenset()
    """Sectors whose card the scenario keeps in play: never removed in Upkeep (6.1.2.4)."""
    deck: TerrainDeck | None = None
    """The terrain deck; None until laid out (a game saved before the battlefield lays it out with
    the default deck at its first draw)."""

    @property
    def letters(self) -> str:
        return AREAS[: self.areas]

    def rows_in_order(self) -> list[tuple[int, int | None]]:
        """(row, side) from side 2's far row, across the centre, to side 1's far row: the grid's rows."""
        far = [(row, 2) for row in range(self.rows, 0, -1)]
        near = [(row, 1) for row in range(1, self.rows + 1)]
        return [*far, (0, None), *near]

    def sectors(self) -> list[SectorRef]:
        """Every Sector in play, row by row as the grid shows them."""
        return [SectorRef(area=area, row=row, side=side)
                for row, side in self.rows_in_order() for area in self.letters]

    def holds(self, key: str) -> bool:
        """The Sector is in play (a scenario's battlefield may leave Areas and rows out, 5.3)."""
        found = ref(key)
        return found is not None and found.area in self.letters and found.row <= self.rows

    def card(self, key: str) -> str | None:
        return next((card for sector, card in self.cards if sector == key), None)

    def with_card(self, key: str, card: str | None) -> "Battlefield":
        kept = tuple((sector, held) for sector, held in self.cards if sector != key)
        return replace(self, cards=kept if card is None else (*kept, (key, card)))

    @property
    def empty(self) -> bool:
        return not self.cards

    def adjacent(self, key: str) -> frozenset[str]:
        """The Sectors a move from `key` may enter (8.7): one row forward or back in its Area
        (across the centre row into the other half), or the same row of a neighbouring Area."""
        here = ref(key)
        if here is None:
            return frozenset()
        found: set[str] = set()
        if here.row == 0:
            found |= {f"{here.area}1/1", f"{here.area}1/2"}
        else:
            found.add(f"{here.area}0" if here.row == 1 else f"{here.area}{here.row - 1}/{here.side}")
            found.add(f"{here.area}{here.row + 1}/{here.side}")
        index = AREAS.index(here.area)
        for beside in (index - 1, index + 1):
            if 0 <= beside < len(AREAS):
                found.add(SectorRef(area=AREAS[beside], row=here.row, side=here.side).key)
        return frozenset(sector for sector in found if self.holds(sector))

    def forward(self, key: str, side: int) -> str | None:
        """The Sector one row towards the enemy's half from `key`, for a unit of `side`."""
        here = ref(key)
        if here is None:
            return None
        if here.row == 0:
            ahead = f"{here.area}1/{3 - side}"
        elif here.side == side:
            ahead = f"{here.area}0" if here.row == 1 else f"{here.area}{here.row - 1}/{side}"
        else:
            ahead = f"{here.area}{here.row + 1}/{here.side}"
        return ahead if self.holds(ahead) else None
