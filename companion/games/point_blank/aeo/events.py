"""What Point Blank journals of its solo opponent: its setup, the cards it discards, its dice, the
table rows it reads and what each of its actions did. Its dice, draws and the choices it left to
chance are facts: undo never rolls, draws or chooses again. A row the players filled in and a
cover marker they spent are decisions undo may take back."""

from typing import ClassVar, Literal

from pydantic import Field

from companion.games.point_blank.aeo.models import Act, Deployment, Pending
from companion.games.point_blank.aeo.table import AeoRead, Posture
from companion.games.point_blank.battlefield import SectorRef, sector_words
from companion.journal.events import Event

Why = Literal["start", "impulse", "flush", "discard"]


class AeoDeployed(Event):
    type: Literal["pb_aeo_deployed"] = "pb_aeo_deployed"
    deployment: Deployment

    def describe(self) -> str:
        return f"AEO setup ({self.deployment.posture}): {len(self.deployment.placements)} units placed"


class AeoTerrainChosen(Event):
    """Two Terrain cards drawn for the AEO, the better positive defence kept (12.2.1, 12.2.2; a
    recon's search, 8.10): every card left the terrain deck, the others went to its discard pile."""

    type: Literal["pb_aeo_terrain_chosen"] = "pb_aeo_terrain_chosen"
    sector: SectorRef | None
    """The Sector the kept card goes into; None: a recon's search, the card into the AEO's terrain hand (8.10)."""
    cards: tuple[str, ...] = Field(min_length=1)
    kept: str | None
    tie: bool = False
    """Both had the same defence: the companion kept one at random."""

    def describe(self) -> str:
        where = f" for {sector_words(self.sector.key)}" if self.sector is not None else ""
        return f"AEO terrain{where}: drew {', '.join(self.cards)}, kept {self.kept or 'none'}"


class AeoCardsDiscarded(Event):
    """Cards from the top of the Action deck to the discard pile: the four before play (12.3), one
    at each AEO impulse (12.3.3), a Discard action, a Hand Flush's four (12.3.4.4). Their pips when
    the deck is tracked by pips; with real dice, unseen."""

    type: Literal["pb_aeo_cards_discarded"] = "pb_aeo_cards_discarded"
    why: Why
    count: int = Field(ge=1, le=8)
    pips: tuple[int, ...] = ()
    forced: bool = False

    def describe(self) -> str:
        seen = f" ({', '.join(map(str, self.pips))} pips)" if self.pips else " unseen"
        return f"AEO discards {self.count} card{'s' * (self.count != 1)}{seen}: {self.why}"


class AeoUpkept(Event):
    type: Literal["pb_aeo_upkept"] = "pb_aeo_upkept"

    def describe(self) -> str:
        return "AEO upkeep done (12.3.1)"


class AeoFaceKeyed(Event):
    """The first physical die of the AEO's 2d6, keyed in."""

    type: Literal["pb_aeo_face_keyed"] = "pb_aeo_face_keyed"
    face: int = Field(ge=1, le=6)

    def describe(self) -> str:
        return f"AEO die: {self.face}"


class AeoFaceErased(Event):
    """The first die keyed for the AEO's 2d6 taken back before the second: a face keyed wrong."""

    type: Literal["pb_aeo_face_erased"] = "pb_aeo_face_erased"

    def describe(self) -> str:
        return "AEO die erased"


class AeoRolled(Event):
    """The AEO's 2d6 with physical dice (12.2.3) and the row it lands on; None: that row is missing."""

    type: Literal["pb_aeo_rolled"] = "pb_aeo_rolled"
    faces: tuple[int, int]
    generated: bool
    first_keyed: bool = False
    """The first face was keyed from a physical die before the roll button rolled the second."""
    posture: Posture
    read: AeoRead | None

    def describe(self) -> str:
        row = self.read.words() if self.read is not None else "a missing row"
        return f"AEO rolls {self.faces[0]}+{self.faces[1]} ({sum(self.faces)}): {row}"


class AeoRowFilled(Event):
    """The players filled in a row the table misses, from their player aid: the AEO reads it."""

    undoable: ClassVar[bool] = True
    type: Literal["pb_aeo_row_filled"] = "pb_aeo_row_filled"
    posture: Posture
    rows: tuple[str, ...] = Field(min_length=1)
    read: AeoRead
    saved: bool = False

    def describe(self) -> str:
        return f"AEO table, {self.posture} {', '.join(self.rows)}: {self.read.words()}"


class AeoActed(Event):
    """What one AEO action (or leader) did, with the choices the rules left to chance: a fact."""

    type: Literal["pb_aeo_acted"] = "pb_aeo_acted"
    act: Act
    pending: Pending | None = None
    """What the action still waits for (a smoke attempt's result, the stack's next attack); None:
    the action is finished."""

    def describe(self) -> str:
        act = self.act
        units = f" {', '.join(map(str, act.units))}" if act.units else ""
        return f"AEO {act.action}: {act.outcome}{units}" + (f" ({act.reason})" if act.reason else "")


class AeoSmokeDie(Event):
    """The smoke attempt failed: a physical d6 of 1 or 2 cancels the move (12.3.4.5)."""

    type: Literal["pb_aeo_smoke_die"] = "pb_aeo_smoke_die"
    face: int = Field(ge=1, le=6)
    generated: bool

    def describe(self) -> str:
        return f"AEO smoke d6: {self.face}, the move {'is cancelled' if self.face <= 2 else 'goes ahead'}"


class AeoCoverSpent(Event):
    """The AEO played a cover marker against the players' fire (12.3.3.1)."""

    undoable: ClassVar[bool] = True
    type: Literal["pb_aeo_cover_spent"] = "pb_aeo_cover_spent"

    def describe(self) -> str:
        return "AEO plays a cover marker"


AEO_EVENTS = (AeoDeployed, AeoTerrainChosen, AeoCardsDiscarded, AeoUpkept, AeoFaceKeyed, AeoFaceErased, AeoRolled,
              AeoRowFilled, AeoActed, AeoSmokeDie, AeoCoverSpent)
