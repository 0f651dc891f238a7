"""The status line at every size: on one line, with what the player must act on kept where it fits, speech too."""

import asyncio

import pytest

from companion.bootstrap import bootstrap
from companion.status_part import StatusPart
from companion.tui.app import CompanionApp
from companion.tui.widgets.status_line import Status, StatusLine, status_text
from drivers.pin_factory import PinFactoryChoice
from tests.pilot import comes_true, press, settle
from tests.tui.conftest import SIZES

TABLE_STATUS = Status(StatusPart("MOCK HARDWARE (no GPIO found)"),
                      StatusPart("fake board connected: firmware 1.2, protocol 1"), "Kursk, second evening", True, "",
                      StatusPart("speech off"), "~/.local/share/companion/games.sqlite3")


def test_the_status_line_says_everything_where_it_fits():
    line = status_text(TABLE_STATUS, 170)
    assert line == ("MOCK HARDWARE (no GPIO found)  │  fake board connected: firmware 1.2, protocol 1  │  "
                    "speech off  │  Kursk, second evening  │  ~/.local/share/companion/games.sqlite3")


@pytest.mark.parametrize("width", [120, 100, 78, 60, 40])
def test_the_status_line_fits_its_width_and_keeps_the_hardware_and_the_game(width):
    line = status_text(TABLE_STATUS, width)
    assert len(line) <= width
    assert "MOCK" in line and "Kursk" in line


def test_the_games_file_and_speech_give_way_first_and_a_storage_fault_never():
    fault = "not saved: /media/usb/tables/companion/games.sqlite3: the disk is full"
    line = status_text(TABLE_STATUS._replace(storage=fault), 78)
    assert line.startswith("not saved: games.sqlite3: the disk is full │ MOCK")
    assert "speech" not in line and "/" not in line
    assert len(line) <= 78
    assert status_text(TABLE_STATUS._replace(storage=fault), 30).startswith("not saved: games.sqlite3: the")


SPEECH_UNAVAILABLE = StatusPart("speech unavailable: no sound device (audio open error: No such file or directory)",
                                must_act=True)


STATUS_LINE_WIDTHS = {"80 columns": 78, "100 columns": 98}
"""The status line's own width on an 80 and a 100 column screen (its padding aside)."""


@pytest.mark.parametrize("width", STATUS_LINE_WIDTHS.values(), ids=STATUS_LINE_WIDTHS)
@pytest.mark.parametrize(("speech", "short"), [("speech off", "speech off"), ("speech on (English)", "speech on")],
                         ids=["off", "on"])
def test_speech_keeps_a_short_form_on_the_status_line_of_an_80_and_a_100_column_screen(speech, short, width):
    line = status_text(TABLE_STATUS._replace(speech=StatusPart(speech)), width)
    assert short in line.split(" │ ") and len(line) <= width


@pytest.mark.parametrize("width", STATUS_LINE_WIDTHS.values(), ids=STATUS_LINE_WIDTHS)
def test_a_speech_fault_stays_on_the_status_line_beside_a_table_link_and_a_storage_fault(width):
    crowded = TABLE_STATUS._replace(table=StatusPart("table club-1: connected"), speech=SPEECH_UNAVAILABLE,
                      storage="not saved: /media/usb/tables/companion/games.sqlite3: the disk is full")
    line = status_text(crowded, width)
    assert line.startswith("not saved: games.sqlite3: the disk is full │ MOCK HW │ speech unavailable")
    assert len(line) <= width


@pytest.fixture
def table_without_sound(tmp_path, mock_factory, clock):
    """A companion whose config sends speech to a sound device that is not there."""
    config = tmp_path / "config.toml"
    config.write_text('[board]\nenabled = false\n\n[speech]\ndevice = "companion-no-such-device"\n')
    wired = bootstrap(data_dir=tmp_path / "data", config_file=config, seed=7, env={},
                      pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock,
                      fake_board=False)
    yield wired
    wired.close()


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_speech_turned_on_and_off_by_ctrl_s_is_seen_on_the_status_line(table_without_sound, size):
    app = CompanionApp(table_without_sound, start_kind="dice")
    async with app.run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        status = app.screen.query_one(StatusLine)
        assert "speech off" in str(status.render())
        await press(pilot, "ctrl+s")
        assert table_without_sound.speaker is not None
        assert await asyncio.to_thread(table_without_sound.speaker.drain, 10), "the speaker did not check in time"
        assert await comes_true(pilot, lambda: "speech unavailable" in str(status.render())), str(status.render())
        await press(pilot, "ctrl+s")
        assert await comes_true(pilot, lambda: "speech off" in str(status.render())), str(status.render())


@pytest.mark.parametrize("size", ["100x30", "160x50"])
async def test_why_speech_cannot_speak_is_read_whole_on_the_status_line_of_a_100_and_a_160_column_screen(
        table_without_sound, size):
    app = CompanionApp(table_without_sound, start_kind="dice")
    async with app.run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        assert table_without_sound.speaker is not None
        assert await asyncio.to_thread(table_without_sound.speaker.drain, 10), "the speaker did not check in time"
        why = table_without_sound.speaker.status
        assert why.startswith("speech unavailable: no sound device (")
        status = app.screen.query_one(StatusLine)
        assert await comes_true(pilot, lambda: why in str(status.render()).split(" │ ")), str(status.render())


async def test_the_status_line_on_an_80_column_screen_is_one_line_that_fits(companion):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        status = app.screen.query_one(StatusLine)
        shown = str(status.render())
        assert "\n" not in shown and len(shown) <= status.content_size.width
        assert shown.startswith("MOCK HARDWARE") and "Game 1" in shown
