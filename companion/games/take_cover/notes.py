"""What Take Cover's log keeps besides the events themselves: what an event led to, in kinds, names
and numbers (`words.py` says them), so rewording a line never rewrites a saved game."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.games.take_cover.cards import AttachKind, EventCard, Side, SquadName
from companion.games.take_cover.events import (
    AdvanceMarkerPlaced,
    CardAttached,
    CardDetached,
    CardsDiscarded,
    ChartRead,
    DugIn,
    EventCardPlayed,
    EventRedirected,
    EventRolled,
    FireOpened,
    FireRolled,
    FirstPlayerRolled,
    GameSetUp,
    MedicPlayed,
    MedicRolled,
    ReactionDeclined,
    ReactionFireOpened,
    SmokePlayed,
    SquadCorrected,
    TurnEnded,
)

WinKind = Literal["eliminated", "advance", "last_turn"]
"""How the game ended: a side eliminated, two squads at three advance markers, or a scenario's last turn played."""
"""Both enemy squads eliminated; or, under the optional rule, two squads with three advance markers each."""


class Note(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RollTied(Note):
    """Both sides rolled `face` for the first turn: both roll again."""

    type: Literal["roll_tied"] = "roll_tied"
    face: int


class FirstChosen(Note):
    type: Literal["first_chosen"] = "first_chosen"
    side: Side


class HitTaken(Note):
    type: Literal["hit_taken"] = "hit_taken"
    squad: SquadName
    hits: int
    """The squad's hits now."""


class SquadEliminated(Note):
    type: Literal["squad_eliminated"] = "squad_eliminated"
    squad: SquadName
    discarded: tuple[str, ...] = ()
    """The names of its attached cards, which went to the discard pile with it."""


class GameWon(Note):
    type: Literal["game_won"] = "game_won"
    side: Side
    by: WinKind


class LastTurnPlayed(Note):
    """A scenario's last turn is over: its victory conditions say who won."""

    type: Literal["last_turn_played"] = "last_turn_played"
    turn: int


class Backfired(Note):
    """The card changed hands: `holder` plays it on `target`, or chooses which enemy squad (None)."""

    type: Literal["backfired"] = "backfired"
    holder: Side
    card: EventCard
    target: SquadName | None


class AdvanceLost(Note):
    type: Literal["advance_lost"] = "advance_lost"
    squad: SquadName


class CardLost(Note):
    """An Event card's result discarded an attached card of the squad."""

    type: Literal["card_lost"] = "card_lost"
    squad: SquadName
    name: str


class NothingToRemove(Note):
    """An Event card's result would remove what the squad does not have: no effect."""

    type: Literal["nothing_to_remove"] = "nothing_to_remove"
    squad: SquadName
    missing: AttachKind | Literal["advance"]


LogEntry = (
    GameSetUp | FirstPlayerRolled | SmokePlayed | CardAttached | CardDetached | CardsDiscarded
    | AdvanceMarkerPlaced | FireOpened | DugIn | FireRolled | ReactionFireOpened | ReactionDeclined
    | EventCardPlayed | EventRolled | ChartRead | EventRedirected | MedicPlayed | MedicRolled
    | SquadCorrected | TurnEnded
    | RollTied | FirstChosen | HitTaken | SquadEliminated | GameWon | Backfired | AdvanceLost | CardLost
    | NothingToRemove | LastTurnPlayed
)
"""A line of the screen's log: an event, when it is the whole story, or a note of what it led to."""

Logged = Annotated[LogEntry, Field(discriminator="type")]
