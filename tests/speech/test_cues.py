"""The cue sounds: short, audible, and scaled by the volume."""

import io
import wave

from companion.speech.cue import Cue
from companion.speech.cues import RATE, cue_wav, silence
from tests.speech.sound import loudness, seconds


def test_a_press_is_a_click_of_a_few_hundredths_of_a_second():
    click = cue_wav(Cue.PRESS)
    assert 0.005 < seconds(click) < 0.05
    assert loudness(click) > 0.05


def test_a_refusal_is_a_longer_tone_than_a_press():
    assert 0.15 < seconds(cue_wav(Cue.REFUSAL)) < 0.5


def test_a_quieter_volume_makes_a_quieter_cue_and_zero_makes_silence():
    assert loudness(cue_wav(Cue.REFUSAL, 50)) < loudness(cue_wav(Cue.REFUSAL, 150))
    assert loudness(cue_wav(Cue.REFUSAL, 0)) == 0


def test_cues_are_mono_16_bit_at_espeak_ngs_rate():
    with wave.open(io.BytesIO(silence(0.01))) as sound:
        assert (sound.getnchannels(), sound.getsampwidth(), sound.getframerate()) == (1, 2, RATE)
        assert sound.getnframes() == round(RATE * 0.01)
