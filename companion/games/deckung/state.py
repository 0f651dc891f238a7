"""The Deckung helper's state: the cover and the model's position, a shot at it, the models testing."""

from dataclasses import dataclass, field, replace
from typing import Annotated, Literal

from pydantic import Field

from companion.games.deckung.cover import (
    SPLINTER_SAFE,
    CoverKind,
    Position,
    attack_modifier,
    heads_down_allowed,
    survives,
)
from companion.games.deckung.events import Logged, RankTested, SplinterRolled
from companion.games.kit.facts import Fact

LOG_LINES = 30

Status = Literal["splinter", "rank", "unharmed", "survived", "removed"]


@dataclass(frozen=True, slots=True)
class ModelTest:
    """One model in direct contact with destroyed cover, and its W10s so far."""

    number: int
    name: str
    gloss: str
    survives_on: int
    splinter: int | None = None
    rank_roll: int | None = None

    @property
    def status(self) -> Status:
        """`splinter` and `rank`: the W10 it waits for; the rest: how it came out."""
        if self.splinter is None:
            return "splinter"
        if self.splinter <= SPLINTER_SAFE:
            return "unharmed"
        if self.rank_roll is None:
            return "rank"
        return "survived" if survives(self.rank_roll, self.survives_on) else "removed"


@dataclass(frozen=True, slots=True)
class Rolled(Fact):
    """The latest W10, where undo stops, with the event that rolled it (for the refusal's words)."""

    roll: Annotated[SplinterRolled | RankTested, Field(discriminator="type")] | None = None


@dataclass(frozen=True, slots=True)
class DeckungState:
    cover: CoverKind = "light"
    position: Position = "contact"
    shot: tuple[int, int] | None = None
    """The latest shot at this cover: Durchschlag (penetration), Härtegrad (hardness)."""
    destroyed: bool = False
    models: tuple[ModelTest, ...] = ()
    last_roll: int = 0
    fact: Rolled = field(default_factory=Rolled)
    log: tuple[Logged, ...] = ()
    """The newest decisions first, as the screen's log keeps them; `companion log` has everything."""

    @property
    def attacker_modifier(self) -> int:
        """What the attacker adds to "Waffe abfeuern": nothing once the cover is destroyed."""
        return 0 if self.destroyed else attack_modifier(self.cover, self.position)

    @property
    def heads_down(self) -> bool:
        """Whether "Köpfe runter!" is allowed: not behind destroyed cover."""
        return not self.destroyed and heads_down_allowed(self.cover, self.position)

    @property
    def waiting(self) -> ModelTest | None:
        """The model whose W10 comes next: models in order, each with its rank test after a hit."""
        return next((model for model in self.models if model.status in ("splinter", "rank")), None)

    def with_model(self, model: ModelTest) -> "DeckungState":
        models = tuple(model if old.number == model.number else old for old in self.models)
        return replace(self, models=models)

    def noted(self, event: Logged) -> "DeckungState":
        return replace(self, log=(event, *self.log[: LOG_LINES - 1]))
