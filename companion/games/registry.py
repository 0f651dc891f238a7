"""Every game kind the companion knows, by the name saved with each game."""

import random
from collections.abc import Callable
from typing import Any

from companion.dice.rules import DiceRules
from companion.games.conflict_of_heroes.rules import ConflictOfHeroesRules
from companion.games.point_blank.rules import PointBlankRules
from companion.games.rules import Rules

RULES: dict[str, Callable[[random.Random], Rules[Any]]] = {
    DiceRules.kind: DiceRules,
    PointBlankRules.kind: PointBlankRules,
    ConflictOfHeroesRules.kind: ConflictOfHeroesRules,
}


def rules_for(kind: str, rng: random.Random) -> Rules[Any]:
    return RULES[kind](rng)


def title_of(kind: str) -> str:
    return RULES[kind].title if kind in RULES else kind
