"""Speech in the app, on the real espeak-ng: a roll committed on a game screen is said in the
configured language, written as a WAV file, and the speech key silences what comes after."""

import asyncio

import pytest

from companion.bootstrap import bootstrap
from companion.dice.spec import DiceSpec
from companion.status_part import StatusPart
from companion.tui.app import CompanionApp
from companion.tui.widgets.status_line import StatusLine
from drivers.pin_factory import PinFactoryChoice
from drivers.speech import WavFiles
from tests.pilot import comes_true, press
from tests.speech.sound import loudness, seconds

WAIT = 10.0


@pytest.fixture
def speaking_table(tmp_path, mock_factory, clock):
    """A companion with speech on, in German, writing what it says to WAV files."""
    config = tmp_path / "config.toml"
    config.write_text('[board]\nenabled = false\n\n[speech]\nenabled = true\nlanguage = "de"\n')
    wired = bootstrap(
        data_dir=tmp_path / "data", config_file=config, seed=7, env={},
        pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock, fake_board=False,
    )
    wired.speech_output = WavFiles(tmp_path / "said")
    yield wired
    wired.close()


def said(table) -> list[str]:
    """The phrases written so far, in order (cues left out)."""
    files: WavFiles = table.speech_output
    return [path.stem.split("-", 1)[1] for path in files.written if "-cue-" not in path.name]


async def drained(table) -> None:
    assert await asyncio.to_thread(table.speaker.drain, WAIT), "the speaker did not finish in time"


async def test_a_committed_roll_on_a_game_screen_is_said_and_the_speech_key_turns_it_off(speaking_table):
    app = CompanionApp(speaking_table, start_kind="take_cover")
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "c", "enter")
        await drained(speaking_table)
        assert said(speaking_table) == []
        assert app.speech_status == StatusPart("speech on (Deutsch)")
        await press(pilot, "7")
        assert app.screen.session.state.first_rolls == (7, None)
        await drained(speaking_table)
        assert said(speaking_table) == ["tc.first_roll"]
        wav = speaking_table.speech_output.written[-1].read_bytes()
        assert 1.0 < seconds(wav) < 8 and loudness(wav) > 0.01
        await press(pilot, "ctrl+s")
        assert app.speech_status == StatusPart("speech off")
        await press(pilot, "3")
        assert app.screen.session.state.to_act == "German"
        await drained(speaking_table)
        assert said(speaking_table) == ["tc.first_roll"]


async def hears(pilot, table, phrases: list[str]) -> bool:
    """Whether the table comes to have heard `phrases`: the app speaks once a commit's message
    reaches it, which can be after the press has settled."""
    for _ in range(50):
        await drained(table)
        if said(table) == phrases:
            return True
        await pilot.pause()
    return False


async def test_an_undo_and_a_redo_are_said_after_the_roll_they_take_back(speaking_table):
    app = CompanionApp(speaking_table, start_kind="dice")
    async with app.run_test(size=(100, 30)) as pilot:
        assert await comes_true(pilot, lambda: speaking_table.speaker is not None)  # it starts after the first frame
        await press(pilot, "space")
        assert app.screen.session.state.last is not None
        assert await hears(pilot, speaking_table, ["dice.rolled"])
        await press(pilot, "u")
        assert app.screen.session.state.last is None
        assert await hears(pilot, speaking_table, ["dice.rolled", "undo.undone"])
        await press(pilot, "y")
        assert app.screen.session.state.last is not None
        assert await hears(pilot, speaking_table, ["dice.rolled", "undo.undone", "undo.redone"])


async def test_a_roll_committed_before_speech_has_connected_is_said_too(speaking_table):
    app = CompanionApp(speaking_table, start_kind="dice")
    async with app.run_test(size=(100, 30)) as pilot:
        assert await comes_true(pilot, lambda: speaking_table.speaker is not None)
        # As before the first frame's deferred connect (a press on the first frame can beat it).
        speaking_table.speaker.close()
        speaking_table.speaker = None
        await press(pilot, "space")
        assert speaking_table.speaker is not None
        assert await hears(pilot, speaking_table, ["dice.rolled"])


async def test_the_refusal_tone_leaves_why_speech_cannot_speak_on_the_status_line(tmp_path, mock_factory, clock):
    config = tmp_path / "config.toml"
    config.write_text('[board]\nenabled = false\n\n[speech]\nenabled = true\nvoice = "zz-nope"\n')
    table = bootstrap(data_dir=tmp_path / "data", config_file=config, seed=7, env={},
                      pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock, fake_board=False)
    (tmp_path / "said").mkdir()
    table.speech_output = WavFiles(tmp_path / "said")
    app = CompanionApp(table, start_kind="dice", start_spec=DiceSpec.parse("d6"))
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            assert await comes_true(pilot, lambda: table.speaker is not None)
            await drained(table)
            why = table.speaker.status
            assert why.startswith("speech unavailable: espeak-ng failed:")
            status = app.screen.query_one(StatusLine)
            assert await comes_true(pilot, lambda: why in str(status.render())), str(status.render())
            await press(pilot, "7")  # not a face of a d6: refused, with its tone
            assert await comes_true(pilot, lambda: [path.name for path in table.speech_output.written]
                                    == ["0001-cue-refusal.wav"])
            await drained(table)
            assert table.speaker.status == why
            await pilot.pause()
            assert why in str(status.render())
    finally:
        table.close()
