"""Where generated faces come from: the system's secure random source, or a seeded one."""

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.dice.spec import DiceSpec  # a model: the composition root takes `random_source` before any is needed


def random_source(seed: int | None = None) -> random.Random:
    """`random.SystemRandom`, the secure source `secrets` gives (without its `hmac` and `hashlib` at
    every start), for play; a seeded `random.Random` makes a session reproducible."""
    if seed is None:
        return random.SystemRandom()
    return random.Random(seed)


def roll_faces(spec: "DiceSpec", rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
