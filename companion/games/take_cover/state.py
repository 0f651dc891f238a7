"""Take Cover's state: the four squads, the deck by count, whose turn it is and what is in progress."""

from dataclasses import dataclass, field, replace
from typing import Annotated, Literal

from pydantic import Field

from companion.games.kit.facts import Fact
from companion.games.kit.guide import Guide
from companion.games.take_cover.cards import (
    ATTACH_KINDS,
    SIDES,
    SQUAD_NAMES,
    SQUADS_OF,
    AttachKind,
    Attachment,
    EventCard,
    Side,
    SquadName,
    owner,
)
from companion.games.take_cover.events import EventRolled, FireRolled, FirstPlayerRolled, MedicRolled, TurnEnded
from companion.games.take_cover.notes import LogEntry, Logged, WinKind
from companion.games.take_cover.scenario import TcScenario

LOG_LINES = 30
"""What happened, newest first, as the screen's log keeps it; `companion log` has everything."""

Phase = Literal["setup", "first", "turn", "over"]


@dataclass(frozen=True, slots=True)
class Squad:
    name: SquadName
    hits: int = 0
    advance: int = 0
    weapon: Attachment | None = None
    leader: Attachment | None = None
    terrain: Attachment | None = None
    eliminated: bool = False

    @property
    def side(self) -> Side:
        return owner(self.name)

    def card(self, kind: AttachKind) -> Attachment | None:
        return {"weapon": self.weapon, "leader": self.leader, "terrain": self.terrain}[kind]

    @property
    def attached(self) -> tuple[Attachment, ...]:
        return tuple(card for kind in ATTACH_KINDS if (card := self.card(kind)) is not None)

    @property
    def coordinated(self) -> bool:
        """Weapon, leader and terrain attached, all with the same dot (black or white)."""
        cards = self.attached
        return len(cards) == 3 and cards[0].dot != "none" and len({card.dot for card in cards}) == 1

    def with_card(self, kind: AttachKind, card: Attachment | None) -> "Squad":
        match kind:
            case "weapon":
                return replace(self, weapon=card)
            case "leader":
                return replace(self, leader=card)
        return replace(self, terrain=card)


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards by count: the companion never sees a hand or the order of the draw deck."""

    composition: dict[str, int] = field(default_factory=dict)
    """The whole deck by type, as set up."""
    draw: int = 0
    discard: int = 0
    seen: dict[str, int] = field(default_factory=dict)
    """Cards known by type in the discard pile (played face up) since the last reshuffle; the rest
    of the discard pile was discarded face down."""
    hands: tuple[int, int] = (0, 0)
    """German, Russian."""
    medics_aside: int = 0
    """Medic cards played: set aside for the rest of the game."""
    set_aside: int = 0
    """Face-down cards set aside by the optional rule."""
    reshuffles: int = 0

    def hand(self, side: Side) -> int:
        return self.hands[SIDES.index(side)]

    def with_hand(self, side: Side, count: int) -> "Deck":
        hands = list(self.hands)
        hands[SIDES.index(side)] = count
        return replace(self, hands=(hands[0], hands[1]))

    @property
    def face_down(self) -> int:
        """Cards in the discard pile the companion did not see."""
        return self.discard - sum(self.seen.values())


@dataclass(frozen=True, slots=True)
class Fire:
    """A fire (or reaction fire) in progress: declared, then the defender's Dig In, then the roll."""

    firer: SquadName
    target: SquadName
    grenades: int = 0
    flank: bool = False
    reaction: bool = False
    dig_ins: int | None = None
    """None until the defender has said how many Dig In cards they play."""


@dataclass(frozen=True, slots=True)
class Reaction:
    """A 10 was rolled: `squad` may fire back at `target` (the squad that rolled it)."""

    squad: SquadName
    target: SquadName


@dataclass(frozen=True, slots=True)
class CardPlay:
    """An Event or Medic card on the table, until its chart result is applied."""

    card: EventCard | Literal["medic"]
    target: SquadName
    holder: Side
    """Who plays it now: a backfire hands the card to the target's owner."""
    face: int | None = None
    """Rolled on a face the chart does not hold: the players read the card and say what it did."""
    redirect: bool = False
    """Backfired: the holder chooses one of their enemy's squads before rolling again."""


@dataclass(frozen=True, slots=True)
class Settled(Fact):
    """The latest fact, where undo stops, with the event that made it: a roll, or the draw that
    ended a turn as the count made it (for the refusal's words)."""

    by: Annotated[FirstPlayerRolled | FireRolled | EventRolled | MedicRolled | TurnEnded,
                  Field(discriminator="type")] | None = None


@dataclass(frozen=True, slots=True)
class TakeCoverState:
    phase: Phase = "setup"
    advance_victory: bool = False
    """Optional rule: two squads with three advance markers each win."""
    set_aside_option: bool = False
    """Optional rule: four cards set aside face down, cycled at each reshuffle."""
    squads: tuple[Squad, ...] = tuple(Squad(name) for name in SQUAD_NAMES)
    deck: Deck = field(default_factory=Deck)
    first_rolls: tuple[int | None, int | None] = (None, None)
    """Each side's d10 for who goes first (German, Russian)."""
    to_act: Side | None = None
    turn: int = 0
    smoked: bool = False
    """A Smoke card was played this turn, before its action."""
    acted: bool = False
    """The turn's action is done: the side draws up to five with Next (`EndTurn`)."""
    fire: Fire | None = None
    reaction: Reaction | None = None
    play: CardPlay | None = None
    winner: Side | None = None
    won_by: WinKind | None = None
    last_roll: int = 0
    """The seq of the newest roll, voided or not: the roll LED flashes when it changes."""
    fact: Settled = field(default_factory=Settled)
    log: tuple[Logged, ...] = ()
    """Events and what they led to, newest first; `view.log_lines` words them."""
    scenario: TcScenario | None = None
    """The scenario played, when the game started from one (free play: None)."""
    guide: Guide | None = None
    """Where its guided setup is; it stays once play has started (undo stops at its end)."""

    def squad(self, name: SquadName) -> Squad:
        return self.squads[SQUAD_NAMES.index(name)]

    def with_squad(self, squad: Squad) -> "TakeCoverState":
        index = SQUAD_NAMES.index(squad.name)
        return replace(self, squads=(*self.squads[:index], squad, *self.squads[index + 1:]))

    def standing(self, side: Side) -> tuple[Squad, ...]:
        return tuple(squad for squad in self.squads if squad.side == side and not squad.eliminated)

    @property
    def all_standing(self) -> bool:
        """All four squads on the battlefield: the targeting restriction holds."""
        return not any(squad.eliminated for squad in self.squads)

    @property
    def busy(self) -> bool:
        """Something is in progress: no new action until it is resolved."""
        return self.fire is not None or self.reaction is not None or self.play is not None

    @property
    def deciding(self) -> Side | None:
        """The side whose answer the game waits for (the defender's Dig In, a reaction, a backfire)."""
        if self.phase != "turn":
            return None
        if self.fire is not None:
            return owner(self.fire.target) if self.fire.dig_ins is None else owner(self.fire.firer)
        if self.reaction is not None:
            return owner(self.reaction.squad)
        if self.play is not None:
            return self.play.holder
        return self.to_act

    def noted(self, entry: LogEntry) -> "TakeCoverState":
        return replace(self, log=(entry, *self.log[: LOG_LINES - 1]))


def squads_of(state: TakeCoverState, side: Side) -> tuple[Squad, ...]:
    return tuple(state.squad(name) for name in SQUADS_OF[side])
