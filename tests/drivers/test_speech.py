"""The Speaker on the real espeak-ng: WAV files of plausible length and loudness, stale speech dropped,
and no engine or no sound device reported in one line without an exception."""

import os
import queue
import subprocess
from pathlib import Path

import pytest

from companion.speech import common
from companion.speech.cue import Cue
from companion.speech.phrases import phrase_pack
from companion.speech.settings import SpeechSettings
from companion.status_part import StatusPart
from drivers.speech import Player, Runner, Speaker, WavFiles
from tests.speech.sound import loudness, seconds

WAIT = 10.0
ON = SpeechSettings(enabled=True)


class HeldPlayer:
    """A player whose every sound lasts until the test lets it end: it runs `cat` on a named pipe,
    a real process the speaker has to kill to cut it short."""

    def __init__(self, folder: Path) -> None:
        self.pipe = folder / "hold"
        os.mkfifo(self.pipe)
        self.started: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.played: list[str] = []
        self.cut: list[str] = []

    def play(self, wav: bytes, label: str, runner: Runner) -> None:
        self.started.put(label)
        finished = runner.run(["cat", str(self.pipe)], b"", timeout=WAIT)
        (self.played if finished is not None else self.cut).append(label)

    def check(self, runner: Runner) -> None:
        pass

    def next_started(self) -> str:
        return self.started.get(timeout=WAIT)

    def release(self) -> None:
        """Ends the sound playing now (opening the pipe waits for its `cat`)."""
        os.close(os.open(self.pipe, os.O_WRONLY))


@pytest.fixture
def speaking(request):
    made: list[Speaker] = []

    def make(*args, **kwargs) -> Speaker:
        made.append(Speaker(*args, **kwargs))
        return made[-1]

    yield make
    for speaker in made:
        assert speaker.close()


def test_an_english_roll_is_written_as_a_second_or_so_of_audible_speech(tmp_path, speaking):
    files = WavFiles(tmp_path)
    speaker = speaking(ON, output=files)
    speaker.say(common.dice_rolled((2, 5)))
    assert speaker.drain(WAIT)
    [path] = files.written
    assert path.name == "0001-dice.rolled.wav"
    assert 0.4 < seconds(path.read_bytes()) < 4
    assert loudness(path.read_bytes()) > 0.01
    assert speaker.status == "speech on (English)"


def test_german_speech_is_written_too_and_its_voice_says_the_numbers_in_german(tmp_path, speaking):
    files = WavFiles(tmp_path)
    speaker = speaking(SpeechSettings(enabled=True, language="de"), output=files)
    speaker.say(common.deck_exhausted(2))
    assert speaker.drain(WAIT)
    wav = files.written[0].read_bytes()
    assert 0.8 < seconds(wav) < 6
    assert loudness(wav) > 0.01
    assert speaker.status == "speech on (Deutsch)"
    german = phrase_pack("de")
    phonemes = subprocess.run(
        ["espeak-ng", "-q", "-x", "-v", german.voice, german.render(common.dice_rolled((2, 5)))],
        capture_output=True, text=True, check=True,
    ).stdout
    assert phonemes.replace("'", "").replace(":", "").split() == ["tsvaI", "_|Unt", "fynf", "zib@n"]


def test_the_configured_rate_and_volume_reach_the_engine(tmp_path, speaking):
    def spoken(**settings) -> bytes:
        files = WavFiles(tmp_path / str(settings))
        speaker = speaking(SpeechSettings(enabled=True, **settings), output=files)
        speaker.say(common.side_caps("Germans", 8))
        assert speaker.drain(WAIT)
        return files.written[0].read_bytes()

    assert seconds(spoken(rate=350)) < seconds(spoken(rate=120)) * 0.6
    assert loudness(spoken(volume=30)) < loudness(spoken(volume=180)) * 0.5


def test_cues_go_through_the_same_output_and_speech_off_says_nothing(tmp_path, speaking):
    files = WavFiles(tmp_path)
    speaker = speaking(SpeechSettings(), output=files)
    speaker.say(common.refused())
    speaker.cue(Cue.PRESS)
    assert speaker.drain(WAIT)
    assert files.written == []
    assert speaker.status == "speech off"
    assert speaker.toggle() is True
    speaker.cue(Cue.REFUSAL)
    assert speaker.drain(WAIT)
    assert [path.name for path in files.written] == ["0001-cue-refusal.wav"]
    assert 0.15 < seconds(files.written[0].read_bytes()) < 0.5


def test_cues_can_be_turned_off_while_speech_stays_on(tmp_path, speaking):
    files = WavFiles(tmp_path)
    speaker = speaking(SpeechSettings(enabled=True, cues=False), output=files)
    speaker.cue(Cue.PRESS)
    speaker.say(common.refused())
    assert speaker.drain(WAIT)
    assert [path.name for path in files.written] == ["0001-refused.wav"]


def test_a_newer_announcement_replaces_a_stale_one_still_waiting(tmp_path, speaking):
    held = HeldPlayer(tmp_path)
    speaker = speaking(ON, output=held)
    speaker.say(common.dice_rolled((2, 5)))
    assert held.next_started() == "dice.rolled"
    speaker.say(common.turn_ended(1), common.hit_taken("Squad 3"), common.deck_exhausted(1))
    speaker.cue(Cue.PRESS)
    held.release()
    assert held.next_started() == "hit.taken"
    held.release()
    assert held.next_started() == "deck.exhausted"
    held.release()
    assert speaker.drain(WAIT)
    assert held.played == ["dice.rolled", "hit.taken", "deck.exhausted"]
    assert held.cut == []


def test_a_new_roll_cuts_short_the_roll_being_said(tmp_path, speaking):
    held = HeldPlayer(tmp_path)
    speaker = speaking(ON, output=held)
    speaker.say(common.dice_rolled((2, 5)))
    assert held.next_started() == "dice.rolled"
    speaker.say(common.dice_rolled((6,)))
    assert held.next_started() == "dice.face"
    held.release()
    assert speaker.drain(WAIT)
    assert held.cut == ["dice.rolled"]
    assert held.played == ["dice.face"]


def test_turning_speech_off_silences_what_plays_and_drops_what_waits(tmp_path, speaking):
    held = HeldPlayer(tmp_path)
    speaker = speaking(ON, output=held)
    speaker.say(common.dice_rolled((2, 5)), common.turn_ended(3))
    assert held.next_started() == "dice.rolled"
    assert speaker.toggle() is False
    assert speaker.drain(WAIT)
    assert held.cut == ["dice.rolled"]
    assert held.played == []
    assert speaker.status == "speech off"


def test_closing_while_speaking_stops_the_thread_at_once(tmp_path):
    held = HeldPlayer(tmp_path)
    speaker = Speaker(ON, output=held)
    speaker.say(common.dice_rolled((2, 5)))
    assert held.next_started() == "dice.rolled"
    assert speaker.close()
    assert held.cut == ["dice.rolled"]
    speaker.say(common.refused())
    assert held.started.empty()


def test_no_engine_is_one_line_of_status_reported_once_and_the_caller_goes_on(tmp_path, speaking):
    reported: queue.SimpleQueue[StatusPart] = queue.SimpleQueue()
    missing = str(tmp_path / "no" / "espeak-ng")
    speaker = speaking(ON, on_status=reported.put, output=WavFiles(tmp_path), engine=missing)
    speaker.say(common.dice_rolled((2, 5)))
    speaker.say(common.turn_ended(1))
    assert speaker.drain(WAIT)
    notice = f"speech unavailable: no speech engine: {missing} not found (apt install espeak-ng)"
    assert reported.get(timeout=WAIT) == StatusPart(notice, must_act=True)
    assert reported.empty()
    assert speaker.status == notice
    assert "\n" not in notice


def test_no_sound_device_is_one_line_of_status_and_the_caller_goes_on(speaking):
    reported: queue.SimpleQueue[StatusPart] = queue.SimpleQueue()
    speaker = speaking(ON, on_status=reported.put, output=Player("companion-no-such-device"))
    assert speaker.drain(WAIT)
    notice = reported.get(timeout=WAIT).text
    assert notice.startswith("speech unavailable: no sound device (")
    assert "\n" not in notice
    speaker.say(common.dice_rolled((2, 5)))
    assert speaker.drain(WAIT)
    assert speaker.status == notice
    assert reported.empty()


def test_a_voice_espeak_ng_does_not_have_is_reported_when_speech_is_turned_on(tmp_path, speaking):
    speaker = speaking(SpeechSettings(voice="xx-nosuch"), output=WavFiles(tmp_path))
    assert speaker.status == "speech off"
    speaker.toggle()
    assert speaker.drain(WAIT)
    assert speaker.status.startswith("speech unavailable: espeak-ng failed:")
    assert "voice does not exist" in speaker.status


def test_no_audio_player_says_what_to_install(speaking):
    speaker = speaking(ON, output=Player(programs=("companion-no-such-player",)))
    speaker.say(common.refused())
    assert speaker.drain(WAIT)
    assert speaker.status == "speech unavailable: no audio player (apt install alsa-utils)"


@pytest.mark.parametrize("broken", ["a voice espeak-ng does not have", "no espeak-ng on the path"])
def test_a_cue_that_plays_leaves_why_speech_cannot_speak_as_it_was(tmp_path, speaking, broken, monkeypatch):
    if broken == "no espeak-ng on the path":
        monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    settings = SpeechSettings(enabled=True, voice="zz-nope" if broken.startswith("a voice") else None)
    reported: queue.SimpleQueue[StatusPart] = queue.SimpleQueue()
    files = WavFiles(tmp_path)
    speaker = speaking(settings, on_status=reported.put, output=files)
    assert speaker.drain(WAIT)
    why = speaker.status
    assert why.startswith("speech unavailable: espeak-ng failed:" if broken.startswith("a voice")
                          else "speech unavailable: no speech engine: espeak-ng not found")
    speaker.cue(Cue.REFUSAL)
    assert speaker.drain(WAIT)
    assert speaker.status == why
    speaker.say(common.dice_rolled((2, 5)))
    assert speaker.drain(WAIT)
    speaker.cue(Cue.PRESS)
    assert speaker.drain(WAIT)
    assert [path.name for path in files.written] == ["0001-cue-refusal.wav", "0002-cue-press.wav"]
    assert speaker.status == why
    assert reported.get(timeout=WAIT) == StatusPart(why, must_act=True)
    assert reported.empty(), "never 'speech on' in between"
