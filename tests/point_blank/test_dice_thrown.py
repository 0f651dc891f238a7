"""Point Blank's dice as `companion stats` reads them: each d6 thrown in a real-dice game and the AEO's
physical dice, by who threw them."""

import json
import random

import pytest

from companion.dice.journal_dice import UNDO_EVENTS, tally_journal, voided_decisions
from companion.games.kit.faces import EraseFace
from companion.games.point_blank.aeo.commands import KeyAeoDie, ResolveAeoAction, RollAeoDice
from companion.games.point_blank.aeo.events import AeoRolled
from companion.games.point_blank.aeo.models import ChartAnswer
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.commands import EndImpulse, EnterPip, RollDie, SetUpGame, StartCheck
from companion.games.point_blank.dice_thrown import DICE_EVENTS
from companion.games.point_blank.events import DieThrown
from companion.games.point_blank.rules import PointBlankRules
from companion.games.rules import Undo
from companion.journal.store import GameStore, RawRecord
from companion.session import GameSession
from tests.point_blank.playing import SQUAD
from tests.point_blank.solo import GRENADIERS, acting, solo_game, to_the_roll


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


def test_the_aeos_physical_dice_count_in_a_game_read_from_cards_the_first_face_keyed_by_hand(session):
    """12.2.3 and 12.3.4.5: the AEO's 2d6 and its smoke d6 are physical dice even where checks are
    read from cards; a roll whose first die was keyed and second rolled by the button counts each apart."""
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (SQUAD, 1, "B2", "clear"))
    acting(session, "move")  # keyed 2 and 3
    session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B2/2", to="B1/2")))
    session.execute(EnterPip(pip=1))  # the smoke attempt fails
    session.execute(ResolveAeoAction())
    session.execute(KeyAeoDie(face=4))  # the move goes ahead
    session.execute(ResolveAeoAction())
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    to_the_roll(session)
    session.execute(KeyAeoDie(face=5))
    (rolled,) = session.execute(RollAeoDice())
    store, game = session.store, session.game
    session.close()

    voided = voided_decisions(store.raw_records(game.id, types=UNDO_EVENTS))
    statistics = tally_journal(store.raw_records(game.id), DICE_EVENTS, voided)

    assert isinstance(rolled.event, AeoRolled) and rolled.event.faces[0] == 5
    assert statistics.faces_of(6, "physical").counts == (0, 1, 1, 1, 1, 0)
    generated = [0] * 6
    generated[rolled.event.faces[1] - 1] = 1
    assert statistics.faces_of(6, "generated").counts == tuple(generated)


@pytest.mark.parametrize(("erased", "physical"), [(False, 1), (True, 0)], ids=["kept", "erased"])
def test_an_older_games_roll_whose_first_die_was_keyed_counts_that_die_as_physical(session, erased, physical):
    """A game saved before a roll said `first_keyed`: the first die keyed just before the button
    rolled the second is its first face, so it counts apart, as it does in a newer game; a die
    keyed and erased leaves the roll the button's."""
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (SQUAD, 1, "B2", "clear"))
    to_the_roll(session)
    session.execute(KeyAeoDie(face=5))
    if erased:
        session.execute(EraseFace())
    (rolled,) = session.execute(RollAeoDice())
    store, game = session.store, session.game
    session.close()
    records = [older(raw) for raw in store.raw_records(game.id)]

    statistics = tally_journal(records, DICE_EVENTS, voided_decisions(store.raw_records(game.id, types=UNDO_EVENTS)))

    first = rolled.event.faces[0]
    assert erased or first == 5
    assert statistics.faces_of(6, "physical").counts[first - 1] == physical
    assert statistics.faces_of(6, "physical").rolls == physical
    assert statistics.faces_of(6, "generated").rolls == 2 - physical


def older(raw: RawRecord) -> RawRecord:
    """The row as a companion before `first_keyed` saved it."""
    if raw.type != "pb_aeo_rolled":
        return raw
    payload = json.loads(raw.payload)
    del payload["first_keyed"]
    return raw._replace(payload=json.dumps(payload))
