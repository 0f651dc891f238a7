"""Every game kind the companion knows, by the name saved with each game.

A game's rules module is imported only when a game of that kind is opened, so start-up does not
pay for building every game's models.
"""

import importlib
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.rules import Rules

if TYPE_CHECKING:
    from companion.dice.journal_dice import DiceEvents


@dataclass(frozen=True)
class GameKind:
    kind: str
    title: str
    rules: str
    """`module:Class` of the game's rules."""
    dice_events: str
    """`module:NAME` of the game's `DiceEvents`: which of its events carry dice, for `companion stats`."""

    def load(self) -> type[Rules[Any]]:
        return _named(self.rules)

    def load_dice_events(self) -> "DiceEvents":
        return _named(self.dice_events)


def _named(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


KINDS: dict[str, GameKind] = {
    kind.kind: kind
    for kind in (
        GameKind(
            "dice",
            "Dice roller",
            "companion.dice.rules:DiceRules",
            "companion.dice.journal_dice:DICE_ROLLER_DICE",
        ),
        GameKind(
            "point_blank",
            "Point Blank",
            "companion.games.point_blank.rules:PointBlankRules",
            "companion.games.point_blank.dice_thrown:DICE_EVENTS",
        ),
        GameKind(
            "conflict_of_heroes",
            "Conflict of Heroes",
            "companion.games.conflict_of_heroes.rules:ConflictOfHeroesRules",
            "companion.games.conflict_of_heroes.dice_thrown:DICE_EVENTS",
        ),
    )
}


def rules_for(kind: str, rng: random.Random) -> Rules[Any]:
    return KINDS[kind].load()(rng)


def dice_events_of(kind: str) -> "DiceEvents":
    """A kind's dice-carrying events; none for a kind this version does not know."""
    return KINDS[kind].load_dice_events() if kind in KINDS else {}


def title_of(kind: str) -> str:
    return KINDS[kind].title if kind in KINDS else kind
