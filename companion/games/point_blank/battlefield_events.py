"""What Point Blank journals of its battlefield: its layout, terrain cards placed, drawn and searched, units moved."""

from typing import ClassVar, Literal

from companion.games.point_blank.battlefield import SectorRef, sector_words
from companion.games.point_blank.words import plural
from companion.journal.events import Event

# A random card drawn is a fact; a card placed, corrected or removed by the players, and units
# moved, are decisions undo may take back.


def card_words(card: str | None) -> str:
    return card.replace("_", " ") if card else "no card"


class BattlefieldLaidOut(Event):
    """The Areas and Sectors in play and the terrain deck's cards, before anything is on it (5.3)."""

    type: Literal["pb_battlefield_laid_out"] = "pb_battlefield_laid_out"
    areas: int
    rows: int
    deck: dict[str, int]

    def describe(self) -> str:
        return (f"battlefield laid out: Areas A to {'ABCDE'[self.areas - 1]}, {plural(self.rows, 'Sector')} a side; "
                f"terrain deck of {plural(sum(self.deck.values()), 'card')}")


class TerrainPlaced(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_terrain_placed"] = "pb_terrain_placed"
    sector: SectorRef
    card: str
    from_deck: bool
    """The card was taken out of the terrain deck (else from outside it: an objective, a hand)."""
    fixed: bool = False
    from_hand: int = 0
    """The side whose terrain hand it came from (6.1.2.2); 0: none."""

    def describe(self) -> str:
        source = " from the terrain deck" if self.from_deck else f" from side {self.from_hand}'s hand" \
            if self.from_hand else ""
        return f"{card_words(self.card)} placed in {sector_words(self.sector.key)}{source}"


class TerrainSearched(Event):
    """The two Terrain cards a side's recon search drew (8.10): a fact, never drawn again. Only that
    side may see them: the log and the table network leave them out (`PointBlankRules.public`)."""

    type: Literal["pb_terrain_searched"] = "pb_terrain_searched"
    side: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"side {self.side}'s recon search draws {plural(len(self.cards), 'Terrain card')}"


class TerrainKept(Event):
    """The card a side kept from its search, into its terrain hand, face down; the others went to the
    terrain discard pile. Undo takes the choice back, not the draw."""

    undoable: ClassVar[bool] = True
    type: Literal["pb_terrain_kept"] = "pb_terrain_kept"
    side: int
    kept: str

    def describe(self) -> str:
        return f"side {self.side} keeps a Terrain card from its search"


class TerrainDrawn(Event):
    """A random card the companion drew from the terrain deck: a fact, never drawn again. A card
    the Sector held (an in-Sector move, 8.7) goes to the terrain discard pile."""

    type: Literal["pb_terrain_drawn"] = "pb_terrain_drawn"
    sector: SectorRef
    card: str

    def describe(self) -> str:
        return f"terrain drawn for {sector_words(self.sector.key)}: {card_words(self.card)}"


class TerrainReshuffled(Event):
    type: Literal["pb_terrain_reshuffled"] = "pb_terrain_reshuffled"

    def describe(self) -> str:
        return "the terrain discard pile is shuffled into a new terrain deck (4.12)"


class SectorCorrected(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_sector_corrected"] = "pb_sector_corrected"
    sector: SectorRef
    card: str | None

    def describe(self) -> str:
        return f"{sector_words(self.sector.key)} corrected: {card_words(self.card)}"


class TerrainRemoved(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_terrain_removed"] = "pb_terrain_removed"
    sector: SectorRef
    card: str

    def describe(self) -> str:
        return f"{card_words(self.card)} removed from {sector_words(self.sector.key)} to the terrain discard pile"


class UnitsMoved(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_units_moved"] = "pb_units_moved"
    units: tuple[int, ...]
    sector: SectorRef
    spent: tuple[int, ...] = ()
    """Those the move spends: an ordered move into another Area (8.7), unless an infantry unit
    leaves a card with a Road Bonus (10.1.8)."""
    bogging: tuple[tuple[int, bool], ...] = ()
    """The vehicles it takes into terrain that bogs, each with whether Wire lay there: each owes a
    bog check (7.2, 10.1.5)."""
    mined: tuple[int, ...] = ()
    """The units it takes onto a Mines card: they are attacked at once (10.1.7)."""

    def describe(self) -> str:
        moved = f"{plural(len(self.units), 'unit')} {', '.join(map(str, self.units))}"
        return f"{moved} entered {sector_words(self.sector.key)}"
