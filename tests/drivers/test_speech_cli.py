"""`companion speech test`, run as a person setting up audio would run it."""

import os
import subprocess
import sys


def companion(*args: str, config) -> subprocess.CompletedProcess:
    env = {**os.environ, "COMPANION_CONFIG": str(config)}
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env)


def test_speech_test_writes_a_click_a_german_roll_and_a_refusal_even_with_speech_off_in_the_config(tmp_path):
    (tmp_path / "config.toml").write_text("[speech]\nenabled = false\n")
    result = companion("speech", "test", "--language", "de", "--wav-dir", str(tmp_path / "out"),
                       config=tmp_path / "config.toml")
    assert (result.returncode, result.stdout, result.stderr) == (0, "speech on (Deutsch)\n", "")
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        "0001-cue-press.wav", "0002-dice.rolled.wav", "0003-cue-refusal.wav"
    ]


def test_speech_test_without_a_sound_device_says_why_in_one_line_and_fails(tmp_path):
    (tmp_path / "config.toml").write_text('[speech]\ndevice = "companion-no-such-device"\n')
    result = companion("speech", "test", config=tmp_path / "config.toml")
    assert (result.returncode, result.stdout) == (1, "")
    (line,) = result.stderr.splitlines()
    assert line.startswith("companion: speech unavailable: no sound device (")


def test_speech_test_with_a_voice_espeak_ng_does_not_have_fails_though_both_cues_play(tmp_path):
    (tmp_path / "config.toml").write_text('[speech]\nvoice = "zz-nope"\n')
    result = companion("speech", "test", "--wav-dir", str(tmp_path / "out"), config=tmp_path / "config.toml")
    assert (result.returncode, result.stdout) == (1, "")
    (line,) = result.stderr.splitlines()
    assert line.startswith("companion: speech unavailable: espeak-ng failed:")
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["0001-cue-press.wav", "0002-cue-refusal.wav"]
