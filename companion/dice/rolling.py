"""Where generated faces come from: the system's secure random source, or a seeded one."""

import random
import secrets

from companion.dice.spec import DiceSpec


def random_source(seed: int | None = None) -> random.Random:
    """`secrets.SystemRandom` for play; a seeded `random.Random` makes a session reproducible."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(seed)


def roll_faces(spec: DiceSpec, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
