"""The host driver against fake boards on real ptys: presses once, unplug and replug, corruption."""

import os
import tty

import pytest

from companion.hardware.board_link import LinkStatus
from companion.hardware.controls import FACES, SIDES, Control, ControlPressed
from drivers.serial_board import SerialBoard, control_pressed, discover_ports
from firmware_bridge import protocol
from firmware_bridge.board_facts import BoardEvent


def started(board_path, presses, states, **options) -> SerialBoard:
    return SerialBoard(presses, states, port=board_path, **options).start()


def test_a_press_on_the_fake_board_arrives_once_as_a_board_control(fake_board, recorder):
    presses, states = recorder(), recorder()
    link = started(fake_board.path, presses, states)
    try:
        connected = states.wait_for_status(LinkStatus.CONNECTED)
        assert (connected.firmware, connected.protocol) == ("1.1.0", "1.1")
        assert connected.board_id == "fa4eb0a4d0000001"
        fake_board.command("press roll")
        fake_board.command("face 4")
        # Once every event (the release too) is acknowledged, exactly these presses arrived.
        fake_board.command("settle")
        assert presses.items == [ControlPressed(Control.ROLL, None, "board"),
                                 ControlPressed(Control.FACE, 4, "board")]
    finally:
        link.stop()


def test_unplug_shows_lost_then_replug_connects_and_a_press_made_meanwhile_is_not_delivered_stale(
        fake_board, recorder):
    presses, states = recorder(), recorder()
    link = started(fake_board.path, presses, states)
    try:
        states.wait_for_status(LinkStatus.CONNECTED)
        fake_board.command("unplug")
        lost = states.wait_for_status(LinkStatus.LOST, timeout=3)
        assert lost.reason
        fake_board.command("press undo")  # pressed while the cable is out: nobody saw it, it is not kept
        fake_board.command("settle")
        seen = len(states.items)
        fake_board.command("replug")
        states.wait_for_status(LinkStatus.CONNECTED, after=seen, timeout=2.0)
        fake_board.command("press redo")
        fake_board.command("settle")
        assert presses.items == [ControlPressed(Control.REDO, None, "board")]
    finally:
        link.stop()


@pytest.mark.parametrize("board", ["fake_board", "micropython_board"])
def test_presses_made_before_a_host_listens_or_after_it_said_bye_never_reach_the_next_host(
        board, recorder, request):
    fake = request.getfixturevalue(board)
    fake.command("press roll")  # before any host: at the table this would be a stale roll
    fake.command("settle")
    presses, states = recorder(), recorder()
    link = started(fake.path, presses, states)
    try:
        states.wait_for_status(LinkStatus.CONNECTED)
        fake.command("press undo")
        fake.command("settle")
    finally:
        link.stop()  # says BYE
    assert presses.items == [ControlPressed(Control.UNDO, None, "board")]
    fake.command("press redo")  # nobody listens any more
    fake.command("settle")
    assert " unheard=4" in " " + fake.command("status")  # two presses, each down and up
    later, states = recorder(), recorder()
    link = started(fake.path, later, states)
    try:
        states.wait_for_status(LinkStatus.CONNECTED)
        fake.command("face 5")
        fake.command("settle")
        assert later.items == [ControlPressed(Control.FACE, 5, "board")]
    finally:
        link.stop()


@pytest.mark.long
def test_ten_thousand_events_through_one_percent_corruption_arrive_once_each_in_order(
        fake_board, recorder):
    presses, states, events = recorder(), recorder(), recorder()
    link = started(fake_board.path, presses, states, on_board_event=events)
    try:
        states.wait_for_status(LinkStatus.CONNECTED)
        fake_board.command("corrupt 0.01")
        fake_board.command("events 10000")
        got = events.wait_for(lambda items: len(items) >= 10_000, timeout=60)
        fake_board.command("corrupt 0")
        assert [e.event_id for e in got] == list(range(10_000))
        assert [e.value for e in got] == [i % 10 + 1 for i in range(10_000)]
        assert len(presses.items) == 10_000
        assert not [s for s in states.items if s.status is LinkStatus.LOST]
    finally:
        link.stop()


def test_damaged_frames_change_nothing_but_are_counted_and_named_in_the_link_state(
        fake_board, recorder):
    presses, states = recorder(), recorder()
    link = started(fake_board.path, presses, states)
    try:
        states.wait_for_status(LinkStatus.CONNECTED)
        fake_board.command("corrupt 0.05")
        fake_board.command("events 200")
        fake_board.command("corrupt 0")
        fake_board.command("settle")
        assert [press.value for press in presses.items] == [i % 10 + 1 for i in range(200)]
        damaged = states.wait_for(lambda items: items[-1].damaged_frames > 0)[-1]
        assert damaged.status is LinkStatus.CONNECTED
        assert f"skipped {damaged.damaged_frames} damaged frame" in str(damaged)
        assert damaged.last_damage in str(damaged)
    finally:
        link.stop()


def test_a_board_found_by_discovery_is_confirmed_by_handshake_and_a_silent_port_is_skipped(
        fake_board, recorder):
    master, slave = os.openpty()  # a serial device that never answers
    tty.setraw(slave)
    try:
        silent = os.ttyname(slave)
        presses, states = recorder(), recorder()
        link = SerialBoard(presses, states, discover=lambda: [silent, fake_board.path]).start()
        try:
            connected = states.wait_for_status(LinkStatus.CONNECTED, timeout=5)
            assert connected.port == fake_board.path
        finally:
            link.stop()
    finally:
        os.close(master)
        os.close(slave)


def test_stop_returns_promptly_and_leaves_the_port_free(fake_board, recorder):
    states = recorder()
    link = started(fake_board.path, recorder(), states)
    states.wait_for_status(LinkStatus.CONNECTED)
    link.stop(timeout=1.0)
    assert not link._thread.is_alive()
    again = recorder()
    second = started(fake_board.path, recorder(), again)  # exclusive=True: it must be free now
    try:
        again.wait_for_status(LinkStatus.CONNECTED)
    finally:
        second.stop()


def test_a_press_arrives_once_from_the_firmware_running_under_micropython(
        micropython_board, recorder):
    presses, states = recorder(), recorder()
    link = started(micropython_board.path, presses, states)
    try:
        connected = states.wait_for_status(LinkStatus.CONNECTED, timeout=5)
        assert connected.board_id == b"unixport".hex()
        micropython_board.command("press roll")
        micropython_board.command("face 6")
        micropython_board.command("settle")
        assert presses.items == [ControlPressed(Control.ROLL, None, "board"),
                                 ControlPressed(Control.FACE, 6, "board")]
    finally:
        link.stop()


def test_releases_and_holds_are_not_presses_but_side_buttons_carry_their_side():
    assert control_pressed(BoardEvent(1, protocol.BUTTON_UP, 1, 0)) is None
    assert control_pressed(BoardEvent(1, protocol.BUTTON_HELD, 1, 0)) is None
    assert control_pressed(BoardEvent(1, protocol.BUTTON_DOWN, protocol.CONTROL_CODES["side"], 2)) == \
        ControlPressed(Control.SIDE, 2, "board")


def test_discovery_takes_by_id_links_that_look_like_a_board_once_each(tmp_path):
    target = tmp_path / "ttyACM0"
    target.touch()
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00").symlink_to(target)
    (by_id / "usb-Raspberry_Pi_Pico_e6614c311b7e6f35-if00").symlink_to(target)
    (by_id / "usb-Garmin_GPS-if00").symlink_to(tmp_path / "ttyUSB0")
    assert discover_ports(by_id) == [str(by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00")]


@pytest.mark.parametrize("board", ["fake_board", "micropython_board"])
def test_events_with_a_side_or_face_out_of_range_are_counted_and_shown_never_pressed(board, recorder, request):
    fake = request.getfixturevalue(board)
    presses, states, events = recorder(), recorder(), recorder()
    link = started(fake.path, presses, states, on_board_event=events)
    try:
        states.wait_for_status(LinkStatus.CONNECTED, timeout=5)
        fake.command(f"raw {protocol.BUTTON_DOWN} {protocol.CONTROL_CODES['side']} 3")
        fake.command(f"raw {protocol.FACE} 0 11")
        fake.command(f"raw {protocol.FACE} 0 -1")
        fake.command("press roll")
        fake.command("settle")
        assert presses.items == [ControlPressed(Control.ROLL, None, "board")]
        bad = states.wait_for(lambda items: items[-1].bad_events == 3)[-1]
        assert bad.status is LinkStatus.CONNECTED
        assert str(bad).endswith("; ignored 3 bad events (last: face -1 is not 0 to 10)")
        assert "side 3 down (ignored: side 3 is not 1 or 2)" in str(events.items[0])
    finally:
        link.stop()


@pytest.mark.parametrize(("kind", "code", "value"), [
    (protocol.BUTTON_DOWN, protocol.CONTROL_CODES["side"], 0),
    (protocol.BUTTON_DOWN, protocol.CONTROL_CODES["side"], 3),
    (protocol.FACE, 0, 11),
    (protocol.FACE, 0, -5),
])
def test_an_event_out_of_range_means_no_press(kind, code, value):
    event = BoardEvent(1, kind, code, value)
    assert event.problem
    assert control_pressed(event) is None


@pytest.mark.parametrize(("control", "value"), [(Control.SIDE, 3), (Control.SIDE, None), (Control.FACE, 11),
                                                (Control.FACE, None)])
def test_a_press_with_a_side_or_face_that_cannot_be_does_not_exist(control, value):
    with pytest.raises(ValueError, match="is not"):
        ControlPressed(control, value)


def test_the_protocol_and_the_app_agree_on_faces_and_sides():
    assert list(FACES) == list(range(protocol.FACE_MIN, protocol.FACE_MAX + 1))
    assert SIDES == protocol.SIDES


def test_discovery_puts_the_udev_rules_companion_board_link_first_and_lists_its_device_once(tmp_path):
    target = tmp_path / "ttyACM0"
    target.touch()
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00").symlink_to(target)
    udev_link = tmp_path / "companion-board"
    udev_link.symlink_to(target)
    assert discover_ports(by_id, udev_link) == [str(udev_link)]
    assert discover_ports(by_id, tmp_path / "absent") == [
        str(by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00")]


def test_a_board_found_by_its_companion_board_link_connects_and_its_presses_arrive(fake_board, recorder, tmp_path):
    udev_link = tmp_path / "companion-board"
    udev_link.symlink_to(fake_board.path)
    presses, states = recorder(), recorder()
    link = SerialBoard(presses, states, discover=lambda: discover_ports(tmp_path / "no-by-id", udev_link)).start()
    try:
        connected = states.wait_for_status(LinkStatus.CONNECTED)
        assert connected.port == str(udev_link)
        fake_board.command("press roll")
        fake_board.command("settle")
        assert presses.items == [ControlPressed(Control.ROLL, None, "board")]
    finally:
        link.stop()
