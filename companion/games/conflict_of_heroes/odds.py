"""Exact chances of 2d6 rolls: to hit, to destroy, to rally, for each CAP spend."""

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from companion.dice.spec import DiceSpec
from companion.games.conflict_of_heroes.attack import TWO_HITS_MARGIN

TWO_D6 = DiceSpec(count=2, sides=6)


@cache
def totals(spec: DiceSpec = TWO_D6) -> dict[int, int]:
    """How many of the equally likely face combinations give each total."""
    ways: Counter[int] = Counter({0: 1})
    for _ in range(spec.count):
        step: Counter[int] = Counter()
        for total, count in ways.items():
            for face in range(1, spec.sides + 1):
                step[total + face] += count
        ways = step
    return {total + spec.modifier: count for total, count in sorted(ways.items())}


def chance_at_least(need: int, spec: DiceSpec = TWO_D6) -> Fraction:
    """P(total >= need)."""
    ways = totals(spec)
    return Fraction(sum(count for total, count in ways.items() if total >= need), sum(ways.values()))


@dataclass(frozen=True, slots=True)
class AttackOdds:
    cap_modifier: int
    hit: Fraction
    """At least one hit."""
    destroyed: Fraction
    """Two hits, or for a unit that already has a hit counter any hit (7.3)."""

    @property
    def miss(self) -> Fraction:
        return 1 - self.hit


def attack_odds(firepower: int, defence: int, cap_modifier: int = 0, already_hit: bool = False) -> AttackOdds:
    """`already_hit`: the target has a hit counter, revealed or not (the table sees that it has one)."""
    need = defence - firepower - cap_modifier
    hit = chance_at_least(need)
    return AttackOdds(cap_modifier, hit, hit if already_hit else chance_at_least(need + TWO_HITS_MARGIN))


def attack_odds_by_spend(firepower: int, defence: int, spends: range = range(0, 3),
                         already_hit: bool = False) -> list[AttackOdds]:
    """The odds for each CAP modifier the attacker might declare before the roll."""
    return [attack_odds(firepower, defence, caps, already_hit) for caps in spends]


def rally_odds(rally: int, modifier: int, spends: range = range(0, 3)) -> list[tuple[int, Fraction]]:
    """(CAPs spent, chance to rally) for each CAP modifier."""
    return [(caps, chance_at_least(rally - modifier - caps)) for caps in spends]


def percent(chance: Fraction) -> str:
    """`42%`, with `<1%` and `>99%` so a real chance never reads as impossible or certain."""
    if chance == 0 or chance == 1:
        return f"{int(chance * 100)}%"
    value = round(float(chance) * 100)
    if value == 0:
        return "<1%"
    if value == 100:
        return ">99%"
    return f"{value}%"
