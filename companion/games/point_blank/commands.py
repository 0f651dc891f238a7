"""What the players ask of Point Blank's rules, named in the imperative."""

from typing import Any, Literal, Self

from pydantic import Field, model_validator

from companion.games.point_blank.aeo.table import Posture
from companion.games.point_blank.battlefield import DEFAULT_AREAS, DEFAULT_ROWS, MAX_ROWS, SectorRef, on_side
from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.checks.kinds import AnyCheck
from companion.games.point_blank.deck import Pips
from companion.games.point_blank.fatigue import Via
from companion.games.point_blank.units import Action
from companion.games.rules import Command

Marker = Literal["smoke", "blaze", "wreck", "wire"]
FatigueVia = Literal["discard", "ready", "leader", "bonus", "aeo"]


class SetUpGame(Command):
    """The deck as confirmed by the players, and the dice method, locked for the game (4.11)."""

    cards_per_pip: tuple[int, int, int, int, int, int]
    dice_mode: bool = False
    turn_limit: int | None = Field(default=None, ge=1)
    hand_size: int = Field(default=5, ge=1, le=10)
    first_side: int = Field(default=1, ge=1, le=2)
    nationalities: tuple[str, str] = ("", "")
    """The nationality each side plays, when the players name them: the screen says "US", not "side 1"."""
    aeo_side: int = Field(default=0, ge=0, le=2)
    """Solo play (12.2): the side the AEO plays, 0 for two players. It is dealt no hand: it plays
    from dice, not cards (12.2.3)."""
    aeo_posture: Posture | None = None

    @model_validator(mode="after")
    def _deck_holds_the_hands(self) -> Self:
        if self.aeo_side and self.aeo_posture is None:
            raise ValueError("the AEO plays in a posture: defensive or offensive (12.2)")
        if any(count < 0 for count in self.cards_per_pip):
            raise ValueError("a pip count cannot have fewer than 0 cards")
        if sum(self.cards_per_pip) < 2 * self.hand_size + 2:
            raise ValueError(f"the deck must hold both hands ({2 * self.hand_size} cards) and a 2d6 check")
        return self


def sector_of_side(data: Any, side_field: str = "side") -> Any:
    """Lets a command name a Sector without its half ("B2"): the half of the side in `side_field`."""
    if isinstance(data, dict) and isinstance(data.get("sector"), str) and isinstance(data.get(side_field), int):
        return {**data, "sector": on_side(data["sector"], data[side_field]) or None}
    return data


class AddUnit(Command):
    """Deploy a unit from the library (5.4) into a Sector of the battlefield, or off it (None: a
    reinforcement still to come). A Sector with no terrain card draws one from the terrain deck
    first: "each unit must occupy a Terrain card within a Sector". A Sector named without its half
    ("B2") is on the unit's own side."""

    template: UnitTemplate
    side: int = Field(ge=1, le=2)
    sector: SectorRef | None = None
    name: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _own_half(cls, data: Any) -> Any:
        return sector_of_side(data)


class AdjustUnit(Command):
    """Correct markers the table moved by hand (spotted, buttoned, fatigue...). A unit's Sector
    changes by `MoveUnits`, its terrain with its Sector's card."""

    unit: int
    changes: dict[str, bool | int | str]


class Order(Command):
    units: tuple[int, ...]
    action: Action
    via: Via = "card"
    leader: int | None = None
    targets: tuple[int, ...] = ()
    """The enemy units a melee or overrun is launched against (7.10): marked in melee with the attackers."""
    check: AnyCheck | None = None
    """The check the order starts at once (fire, assault, rally), committed with the order."""
    destination: SectorRef | None = None
    """Where a move order's marker points (8.7): the units enter it in their side's next Upkeep
    (6.1.2), when `MoveUnits` resolves the move. Only for a move or an assault (8.1: "first marked
    with a Move marker in the direction they are assaulting"); None leaves it untracked."""


class PlayEventCard(Command):
    """An Action card played as an event, not on units: Sniper, Reinforcement, Wind (6.2.1.1)."""

    name: str
    reinforcement: bool = False
    """A Reinforcement card on the scenario's Reinforcement Table: its d6 check starts at once (8.11)."""


class ReduceFatigue(Command):
    """One fatigue level off: by discarding a card (6.2.1.3), a Ready card (8.9), a leader's Ready
    action on a unit in his Sector (8.9), the second reduction an odd d6 earned, or the AEO's Ready
    action (12.3.4.1, no d6 after it)."""

    unit: int
    via: FatigueVia = "discard"
    leader: int | None = None


class FlushHand(Command):
    """Discard the whole hand and draw a new one: once per game turn, as the impulse's action (6.2.1.5)."""


class DiscardCard(Command):
    """Discard one card as the impulse's action (6.2.1.7)."""


class EndImpulse(Command):
    """Draw up to hand size (6.2.2) and pass play to the other side."""

    force: bool = False
    """End the AEO's impulse before it is done: the players take its play in hand (13.0)."""


class StartCheck(Command):
    check: AnyCheck


class EnterPip(Command):
    """The pips on the card just drawn (or, with real dice, the face rolled) for the check in progress."""

    pip: int
    force: bool = False
    """Enter it although the count says the deck cannot hold it: the deck was miscounted."""
    plain: bool = False
    """With no check in progress: a card drawn on purpose, for a plain d6 check started with it.
    Without this a stray face key is refused (and offered to confirm), so the count never drifts."""


class RollDie(Command):
    """With real dice chosen at setup: let the companion roll the next die."""

    plain: bool = False
    """With no check in progress: roll for a plain d6 check started with it (as `EnterPip.plain`)."""


class CancelCheck(Command):
    """Abandon the check in progress; the cards already drawn stay drawn."""


class SetMarker(Command):
    marker: Marker
    sector: str
    present: bool = True


class CorrectDeck(Command):
    """The players counted the draw pile: this many cards of each pip count are in it."""

    pile: Pips

    @model_validator(mode="after")
    def _counts(self) -> Self:
        if any(count < 0 for count in self.pile):
            raise ValueError("a pip count cannot have fewer than 0 cards")
        return self


# The battlefield (3.0, 5.3, 5.4, 6.1.2, 9.0)


class LayOutBattlefield(Command):
    """The battlefield a scenario plays on (5.3): how many Areas, lettered from A, and how many
    Sectors in each side's half beside the centre row 0; and the terrain deck, card key to count
    (None: the default deck, each card's `in_default_deck` in terrain.toml). Refused once a card
    or a unit is on the battlefield."""

    areas: int = Field(default=DEFAULT_AREAS, ge=1, le=5)
    rows: int = Field(default=DEFAULT_ROWS, ge=1, le=MAX_ROWS)
    deck: dict[str, int] | None = None

    @model_validator(mode="after")
    def _counts(self) -> Self:
        if self.deck is not None and any(count < 0 for count in self.deck.values()):
            raise ValueError("a terrain card cannot be in the deck fewer than 0 times")
        return self


class PlaceTerrain(Command):
    """A named card into a Sector with none: a scenario's fixed terrain or objective card (5.3), a
    Terrain card from a player's hand (6.1.2.1, 6.1.2.2). Taken from the terrain deck when the deck
    holds one, else from outside it (an objective card, a card already in a hand)."""

    sector: SectorRef
    card: str
    fixed: bool = False
    """The scenario keeps this card in play: it is never removed in Upkeep (6.1.2.4)."""
    from_hand: bool = False
    """A card from the acting side's terrain hand (6.1.2.2), kept from a recon's search."""


class SearchTerrain(Command):
    """A Recon action's search (8.10): the companion draws two Terrain cards for the acting side,
    which keeps one (`KeepTerrain`). The draw is a fact: undo never draws again."""


class KeepTerrain(Command):
    """The card of the search the acting side keeps in its terrain hand; the other is discarded (8.10)."""

    card: str


class DrawTerrain(Command):
    """The companion draws a random card from the terrain deck into a Sector with none: a
    scenario's random terrain (3.1). The draw is a fact: undo never draws again."""

    sector: SectorRef


class MoveUnits(Command):
    """Units enter a Sector: a move resolved in their side's Upkeep (6.1.2.1), a retreat (7.13), a
    melee's winner into the Sector it vacated. A Sector with no card draws one first (a fact; to
    refuse it, 6.1.2.3, undo the move: the card stays). The units' own Sector is an in-Sector move
    (8.7): its card goes to the terrain discard pile and a new one is drawn."""

    units: tuple[int, ...]
    sector: SectorRef
    force: bool = False
    """Infantry leave a Sector with Wire all the same (a retreat): the players overrule 10.1.5."""


class CorrectSector(Command):
    """The card the table has in a Sector, by hand (None: no card): the companion's record follows
    the table, like a deck correction; the terrain deck is not touched. Undo takes it back."""

    sector: SectorRef
    card: str | None


class RemoveTerrain(Command):
    """A Sector's card leaves play for the terrain discard pile: no unit is adjacent in Upkeep
    (6.1.2.4), or a recon removes it (8.10). Objective cards and the scenario's fixed terrain stay."""

    sector: SectorRef
