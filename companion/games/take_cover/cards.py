"""Take Cover's sides, squads and cards: who owns which squad, which squad faces which, card types."""

from collections.abc import Mapping
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from companion.games.kit.markers import Count, MarkerSet

Side = Literal["German", "Russian"]
SIDES: tuple[Side, Side] = ("German", "Russian")
SquadName = Literal["A", "B", "C", "D"]
SQUAD_NAMES: tuple[SquadName, ...] = ("A", "B", "C", "D")

SQUADS_OF: dict[Side, tuple[SquadName, SquadName]] = {"German": ("A", "B"), "Russian": ("C", "D")}
OPPOSITE: dict[SquadName, SquadName] = {"A": "C", "C": "A", "B": "D", "D": "B"}
"""Squads placed directly opposite each other at setup; they stay there all game."""

AttachKind = Literal["weapon", "leader", "terrain"]
ATTACH_KINDS: tuple[AttachKind, ...] = ("weapon", "leader", "terrain")
Dot = Literal["none", "black", "white"]

EventCard = Literal["sniper", "mine", "artillery", "strafe"]
EVENT_CARDS: tuple[EventCard, ...] = get_args(EventCard)

CardType = Literal[
    "squad", "weapon", "terrain", "sniper", "mine", "artillery", "strafe", "advance", "leader",
    "grenade", "dig_in", "medic", "smoke", "flank", "fire",
]
CARD_TYPES: tuple[CardType, ...] = get_args(CardType)

HAND_SIZE = 5
MAX_ADVANCE = 3
MAX_DIG_IN = 3
HITS_TO_ELIMINATE = 3
SQUAD_MARKERS = MarkerSet((
    Count("hits", f"Hit markers ({HITS_TO_ELIMINATE} eliminates)", HITS_TO_ELIMINATE),
    Count("advance", "Advance markers", MAX_ADVANCE),
))
SET_ASIDE = 4
"""Cards set aside face down by the optional rule, cycled at each reshuffle."""


def shuffled(composition: Mapping[str, int]) -> int:
    """The cards shuffled at setup: the whole deck but the squad cards, which are placed on the table."""
    return sum(composition.values()) - composition.get("squad", 0)


def owner(squad: SquadName) -> Side:
    return "German" if squad in SQUADS_OF["German"] else "Russian"


def enemy(side: Side) -> Side:
    return "Russian" if side == "German" else "German"


def side_number(side: Side) -> int:
    """1 for German, 2 for Russian: the side LED and side button of that side."""
    return SIDES.index(side) + 1


class Attachment(BaseModel):
    """A weapon, leader or terrain card on a squad, with the modifier and dot printed on it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: AttachKind
    name: str = Field(min_length=1, max_length=24)
    modifier: int = Field(ge=-9, le=9)
    """As printed: weapons and leaders add (+1), terrain subtracts (−3)."""
    dot: Dot = "none"

    def describe(self) -> str:
        dot = "" if self.dot == "none" else f", {self.dot} dot"
        return f"{self.name} {self.modifier:+d}{dot}"


PRINTED: dict[AttachKind, tuple[int, int, str]] = {
    "weapon": (0, 9, "LMG +1, added to the firing squad's FP"),
    "leader": (0, 9, "Leader +1, added to the firing squad's FP"),
    "terrain": (-9, 0, "Woods -3, taken off the attacker's FP"),
}
"""What a card of each kind can print, lowest and highest, with an example. The rulebook adds the
firer's "positive modifiers" (weapon, leader) and subtracts the defender's terrain, which its
cards print negative (Brush -1, Woods -3)."""


def misprinted(kind: AttachKind, modifier: int) -> str:
    """Why no card of `kind` prints `modifier` (its sign is wrong, or it is out of reach), or ""."""
    low, high, example = PRINTED[kind]
    if low <= modifier <= high:
        return ""
    farthest = high if low == 0 else low
    return f"a {kind} card prints 0 to {farthest:+d} ({example}), not {modifier:+d}"
