"""The dice of a saved game's journal, read row by row from SQLite: undone rolls do not count."""

import random
from collections import Counter

import pytest

from companion.dice.journal_dice import DICE_ROLLER_DICE, UNDO_EVENTS, tally_journal, voided_decisions
from companion.dice.rules import ChooseSpec, DiceRules, EnterFace, RollDice
from companion.dice.spec import DiceSpec
from companion.dice.statistics import EMPTY, DieType, Throw
from companion.games.registry import KINDS, dice_events_of
from companion.games.rules import Redo, Undo
from companion.journal.store import GameStore
from companion.session import GameSession


def dice_game(store: GameStore) -> GameSession:
    return GameSession(store, store.create_game("dice"), DiceRules(random.Random(11)))


def journal_statistics(store: GameStore, game_id: int, kind: str = "dice"):
    voided = voided_decisions(store.raw_records(game_id, types=UNDO_EVENTS))
    return tally_journal(store.raw_records(game_id), dice_events_of(kind), voided)


def test_the_journal_tally_counts_every_roll_in_force_and_none_that_was_undone(store):
    game = dice_game(store)
    for _ in range(20):
        game.execute(RollDice())
    for face in (6, 6, 6, 1):
        game.execute(EnterFace(entered=face))
    game.execute(ChooseSpec(spec=DiceSpec.parse("d10")))
    game.execute(EnterFace(entered=0))
    game.execute(Undo())  # the d10's 10
    game.execute(Undo())  # the last 2d6, 6 and 1
    game.execute(Redo())  # 6 and 1 are back
    game.execute(RollDice())

    statistics = journal_statistics(store, game.game.id)

    in_force = [entry.roll for entry in game.state.recent if not entry.voided]
    expected = Counter((DieType(r.spec.sides, r.source), face) for r in in_force for face in r.faces)
    counted = Counter({(die, face): tally.count(face)
                       for die, tally in statistics.by_die.items() for face in range(1, die.sides + 1)})
    assert +counted == expected
    assert statistics.faces_of(6, "physical").counts == (1, 0, 0, 0, 0, 3)
    assert statistics.faces_of(10, "physical").rolls == 0
    assert statistics.faces_of(10, "generated").rolls == 1
    assert statistics.totals_of(DiceSpec.parse("2d6")).rolls == 22


def test_a_redone_roll_counts_again_and_an_undone_redo_does_not(store):
    game = dice_game(store)
    (roll,) = game.execute(RollDice())
    game.execute(Undo())
    game.execute(Redo())
    assert voided_decisions(store.raw_records(game.game.id, types=UNDO_EVENTS)) == set()
    game.execute(Undo())
    assert voided_decisions(store.raw_records(game.game.id, types=UNDO_EVENTS)) == {roll.seq}
    assert journal_statistics(store, game.game.id) == EMPTY


def test_the_tally_adds_to_the_statistics_it_is_given(store):
    first, second = dice_game(store), dice_game(store)
    first.execute(RollDice())
    second.execute(RollDice())
    both = tally_journal(store.raw_records(second.game.id), DICE_ROLLER_DICE, set(),
                         journal_statistics(store, first.game.id))
    assert both.faces_of(6).rolls == 2


def test_the_dice_rollers_roll_is_read_back_as_the_throw_it_was(store):
    game = dice_game(store)
    game.execute(ChooseSpec(spec=DiceSpec.parse("3d6+1")))
    (record,) = game.execute(RollDice())
    (raw,) = store.raw_records(game.game.id, types=["dice_rolled"])
    carrier = DICE_ROLLER_DICE["dice_rolled"]
    assert carrier.throws(carrier.read(raw.payload)) == (
        Throw(DiceSpec.parse("3d6+1"), record.event.faces, "generated"),)


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kinds_dice_events_are_named_by_the_type_tag_of_the_event_they_read(kind):
    dice_events = dice_events_of(kind)
    assert dice_events
    for type_tag, carrier in dice_events.items():
        assert carrier.event.model_fields["type"].default == type_tag


def test_a_kind_this_version_does_not_know_has_no_dice_events():
    assert dice_events_of("chess") == {}
