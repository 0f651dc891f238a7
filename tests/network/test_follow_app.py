"""`companion follow` over a real mosquitto: the table's game on the same screens, live, read only;
a late joiner equal to the authority; a broker restart losing nothing; the club view."""

import random
import subprocess
import sys
from datetime import UTC, datetime

import paho.mqtt.publish as publish
import pytest
from paho.mqtt.enums import MQTTProtocolVersion
from textual.geometry import Region
from textual.widgets import DataTable, Input

from companion.dice.rules import DiceRules, RollDice
from companion.games.conflict_of_heroes.view import UNIT_COLUMNS
from companion.games.registry import GAMES
from companion.journal.store import GameStore
from companion.network.games_file import PublishedGames
from companion.network.messages import StateMessage
from companion.network.topics import CLUB, TableTopics
from companion.status_part import StatusPart
from companion.tui.app import CompanionApp
from companion.tui.conflict_of_heroes.screen import ConflictOfHeroesScreen
from companion.tui.follow_app import FollowerApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.fairness import FairnessScreen
from companion.tui.screens.tables import TablesScreen
from companion.tui.widgets.action_bar import ActionBar
from companion.tui.widgets.big_number import BigNumber
from drivers.table_follower import TableFollower
from drivers.table_link import TableLink
from tests.conflict_of_heroes.conftest import only, rules
from tests.conflict_of_heroes.test_public import hit_squad
from tests.network.conftest import Recorder, retained, table_settings
from tests.network.tables import AuthorityParts, table_companion, until
from tests.network.test_app_authority import FAST
from tests.pilot import press, settle
from tests.tui.screen_text import painted
from tests.tui.test_footer import footer_text

SIZE = (100, 30)


def following(app: FollowerApp):
    """The follower's game on screen, or None."""
    screen = app._game_screen()
    return screen.session if screen is not None else None


def shows_state_of(follower: FollowerApp, authority: CompanionApp):
    """The follower's screen shows exactly what the authority's does (a dice game hides nothing)."""
    def condition() -> bool:
        session = following(follower)
        return session is not None and session.state == authority.screen.session.state  # type: ignore[attr-defined]
    return condition


async def test_a_follower_shows_the_authority_game_live_on_the_dice_screen_and_refuses_presses(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    authority = CompanionApp(companion, start_kind="dice")
    follower = FollowerApp(table_settings(broker), "club-1")
    try:
        async with authority.run_test(size=SIZE) as table, follower.run_test(size=SIZE) as watcher:
            await until(follower, lambda: following(follower) is not None)
            assert isinstance(follower.screen, DiceScreen)
            for _ in range(3):
                await press(table, "space")
                await until(follower, shows_state_of(follower, authority))
                total = authority.screen.session.state.last.roll.total  # type: ignore[attr-defined]
                await watcher.pause()
                assert follower.screen.query_one("#total", BigNumber).value == str(total)
            assert follower.status.hardware == StatusPart("READ-ONLY: following table club-1", must_act=True)
            assert follower.screen.query_one(ActionBar).taps == ()
            assert authority.screen.query_one(ActionBar).taps
            assert follower.status.table == StatusPart("table club-1: live")
            await watcher.press("space")
            await watcher.pause()
            assert [n.message for n in follower._notifications][-1] == "read-only: following table club-1"
            await settle(table)
            assert authority.screen.session.state.rolls == 3  # type: ignore[attr-defined]
    finally:
        companion.close()


async def test_a_follower_joining_late_shows_the_same_state_as_the_authority(tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    authority = CompanionApp(companion, start_kind="dice")
    try:
        async with authority.run_test(size=SIZE) as table:
            await until(authority, lambda: "connected" in authority.status.table.text)
            await press(table, "space", "space", "5", "3", "space")
            # all published
            await until(authority, lambda: authority.status.table == StatusPart("table club-1: connected"))
            follower = FollowerApp(table_settings(broker), "club-1")
            async with follower.run_test(size=SIZE) as watcher:
                await until(follower, shows_state_of(follower, authority))
                assert following(follower).head == authority.screen.session.head  # type: ignore[attr-defined]
                await watcher.pause()  # the screen just pushed is mounted before the app exits
    finally:
        companion.close()


async def test_a_broker_restart_loses_nothing_for_a_follower_and_its_status_line_says_so_meanwhile(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    authority = CompanionApp(companion, start_kind="dice")
    follower = FollowerApp(table_settings(broker), "club-1")
    try:
        async with authority.run_test(size=SIZE) as table, follower.run_test(size=SIZE) as watcher:
            await press(table, "space")
            await until(follower, shows_state_of(follower, authority))
            broker.stop()
            await until(follower, lambda: "broker down" in follower.status.table.text)
            assert "showing the last state received" in follower.status.table.text and follower.status.table.must_act
            await press(table, "space", "space")  # played on at the table meanwhile
            await until(authority, lambda: "playing on locally" in authority.status.table.text)
            broker.start()
            caught_up = shows_state_of(follower, authority)
            # The retained state and the authority's "online" come back separately, in either order.
            await until(follower, lambda: caught_up() and follower.status.table == StatusPart("table club-1: live"),
                        timeout=30)
            assert following(follower).state.rolls == 3
            await watcher.pause()
    finally:
        companion.close()


async def test_the_club_view_lists_every_table_and_opens_the_one_chosen_with_its_hidden_counter_hidden(
        tmp_path, broker):
    dice = AuthorityParts(table_settings(broker, name="club-1"), tmp_path / "one.sqlite3", "dice",
                          DiceRules(random.Random(2)))
    heroes = AuthorityParts(table_settings(broker, name="club-2"), tmp_path / "two.sqlite3", "conflict_of_heroes",
                            rules(only("pinned")))
    follower = FollowerApp(table_settings(broker), CLUB)
    try:
        dice.execute(RollDice())
        _, squad = hit_squad(heroes.session)
        heroes.link.game_changed(heroes.info.id, heroes.session.committed()[1])
        async with follower.run_test(size=SIZE) as watcher:
            committed = heroes.session.committed()[1]
            await until(follower, lambda: {"club-1", "club-2"} <= follower.tables.keys()
                        and follower.tables["club-2"].view.base is not None
                        and follower.tables["club-2"].view.base.seq == committed)
            assert isinstance(follower.screen, TablesScreen)
            assert follower.status.hardware == StatusPart("READ-ONLY: every table", must_act=True)
            await watcher.press("down", "enter")  # the second table: club-2
            await until(follower, lambda: following(follower) is not None)
            assert isinstance(follower.screen, ConflictOfHeroesScreen)
            units = follower.screen.query_one("#coh-units", DataTable)
            assert str(units.get_row(str(squad))[UNIT_COLUMNS.index("hit")]) == "hit (hidden)"
            await watcher.press("escape")
            assert isinstance(follower.screen, TablesScreen)
    finally:
        dice.close()
        heroes.close()


async def test_a_follower_refuses_every_command_key_at_once_opening_no_form_and_offers_none(
        tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    authority = CompanionApp(companion, start_kind="dice")
    follower = FollowerApp(table_settings(broker), "club-1")
    try:
        async with authority.run_test(size=SIZE), follower.run_test(size=SIZE) as watcher:
            await until(follower, lambda: following(follower) is not None)
            screen = follower.screen
            for key in ("e", "space", "n", "u", "3"):  # e: the Dice… form, refused before it opens
                follower.clear_notifications()
                await watcher.press(key)
                await watcher.pause()
                assert follower.screen is screen, f"{key} opened {follower.screen}"
                assert [n.message for n in follower._notifications] == ["read-only: following table club-1"]
            footer = footer_text(follower)
            assert "Home" in footer and not [word for word in ("Roll", "Next", "Dice") if word in footer], footer
            assert [entry[2] for entry in screen.palette()] == ["fairness"]  # type: ignore[attr-defined]
            await watcher.press("f")  # what only shows something still works: this game's dice fairness
            assert isinstance(follower.screen, FairnessScreen)
            await watcher.press("escape", "g")  # g: the tables, a follower's list of games
            assert isinstance(follower.screen, TablesScreen)
    finally:
        companion.close()


async def test_a_follower_offers_no_screenshot_and_refuses_one_asked_for_by_name_writing_no_file(
        tmp_path, broker, monkeypatch):
    # Where either screenshot would land: the data dir (ours), the folder it runs in (Textual's).
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.setenv("COMPANION_DATA_DIR", str(here / "data"))
    monkeypatch.chdir(here)
    follower = FollowerApp(table_settings(broker), "club-1")
    async with follower.run_test(size=SIZE) as watcher:
        titles = [command.title for command in follower.get_system_commands(follower.screen)]
        assert "Screenshot" not in titles and "Messages" in titles
        follower.take_screenshot()
        await follower.run_action("screenshot")  # Textual's own, by name
        await watcher.pause()
        assert [n.message for n in follower._notifications] == ["read-only: this view saves no files"]
    assert list(here.iterdir()) == []


def test_companion_follow_without_a_broker_says_what_to_give_in_one_line(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[speech]\nenabled = false\n")
    result = subprocess.run([sys.executable, "-m", "companion", "--config", str(config), "follow"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == ("companion: no broker to follow: give --broker mqtt://HOST:PORT, or set broker in the"
                             " config's [table]\n")


MARKUP_NAMES = ("Arnhem [/]", "[@click=app.quit]x[/]", "[bold]x")


async def test_a_followed_games_name_shows_as_typed_in_the_tables_the_header_and_the_status_line(tmp_path, broker):
    tables = [AuthorityParts(table_settings(broker, name=f"club-{number}"), tmp_path / f"{number}.sqlite3", "dice",
                             DiceRules(random.Random(number)), name=name)
              for number, name in enumerate(MARKUP_NAMES, 1)]
    follower = FollowerApp(table_settings(broker), CLUB)
    try:
        async with follower.run_test(size=(120, 30)) as watcher:
            await until(follower, lambda: len(follower.tables) == 3
                        and all(followed.view.base is not None for followed in follower.tables.values()))
            await watcher.pause()
            listed = "\n".join(painted(follower, Region(0, 0, 120, 30)))
            assert all(name in listed for name in MARKUP_NAMES), listed
            await watcher.press("home", "enter")  # club-1: "Arnhem [/]" (the cursor stays on the first table heard)
            await until(follower, lambda: following(follower) is not None)
            await watcher.pause()
            shown = "\n".join(painted(follower, Region(0, 0, 120, 30)))
            assert shown.count("Arnhem [/]") == 2, shown  # the header and the status line
    finally:
        for parts in tables:
            parts.close()


@pytest.mark.parametrize("kind", [game.kind for game in GAMES])
async def test_a_state_with_nothing_of_the_game_in_it_is_refused_for_every_kind_of_game(broker, kind):
    meaningless = StateMessage(game=2, kind=kind, name="Game 2", seq=4, at=datetime.now(UTC), state={"foo": 1})
    publish.single(TableTopics("club-7").state, meaningless.encode(), qos=1, retain=True, hostname="127.0.0.1",
                   port=broker.port, protocol=MQTTProtocolVersion.MQTTv5)
    follower = FollowerApp(table_settings(broker), "club-7")
    refusal = "table club-7's game cannot be shown by this companion ("
    async with follower.run_test(size=SIZE) as watcher:
        await until(follower, lambda: any(n.message.startswith(refusal) for n in follower._notifications))
        await watcher.pause()
        assert following(follower) is None and isinstance(follower.screen, TablesScreen)


async def test_a_game_renamed_at_the_table_is_renamed_on_its_followers_screens_at_once(tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    authority = CompanionApp(companion, start_kind="dice")
    follower = FollowerApp(table_settings(broker), "club-1")
    try:
        async with authority.run_test(size=SIZE) as table, follower.run_test(size=SIZE) as watcher:
            await press(table, "space")
            await until(follower, shows_state_of(follower, authority))
            assert follower.screen.sub_title == following(follower).game.name == "Game 1"
            await table.press("g", "r")  # saved games, rename the game just played
            authority.screen.query_one(Input).value = "Friday night"
            await table.press("enter")
            await until(follower, lambda: following(follower).game.name == "Friday night")
            await watcher.pause()
            assert follower.screen.sub_title == "Friday night"
            assert "companion (following) — Friday night" in painted(follower, Region(0, 0, SIZE[0], 1))[0]
            assert follower.status.game == "Friday night"
            assert following(follower).head == 1  # the same game, the same events: only its name is new
    finally:
        companion.close()


async def test_a_game_deleted_at_the_table_leaves_its_followers_and_the_broker_at_once(tmp_path, broker, mock_factory):
    companion = table_companion(tmp_path, broker, mock_factory)
    authority = CompanionApp(companion, start_kind="dice")
    follower = FollowerApp(table_settings(broker), "club-1")
    try:
        async with authority.run_test(size=SIZE) as table, follower.run_test(size=SIZE) as watcher:
            await press(table, "space")
            await until(follower, shows_state_of(follower, authority))
            await table.press("g", "d")  # saved games, delete the game just played
            authority.screen.query_one(Input).value = "Game 1"
            await table.press("enter")
            deleted = "table club-1's game Game 1 was deleted at the table"
            await until(follower, lambda: any(n.message == deleted for n in follower._notifications))
            await watcher.pause()
            assert isinstance(follower.screen, TablesScreen) and following(follower) is None
            listed = "\n".join(painted(follower, Region(0, 0, SIZE[0], SIZE[1])))
            assert "club-1 · its game Game 1 was deleted; waiting for the next · online" in listed, listed
            # A tab opened now (a late joiner) finds no game to open.
            assert retained(broker, TableTopics("club-1").state) is None
    finally:
        companion.close()


def test_a_game_deleted_from_the_command_line_while_its_companion_was_away_leaves_the_broker_when_it_is_back(
        tmp_path, broker):
    seen = Recorder()
    follower = TableFollower(table_settings(broker), seen, **FAST).start()
    parts = AuthorityParts(table_settings(broker), tmp_path / "games.sqlite3", "dice", DiceRules(random.Random(1)))
    try:
        parts.execute(RollDice())
        seen.wait_for(lambda got: bool(got) and got[-1].view.base is not None and got[-1].view.base.seq == 1)
        game = parts.info.id
        parts.close()
        command_line = GameStore(tmp_path / "games.sqlite3")  # `companion games delete`, the app not running
        command_line.delete(game)
        command_line.close()
        assert retained(broker, TableTopics("club-1").state) is not None
        # The companion starts again, on its home screen: no game open, nothing of its own to publish.
        published = PublishedGames(tmp_path / "games.sqlite3", lambda _: DiceRules(random.Random(1)))
        link = TableLink(table_settings(broker), published, lambda press: None, **FAST).start()
        try:
            last = seen.wait_for(lambda got: got[-1].view.deleted != "")[-1]
            assert (last.view.game, last.view.deleted) == (None, "Game 1")
            assert retained(broker, TableTopics("club-1").state) is None
        finally:
            link.stop()
            published.close()
    finally:
        follower.stop()


def test_deleting_another_game_than_the_tables_leaves_the_tables_game_on_the_broker(tmp_path, broker):
    seen = Recorder()
    follower = TableFollower(table_settings(broker), seen, **FAST).start()
    parts = AuthorityParts(table_settings(broker), tmp_path / "games.sqlite3", "dice", DiceRules(random.Random(1)))
    try:
        parts.execute(RollDice())
        seen.wait_for(lambda got: bool(got) and got[-1].view.base is not None and got[-1].view.base.seq == 1)
        other = parts.store.create_game("dice", "Other")
        parts.store.delete(other.id)
        parts.link.game_deleted(other.id)
        parts.execute(RollDice())  # goes out after the deletion is taken in
        seen.wait_for(lambda got: got[-1].view.base is not None and got[-1].view.base.seq == 2)
        assert all(followed.view.deleted == "" for followed in seen.items)
        kept = retained(broker, TableTopics("club-1").state)
        assert kept is not None and StateMessage.model_validate_json(kept).game == parts.info.id
    finally:
        follower.stop()
        parts.close()


def test_a_game_renamed_from_the_command_line_goes_out_with_the_tables_next_state(tmp_path, broker):
    seen = Recorder()
    follower = TableFollower(table_settings(broker), seen, **FAST).start()
    parts = AuthorityParts(table_settings(broker), tmp_path / "games.sqlite3", "dice", DiceRules(random.Random(1)))
    try:
        parts.execute(RollDice())
        seen.wait_for(lambda got: bool(got) and got[-1].view.base is not None and got[-1].view.base.seq == 1)
        command_line = GameStore(tmp_path / "games.sqlite3")  # `companion games rename`, a process of its own
        command_line.rename(parts.info.id, "Saturday")
        command_line.close()
        parts.execute(RollDice())
        last = seen.wait_for(lambda got: got[-1].view.base is not None and got[-1].view.base.seq == 2)[-1]
        assert last.view.base.name == "Saturday"
    finally:
        follower.stop()
        parts.close()
