"""Point Blank's dice as `companion stats` reads them: each d6 thrown in a real-dice game, by who threw it."""

import random

from companion.dice.journal_dice import UNDO_EVENTS, tally_journal, voided_decisions
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.commands import EnterPip, RollDie, SetUpGame, StartCheck
from companion.games.point_blank.dice_thrown import DICE_EVENTS
from companion.games.point_blank.events import DieThrown
from companion.games.point_blank.rules import PointBlankRules
from companion.games.rules import Undo
from companion.journal.store import GameStore
from companion.session import GameSession


def test_dice_rolled_by_the_companion_and_keyed_in_count_apart_and_undoing_a_result_keeps_the_die(tmp_path):
    store = GameStore(tmp_path / "games.sqlite3")
    game = GameSession(store, store.create_game("point_blank"), PointBlankRules(random.Random(3)))
    game.execute(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3), hand_size=5, dice_mode=True))
    game.execute(StartCheck(check=PlainCheck(cards=2)))
    (rolled, *_) = game.execute(RollDie())
    game.execute(EnterPip(pip=4))
    game.execute(StartCheck(check=PlainCheck()))
    game.execute(EnterPip(pip=4))
    game.execute(Undo())  # the last check's result: its die stays thrown
    game.close()

    voided = voided_decisions(store.raw_records(game.game.id, types=UNDO_EVENTS))
    statistics = tally_journal(store.raw_records(game.game.id), DICE_EVENTS, voided)
    store.close()

    assert isinstance(rolled.event, DieThrown) and voided

    generated = [0] * 6
    generated[rolled.event.face - 1] = 1
    assert statistics.faces_of(6, "generated").counts == tuple(generated)
    assert statistics.faces_of(6, "physical").counts == (0, 0, 0, 2, 0, 0)
    assert statistics.faces_of(6).rolls == 3
