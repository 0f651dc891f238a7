"""The cue sounds as WAV bytes, made with the standard library: a click for a press, a low double tone for a refusal."""

import io
import math
import sys
import wave
from array import array
from collections.abc import Iterable

from companion.speech.cue import Cue

RATE = 22050
"""espeak-ng's own sample rate, so a cue and speech go through the same output unchanged."""
FULL_SCALE = 32767


def cue_wav(cue: Cue, volume: int = 100) -> bytes:
    """The cue at `volume` (espeak-ng's amplitude scale: 100 is normal, 200 the loudest)."""
    gain = min(volume, 200) / 200
    if cue is Cue.PRESS:
        return wav_bytes(_decaying(2000, 0.015, gain))
    return wav_bytes([*_tone(330, 0.09, gain), *_tone(0, 0.04, 0), *_tone(220, 0.14, gain)])


def silence(seconds: float) -> bytes:
    return wav_bytes([0.0] * round(RATE * seconds))


def wav_bytes(samples: Iterable[float]) -> bytes:
    """Mono 16-bit WAV of samples between -1 and 1."""
    frames = array("h", (round(max(-1.0, min(1.0, s)) * FULL_SCALE) for s in samples))
    if sys.byteorder == "big":
        frames.byteswap()  # WAV samples are little-endian
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())
    return buffer.getvalue()


def _decaying(frequency: float, seconds: float, gain: float) -> list[float]:
    count = round(RATE * seconds)
    return [gain * math.exp(-6 * i / count) * math.sin(2 * math.pi * frequency * i / RATE) for i in range(count)]


def _tone(frequency: float, seconds: float, gain: float) -> list[float]:
    """A sine with 5 ms fades in and out, so it starts and stops without a click of its own."""
    count = round(RATE * seconds)
    fade = round(RATE * 0.005)
    return [
        gain * min(1.0, i / fade, (count - i) / fade) * math.sin(2 * math.pi * frequency * i / RATE)
        for i in range(count)
    ]
