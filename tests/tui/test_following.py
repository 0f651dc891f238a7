"""A second companion on a data dir another one holds: a read-only view that follows the first."""

import random

from companion.dice.rules import DiceRules, RollDice
from companion.journal.lock import DataDirLock
from companion.journal.store import GameStore
from companion.session import GameSession
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.widgets.action_bar import ActionBar
from companion.tui.widgets.status_line import StatusLine
from tests.pilot import settle

SIZE = (120, 36)


def first_companion(companion):
    """The companion at the table: it holds the data dir and has a dice game open."""
    lock = DataDirLock(companion.data_dir)
    lock.acquire()
    store = GameStore(companion.store.path)  # its own connection to the same games file
    game = store.create_game("dice")
    lock.record(game.id)
    return lock, GameSession(store, game, DiceRules(random.Random(4)))


async def test_the_view_opens_the_game_the_first_companion_plays_and_follows_its_rolls(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert app.screen.session.game.id == playing.game.id
        rolled = [playing.execute(RollDice())[0].event.total for _ in range(3)]
        app._follow()  # what the view's timer does a few times a second
        await pilot.pause()
        assert app.screen.session.state.rolls == 3
        assert app.screen.session.state.last.roll.total == rolled[-1]
        status = str(app.screen.query_one(StatusLine).render())
        assert "READ-ONLY: following the companion of process" in status
        assert app.screen.query_one(ActionBar).taps == ()  # no buttons where every press is refused
    playing.close()
    lock.release()


async def test_a_press_in_the_view_is_refused_on_screen_and_writes_nothing(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot)
        assert [n.message for n in app._notifications][-1].endswith("read-only here: nothing can be saved")
        assert companion.store.last_seq(playing.game.id) == 0
    playing.close()
    lock.release()


async def test_when_the_first_companion_leaves_its_game_the_view_goes_home(companion):
    lock, playing = first_companion(companion)
    companion.store.readonly = True
    app = CompanionApp(companion, following=lock.holder())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lock.record(None)
        app._follow()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    playing.close()
    lock.release()
