"""The `[speech]` table of the config file: on or off, language, voice, rate, volume, cues and device."""

import re
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

Language = Literal["en", "de"]
"""The languages a phrase pack ships for (`companion/speech/data/<language>.toml`). Named here, not
beside the packs, so reading the config builds none of the phrase models (start-up)."""
LANGUAGES: tuple[Language, ...] = get_args(Language)
VOICE_NAME = re.compile(r"^[A-Za-z0-9_+-]+$")


class SpeechSettings(BaseModel):
    """Speech is off until the config or the toggle key turns it on.

    Strict values: `enabled = "off"` or `1` is refused, not read as on; `volume = true` is not 1."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: StrictBool = False
    language: Language = "en"
    voice: str | None = Field(default=None, max_length=40)
    """An espeak-ng voice (`espeak-ng --voices`), e.g. "en-us" or "de+f3"; by default the language's own."""
    rate: StrictInt = Field(default=175, ge=80, le=450)
    """Words per minute."""
    volume: StrictInt = Field(default=100, ge=0, le=200)
    """espeak-ng's amplitude: 100 is normal; cues follow it."""
    cues: StrictBool = True
    """A click for each press and a tone for a refusal, while speech is on."""
    device: str | None = Field(default=None, min_length=1, max_length=200)
    """The ALSA device for `aplay -D` (e.g. "plughw:CARD=Headphones"), or the PulseAudio / PipeWire sink
    for `paplay`; the system's default when left out."""

    @field_validator("voice")
    @classmethod
    def _a_voice_name(cls, voice: str | None) -> str | None:
        # Said in words, not as the pattern: a player reads the error, not a regular expression.
        if voice is not None and not VOICE_NAME.match(voice):
            raise ValueError(f"{voice!r} is not a voice's name: letters, digits, _, + and - only "
                             "(espeak-ng --voices lists them)")
        return voice
