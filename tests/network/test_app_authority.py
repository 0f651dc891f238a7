"""The companion app as its table's authority over a real mosquitto: every commit published in order
after it is durable, remote presses applied exactly once (across a broker restart and an app killed
mid-stream), refusals recorded and answered, hidden information kept hidden."""

import asyncio
import json
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.cli import run_command_line
from companion.games.conflict_of_heroes.commands import RevealCounter
from companion.games.conflict_of_heroes.events import HitCounterDrawn
from companion.hardware.controls import Control
from companion.journal.store import GameStore
from companion.network.follower_log import FollowedTable
from companion.network.link_state import TableLinkStatus
from companion.network.messages import Outcome
from companion.network.remote_inputs import PREFIX
from companion.network.topics import TableTopics
from companion.status_part import StatusPart
from companion.tui.app import CompanionApp
from drivers.table_follower import TableFollower
from drivers.table_presser import RemotePresser
from tests.conflict_of_heroes.conftest import only, rules
from tests.conflict_of_heroes.test_public import hit_squad
from tests.network.conftest import Recorder, retained, table_settings
from tests.network.tables import TOKEN, AuthorityParts, start_authority_process, table_companion, table_config, until
from tests.pilot import press, settle

FAST: dict[str, Any] = {"retry_interval": 0.02, "max_retry_interval": 0.2}
SIZE = (100, 30)


def follower(broker, seen: Callable[[FollowedTable], None]) -> TableFollower:
    """A follower subscribed by the time it is returned: it hears every event from here on."""
    states = Recorder()
    started = TableFollower(table_settings(broker), seen, states, **FAST).start()
    states.wait_for_status(TableLinkStatus.CONNECTED)
    return started


def presser(broker, verdicts: Recorder) -> RemotePresser:
    return RemotePresser(table_settings(broker, press_token=TOKEN), "phone of Ann", verdicts, **FAST).start()


def answered(*press_ids: str):
    """A Recorder condition: every press has its verdict."""
    return lambda verdicts: set(press_ids) <= {verdict.id for verdict in verdicts}


async def waited(recorder: Recorder, done, timeout: float = 10.0) -> list:
    """`Recorder.wait_for` off the app's loop, which goes on meanwhile (it is the one to answer)."""
    return await asyncio.to_thread(recorder.wait_for, done, timeout)


def verdicts_by_id(verdicts: Recorder) -> dict[str, tuple[Outcome, str]]:
    return {verdict.id: (verdict.outcome, verdict.reason) for verdict in verdicts.items}


def rolls_in(path: Path) -> list[dict]:
    store = GameStore(path, readonly=True)
    try:
        (game,) = store.games()
        return [json.loads(raw.payload) for raw in store.raw_records(game.id, types=("dice_rolled",))]
    finally:
        store.close()


APP_WITHOUT_A_TABLE = """
import asyncio, os, sys
from pathlib import Path
from gpiozero.pins.mock import MockFactory
from companion.bootstrap import bootstrap
from companion.tui.app import CompanionApp
from drivers.pin_factory import PinFactoryChoice

async def main():
    companion = bootstrap(data_dir=Path(sys.argv[1]), config_file=Path(os.devnull), env={}, fake_board=False,
                          pin_choice=PinFactoryChoice(MockFactory(), "mock", True, "test"))
    app = CompanionApp(companion)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.table.connect()  # as the app does after its first frame, to be sure it has run
        await pilot.press("enter")  # a dice game, rolled
        await pilot.press("space")
        await pilot.pause()
        shown = app.screen.query_one("#total").value
    companion.close()
    print(shown, sorted(m for m in sys.modules if m.startswith("companion.network.")))

asyncio.run(main())
"""


def test_without_a_table_configured_the_app_loads_nothing_of_the_table_network_but_its_settings(tmp_path):
    """Its messages and the links' modules stay out of start-up (some 2 % of the first frame)."""
    run = subprocess.run([sys.executable, "-c", APP_WITHOUT_A_TABLE, str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    total, loaded = run.stdout.split(" ", 1)
    assert total.isdigit(), run.stdout
    assert loaded.strip() == "['companion.network.settings', 'companion.network.topics']"


async def test_every_roll_is_published_in_order_once_it_is_committed_with_the_public_state_after_it(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    path = companion.store.path
    committed_when_seen: list[bool] = []

    def seen_by_follower(followed: FollowedTable) -> None:
        # On the follower's thread, the moment an event arrives: the games file has it already.
        reading = GameStore(path, readonly=True)
        committed_when_seen.append(reading.last_seq(followed.view.game or 0) >= followed.view.seq)
        reading.close()
        seen(followed)

    seen = Recorder()
    watcher = follower(broker, seen_by_follower)
    app = CompanionApp(companion, start_kind="dice")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table.text)
            await press(pilot, "space", "space", "space")
            last = (await waited(seen, lambda got: bool(got) and got[-1].view.base is not None
                                 and got[-1].view.base.seq == 3))[-1]
            assert [event.seq for event in last.view.history] == [1, 2, 3]
            assert [event.event for event in last.view.history if event.type == "dice_rolled"] == rolls_in(path)
            shown = app.screen.session  # type: ignore[attr-defined]
            rules = shown.rules
            assert rules.state.validate_json(json.dumps(last.view.base.state)) == shown.state
            assert last.online is True
            # nothing left to publish
            await until(app, lambda: app.status.table == StatusPart("table club-1: connected"))
    finally:
        watcher.stop()
        companion.close()
    assert committed_when_seen and all(committed_when_seen)


async def test_a_remote_press_rolls_once_and_a_resend_of_it_is_answered_already_applied(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    verdicts = Recorder()
    phone = presser(broker, verdicts)
    app = CompanionApp(companion, start_kind="dice")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table.text)
            pressed = phone.press(Control.ROLL)
            await waited(verdicts, answered(pressed))
            await settle(pilot)
            assert app.screen.session.state.rolls == 1  # type: ignore[attr-defined]
            phone.press(Control.ROLL, press_id=pressed)  # sent again, as after a lost link
            await waited(verdicts, lambda got: len(got) == 2)
            await settle(pilot)
            assert [(v.id, v.outcome) for v in verdicts.items] == [
                (pressed, Outcome.APPLIED), (pressed, Outcome.ALREADY_APPLIED)]
            assert app.screen.session.state.rolls == 1  # type: ignore[attr-defined]
    finally:
        phone.stop()
        companion.close()
    run, _, count = pressed.rpartition(":")
    reading = GameStore(tmp_path / "club-1" / "games.sqlite3", readonly=True)
    assert reading.inputs(PREFIX) == {f"remote:{run}": int(count)}
    reading.close()


async def test_a_remote_press_the_game_refuses_is_answered_refused_with_the_reason_and_never_applied_later(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    verdicts = Recorder()
    phone = presser(broker, verdicts)
    app = CompanionApp(companion, start_kind="dice")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table.text)
            refused = phone.press(Control.UNDO)  # nothing to undo yet
            await waited(verdicts, answered(refused))
            await settle(pilot)
            assert "nothing to undo" in [n.message for n in app._notifications], "said at the table too"
            await press(pilot, "space")  # now there is a roll an undo would take back
            phone.press(Control.UNDO, press_id=refused)
            await waited(verdicts, lambda got: len(got) == 2)
            await settle(pilot)
            assert [(v.outcome, v.reason) for v in verdicts.items] == [
                (Outcome.REFUSED, "nothing to undo"), (Outcome.ALREADY_APPLIED, "")]
            state = app.screen.session.state  # type: ignore[attr-defined]
            assert state.last is not None and not state.last.voided
            assert [said.message for said in app.said].count("nothing to undo") == 1, "said once, never again"
    finally:
        phone.stop()
        companion.close()


async def test_a_remote_press_with_no_game_open_works_home_like_a_button_and_is_recorded(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    verdicts = Recorder()
    phone = presser(broker, verdicts)
    app = CompanionApp(companion)  # no saved game: home
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table.text)
            menu = app.screen.query_one("#home-menu")
            before = menu.highlighted  # type: ignore[attr-defined]
            pressed = phone.press(Control.NEXT)
            await waited(verdicts, answered(pressed))
            await pilot.pause()
            assert verdicts.items[0].outcome is Outcome.APPLIED
            assert menu.highlighted == before + 1  # type: ignore[attr-defined]
            run, _, count = pressed.rpartition(":")
            assert companion.store.inputs(PREFIX) == {f"remote:{run}": int(count)}
    finally:
        phone.stop()
        companion.close()


async def test_remote_presses_are_applied_exactly_once_across_a_broker_restart_and_followers_lose_nothing(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    verdicts, seen = Recorder(), Recorder()
    phone, watcher = presser(broker, verdicts), follower(broker, seen)
    app = CompanionApp(companion, start_kind="dice")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(app, lambda: "connected" in app.status.table.text)
            # The game starts with its state; events committed before that state went out would be in
            # it rather than sent one by one, so the presses wait for it.
            await waited(seen, lambda got: bool(got) and got[-1].view.base is not None)
            before = [phone.press(Control.ROLL) for _ in range(5)]
            broker.restart()  # some of them on their way, some applied, some not yet sent
            await press(pilot, "space")  # a roll at the table while the link is (or was) down
            after = [phone.press(Control.ROLL) for _ in range(5)]
            await waited(verdicts, answered(*before, *after), timeout=30)
            await settle(pilot)
            outcomes = verdicts_by_id(verdicts)
            # A press applied just before the restart may come again after it: answered already applied.
            assert {outcome for outcome, _ in outcomes.values()} <= {Outcome.APPLIED, Outcome.ALREADY_APPLIED}
            assert app.screen.session.state.rolls == 11  # type: ignore[attr-defined]
            # The events come first and the state after them, so wait for both.
            last = await waited(seen, lambda got: bool(got) and got[-1].view.seq == 11
                                and got[-1].view.base is not None and got[-1].view.base.seq == 11, timeout=30)
            received = sorted({event.seq for followed in last for event in followed.view.history})
            assert received == list(range(1, 12))  # every event, none missing
    finally:
        phone.stop()
        watcher.stop()
        companion.close()
    assert len(rolls_in(tmp_path / "club-1" / "games.sqlite3")) == 11


def test_remote_presses_are_applied_exactly_once_across_an_authority_killed_mid_stream(tmp_path, broker):
    verdicts, seen = Recorder(), Recorder()
    watcher = follower(broker, seen)
    authority = start_authority_process(tmp_path, broker)
    phone = presser(broker, verdicts)
    pressed: list[str] = []
    try:
        seen.wait_for(lambda got: any(followed.online for followed in got), timeout=30)  # it is up
        pressed += [phone.press(Control.ROLL) for _ in range(10)]
        verdicts.wait_for(lambda got: len(got) >= 3, timeout=30)
        authority.send_signal(signal.SIGKILL)  # mid-stream: some applied and answered, some not yet
        authority.wait(timeout=10)
        pressed += [phone.press(Control.ROLL) for _ in range(5)]
        authority = start_authority_process(tmp_path, broker)
        verdicts.wait_for(answered(*pressed), timeout=60)
    finally:
        phone.stop()
        watcher.stop()
        authority.kill()
        authority.wait(timeout=10)
    outcomes = verdicts_by_id(verdicts)
    assert {outcome for outcome, _ in outcomes.values()} <= {Outcome.APPLIED, Outcome.ALREADY_APPLIED}
    assert len(rolls_in(tmp_path / "club-1" / "games.sqlite3")) == 15


def test_a_conflict_of_heroes_hit_counter_is_in_neither_the_published_events_nor_the_published_state(
        tmp_path, broker):
    seen = Recorder()
    watcher = follower(broker, seen)
    parts = AuthorityParts(table_settings(broker), tmp_path / "games.sqlite3", "conflict_of_heroes",
                           rules(only("pinned")))
    try:
        hit_squad(parts.session)  # commits through the session; the link is told once, as after a press
        parts.link.game_changed(parts.info.id, parts.session.committed()[1])
        drawn = next(r for r in parts.session.records if isinstance(r.event, HitCounterDrawn))
        committed = parts.session.committed()[1]
        last = seen.wait_for(lambda got: bool(got) and got[-1].view.base is not None
                             and got[-1].view.base.seq == committed)[-1]
        events = {event.seq: event for followed in seen.items for event in followed.view.history}
        assert "counter" not in events[drawn.seq].event and "key" not in events[drawn.seq].event
        state = dict(last.view.base.state)
        del state["pools"]  # the piles are public, and hold nothing but Pinned here
        assert "pinned" not in json.dumps(state).lower()
        assert "pinned" not in json.dumps([event.event for event in events.values()
                                           if event.type != "coh_counter_pools_chosen"]).lower()
        assert isinstance(drawn.event, HitCounterDrawn)
        squad = drawn.event.unit
        parts.execute(RevealCounter(unit=squad))  # shown to the opponent: public from then on
        shown = seen.wait_for(lambda got: got[-1].view.base is not None
                              and got[-1].view.base.seq == parts.session.committed()[1])[-1]
        assert shown.view.base is not None and "Pinned" in json.dumps(shown.view.base.state)
    finally:
        watcher.stop()
        parts.close()


async def test_without_a_broker_in_the_config_nothing_connects_and_the_status_line_says_nothing_of_it(companion):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        assert companion.table_link is None and companion.published is None
        assert app.status.table == StatusPart()


@pytest.mark.parametrize("rolls", [1, 0], ids=["rolled", "opened-only"])
async def test_a_game_deleted_from_the_command_line_while_the_app_runs_leaves_the_broker_at_once(
        tmp_path, broker, mock_factory, rolls):
    """`opened-only`: no commit of the app's own came between the game's making and its deletion,
    so the app never read its name back from the games file; it knows the game from opening it."""
    companion = table_companion(tmp_path, broker, mock_factory)
    app = CompanionApp(companion, start_kind="dice")
    seen = Recorder()
    watcher = follower(broker, seen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(rolls):
                await press(pilot, "space")
            await waited(seen, lambda got: bool(got) and got[-1].view.base is not None
                         and got[-1].view.base.seq == rolls)
            await press(pilot, "escape")  # home: the game is left, its state stays on the broker
            command = ["games", "delete", "Game 1", "--data-dir", str(companion.data_dir),
                       "--config", str(table_config(tmp_path, broker))]
            assert run_command_line(command) == 0
            last = (await waited(seen, lambda got: got[-1].view.deleted != ""))[-1]
            assert (last.view.game, last.view.deleted) == (None, "Game 1")
            assert retained(broker, TableTopics("club-1").state) is None
    finally:
        watcher.stop()
        companion.close()


async def test_a_game_renamed_from_the_command_line_while_the_app_plays_it_goes_out_with_its_new_name_at_once(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    app = CompanionApp(companion, start_kind="dice")
    seen = Recorder()
    watcher = follower(broker, seen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await press(pilot, "space")
            await waited(seen, lambda got: bool(got) and got[-1].view.base is not None and got[-1].view.base.seq == 1)
            command = ["games", "rename", "Game 1", "Friday night", "--data-dir", str(companion.data_dir),
                       "--config", str(table_config(tmp_path, broker))]
            assert run_command_line(command) == 0
            last = (await waited(seen, lambda got: got[-1].view.base.name == "Friday night"))[-1]
            assert last.view.base.seq == 1  # no commit since: the same state, under its new name
    finally:
        watcher.stop()
        companion.close()
