"""The `[speech]` table of the config file: on or off, language, voice, rate, volume, cues and device."""

import re
from typing import Literal, NamedTuple, get_args

from companion.settings_check import Check, also, boolean, choice, integer, optional, read_table, text

Language = Literal["en", "de"]
"""The languages a phrase pack ships for (`companion/speech/data/<language>.toml`). Named here, not
beside the packs, so reading the config builds none of the phrase models (start-up)."""
LANGUAGES: tuple[Language, ...] = get_args(Language)
VOICE_NAME = re.compile(r"^[A-Za-z0-9_+-]+$")


class SpeechSettings(NamedTuple):
    """Speech is off until the config or the toggle key turns it on.

    Strict values (`SPEECH_KEYS`): `enabled = "off"` or `1` is refused, not read as on; `volume = true` is not 1."""

    enabled: bool = False
    language: Language = "en"
    voice: str | None = None
    """An espeak-ng voice (`espeak-ng --voices`), e.g. "en-us" or "de+f3"; by default the language's own."""
    rate: int = 175
    """Words per minute."""
    volume: int = 100
    """espeak-ng's amplitude: 100 is normal; cues follow it."""
    cues: bool = True
    """A click for each press and a tone for a refusal, while speech is on."""
    device: str | None = None
    """The ALSA device for `aplay -D` (e.g. "plughw:CARD=Headphones"), or the PulseAudio / PipeWire sink
    for `paplay`; the system's default when left out."""


def a_voice_name(voice: str) -> str:
    # Said in words, not as the pattern: a player reads the error, not a regular expression.
    if not VOICE_NAME.match(voice):
        raise ValueError(f"{voice!r} is not a voice's name: letters, digits, _, + and - only "
                         "(espeak-ng --voices lists them)")
    return voice


SPEECH_KEYS: dict[str, Check] = {
    "enabled": boolean,
    "language": choice(LANGUAGES),
    "voice": optional(also(text(max_length=40), a_voice_name)),
    "rate": integer(ge=80, le=450),
    "volume": integer(ge=0, le=200),
    "cues": boolean,
    "device": optional(text(min_length=1, max_length=200)),
}


def read_speech_settings(data: object) -> SpeechSettings:
    """The `[speech]` table's settings; `Refused` names each key that is wrong."""
    return read_table(SpeechSettings, SPEECH_KEYS, data)
