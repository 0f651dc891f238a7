"""Point Blank's state: the deck, the turn and impulse, the units, the check in progress, the melees
waiting for Upkeep and what the table must do after a turn end. Facts only: `view.py` words them."""

from collections.abc import Container
from dataclasses import dataclass, field, replace
from typing import Annotated, Literal

from pydantic import Field

from companion.errors import NothingToDo
from companion.games.kit.guide import Guide
from companion.games.point_blank.aeo.state import AeoState
from companion.games.point_blank.battlefield import Battlefield
from companion.games.point_blank.battlefield_events import TerrainDrawn
from companion.games.point_blank.checks.base import Outcome, Step
from companion.games.point_blank.checks.kinds import AnyCheck
from companion.games.point_blank.deck import Deck
from companion.games.point_blank.events import (
    CheckAbandoned,
    CheckResolved,
    DeckCorrected,
    ImpulseEnded,
    ObjectiveControlled,
    TurnEnded,
    UnitsOrdered,
)
from companion.games.point_blank.scenario import PbScenario
from companion.games.point_blank.units import Unit

CardUse = Literal["card", "unit_card", "spend", "event", "discard", "flush", "ready"]
"""How the impulse's one Action card or Spend action went (6.2)."""

Entry = (CheckResolved | CheckAbandoned | TurnEnded | DeckCorrected | TerrainDrawn | ObjectiveControlled | UnitsOrdered
         | ImpulseEnded)
Logged = Annotated[Entry, Field(discriminator="type")]
LOG = 6
"""Entries kept for the screen's log, newest last; `companion log` has every event."""


@dataclass(frozen=True, slots=True)
class Settings:
    dice_mode: bool
    turn_limit: int | None
    hand_size: int
    nationalities: tuple[str, str] = ("", "")


@dataclass(frozen=True, slots=True)
class PendingCheck:
    check: AnyCheck
    pips: tuple[int, ...] = ()

    @property
    def step(self) -> Step | Outcome:
        return self.check.advance(self.pips)


@dataclass(frozen=True, slots=True)
class PendingMelee:
    """A melee or overrun ordered in an impulse, resolved in its side's next Upkeep (6.1.1, 7.10)."""

    side: int
    impulse: int
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PendingMove:
    """A move ordered in an impulse (8.7): the units stay where they are, with a marker pointing
    at `to`, until their side's next Upkeep resolves it (6.1.2)."""

    side: int
    impulse: int
    units: tuple[int, ...]
    to: str


@dataclass(frozen=True, slots=True)
class TurnOver:
    """A turn end just past (4.13.2): what the table must reset, until the next impulse ends."""

    turn: int
    smoke: frozenset[str] = frozenset()
    blaze: frozenset[str] = frozenset()
    last: bool = False
    """It was the scenario's last turn: the game is over."""
    stands: int = 0
    """The journal seq of the last record the turn end brought with it (the end itself, control it
    changed, the scenario's units arriving at the next turn's start and their terrain): undo takes
    back none of them (4.13)."""
    units: int = 0
    """How many units were in the tracker at the turn end: those added after it, up to the
    scenario's arrivals for the next turn, are its arrivals."""


@dataclass(frozen=True, slots=True)
class Search:
    """A recon's search (8.10) waiting for its side to keep one of the cards."""

    side: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PointBlankState:
    settings: Settings | None = None
    deck: Deck = field(default_factory=lambda: Deck.fresh((0, 0, 0, 0, 0, 0)))
    turn: int = 1
    side: int = 1
    impulse: int = 1
    card_used: CardUse | None = None
    second_icon_used: bool = False
    leaders_acted: frozenset[int] = frozenset()
    flushed: frozenset[int] = frozenset()
    units: tuple[Unit, ...] = ()
    check: PendingCheck | None = None
    turn_end_owed: bool = False
    fatigue_bonus_owed: bool = False
    fatigue_bonus_first: int | None = None
    """The unit the owed level may not come off: it lost the first (6.2.1.3, 8.9)."""
    fatigue_bonus_sector: str | None = None
    """After a leader's Ready action, his Sector: the owed level comes off a unit in it (8.9)."""
    smoke: frozenset[str] = frozenset()
    blaze: frozenset[str] = frozenset()
    wreck: frozenset[str] = frozenset()
    wire: frozenset[str] = frozenset()
    """Sectors with a Wire card laid over their terrain (10.1.5); a Wire card alone is the Sector's card."""
    melees: tuple[PendingMelee, ...] = ()
    battlefield: Battlefield = field(default_factory=Battlefield)
    moves: tuple[PendingMove, ...] = ()
    log: tuple[Logged, ...] = ()
    """The newest results, abandoned checks, orders, impulse and turn ends, deck corrections, terrain
    drawn and control taken, newest last: the screen's Latest line is the last of them."""
    turn_over: TurnOver | None = None
    game_over: bool = False
    resolved: int = 0
    """The journal seq of the latest check resolved (undone or not): the roll LED flashes when it changes."""
    impulse_began: int = 0
    """The journal seq of the latest impulse's or turn's end: undo takes back nothing before it."""
    scenario: PbScenario | None = None
    """The scenario played, when the game started from one (free play: None)."""
    guide: Guide | None = None
    """Where its guided setup is; it stays once play has started (undo stops at its end)."""
    aeo: AeoState | None = None
    """The solo opponent (12.0), when one side is played by the AEO."""
    reinforced: frozenset[int] = frozenset()
    """The scenario's forces a Reinforcement card has brought in (8.11), by their place in its list."""
    control: tuple[tuple[str, int], ...] = ()
    """Each objective some side controls (2.9): its Sector's key and the side, in the order taken."""
    terrain_hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Each side's Terrain cards kept from recon searches, to place in an empty Sector (8.10, 6.1.2.2)."""
    search: Search | None = None
    mines_owed: tuple[int, ...] = ()
    """Units that entered a Mines card this impulse and have not been attacked by it yet (10.1.7)."""
    bog_owed: tuple[tuple[int, bool], ...] = ()
    """Vehicles that entered terrain that bogs this impulse and have not checked yet, each with
    whether Wire lay there (7.2, 10.1.5)."""

    def unit(self, unit_id: int) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise NothingToDo(f"there is no unit {unit_id}")

    @property
    def dice_mode(self) -> bool:
        return bool(self.settings and self.settings.dice_mode)

    @property
    def melees_pending(self) -> tuple[PendingMelee, ...]:
        """Melees still to resolve; one whose attackers were all eliminated first does not take place (7.10.1)."""
        return tuple(m for m in self.melees if not all(self.unit(u).eliminated for u in m.attackers))

    @property
    def melees_due(self) -> tuple[PendingMelee, ...]:
        """The melees the phasing side launched in an earlier impulse: this Upkeep resolves them (6.1.1)."""
        return tuple(m for m in self.melees_pending if m.side == self.side and m.impulse < self.impulse)

    @property
    def moves_due(self) -> tuple[PendingMove, ...]:
        """The moves the phasing side ordered in an earlier impulse: this Upkeep resolves them (6.1.2)."""
        return tuple(m for m in self.moves if m.side == self.side and m.impulse < self.impulse)

    @property
    def moves_open(self) -> tuple[PendingMove, ...]:
        """The moves due whose Sector they may enter: enemy units holding it, the players may cancel
        the move instead (8.7)."""
        return tuple(m for m in self.moves_due if not self.blocked(m))

    def blocked(self, move: PendingMove) -> bool:
        """Enemy units have entered the Sector the move points at since it was ordered (8.7)."""
        return self.enemy_held(move.to, (move.side,))

    def enemy_held(self, key: str, sides: Container[int]) -> bool:
        """Units of none of `sides` stand in Sector `key`: a move of theirs may not enter it (8.7)."""
        return any(u.side not in sides for u in self.in_sector(key))

    def in_sector(self, key: str) -> tuple[Unit, ...]:
        """The units standing in a Sector, eliminated ones left out."""
        return tuple(u for u in self.units if key and u.sector == key and not u.eliminated)

    def terrain_hand(self, side: int) -> tuple[str, ...]:
        return self.terrain_hands[side - 1]

    def with_terrain_hand(self, side: int, cards: tuple[str, ...]) -> "PointBlankState":
        hands = (cards, self.terrain_hands[1]) if side == 1 else (self.terrain_hands[0], cards)
        return replace(self, terrain_hands=hands)

    def wired(self, key: str) -> bool:
        """Wire lies in the Sector: over its terrain, or as its only card (10.1.5)."""
        return bool(key) and (key in self.wire or self.battlefield.card(key) == "wire")

    def controller(self, key: str) -> int | None:
        """The side controlling the objective in Sector `key`, None while nobody has."""
        return dict(self.control).get(key)

    def logged(self, entry: Entry) -> tuple[Logged, ...]:
        return (*self.log, entry)[-LOG:]
