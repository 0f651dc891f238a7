"""What the players ask of Point Blank's rules, named in the imperative."""

from typing import Literal, Self

from pydantic import Field, model_validator

from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.checks.kinds import AnyCheck
from companion.games.point_blank.deck import Pips
from companion.games.point_blank.fatigue import Via
from companion.games.point_blank.units import Action
from companion.games.rules import Command

Marker = Literal["smoke", "blaze", "wreck"]
FatigueVia = Literal["discard", "ready", "leader", "bonus"]


class SetUpGame(Command):
    """The deck as confirmed by the players, and the dice method, locked for the game (4.11)."""

    cards_per_pip: tuple[int, int, int, int, int, int]
    dice_mode: bool = False
    turn_limit: int | None = Field(default=None, ge=1)
    hand_size: int = Field(default=5, ge=1, le=10)
    first_side: int = Field(default=1, ge=1, le=2)
    nationalities: tuple[str, str] = ("", "")
    """The nationality each side plays, when the players name them: the screen says "US", not "side 1"."""

    @model_validator(mode="after")
    def _deck_holds_the_hands(self) -> Self:
        if any(count < 0 for count in self.cards_per_pip):
            raise ValueError("a pip count cannot have fewer than 0 cards")
        if sum(self.cards_per_pip) < 2 * self.hand_size + 2:
            raise ValueError(f"the deck must hold both hands ({2 * self.hand_size} cards) and a 2d6 check")
        return self


class AddUnit(Command):
    template: UnitTemplate
    side: int = Field(ge=1, le=2)
    terrain: str = "clear"
    sector: str = ""
    name: str | None = None


class AdjustUnit(Command):
    """Correct markers the table moved by hand (terrain, sector, spotted, buttoned...)."""

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


class PlayEventCard(Command):
    """An Action card played as an event, not on units: Sniper, Reinforcement, Wind (6.2.1.1)."""

    name: str


class ReduceFatigue(Command):
    """One fatigue level off: by discarding a card (6.2.1.3), a Ready card (8.9), a leader's Ready
    action on a unit in his Sector (8.9), or the second reduction an odd d6 earned."""

    unit: int
    via: FatigueVia = "discard"
    leader: int | None = None


class FlushHand(Command):
    """Discard the whole hand and draw a new one: once per game turn, as the impulse's action (6.2.1.5)."""


class DiscardCard(Command):
    """Discard one card as the impulse's action (6.2.1.7)."""


class EndImpulse(Command):
    """Draw up to hand size (6.2.2) and pass play to the other side."""


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
