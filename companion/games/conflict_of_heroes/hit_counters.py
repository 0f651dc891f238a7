"""Hit counters: what each one changes on a unit, the foot and vehicle pools, and drawing from them (7.4).

Decision: the rulebook excerpt lost its table of how many of each counter exist. The companion
ships the counters the text names (Suppressed, Pinned, Stunned, Panic, Killed) with counts the
players edit to match their set, and draws without replacement from what is not under a unit.
"""

import random
from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field

from companion.games.conflict_of_heroes.units import Kind
from companion.games.kit.words import signed


class HitCounter(BaseModel):
    """One kind of hit counter: the changes printed on it, its symbols and its rally number."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    count: int = Field(ge=0, description="how many of this counter are in the pile")
    rally: int | None = Field(default=None, ge=2, le=20)
    """2d6 plus modifiers must reach this to rally (7.5); none: the counter cannot be rallied."""
    fire_cost: int = 0
    move_cost: int = 0
    red_fp: int = 0
    blue_fp: int = 0
    front_dr: int = 0
    flank_dr: int = 0
    no_move: bool = False
    """Cannot move or pivot (Pinned)."""
    only_rally: bool = False
    """Can do nothing but rally (Stunned)."""
    shown_when_attacked: bool = False
    """Revealed to any attacker, whatever the roll (Panic)."""
    killed: bool = False
    """Revealed at once; the unit is destroyed (Killed)."""

    @property
    def changes_fire(self) -> bool:
        return bool(self.fire_cost or self.red_fp or self.blue_fp)

    @property
    def changes_defence(self) -> bool:
        return bool(self.front_dr or self.flank_dr)

    def effects(self) -> str:
        """What the counter does, in a line a player reads on the owner's reveal."""
        parts = [
            f"{label} {signed(value)}"
            for label, value in (
                ("fire cost", self.fire_cost),
                ("move cost", self.move_cost),
                ("red FP", self.red_fp),
                ("blue FP", self.blue_fp),
                ("front DR", self.front_dr),
                ("flank DR", self.flank_dr),
            )
            if value
        ]
        parts += [text for flag, text in (
            (self.no_move, "no move or pivot"),
            (self.only_rally, "only rally"),
            (self.shown_when_attacked, "shown when attacked"),
            (self.killed, "unit destroyed"),
        ) if flag]
        if self.rally is not None:
            parts.append(f"rally {self.rally}+")
        return ", ".join(parts)


class HitCounterPools(BaseModel):
    """The foot pile and the vehicle pile, each counter by its id (`suppressed`, `pinned`, ...)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    foot: dict[str, HitCounter]
    vehicle: dict[str, HitCounter]

    def pool(self, kind: Kind) -> dict[str, HitCounter]:
        return self.foot if kind == "foot" else self.vehicle


def available(pool: dict[str, HitCounter], in_play: Iterable[str]) -> Counter[str]:
    """How many of each counter are still in the pile: the counts less those under units."""
    left = Counter({key: counter.count for key, counter in pool.items()})
    left.subtract(Counter(in_play))
    return +left


def draw(pool: dict[str, HitCounter], in_play: Iterable[str], rng: random.Random) -> str | None:
    """A counter id drawn blind from the pile, each physical counter equally likely; None when empty."""
    left = available(pool, in_play)
    if not left:
        return None
    keys = sorted(left)
    return rng.choices(keys, weights=[left[key] for key in keys])[0]
