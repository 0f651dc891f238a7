"""Ranks (Rang) as data: the number a model must roll at most on a W10 to survive a splinter hit."""

from pydantic import BaseModel, ConfigDict, Field


class Rank(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=24)
    """As the rules call it: `Rekrut`."""
    gloss: str = Field(default="", max_length=24)
    """In English: `recruit`."""
    survives_on: int = Field(ge=0, le=10)

    def describe(self) -> str:
        return f"{self.name} ({self.gloss})" if self.gloss else self.name
