"""What Point Blank journals: facts (cards dealt and drawn, turn ends) and decisions (orders, units,
results), each with its `type` tag. Games saved by earlier versions read through the same models."""

from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import Field, model_validator

from companion.games.kit.guide import ChoiceMade, PlayStarted, StepConfirmed, StepRevisited
from companion.games.point_blank.aeo.events import (
    AeoActed,
    AeoCardsDiscarded,
    AeoCoverSpent,
    AeoDeployed,
    AeoFaceErased,
    AeoFaceKeyed,
    AeoRolled,
    AeoRowFilled,
    AeoSmokeDie,
    AeoTerrainChosen,
    AeoUpkept,
)
from companion.games.point_blank.aeo.table import Posture
from companion.games.point_blank.battlefield import SectorRef, ref, sector_words
from companion.games.point_blank.battlefield_events import (
    BattlefieldLaidOut,
    SectorCorrected,
    TerrainDrawn,
    TerrainKept,
    TerrainPlaced,
    TerrainRemoved,
    TerrainReshuffled,
    TerrainSearched,
    UnitsMoved,
)
from companion.games.point_blank.catalog import SquadCard, UnitTemplate
from companion.games.point_blank.checks.base import Outcome
from companion.games.point_blank.checks.kinds import AnyCheck
from companion.games.point_blank.commands import FatigueVia, Marker, sector_of_side
from companion.games.point_blank.deck import Pips
from companion.games.point_blank.fatigue import Via
from companion.games.point_blank.scenario import ScenarioChosen
from companion.games.point_blank.units import Action
from companion.games.point_blank.words import abandoned, plural, resolved, title
from companion.journal.events import DecisionRedone, DecisionUndone, Event


class GameSetUp(Event):
    type: Literal["pb_game_set_up"] = "pb_game_set_up"
    cards_per_pip: tuple[int, int, int, int, int, int]
    dice_mode: bool
    turn_limit: int | None
    hand_size: int
    first_side: int
    nationalities: tuple[str, str] = ("", "")
    aeo_side: int = 0
    aeo_posture: Posture | None = None

    def describe(self) -> str:
        method = "real dice" if self.dice_mode else "card pips"
        return f"game set up: {sum(self.cards_per_pip)}-card deck, {method}"


class CardsDealt(Event):
    type: Literal["pb_cards_dealt"] = "pb_cards_dealt"
    side: int
    count: int

    def describe(self) -> str:
        return f"side {self.side} draws {plural(self.count, 'card')}"


class UnitAdded(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_unit_added"] = "pb_unit_added"
    template: UnitTemplate
    side: int
    sector: SectorRef | None = None
    name: str
    half_squad: SquadCard | None = None
    """The card of the half squad the library names for the template, which the unit takes once
    reduced; None for other units, and in games saved before half squads were named."""
    terrain: str | None = None
    """Only in games saved before the battlefield: the card the unit stood on, which its Sector
    takes when it has none."""

    @model_validator(mode="before")
    @classmethod
    def _sector_of_old_games(cls, data: Any) -> Any:
        """Games saved before the battlefield wrote the sector as free text ("B2", ""): a Sector
        named that way is read on the unit's own half; other text leaves the unit off the battlefield."""
        data = sector_of_side(data)
        if isinstance(data, dict) and isinstance(data.get("sector"), str) and ref(data["sector"]) is None:
            return {**data, "sector": None}
        return data

    def describe(self) -> str:
        where = f" in {sector_words(self.sector.key)}" if self.sector else ""
        return f"unit added: {self.name} (side {self.side}){where}"


class UnitAdjusted(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_unit_adjusted"] = "pb_unit_adjusted"
    unit: int
    changes: dict[str, bool | int | str]

    def describe(self) -> str:
        said = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in self.changes.items())
        return f"unit {self.unit} corrected: {said}"


class UnitsOrdered(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_units_ordered"] = "pb_units_ordered"
    side: int
    units: tuple[int, ...]
    action: Action
    via: Via
    leader: int | None = None
    targets: tuple[int, ...] = ()
    destination: SectorRef | None = None

    def describe(self) -> str:
        against = f" against {', '.join(map(str, self.targets))}" if self.targets else ""
        towards = f" towards {self.destination}" if self.destination else ""
        return f"{self.action} ordered ({self.via}) for {plural(len(self.units), 'unit')} " \
               f"{', '.join(map(str, self.units))}{against}{towards}"


class EventCardPlayed(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_event_card_played"] = "pb_event_card_played"
    side: int
    name: str

    def describe(self) -> str:
        return f"side {self.side} plays {self.name}"


class FatigueReduced(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_fatigue_reduced"] = "pb_fatigue_reduced"
    side: int
    unit: int
    via: FatigueVia
    leader: int | None = None

    def describe(self) -> str:
        return f"fatigue removed from unit {self.unit} ({self.via})"


class HandFlushed(Event):
    type: Literal["pb_hand_flushed"] = "pb_hand_flushed"
    side: int

    def describe(self) -> str:
        return f"side {self.side} flushes its hand"


class CardDiscarded(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_card_discarded"] = "pb_card_discarded"
    side: int

    def describe(self) -> str:
        return f"side {self.side} discards a card"


class ImpulseEnded(Event):
    type: Literal["pb_impulse_ended"] = "pb_impulse_ended"
    side: int

    def describe(self) -> str:
        return f"side {self.side}'s impulse ends"


class ObjectiveControlled(Event):
    """A side's units in an objective's Sector carried its flags at an impulse's end: the side
    controls it, even once they leave, until the other side does (2.9). Undo takes it back, for a
    table that judged otherwise (flags the unit library cannot know)."""

    undoable: ClassVar[bool] = True
    type: Literal["pb_objective_controlled"] = "pb_objective_controlled"
    sector: str
    side: int

    def describe(self) -> str:
        return f"side {self.side} controls the objective in {sector_words(self.sector)}"


class CheckStarted(Event):
    type: Literal["pb_check_started"] = "pb_check_started"
    check: AnyCheck

    def describe(self) -> str:
        return f"check: {title(self.check)}"


class PipDrawn(Event):
    """A card drawn for a check, its pips as entered: a fact, never undone."""

    type: Literal["pb_pip_drawn"] = "pb_pip_drawn"
    pip: int
    forced: bool = False

    def describe(self) -> str:
        return f"card drawn: {plural(self.pip, 'pip')}" + (" (override)" if self.forced else "")


class DieThrown(Event):
    """With real dice: a face, and one card discarded unseen from the deck (4.11)."""

    type: Literal["pb_die_thrown"] = "pb_die_thrown"
    face: int
    generated: bool

    def describe(self) -> str:
        return f"die: {self.face} ({'rolled by the companion' if self.generated else 'entered'}); one card discarded"


class DeckReshuffled(Event):
    type: Literal["pb_deck_reshuffled"] = "pb_deck_reshuffled"

    def describe(self) -> str:
        return "the discard pile is shuffled into a new Action deck"


class CheckResolved(Event):
    """The result of a check, applied to the units. Undo takes the result back; the cards stay drawn."""

    undoable: ClassVar[bool] = True
    type: Literal["pb_check_resolved"] = "pb_check_resolved"
    check: AnyCheck
    pips: tuple[int, ...]
    outcome: Outcome

    @model_validator(mode="after")
    def _findings_of_old_games(self) -> Self:
        """A result saved before findings existed kept only its words: the same check with the same
        pips gives its findings again. (Its changes and markers are the saved ones, untouched.)"""
        if self.outcome.findings:
            return self
        try:
            again = self.check.advance(self.pips)
        except ValueError:
            return self
        if isinstance(again, Outcome) and again.findings:
            object.__setattr__(self, "outcome", self.outcome.model_copy(update={"findings": again.findings}))
        return self

    def describe(self) -> str:
        return resolved(self.check, self.outcome)


class CheckAbandoned(Event):
    type: Literal["pb_check_abandoned"] = "pb_check_abandoned"
    check: AnyCheck | None = None
    """The check abandoned (games saved before did not say)."""

    def describe(self) -> str:
        return abandoned(self.check)


class TurnEnded(Event):
    type: Literal["pb_turn_ended"] = "pb_turn_ended"
    turn: int

    def describe(self) -> str:
        return f"turn {self.turn} ends"


class MarkerSet(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_marker_set"] = "pb_marker_set"
    marker: Marker
    sector: str
    present: bool

    def describe(self) -> str:
        return f"{self.marker} {'placed in' if self.present else 'removed from'} {sector_words(self.sector)}"


class DeckCorrected(Event):
    """The players counted the draw pile and the count follows them: a decision, so undo takes it back."""

    undoable: ClassVar[bool] = True
    type: Literal["pb_deck_corrected"] = "pb_deck_corrected"
    pile: Pips

    def describe(self) -> str:
        return f"deck count corrected: {plural(sum(self.pile), 'card')} in the draw pile"


PointBlankEvent = Annotated[
    GameSetUp | CardsDealt | UnitAdded | UnitAdjusted | UnitsOrdered | EventCardPlayed | FatigueReduced
    | HandFlushed | CardDiscarded | ImpulseEnded | CheckStarted | PipDrawn | DieThrown | DeckReshuffled
    | CheckResolved | CheckAbandoned | TurnEnded | MarkerSet | DeckCorrected
    | BattlefieldLaidOut | TerrainPlaced | TerrainDrawn | TerrainReshuffled | SectorCorrected | TerrainRemoved
    | UnitsMoved | ObjectiveControlled | TerrainSearched | TerrainKept
    | ScenarioChosen | StepConfirmed | StepRevisited | ChoiceMade | PlayStarted
    | AeoDeployed | AeoTerrainChosen | AeoCardsDiscarded | AeoUpkept | AeoFaceKeyed | AeoFaceErased | AeoRolled
    | AeoRowFilled | AeoActed | AeoSmokeDie | AeoCoverSpent
    | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]
