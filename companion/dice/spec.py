"""Dice specs (`d6`, `2d6`, `d10`, `NdX+M`), their limits, and the faces they allow."""

import re
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from companion.errors import BadFace, BadSpec

MAX_DICE = 100
MAX_SIDES = 1000
MAX_MODIFIER = 1000
"""A modifier lies within ±MAX_MODIFIER."""
_SPEC = re.compile(r"^\s*(\d*)\s*[dDwW]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
# Digits past this many (after leading zeros) are over every limit: they are never turned into an
# int, which for thousands of digits is slow and past 4,300 raises ValueError.
_MOST_DIGITS = 6
_SHOWN = 24
MOST_KEYED_SIDES = 10
"""Faces are keyed one key per die, 0 for a d10's 10: dice of more sides are rolled by the companion."""


class DiceSpec(BaseModel):
    """How many dice of how many sides, and a modifier added to their total."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: int = Field(ge=1, le=MAX_DICE)
    sides: int = Field(ge=2, le=MAX_SIDES)
    modifier: int = 0

    @field_validator("modifier")
    @classmethod
    def _modifier_within_limits(cls, modifier: int, info: ValidationInfo) -> int:
        # A new spec is refused past the limit; one read back from a saved event (JSON) is kept as it
        # was written, so a game saved before the limit existed still opens.
        if info.mode == "python" and not -MAX_MODIFIER <= modifier <= MAX_MODIFIER:
            raise ValueError(f"a modifier is between -{MAX_MODIFIER} and +{MAX_MODIFIER}")
        return modifier

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read `d6`, `2d6`, `3d10-1` and the like; `W` (German) is read as `d`.

        Refused with `BadSpec`: anything else, more than MAX_DICE dice, fewer than 2 or more than
        MAX_SIDES sides, a modifier beyond ±MAX_MODIFIER."""
        shown = _shortened(text.strip())
        match = _SPEC.match(text)
        if not match:
            raise BadSpec(f"{shown!r} is not a dice spec; write it like d6, 2d6 or 3d10+1")
        count_text, sides_text, sign, modifier_text = match.groups()
        count = _bounded(count_text) if count_text else 1
        if count is None or not 1 <= count <= MAX_DICE:
            raise BadSpec(f"{shown!r}: roll between 1 and {MAX_DICE} dice")
        sides = _bounded(sides_text)
        if sides is None or not 2 <= sides <= MAX_SIDES:
            raise BadSpec(f"{shown!r}: a die has between 2 and {MAX_SIDES} sides")
        modifier = _bounded(modifier_text or "0")
        if modifier is None or modifier > MAX_MODIFIER:
            raise BadSpec(f"{shown!r}: the modifier is between -{MAX_MODIFIER} and +{MAX_MODIFIER}")
        return cls(count=count, sides=sides, modifier=-modifier if sign == "-" else modifier)

    def __str__(self) -> str:
        dice = f"{self.count if self.count > 1 else ''}d{self.sides}"
        if self.modifier:
            return f"{dice}{self.modifier:+d}"
        return dice

    @property
    def within_limits(self) -> bool:
        """False only for a spec read back from a game saved before the modifier had its limit."""
        return -MAX_MODIFIER <= self.modifier <= MAX_MODIFIER

    @property
    def keyable(self) -> bool:
        """Whether a player's own dice of this kind can be keyed in, one key per die."""
        return self.sides <= MOST_KEYED_SIDES

    def face(self, entered: int) -> int:
        """The face a player's entry stands for; on a d10 a 0 reads as 10."""
        if self.sides == 10 and entered == 0:
            return 10
        if not 1 <= entered <= self.sides:
            zero = " (0 reads as 10)" if self.sides == 10 else ""
            raise BadFace(f"{entered} is not a face of a d{self.sides}: enter 1 to {self.sides}{zero}")
        return entered

    def total(self, faces: tuple[int, ...]) -> int:
        return sum(faces) + self.modifier


def _bounded(digits: str) -> int | None:
    """The number, or None when it has too many digits to be within any limit."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= _MOST_DIGITS else None


def _shortened(text: str) -> str:
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"
