"""The short sound cues, apart from the announcements so the app's first frame loads no pydantic."""

from enum import StrEnum


class Cue(StrEnum):
    """A short sound instead of words."""

    PRESS = "press"
    """A click: a button was taken."""
    REFUSAL = "refusal"
    """A low double tone: the press was refused."""
