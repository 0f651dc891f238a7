"""Running dice statistics: faces per die type and source, totals per spec; a roll is added or removed in O(1).

Every value is immutable, so a folded game state can hold one. Adding or removing a roll costs in
proportion to the die (its sides, its spec's range of totals), never to the length of the history.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Self, TypeVar

from companion.dice.fairness import GoodnessOfFit, goodness_of_fit
from companion.dice.spec import DiceSpec
from companion.errors import BadFace

Source = Literal["generated", "physical"]
SOURCES: tuple[Source, ...] = ("generated", "physical")


@dataclass(frozen=True, slots=True)
class Throw:
    """One roll of a spec's dice: the faces they show (1 to sides; a d10's 0 is 10) and who rolled them."""

    spec: DiceSpec
    faces: tuple[int, ...]
    source: Source

    def __post_init__(self) -> None:
        if len(self.faces) != self.spec.count:
            raise BadFace(f"{self.spec} throws {self.spec.count} dice, not {len(self.faces)}")
        for face in self.faces:
            if not 1 <= face <= self.spec.sides:
                raise BadFace(f"{face} is not a face of a d{self.spec.sides}")

    @property
    def total(self) -> int:
        return self.spec.total(self.faces)


@dataclass(frozen=True, slots=True)
class FaceTally:
    """How often each face of one kind of die came up, over how many rolls."""

    sides: int
    counts: tuple[int, ...]
    """The count of face 1 first."""
    faces: int = 0
    rolls: int = 0
    sum_of_squares: int = 0
    """Σ count², kept so the chi-square statistic needs no pass over the faces."""

    @classmethod
    def empty(cls, sides: int) -> Self:
        return cls(sides, (0,) * sides)

    def count(self, face: int) -> int:
        return self.counts[face - 1]

    def add(self, faces: Sequence[int]) -> Self:
        """The tally with one more roll showing these faces."""
        counts = list(self.counts)
        squares = self.sum_of_squares
        for face in faces:
            # (c + 1)² − c² = 2c + 1
            squares += 2 * counts[face - 1] + 1
            counts[face - 1] += 1
        return type(self)(self.sides, tuple(counts), self.faces + len(faces), self.rolls + 1, squares)

    def remove(self, faces: Sequence[int]) -> Self:
        """The tally without one roll that showed these faces (an undone roll)."""
        counts = list(self.counts)
        squares = self.sum_of_squares
        for face in faces:
            if counts[face - 1] == 0:
                raise ValueError(f"no {face} of a d{self.sides} to remove")
            counts[face - 1] -= 1
            squares -= 2 * counts[face - 1] + 1
        return type(self)(self.sides, tuple(counts), self.faces - len(faces), self.rolls - 1, squares)

    def __add__(self, other: "FaceTally") -> "FaceTally":
        if other.sides != self.sides:
            raise ValueError(f"a d{self.sides} tally and a d{other.sides} tally do not add up")
        counts = tuple(a + b for a, b in zip(self.counts, other.counts, strict=True))
        return FaceTally(self.sides, counts, self.faces + other.faces, self.rolls + other.rolls,
                         sum(c * c for c in counts))

    def fit(self) -> GoodnessOfFit:
        """The chi-square test of these counts against a fair die."""
        return goodness_of_fit(self.sides, self.faces, self.sum_of_squares)


@dataclass(frozen=True, slots=True)
class TotalsTally:
    """The totals one spec rolled (modifier included): how many, their sum, lowest, highest, and each total's count."""

    spec: DiceSpec
    counts: tuple[int, ...]
    """The count of the lowest possible total first."""
    rolls: int = 0
    sum_of_totals: int = 0
    lowest: int | None = None
    highest: int | None = None

    @classmethod
    def empty(cls, spec: DiceSpec) -> Self:
        return cls(spec, (0,) * (spec.count * (spec.sides - 1) + 1))

    @classmethod
    def counted(cls, spec: DiceSpec, totals: Mapping[int, int]) -> Self:
        """From how many times each total came up."""
        counts = list(cls.empty(spec).counts)
        lowest_possible = spec.count + spec.modifier
        for total, times in totals.items():
            counts[total - lowest_possible] += times
        seen = [total for total, times in totals.items() if times]
        return cls(spec, tuple(counts), sum(totals.values()), sum(t * n for t, n in totals.items()),
                   min(seen, default=None), max(seen, default=None))

    @property
    def lowest_possible(self) -> int:
        return self.spec.count + self.spec.modifier

    @property
    def highest_possible(self) -> int:
        return self.spec.count * self.spec.sides + self.spec.modifier

    @property
    def mean(self) -> float | None:
        return self.sum_of_totals / self.rolls if self.rolls else None

    @property
    def expected_mean(self) -> float:
        return self.spec.count * (self.spec.sides + 1) / 2 + self.spec.modifier

    def count(self, total: int) -> int:
        return self.counts[total - self.lowest_possible]

    def add(self, total: int) -> Self:
        counts = list(self.counts)
        counts[total - self.lowest_possible] += 1
        lowest = total if self.lowest is None else min(self.lowest, total)
        highest = total if self.highest is None else max(self.highest, total)
        return type(self)(self.spec, tuple(counts), self.rolls + 1, self.sum_of_totals + total, lowest, highest)

    def remove(self, total: int) -> Self:
        counts = list(self.counts)
        index = total - self.lowest_possible
        if counts[index] == 0:
            raise ValueError(f"no total of {total} with {self.spec} to remove")
        counts[index] -= 1
        lowest, highest = self.lowest, self.highest
        if counts[index] == 0 and total in (lowest, highest):
            # The range of totals is the spec's, so this search is bounded by the dice, not the history.
            counted = [t for t, n in enumerate(counts, self.lowest_possible) if n]
            lowest, highest = (counted[0], counted[-1]) if counted else (None, None)
        return type(self)(self.spec, tuple(counts), self.rolls - 1, self.sum_of_totals - total, lowest, highest)

    def __add__(self, other: "TotalsTally") -> "TotalsTally":
        if other.spec != self.spec:
            raise ValueError(f"{self.spec} totals and {other.spec} totals do not add up")
        counts = tuple(a + b for a, b in zip(self.counts, other.counts, strict=True))
        lows = [t for t in (self.lowest, other.lowest) if t is not None]
        highs = [t for t in (self.highest, other.highest) if t is not None]
        return TotalsTally(self.spec, counts, self.rolls + other.rolls, self.sum_of_totals + other.sum_of_totals,
                           min(lows, default=None), max(highs, default=None))


class DieType(NamedTuple):
    sides: int
    source: Source


@dataclass(frozen=True, slots=True)
class DiceStatistics:
    """Every die thrown in force: faces per die type and source, totals per spec.

    A die type or spec is listed once something was thrown with it and dropped when its last roll is
    removed, so removing a roll gives exactly the statistics that never had it.
    """

    by_die: Mapping[DieType, FaceTally] = field(default_factory=dict)
    by_spec: Mapping[DiceSpec, TotalsTally] = field(default_factory=dict)

    @classmethod
    def of(cls, throws: Iterable[Throw]) -> "DiceStatistics":
        """The statistics of many throws, counted in place: a whole journal without a copy per roll."""
        faces: dict[DieType, list[int]] = {}
        rolls: Counter[DieType] = Counter()
        totals: dict[DiceSpec, Counter[int]] = {}
        for throw in throws:
            die = DieType(throw.spec.sides, throw.source)
            if die not in faces:
                faces[die] = [0] * die.sides
            counts = faces[die]
            for face in throw.faces:
                counts[face - 1] += 1
            rolls[die] += 1
            if (spec_totals := totals.get(throw.spec)) is None:
                spec_totals = totals[throw.spec] = Counter()
            spec_totals[throw.total] += 1
        return cls(
            {die: FaceTally(die.sides, tuple(c), sum(c), rolls[die], sum(n * n for n in c))
             for die, c in faces.items()},
            {spec: TotalsTally.counted(spec, counted) for spec, counted in totals.items()},
        )

    def add(self, throw: Throw) -> "DiceStatistics":
        die = DieType(throw.spec.sides, throw.source)
        # One look-up each: a spec is a pydantic model, whose hash and equality run in Python.
        faces = self.by_die.get(die) or FaceTally.empty(die.sides)
        totals = self.by_spec.get(throw.spec) or TotalsTally.empty(throw.spec)
        return DiceStatistics({**self.by_die, die: faces.add(throw.faces)},
                              {**self.by_spec, throw.spec: totals.add(throw.total)})

    def remove(self, throw: Throw) -> "DiceStatistics":
        """Without one roll added before (an undone roll); adding it again restores it (redo)."""
        die = DieType(throw.spec.sides, throw.source)
        if die not in self.by_die or throw.spec not in self.by_spec:
            raise ValueError(f"no {throw.spec} {throw.source} roll to remove")
        faces = self.by_die[die].remove(throw.faces)
        totals = self.by_spec[throw.spec].remove(throw.total)
        return DiceStatistics(_replaced(self.by_die, die, faces, faces.rolls),
                              _replaced(self.by_spec, throw.spec, totals, totals.rolls))

    @property
    def rolls(self) -> int:
        """How many rolls are counted: each roll counts once, under its spec."""
        return sum(tally.rolls for tally in self.by_spec.values())

    def die_types(self) -> list[DieType]:
        """Fewest sides first, generated before physical."""
        return sorted(self.by_die, key=lambda die: (die.sides, SOURCES.index(die.source)))

    def sides(self) -> list[int]:
        return sorted({die.sides for die in self.by_die})

    def faces_of(self, sides: int, source: Source | None = None) -> FaceTally:
        """One die type's tally; both sources together when no source is named."""
        tally = FaceTally.empty(sides)
        for one in SOURCES if source is None else (source,):
            if (die := DieType(sides, one)) in self.by_die:
                tally = self.by_die[die] if not tally.rolls else tally + self.by_die[die]
        return tally

    def totals_of(self, spec: DiceSpec) -> TotalsTally:
        return self.by_spec.get(spec) or TotalsTally.empty(spec)

    def __add__(self, other: "DiceStatistics") -> "DiceStatistics":
        """Both together, e.g. every saved game's."""
        return DiceStatistics(_merged(self.by_die, other.by_die), _merged(self.by_spec, other.by_spec))


EMPTY = DiceStatistics()

Key = TypeVar("Key")
Tally = TypeVar("Tally", FaceTally, TotalsTally)


def _replaced(mapping: Mapping[Key, Tally], key: Key, tally: Tally, rolls: int) -> dict[Key, Tally]:
    if rolls:
        return {**mapping, key: tally}
    return {k: v for k, v in mapping.items() if k != key}


def _merged(one: Mapping[Key, Tally], two: Mapping[Key, Tally]) -> dict[Key, Tally]:
    merged = dict(one)
    for key, tally in two.items():
        merged[key] = merged[key] + tally if key in merged else tally
    return merged
