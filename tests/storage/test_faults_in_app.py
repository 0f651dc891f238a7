"""Storage faults in the app: a visible refusal or a clear line, the app stays up, nothing unsaved is
shown, and it recovers by itself when the storage works again."""

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable

from companion.bootstrap import bootstrap
from companion.dice.events import DiceRolled
from companion.dice.rules import RollDice
from companion.dice.spec import DiceSpec
from companion.games.registry import GAMES
from companion.journal.lock import DataDirLock
from companion.journal.store import GameStore
from companion.tui.app import CompanionApp
from companion.tui.screens.choose_scenario import ScenarioChooser
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.widgets.status_line import StatusLine
from drivers.pin_factory import PinFactoryChoice
from tests.journal_rows import append
from tests.pilot import press, settle
from tests.storage.conftest import fill, room_for_one_more_frame

SIZE = (120, 36)
ENV = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_FAKE_BOARD": "0"}


def wired_on(data_dir: Path, mock_factory, clock):
    return bootstrap(data_dir=data_dir, config_file=Path(os.devnull), seed=7, env={},
                     pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock, fake_board=False)


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_a_full_disk_refuses_the_roll_on_screen_and_the_next_one_saves_once_there_is_room(
        small_disk, mock_factory, clock):
    companion = wired_on(small_disk / "data", mock_factory, clock)
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        assert app.screen.session.state.rolls == 1
        free = fill(small_disk)
        await press(pilot, "space")
        assert app.screen.session.state.rolls == 1  # nothing unsaved is shown
        assert "the disk is full" in app.said[0].message
        assert "not saved" in status(app) and "the disk is full" in status(app)
        free()
        await press(pilot, "space")
        assert app.screen.session.state.rolls == 2
        assert "not saved" not in status(app)
    companion.close()


async def test_a_start_straight_into_dice_on_a_full_disk_stays_home_and_says_the_disk_is_full(
        small_disk, mock_factory, clock):
    companion = wired_on(small_disk / "data", mock_factory, clock)
    game = companion.store.create_game("dice")
    fill(small_disk)
    app = CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("3d6"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.said[0].message.endswith("the disk is full")
    assert companion.store.last_seq(game.id) == 0
    companion.close()


@pytest.mark.parametrize("kind", [game.kind for game in GAMES if game.scenario])
async def test_a_scenario_chosen_on_a_disk_with_room_for_a_game_but_not_its_setup_creates_no_game(
        kind, small_disk, mock_factory, clock):
    """Before, the game was saved in one transaction and its scenario in the next: the first fitted in
    the disk's last pages, the second did not, and an empty game was left, offered to continue."""
    companion = wired_on(small_disk / "data", mock_factory, clock)
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "g", "n", *("down",) * [game.kind for game in GAMES].index(kind), "enter")
        assert isinstance(app.screen, ScenarioChooser)
        fill(small_disk, room=room_for_one_more_frame(companion.store.path.with_name("games.sqlite3-wal")))
        await press(pilot, "down", "enter")  # the first scenario
        assert isinstance(app.screen, HomeScreen)
        assert app.said[0].message.endswith(f"cannot start: {companion.store.path}: "
                                                                      "the disk is full")
        assert companion.store.games() == []
    companion.close()


async def test_another_programs_lock_on_the_games_file_is_said_and_the_roll_lands_when_it_lets_go(
        companion, other_program):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        lock = other_program(companion.store.path)
        await pilot.press("space")
        await pilot.pause()
        assert app.screen.session.busy  # decided, waiting: the screen still answers
        await pilot.press("n")  # the next press is decided on top of it, not lost
        lock.execute("ROLLBACK")
        await settle(pilot)
        assert app.screen.session.state.rolls == 2 and str(app.screen.session.state.spec) == "d10"
        assert "waiting for the games file" not in status(app)


async def test_a_games_file_moved_away_in_play_refuses_each_roll_on_screen_and_saves_again_once_it_is_back(
        companion):
    path = companion.store.path
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        shown = app.screen.session.state
        path.rename(path.with_name("moved.sqlite3"))
        await press(pilot, "space", "space", "space")
        assert app.screen.session.state == shown  # nothing unsaved is shown
        said = f"{path} is gone: put it back or quit and start anew"
        assert app.said[0].message.startswith(f"not saved: {said}")
        assert "not saved" in status(app) and "games.sqlite3 is gone" in status(app)
        path.with_name("moved.sqlite3").rename(path)
        await press(pilot, "space")
        assert app.screen.session.state.rolls == 2
        assert "not saved" not in status(app)
    assert companion.store.last_seq(companion.store.last_game().id) == 2


@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=["100x30", "80x24"])
async def test_a_games_file_deleted_in_play_says_what_to_do_whole_on_the_status_line_of_a_100_and_an_80_column_screen(
        companion, size):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=size) as pilot:
        await press(pilot, "space")
        companion.store.path.unlink()
        await press(pilot, "space")
        told = app.said[0].message  # whole, as Messages shows it
        assert told == f"not saved: {companion.store.path} is gone: put it back or quit and start anew"
        line = status(app)
        assert line.startswith("not saved: games.sqlite3 is gone: put it back or quit and start anew │ MOCK")
        assert len(line) <= size[0] - 2 and ("MOCK HW" in line or "Game 1" in line)


async def test_a_backup_copied_over_the_games_file_in_play_refuses_each_roll_on_screen_in_one_line(
        companion, tmp_path):
    path = companion.store.path
    backup = GameStore(tmp_path / "backup.sqlite3")
    backup.create_game("dice", "Backup")
    backup.close()
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        shown = app.screen.session.state
        subprocess.run(["cp", str(tmp_path / "backup.sqlite3"), str(path)], check=True)
        await press(pilot, "space", "space")
        assert app.screen.session.state == shown  # nothing unsaved is shown
        said = f"{path}: another program wrote over the games file: quit, then copy it there again to play in it"
        assert app.said[0].message == f"not saved: {said}"
        assert "not saved" in status(app) and "wrote over the games file" in status(app)
    assert path.read_bytes() == (tmp_path / "backup.sqlite3").read_bytes()


async def test_a_last_game_this_version_cannot_read_leaves_the_players_at_home_with_the_reason(companion):
    game = companion.store.create_game("dice")
    append(companion.store, game.id, [DiceRolled(spec=DiceSpec.parse("2d6"), faces=(1, 2), source="generated")])
    companion.store._db.execute("UPDATE events SET type = 'dice_exploded', payload = '{\"type\": \"dice_exploded\"}'")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "cannot be opened" in app.said[0].message
        assert "newer one" in app.said[0].message


async def test_a_game_of_a_kind_this_version_does_not_know_is_listed_and_refused_by_name(companion):
    companion.store.create_game("kriegsspiel")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "kriegsspiel" in app.said[0].message
        await pilot.press("g")
        await pilot.pause()
        table = app.screen.query_one("#games", DataTable)
        assert [str(cell) for cell in table.get_row_at(0)][1:3] == ["Game 1", "kriegsspiel"]


def companion_command(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "--data-dir", str(data_dir), *args],
                          capture_output=True, text=True, env=ENV)


def test_deleting_the_game_open_in_the_companion_is_refused_in_one_line(companion):
    game = companion.store.create_game("dice")
    lock = DataDirLock(companion.data_dir)
    lock.acquire()
    lock.record(game.id)
    result = companion_command("games", "delete", str(game.id), data_dir=companion.data_dir)
    lock.release()
    assert result.returncode == 1
    assert result.stderr == f"companion: {game.name} is open in the companion (process {os.getpid()}): " \
        "leave it there first, then delete it\n"
    assert companion.store.games()[0].id == game.id


@pytest.mark.parametrize("command", [("log",), ("log", "--json"), ("games",), ("games", "list"), ("stats",),
                                     ("stats", "--all"), ("games", "rename", "1", "Arnhem"), ("games", "delete", "1")])
def test_the_commands_on_saved_games_make_neither_a_games_file_nor_the_data_dir(tmp_path, command):
    data_dir = tmp_path / "data"
    result = companion_command(*command, data_dir=data_dir)
    assert result.returncode == (0 if command[-1] in ("games", "list") else 1)
    assert "no saved game" in result.stdout + result.stderr
    assert not data_dir.exists()


@pytest.mark.parametrize("command", [("log",), ("games",), ("stats",), ("games", "rename", "1", "Arnhem")])
def test_the_commands_on_saved_games_leave_an_empty_file_in_the_games_files_place_as_it_was(tmp_path, command):
    """An empty SQLite file put where the games file was: `companion games` made its tables in it."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    empty = data_dir / "games.sqlite3"
    sqlite3.connect(empty).close()
    before = empty.read_bytes()
    result = companion_command(*command, data_dir=data_dir)
    assert "no saved game" in result.stdout + result.stderr
    assert empty.read_bytes() == before


def test_the_commands_on_saved_games_make_no_new_games_file_while_the_app_has_a_deleted_one_open(companion):
    _, session = companion.open_game(companion.store.create_game("dice"))
    session.execute(RollDice())
    path = companion.store.path
    path.unlink()  # the app's connections keep the deleted file, and its -wal and -shm beside the path
    for command in ("log", "games", "stats"):
        result = companion_command(command, data_dir=companion.data_dir)
        assert "no saved games yet" in result.stdout + result.stderr
    assert not path.exists()


def test_a_games_file_on_a_read_only_disk_is_read_and_a_change_is_one_line_naming_it(small_disk):
    data_dir = small_disk / "data"
    assert companion_command("games", "rename", "1", "x", data_dir=data_dir).returncode == 1  # none yet
    wired = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), env={})
    wired.store.create_game("dice", "Kursk")
    wired.close()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    listed = companion_command("games", data_dir=data_dir)
    assert listed.returncode == 0 and "Kursk" in listed.stdout
    renamed = companion_command("games", "rename", "1", "Arnhem", data_dir=data_dir)
    assert renamed.returncode == 1
    assert renamed.stderr == f"companion: {data_dir / 'games.sqlite3'}: the disk is read-only: nothing can be saved\n"


@pytest.fixture
def folder_only_root_writes() -> Iterator[Path]:
    """A folder anyone may read and only root may write (pytest's own folders let no one else in)."""
    if os.geteuid() != 0:
        pytest.skip("needs root: the command runs as nobody in a folder only root may write")
    folder = Path(tempfile.mkdtemp(prefix="companion-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def as_nobody(*args: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """`companion ...` run as the user nobody, on the games in `folder / "data"`."""
    return subprocess.run([sys.executable, "-m", "companion", "--config", os.devnull, "--data-dir",
                           str(folder / "data"), *args], capture_output=True, text=True, cwd=folder,
                          env={**ENV, "HOME": str(folder), "PYTHONDONTWRITEBYTECODE": "1"},
                          user="nobody", group="nogroup", extra_groups=[])


def test_games_in_a_folder_this_user_may_not_write_are_listed_and_logged_and_a_change_is_one_line_naming_it(
        folder_only_root_writes):
    folder = folder_only_root_writes
    wired = bootstrap(data_dir=folder / "data", config_file=Path(os.devnull), seed=3, env={})
    _, session = wired.open_game(wired.store.create_game("dice", "Kursk"))
    (first,) = session.execute(RollDice())
    wired.close()
    assert sorted(p.name for p in (folder / "data").iterdir()) == ["games.sqlite3"]  # nobody may make its -wal

    listed = as_nobody("games", folder=folder)
    assert listed.returncode == 0 and "Kursk" in listed.stdout, listed.stderr
    logged = as_nobody("log", folder=folder)
    assert logged.returncode == 0 and logged.stdout.splitlines()[1].endswith(first.event.describe()), logged.stderr
    assert as_nobody("stats", folder=folder).returncode == 0
    renamed = as_nobody("games", "rename", "1", "Arnhem", folder=folder)
    path = folder / "data" / "games.sqlite3"
    assert (renamed.returncode, renamed.stderr) == (
        1, f"companion: {path}: the games file is read-only: nothing can be saved\n")
    assert sorted(p.name for p in (folder / "data").iterdir()) == ["games.sqlite3"]


def test_games_in_a_folder_this_user_may_not_write_are_logged_up_to_the_roll_the_companion_just_saved(
        folder_only_root_writes):
    folder = folder_only_root_writes
    wired = bootstrap(data_dir=folder / "data", config_file=Path(os.devnull), seed=3, env={})
    _, session = wired.open_game(wired.store.create_game("dice", "Kursk"))
    rolls = [session.execute(RollDice())[0] for _ in range(2)]  # in the -wal, while the companion plays on
    logged = as_nobody("log", folder=folder)
    wired.close()
    assert logged.returncode == 0, logged.stderr
    assert logged.stdout.splitlines()[0] == "# Kursk (Dice roller), 2 events"
    assert logged.stdout.splitlines()[2].endswith(rolls[1].event.describe())


async def test_on_a_read_only_disk_the_app_says_so_and_refuses_a_roll(small_disk, mock_factory, clock):
    data_dir = small_disk / "data"
    first = wired_on(data_dir, mock_factory, clock)
    first.store.create_game("dice")
    first.close()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    companion = wired_on(data_dir, mock_factory, clock)
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "space")
        assert isinstance(app.screen, DiceScreen) and app.screen.session.state.rolls == 0
        assert "the disk is read-only: nothing can be saved" in app.said[0].message
        assert "read-only: the disk is read-only" in status(app)
    companion.close()
