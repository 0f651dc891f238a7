"""The d10 charts of the Event and Medic cards, as data: what each face does, where the text prints it.

The rulebook prints the Sniper chart and the Medic chart in full, and of the Artillery chart only
what its example shows (6–7 removes the cover card). Mine and Strafe are not printed. A face a
chart does not hold is read from the physical card by the players, and the companion asks.
"""

import re
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

EventEffect = Literal["hit", "cover", "advance", "leader", "weapon", "backfire", "none"]
MedicEffect = Literal["heal", "none"]

EFFECT_WORDS: dict[str, str] = {
    "hit": "a hit",
    "cover": "removes the cover (terrain) card",
    "advance": "removes an advance marker",
    "leader": "removes the leader card",
    "weapon": "removes the weapon card",
    "backfire": "backfire: the card changes hands",
    "none": "no effect",
    "heal": "removes one hit marker",
}


def face_of_key(key: object) -> object:
    """A face from a chart's key, which TOML makes text (`3`, and `0` for the ten the cards print
    as 0); a key that is no whole number is left for the check to refuse."""
    if isinstance(key, str) and re.fullmatch(r"\s*-?[0-9]+\s*", key):
        face = int(key)
        return 10 if face == 0 else face
    return key


Face = Annotated[int, BeforeValidator(face_of_key), Field(ge=1, le=10)]
FACES = tuple(range(1, 11))


class EventChart(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str
    results: dict[Face, EventEffect] = Field(default_factory=dict)
    """What each face does; a face not listed is read from the card by the players."""

    def effect(self, face: int) -> EventEffect | None:
        return self.results.get(face)

    @property
    def complete(self) -> bool:
        return all(face in self.results for face in FACES)


class MedicChart(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str
    results: dict[Face, MedicEffect]

    @model_validator(mode="after")
    def every_face(self) -> "MedicChart":
        missing = [str(face) for face in FACES if face not in self.results]
        if missing:
            raise ValueError(f"the Medic chart needs every face; missing: {', '.join(missing)}")
        return self


class Charts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sniper: EventChart
    mine: EventChart
    artillery: EventChart
    strafe: EventChart
    medic: MedicChart

    def event(self, card: str) -> EventChart:
        chart: EventChart = getattr(self, card)
        return chart


def faces_text(faces: list[int]) -> str:
    """`3–4`, `6–7`, `0` for ten, `1, 3`, `1–3, 0`: a chart's faces (in order) as the cards print them."""
    runs: list[list[int]] = []
    for face in faces:
        if runs and runs[-1][-1] == face - 1:
            runs[-1].append(face)
        else:
            runs.append([face])
    return ", ".join(printed(run[0]) if len(run) == 1 else f"{printed(run[0])}–{printed(run[-1])}" for run in runs)


def printed(face: int) -> str:
    """A face as the d10 prints it: `0` for ten."""
    return "0" if face == 10 else str(face)


def chart_lines(chart: EventChart | MedicChart) -> list[str]:
    """`1 hit · 2 cover · 3–4 advance …`: runs of faces with the same result; unknown faces as `?`."""
    runs: list[tuple[list[int], str]] = []
    for face in FACES:
        result = chart.results.get(face, "?")
        if runs and runs[-1][1] == result and runs[-1][0][-1] == face - 1:
            runs[-1][0].append(face)
        else:
            runs.append(([face], result))
    return [f"{faces_text(faces)} {result}" for faces, result in runs]
