"""Dice specs (`d6`, `2d6`, `d10`, `NdX+M`) and the faces they allow."""

import re
from typing import Self

from pydantic import BaseModel, ConfigDict, Field

from companion.errors import BadFace, BadSpec

MAX_DICE = 100
MAX_SIDES = 1000
_SPEC = re.compile(r"^\s*(\d*)\s*[dDwW]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class DiceSpec(BaseModel):
    """How many dice of how many sides, and a modifier added to their total."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: int = Field(ge=1, le=MAX_DICE)
    sides: int = Field(ge=2, le=MAX_SIDES)
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read `d6`, `2d6`, `3d10-1` and the like; `W` (German) is read as `d`."""
        match = _SPEC.match(text)
        if not match:
            raise BadSpec(f"{text.strip()!r} is not a dice spec; write it like d6, 2d6 or 3d10+1")
        count_text, sides_text, sign, modifier_text = match.groups()
        count = int(count_text) if count_text else 1
        sides = int(sides_text)
        if not 1 <= count <= MAX_DICE:
            raise BadSpec(f"{text.strip()!r}: roll between 1 and {MAX_DICE} dice")
        if not 2 <= sides <= MAX_SIDES:
            raise BadSpec(f"{text.strip()!r}: a die has between 2 and {MAX_SIDES} sides")
        modifier = int(modifier_text or 0) * (-1 if sign == "-" else 1)
        return cls(count=count, sides=sides, modifier=modifier)

    def __str__(self) -> str:
        dice = f"{self.count if self.count > 1 else ''}d{self.sides}"
        if self.modifier:
            return f"{dice}{self.modifier:+d}"
        return dice

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
