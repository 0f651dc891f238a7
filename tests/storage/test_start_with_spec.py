"""`companion dice 3d6`: a new dice game is saved with its spec in one transaction, and a games file
another program locks never holds the screen up."""

import contextlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from companion.dice.events import SpecChosen
from companion.dice.rules import DiceRules
from companion.dice.spec import DiceSpec
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from tests.pilot import press, settle
from tests.storage.conftest import fill, room_for_one_more_frame
from tests.storage.test_faults_in_app import status, wired_on

SIZE = (120, 36)
THREE_D6 = DiceSpec.parse("3d6")


def in_the_file(path: Path) -> list[tuple[str, int | None, str | None]]:
    """Every game with its events, as another program reads the games file now."""
    with contextlib.closing(sqlite3.connect(path)) as reader:
        return reader.execute("SELECT g.name, e.seq, e.type FROM games g LEFT JOIN events e ON e.game_id = g.id"
                              " ORDER BY g.id, e.seq").fetchall()


def after(obj: object, name: str, then: Callable[[], None], monkeypatch) -> None:
    """`then` runs each time `obj.name` has returned."""
    method = getattr(obj, name)

    def and_then(*args, **kwargs):
        result = method(*args, **kwargs)
        then()
        return result

    monkeypatch.setattr(obj, name, and_then)


async def test_a_new_dice_game_started_with_a_spec_holds_it_from_its_first_commit_and_commits_nothing_more(
        companion, monkeypatch):
    """Before, the game was committed, then its spec: a crash between the two left a game of 2d6."""
    seen: list[list[tuple[str, int | None, str | None]]] = []
    after(companion.store, "create_game", lambda: seen.append(in_the_file(companion.store.path)), monkeypatch)
    app = CompanionApp(companion, start_kind="dice", start_spec=THREE_D6)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, DiceScreen) and app.screen.session.state.spec == THREE_D6
        assert seen == [[("Game 1", 1, "spec_chosen")]]
        assert in_the_file(companion.store.path) == seen[0]  # nothing committed after the game's creation
    (game,) = companion.store.games()
    (first,) = companion.store.records(game.id, DiceRules.events)
    assert first.seq == 1 and first.event == SpecChosen(spec=THREE_D6)


async def test_a_new_dice_game_whose_spec_cannot_be_saved_with_it_is_not_created(small_disk, mock_factory, clock):
    """Room for the game's row but not its spec: before, the game was saved without it (2d6), and opened."""
    companion = wired_on(small_disk / "data", mock_factory, clock)
    fill(small_disk, room=room_for_one_more_frame(companion.store.path.with_name("games.sqlite3-wal")))
    app = CompanionApp(companion, start_kind="dice", start_spec=THREE_D6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert [said.message for said in app.said] == [
            f"A new Dice roller game cannot start: {companion.store.path}: the disk is full"]
    assert companion.store.games() == [] and in_the_file(companion.store.path) == []
    companion.close()


async def test_a_new_dice_game_on_a_games_file_another_program_locks_is_refused_at_once_and_keeps_the_dice_for_the_next(
        companion, other_program):
    lock = other_program(companion.store.path)
    app = CompanionApp(companion, start_kind="dice", start_spec=THREE_D6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert [said.message for said in app.said] == [
            f"A new Dice roller game cannot start: {companion.store.path}: the games file is locked by another program"]
        assert in_the_file(companion.store.path) == []
        lock.execute("ROLLBACK")
        await press(pilot, "enter")  # New Dice roller game, once the other program has let go
        assert isinstance(app.screen, DiceScreen) and app.screen.session.state.spec == THREE_D6
    assert in_the_file(companion.store.path) == [("Game 1", 1, "spec_chosen")]


async def test_a_start_into_a_saved_dice_game_another_program_locks_stays_home_at_once_and_says_so(
        companion, other_program):
    game = companion.store.create_game("dice")
    lock = other_program(companion.store.path)
    app = CompanionApp(companion, start_kind="dice", start_spec=THREE_D6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert [said.message for said in app.said] == [
            f"Game 1 cannot be opened: {companion.store.path}: the games file is locked by another program"]
    lock.execute("ROLLBACK")
    assert companion.store.last_seq(game.id) == 0


async def test_a_lock_taken_the_moment_the_new_dice_game_is_created_leaves_nothing_to_wait_for(
        companion, other_program, monkeypatch):
    """Before, the spec's own commit waited for the lock on the UI thread, 30 s, then was not chosen."""
    after(companion.store, "create_game", lambda: other_program(companion.store.path), monkeypatch)
    app = CompanionApp(companion, start_kind="dice", start_spec=THREE_D6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen) and app.screen.session.state.spec == THREE_D6
        assert not app.said and "waiting" not in status(app)


async def test_a_lock_taken_as_a_saved_dice_game_is_resumed_refuses_its_spec_at_once_in_one_line(
        companion, other_program, monkeypatch):
    """Before, the spec waited for the lock on the UI thread for 30 s: the screen froze."""
    game = companion.store.create_game("dice")
    locks: list[sqlite3.Connection] = []
    after(companion.store, "touch", lambda: locks.append(other_program(companion.store.path)), monkeypatch)
    app = CompanionApp(companion, start_kind="dice", start_spec=THREE_D6)
    started = time.monotonic()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert time.monotonic() - started < 10  # a bound far below the 30 s it froze for, never a wait
        assert isinstance(app.screen, DiceScreen) and app.screen.session.state.spec == DiceSpec.parse("2d6")
        assert [said.message for said in app.said] == [
            f"Game 1: 3d6 not chosen: not saved: {companion.store.path}: the games file is locked by another program"]
        locks[0].execute("ROLLBACK")
        await settle(pilot)
    assert companion.store.last_seq(game.id) == 0  # given up on: never written, even once the lock went
