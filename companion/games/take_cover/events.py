"""What Take Cover's companion journals: setup, each action, each step of a fire, an event or a medic.

Every event here but `TurnEnded` is a decision undo may take back, within `Rules.check_undo`'s
limits: a roll and a turn's draw are facts (see `companion.games.kit.facts`).
"""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from companion.games.kit.guide import ChoiceMade, PlayStarted, StepConfirmed, StepRevisited
from companion.games.kit.words import count_of
from companion.games.take_cover.cards import AttachKind, Attachment, EventCard, Side, SquadName, shuffled
from companion.games.take_cover.charts import EFFECT_WORDS, EventEffect, MedicEffect
from companion.games.take_cover.scenario import ScenarioChosen
from companion.journal.events import DecisionRedone, DecisionUndone, Event

Source = Literal["generated", "physical"]
Outcome = Literal["hit", "miss", "reaction"]
"""What a fire's d10 did: a hit, a miss, or a 10 (a miss the target may answer with reaction fire)."""


def rolled(face: int, source: Source) -> str:
    return f"rolled {face}" + (" (keyed)" if source == "physical" else "")


class Decision(Event):
    undoable: ClassVar[bool] = True


class GameSetUp(Decision):
    type: Literal["game_set_up"] = "game_set_up"
    advance_victory: bool
    set_aside: bool
    deck: dict[str, int]
    """The deck by type as set up, so a data file changed later changes no game in play."""

    def describe(self) -> str:
        options = [name for name, on in (("advance victory", self.advance_victory),
                                          ("four cards set aside", self.set_aside)) if on]
        # The squad cards are on the table: the cards counted are those shuffled, as the setup says.
        return f"set up: {shuffled(self.deck)} cards shuffled, hands of five" + (
            f"; optional: {', '.join(options)}" if options else "")


class FirstPlayerRolled(Decision):
    type: Literal["first_player_rolled"] = "first_player_rolled"
    side: Side
    face: int
    source: Source

    def describe(self) -> str:
        return f"{self.side} {rolled(self.face, self.source)} for the first turn"


class SmokePlayed(Decision):
    type: Literal["smoke_played"] = "smoke_played"
    side: Side

    def describe(self) -> str:
        return f"{self.side} plays Smoke and looks at the enemy's hand"


class CardAttached(Decision):
    type: Literal["card_attached"] = "card_attached"
    side: Side
    squad: SquadName
    card: Attachment

    def describe(self) -> str:
        return f"{self.side} attaches {self.card.describe()} to {self.squad}"


class CardDetached(Decision):
    type: Literal["card_detached"] = "card_detached"
    side: Side
    squad: SquadName
    kind: AttachKind
    name: str

    def describe(self) -> str:
        return f"{self.side} detaches {self.name} from {self.squad}"


class CardsDiscarded(Decision):
    type: Literal["cards_discarded"] = "cards_discarded"
    side: Side
    count: int

    def describe(self) -> str:
        return f"{self.side} discards {self.count} face down"


class AdvanceMarkerPlaced(Decision):
    type: Literal["advance_marker_placed"] = "advance_marker_placed"
    side: Side
    squad: SquadName

    def describe(self) -> str:
        return f"{self.side} advances {self.squad}"


class FireOpened(Decision):
    type: Literal["fire_opened"] = "fire_opened"
    side: Side
    squad: SquadName
    target: SquadName
    grenades: int
    flank: bool
    firepower: int

    def describe(self) -> str:
        extras = "".join([f", {self.grenades} grenade{'s' if self.grenades != 1 else ''}" if self.grenades else "",
                          ", Flank" if self.flank else ""])
        return f"{self.squad} fires at {self.target}: FP {self.firepower}{extras}"


class DugIn(Decision):
    type: Literal["dug_in"] = "dug_in"
    squad: SquadName
    count: int
    mfp: int

    def describe(self) -> str:
        cards = f"{self.count} Dig In" if self.count else "no Dig In"
        return f"{self.squad}: {cards}; MFP {self.mfp}"


class FireRolled(Decision):
    type: Literal["fire_rolled"] = "fire_rolled"
    squad: SquadName
    target: SquadName
    mfp: int
    face: int
    source: Source
    result: Outcome

    def describe(self) -> str:
        result = {"hit": f"hit on {self.target}", "miss": "miss",
                  "reaction": f"miss, {self.target} may fire back"}[self.result]
        return f"{self.squad} at {self.target}, MFP {self.mfp}: {rolled(self.face, self.source)}, {result}"


class ReactionFireOpened(Decision):
    type: Literal["reaction_fire_opened"] = "reaction_fire_opened"
    squad: SquadName
    target: SquadName
    grenades: int
    firepower: int

    def describe(self) -> str:
        grenades = f", {self.grenades} grenade{'s' if self.grenades != 1 else ''}" if self.grenades else ""
        return f"{self.squad} fires back at {self.target}: FP {self.firepower}{grenades}"


class ReactionDeclined(Decision):
    type: Literal["reaction_declined"] = "reaction_declined"
    squad: SquadName

    def describe(self) -> str:
        return f"{self.squad} does not fire back"


class EventCardPlayed(Decision):
    type: Literal["event_card_played"] = "event_card_played"
    side: Side
    card: EventCard
    target: SquadName

    def describe(self) -> str:
        return f"{self.side} plays {self.card.capitalize()} on {self.target}"


class EventRolled(Decision):
    type: Literal["event_rolled"] = "event_rolled"
    card: EventCard
    target: SquadName
    face: int
    source: Source
    effect: EventEffect | None
    """What the chart says for the face; None: the chart does not hold it, the players read the card."""

    def describe(self) -> str:
        said = EFFECT_WORDS[self.effect] if self.effect else "not on the chart: read the card"
        return f"{self.card.capitalize()} on {self.target}: {rolled(self.face, self.source)}, {said}"


class ChartRead(Decision):
    type: Literal["chart_read"] = "chart_read"
    card: EventCard
    face: int
    effect: EventEffect

    def describe(self) -> str:
        return f"{self.card.capitalize()} card read for {self.face}: {EFFECT_WORDS[self.effect]}"


class EventRedirected(Decision):
    type: Literal["event_redirected"] = "event_redirected"
    side: Side
    card: EventCard
    target: SquadName

    def describe(self) -> str:
        return f"{self.side} plays the backfired {self.card.capitalize()} on {self.target}"


class MedicPlayed(Decision):
    type: Literal["medic_played"] = "medic_played"
    side: Side
    squad: SquadName

    def describe(self) -> str:
        return f"{self.side} plays Medic on {self.squad}"


class MedicRolled(Decision):
    type: Literal["medic_rolled"] = "medic_rolled"
    squad: SquadName
    face: int
    source: Source
    effect: MedicEffect

    def describe(self) -> str:
        return f"Medic on {self.squad}: {rolled(self.face, self.source)}, {EFFECT_WORDS[self.effect]}"


class SquadCorrected(Decision):
    type: Literal["squad_corrected"] = "squad_corrected"
    squad: SquadName
    hits: int
    advance: int

    def describe(self) -> str:
        return f"{self.squad} corrected: {count_of(self.hits, 'hit')}, {count_of(self.advance, 'advance marker')}"


class TurnEnded(Event):
    """A fact, not a decision: the acting side drew these cards (the deck reshuffled on the way)."""

    type: Literal["turn_ended"] = "turn_ended"
    side: Side
    drawn: int
    reshuffles: int

    def describe(self) -> str:
        reshuffled = " (the deck was reshuffled)" if self.reshuffles else ""
        return f"{self.side} draws {self.drawn}{reshuffled}"


ROLLS = (FirstPlayerRolled, FireRolled, EventRolled, MedicRolled)

TakeCoverEvent = Annotated[
    GameSetUp | FirstPlayerRolled | SmokePlayed | CardAttached | CardDetached | CardsDiscarded
    | AdvanceMarkerPlaced | FireOpened | DugIn | FireRolled | ReactionFireOpened | ReactionDeclined
    | EventCardPlayed | EventRolled | ChartRead | EventRedirected | MedicPlayed | MedicRolled
    | SquadCorrected | TurnEnded | ScenarioChosen | StepConfirmed | StepRevisited | ChoiceMade | PlayStarted
    | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]
