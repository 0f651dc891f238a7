"""Length and loudness of WAV bytes, measured with the standard library (audioop is gone in 3.13)."""

import io
import math
import sys
import wave
from array import array


def seconds(wav: bytes) -> float:
    with wave.open(io.BytesIO(wav)) as sound:
        return sound.getnframes() / sound.getframerate()


def loudness(wav: bytes) -> float:
    """Root mean square of the samples, 1.0 being full scale."""
    with wave.open(io.BytesIO(wav)) as sound:
        assert sound.getsampwidth() == 2
        samples = array("h", sound.readframes(sound.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    if not samples:
        return 0.0
    return math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768
