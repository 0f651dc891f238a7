"""Every game kind the companion knows, by the name saved with each game.

A game's rules module is imported only when a game of that kind is opened, so start-up does not
pay for building every game's models.
"""

import importlib
import random
from dataclasses import dataclass
from typing import Any

from companion.games.rules import Rules


@dataclass(frozen=True)
class GameKind:
    kind: str
    title: str
    rules: str
    """`module:Class` of the game's rules."""

    def load(self) -> type[Rules[Any]]:
        module, _, name = self.rules.partition(":")
        return getattr(importlib.import_module(module), name)


KINDS: dict[str, GameKind] = {
    kind.kind: kind
    for kind in (
        GameKind("dice", "Dice roller", "companion.dice.rules:DiceRules"),
        GameKind("point_blank", "Point Blank", "companion.games.point_blank.rules:PointBlankRules"),
        GameKind(
            "conflict_of_heroes",
            "Conflict of Heroes",
            "companion.games.conflict_of_heroes.rules:ConflictOfHeroesRules",
        ),
    )
}


def rules_for(kind: str, rng: random.Random) -> Rules[Any]:
    return KINDS[kind].load()(rng)


def title_of(kind: str) -> str:
    return KINDS[kind].title if kind in KINDS else kind
