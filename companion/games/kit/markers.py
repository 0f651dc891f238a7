"""Marker sets: the counters and flags a game's table puts on a unit, as data, with their words,
their limits and the form that corrects them to what the table shows."""

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.kit.forms import Field, Number, Tick


@dataclass(frozen=True, slots=True)
class Count:
    """A stack of like markers on a unit, `0` to `most`. `stacked` reads them as the table counts
    markers (`shaken`, `shaken ×2`), otherwise as a level (`fatigue 2`)."""

    name: str
    label: str
    most: int
    stacked: bool = False

    def words(self, value: int) -> str:
        word = self.name.replace("_", " ")
        if not value:
            return ""
        if self.stacked:
            return word if value == 1 else f"{word} ×{value}"
        return f"{word} {value}"

    def problem(self, value: object) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self.most:
            return f"{self.name.replace('_', ' ')} runs from 0 to {self.most}"
        return None

    def field(self, unit: object | None) -> Number:
        return Number(self.name, self.label, getattr(unit, self.name, 0), 0, self.most)


@dataclass(frozen=True, slots=True)
class Flag:
    """One marker that is on the unit or not. `shown` is false for one the game words itself
    (`spent` read as `ready` when off)."""

    name: str
    label: str = ""
    shown: bool = True

    def words(self, value: bool) -> str:
        return self.name.replace("_", " ") if value and self.shown else ""

    def problem(self, value: object) -> str | None:
        return None if isinstance(value, bool) else f"{self.name.replace('_', ' ')} is yes or no"

    def field(self, unit: object | None) -> Tick:
        return Tick(self.name, self.label or self.name.replace("_", " ").capitalize(), getattr(unit, self.name, False))


Marker = Count | Flag


@dataclass(frozen=True, slots=True)
class MarkerSet:
    """A game's markers in the order the table reads them; a unit is any object with them as attributes."""

    markers: tuple[Marker, ...]

    def __contains__(self, name: object) -> bool:
        return any(marker.name == name for marker in self.markers)

    def __getitem__(self, name: str) -> Marker:
        return next(marker for marker in self.markers if marker.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(marker.name for marker in self.markers)

    def words(self, unit: object) -> list[str]:
        """The markers on the unit as the table reads them, none for those it does not carry."""
        return [said for marker in self.markers if (said := marker.words(getattr(unit, marker.name)))]

    def problem(self, changes: Mapping[str, object]) -> str | None:
        """Why these marker values cannot be set, or None when they can; a name not in the set is
        for the caller to judge."""
        return next((said for name, value in changes.items() if name in self
                     and (said := self[name].problem(value))), None)

    def fields(self, unit: object | None = None) -> tuple[Field, ...]:
        """A field per marker, holding the unit's markers now (none when no unit is known yet)."""
        return tuple(marker.field(unit) for marker in self.markers)

    def changes(self, unit: object, answers: Mapping[str, object]) -> dict[str, int | bool]:
        """The markers the answers set differently from the unit."""
        return {name: value for name in self.names
                if isinstance(value := answers[name], int) and getattr(unit, name) != value}
