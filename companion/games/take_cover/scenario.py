"""A Take Cover game as a scenario file: the two sides, the optional rules (set, or left to the
players at setup), a turn limit if the scenario has one, and its victory conditions."""

from typing import ClassVar, Literal, Self

from pydantic import Field, model_validator

from companion.config import AtKey
from companion.games.kit.guide import ScenarioChosenEvent
from companion.games.kit.scenarios import Part, Scenario
from companion.games.take_cover.cards import SIDES, SQUADS_OF, Side

TEMPLATE = '''# A Take Cover scenario for the companion (docs/scenarios.md has the whole format).
# Check it with: companion scenarios check THIS_FILE
game = "take_cover"
title = "My Take Cover game"
background = "What is going on, in a few sentences."
victory = "Eliminate both enemy squads."
special_rules = []
turns = 30                       # the game ends after this many turns (each side's turn counts one);
                                 # leave it out to play until a side loses both squads
advance_victory = false          # optional rule: two squads with three advance markers each win
# set_aside = true               # optional rule: four cards set aside face down; left out, the
                                 # players choose at setup
source = "ours"
notes = ""
gaps = []

[[sides]]
name = "German"                  # squads A and B
notes = "Who plays them, or how they are chosen."

[[sides]]
name = "Russian"                 # squads C and D
'''


class TcSide(Part):
    name: Side
    notes: str = ""

    def line(self) -> str:
        """`German: squads A and B`, with the side's notes after it when it has some."""
        squads = " and ".join(SQUADS_OF[self.name])
        return f"{self.name}: squads {squads}" + (f" ({self.notes})" if self.notes else "")


class TcScenario(Scenario):
    TEMPLATE: ClassVar[str] = TEMPLATE

    game: Literal["take_cover"]
    sides: tuple[TcSide, TcSide] = (TcSide(name="German"), TcSide(name="Russian"))
    turns: int | None = Field(default=None, ge=1, le=999)
    """Each side's turn counts one, as the companion numbers them; None: until a side loses both squads."""
    advance_victory: bool | None = None
    """Optional rule: two squads with three advance markers each win. None: the players choose at setup."""
    set_aside: bool | None = None
    """Optional rule: four cards set aside face down, cycled at each reshuffle. None: the players choose."""

    @model_validator(mode="after")
    def _german_then_russian(self) -> Self:
        for index, (side, name) in enumerate(zip(self.sides, SIDES, strict=True)):
            if side.name != name:
                raise AtKey(("sides", index, "name"), "the sides are German (squads A, B), then Russian (squads C, D)")
        return self

    def length(self) -> str:
        return f"{self.turns} turns" if self.turns else ""

    def body_lines(self) -> list[str]:
        lines = [side.line() for side in self.sides]
        for label, value in (("Two squads with three advance markers win", self.advance_victory),
                             ("Four cards set aside", self.set_aside)):
            lines.append(f"Optional rule: {label}: {'chosen at setup' if value is None else 'on' if value else 'off'}")
        return lines


class ScenarioChosen(ScenarioChosenEvent):
    type: Literal["tc_scenario_chosen"] = "tc_scenario_chosen"
    scenario: TcScenario
