"""The status line's parts share its width: what the player must act on is read whole where it fits,
each part is cut only as far as the width needs, and every part stays on one line."""

import re
from pathlib import Path

import pytest

from companion.hardware.board_link import BoardLinkState, LinkStatus
from companion.journal.connection import not_the_file_opened
from companion.network.link_state import TableLinkState, TableLinkStatus
from companion.status_part import StatusPart
from companion.tui.widgets.status_line import Status, short_hardware, status_text, without_folders

CALM = Status(StatusPart("MOCK HARDWARE (no GPIO found)"), StatusPart("board: off"), "Kursk, second evening", True, "",
              StatusPart("speech off"), "~/.local/share/companion/games.sqlite3")
WIDTHS = {"80 columns": 78, "100 columns": 98, "160 columns": 158}
"""The status line's own width on an 80, a 100 and a 160 column screen (its padding aside)."""


def said(state: BoardLinkState | TableLinkState) -> StatusPart:
    """The link's state as the app hands it to the status line."""
    return StatusPart(str(state), state.must_act)


REFUSED = said(BoardLinkState(LinkStatus.REFUSED, "/dev/ttyACM0",
                              reason="the board speaks protocol 2.0; update the companion"))
BUSY = said(BoardLinkState(LinkStatus.BUSY, "/dev/ttyACM0",
                           reason="/dev/ttyACM0 is in use by another program (process 812: companion)"))
BAD_EVENTS = said(BoardLinkState(LinkStatus.CONNECTED, "/dev/ttyACM0", firmware="1.2.0", protocol="1.0", bad_events=3,
                                 last_bad_event="side 3 is not 1 or 2"))
BROKER_DOWN = said(TableLinkState(TableLinkStatus.DOWN, "club-1", "mqtt://table.local", reason="connection refused",
                                  waiting=3))
BAD_MESSAGES = said(TableLinkState(TableLinkStatus.CONNECTED, "club-1", "mqtt://table.local", bad_payloads=2,
                                   last_problem="companion/club-1/events: seq: Input should be a valid integer"))
NO_PLAYER = StatusPart("speech unavailable: no audio player (apt install alsa-utils)", must_act=True)
NO_SOUND = StatusPart("speech unavailable: no sound device (audio open error: No such file or directory)",
                      must_act=True)
DISK_FULL = "not saved: /media/usb/tables/companion/games.sqlite3: the disk is full"


def parts(line: str) -> list[str]:
    return re.split(r" +│ +", line)


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS)
@pytest.mark.parametrize(("status", "whole"), [
    (CALM._replace(board=REFUSED), REFUSED.text),
    (CALM._replace(board=BUSY), BUSY.text),
    (CALM._replace(board=BAD_EVENTS), "board connected; ignored 3 bad events (last: side 3 is not 1 or 2)"),
    (CALM._replace(table=BROKER_DOWN, game="Game 1"), BROKER_DOWN.text),
], ids=["board refused", "board busy", "bad events", "broker down"])
def test_a_board_refused_busy_or_sending_bad_events_and_a_broker_down_are_read_whole_at_80_100_and_160_columns(
        status, whole, width):
    line = status_text(status, width)
    if whole == BROKER_DOWN.text and width == 78:
        whole = "table club-1: broker down (connection refused); playing on locally…"
    if whole == BUSY.text and width == 78:
        whole = "board busy: /dev/ttyACM0 is in use by another program (process 812…"
    assert whole in parts(line) or (width == 158 and BAD_EVENTS.text in parts(line))
    assert len(line) <= width and line.startswith("MOCK")


@pytest.mark.parametrize(("width", "shown"), [(78, NO_SOUND.text[:67] + "…"), (98, NO_SOUND.text),
                                              (158, NO_SOUND.text)], ids=WIDTHS)
def test_why_speech_cannot_speak_takes_the_room_the_line_has_at_80_100_and_160_columns(width, shown):
    line = status_text(CALM._replace(speech=NO_SOUND), width)
    assert shown in parts(line) and len(line) <= width
    assert line.startswith("MOCK")


@pytest.mark.parametrize(("width", "shown"), [(78, BAD_MESSAGES.text[:67] + "…"), (98, BAD_MESSAGES.text[:87] + "…"),
                                              (158, BAD_MESSAGES.text)], ids=WIDTHS)
def test_skipped_messages_on_the_table_network_are_cut_only_at_the_end_of_the_line(width, shown):
    line = status_text(CALM._replace(table=BAD_MESSAGES), width)
    assert shown in parts(line) and len(line) <= width


def test_at_160_columns_the_game_and_speech_come_back_beside_a_fault_and_its_details_come_last():
    assert parts(status_text(CALM._replace(board=REFUSED), 158)) == [
        "MOCK HARDWARE (no GPIO found)", REFUSED.text, "speech off", "Kursk, second evening",
        "games.sqlite3"]
    line = status_text(CALM._replace(board=BAD_EVENTS, speech=NO_PLAYER), 158)
    assert parts(line) == ["MOCK HW", "board connected; ignored 3 bad events (last: side 3 is not 1 or 2)",
                           NO_PLAYER.text, "Kursk, second e…"]


def test_the_games_file_and_speech_give_way_to_a_fault_before_the_game_and_the_hardware():
    assert parts(status_text(CALM._replace(board=REFUSED), 98)) == ["MOCK HW", REFUSED.text, "Kursk, second e…"]


def test_faults_crowding_a_narrow_line_keep_their_short_forms_to_the_last():
    crowded = CALM._replace(storage=DISK_FULL, board=REFUSED, table=BROKER_DOWN, speech=NO_SOUND)
    assert parts(status_text(crowded, 120)) == ["not saved: games.sqlite3: the disk is full", "MOCK HW",
                                                "board refused", "table club-1: broker down", "speech unavailable"]
    line = status_text(crowded, 98)
    assert line.startswith("not saved: games.sqlite3: the disk is full │ MOCK HW │ board refused │ table")
    assert len(line) == 98


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS)
def test_with_nothing_to_act_on_speech_on_keeps_its_short_form_and_the_game_its_name(width):
    calm_board = said(BoardLinkState(LinkStatus.CONNECTED, "/dev/ttyACM0", firmware="1.2.0", protocol="1.0"))
    line = status_text(CALM._replace(speech=StatusPart("speech on (English)"), board=calm_board), width)
    assert "speech on" in line and "Kursk, second e" in line and len(line) <= width


@pytest.mark.parametrize("width", [78, 250])
def test_text_from_a_device_with_line_breaks_and_control_characters_stays_on_one_line(width):
    refused = said(BoardLinkState(LinkStatus.REFUSED, "/dev/ttyACM0", reason="speaks\nprotocol 2.0\r\n\x1b[31m[bold]"))
    line = status_text(CALM._replace(board=refused, game="Arnhem\tnight\u2028two"), width)
    assert line.isprintable() and len(line) <= width
    assert "board refused: speaks protocol 2.0 [31m[bold]" in parts(line)
    if width == 250:
        assert parts(line)[2:] == ["speech off", "Arnhem night two", "~/.local/share/companion/games.sqlite3"]


def test_a_table_named_with_a_word_of_trouble_is_not_in_trouble_while_connected():
    connected = said(TableLinkState(TableLinkStatus.CONNECTED, "down-stairs", "mqtt://table.local"))
    assert parts(status_text(CALM._replace(table=connected), 40)) == ["MOCK HARDWARE…", "Kursk, second evening"]
    down = said(TableLinkState(TableLinkStatus.DOWN, "down-stairs", "mqtt://table.local"))
    assert parts(status_text(CALM._replace(table=down), 40)) == ["MOCK HW", "table down-stairs: broker down"]


@pytest.mark.parametrize("broker", ["mqtt://lost-and-found.local", "mqtt://busy-bee.local:1883"])
def test_a_broker_named_with_a_word_of_trouble_gives_way_like_any_calm_link(broker):
    connecting = said(TableLinkState(TableLinkStatus.CONNECTING, "club-1", broker))
    assert not connecting.must_act
    assert parts(status_text(CALM._replace(table=connecting), 40)) == ["MOCK HARDWARE…", "Kursk, second evening"]


def test_a_board_that_could_not_start_stays_on_a_narrow_line_whatever_its_error_says():
    failed = StatusPart("board could not start: [Errno 13] Permission denied: '/dev/ttyACM0'", must_act=True)
    line = status_text(CALM._replace(board=failed), 40)
    assert parts(line)[0] == "MOCK HW" and parts(line)[1].startswith("board could not start")
    assert len(line) <= 40


@pytest.mark.parametrize(("state", "must_act"), [
    (BoardLinkState(LinkStatus.SEARCHING), False),
    (BoardLinkState(LinkStatus.CONNECTED, firmware="1.2.0", protocol="1.0"), False),
    (BoardLinkState(LinkStatus.CONNECTED, firmware="1.2.0", protocol="1.0", damaged_frames=1, last_damage="CRC"), True),
    (BoardLinkState(LinkStatus.LOST, reason="the board was unplugged"), True),
    (BoardLinkState(LinkStatus.BUSY), True),
    (TableLinkState(TableLinkStatus.CONNECTED, "club-1", "mqtt://down.local", waiting=3), False),
    (TableLinkState(TableLinkStatus.CONNECTED, "club-1", "mqtt://a", refused_presses=1, last_refusal="bad token"),
     True),
    (TableLinkState(TableLinkStatus.REFUSED, "club-1", "mqtt://a", reason="not authorised"), True),
], ids=["searching", "connected", "damaged frames", "lost", "busy", "publishing", "presses refused", "broker refused"])
def test_each_link_says_whether_the_player_must_act_on_it(state, must_act):
    assert state.must_act is must_act


@pytest.mark.parametrize("hardware", ["MOCK HARDWARE (no GPIO found)", "GPIO: lgpio"])
@pytest.mark.parametrize("width", [78, 98], ids=["80 columns", "100 columns"])
def test_a_games_file_gone_or_replaced_is_read_whole_with_the_hardware_at_80_and_100_columns(
        tmp_path, hardware, width):
    replaced = tmp_path / "games.sqlite3"
    replaced.write_bytes(b"")
    for path in (Path("/home/pi/.local/share/companion/games.sqlite3"), replaced):
        why = not_the_file_opened(path, opened=(0, 0))
        assert why is not None
        line = status_text(CALM._replace(hardware=StatusPart(hardware), storage=f"not saved: {why}", game="Game 1"),
                           width)
        fault, shown = parts(line)[:2]
        assert fault == f"not saved: {without_folders(why)}", line
        assert shown == short_hardware(hardware) or hardware.startswith(shown.removesuffix("…")), line
        assert len(line) <= width


def test_at_80_columns_the_mock_hardware_warning_is_read_whole_and_the_games_file_gives_way_to_it():
    fake_board = StatusPart("fake " + str(BoardLinkState(LinkStatus.CONNECTED, "/dev/pts/3", firmware="1.2.0",
                                                         protocol="1.0")))
    line = status_text(CALM._replace(board=fake_board, game="Game 1"), WIDTHS["80 columns"])
    assert parts(line) == ["MOCK HARDWARE (no GPIO found)", "fake board connected", "speech off", "Game 1"]
