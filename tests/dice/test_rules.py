import pytest

from companion.dice.rolling import random_source
from companion.dice.rules import ChooseSpec, DiceRolled, DiceRules, EnterFace, EraseFace, RollDice
from companion.dice.spec import DiceSpec
from companion.errors import BadFace, NothingToDo, RuleViolation
from companion.games.rules import Redo, Undo
from companion.journal.store import GameStore
from companion.session import GameSession


@pytest.fixture
def session(store: GameStore, sessions) -> GameSession:
    return sessions(store, store.create_game("dice"), DiceRules(random_source(3)))


@pytest.fixture
def reopened(sessions):
    def reopen(store: GameStore, session: GameSession) -> GameSession:
        return sessions(store, store.game(session.game.id), DiceRules(random_source(99)))

    return reopen


def test_a_roll_is_recorded_with_its_faces_and_total(session):
    session.execute(ChooseSpec(spec=DiceSpec.parse("2d6+1")))
    (record,) = session.execute(RollDice())
    roll = record.event
    assert isinstance(roll, DiceRolled)
    assert roll.source == "generated"
    assert roll.total == sum(roll.faces) + 1
    assert session.state.last.roll == roll


def test_physical_faces_wait_until_every_die_is_in(session):
    session.execute(ChooseSpec(spec=DiceSpec.parse("2d6")))
    session.execute(EnterFace(entered=4))
    assert session.state.pending == (4,)
    assert session.state.recent == ()
    session.execute(EnterFace(entered=5))
    assert session.state.pending == ()
    assert session.state.last.roll == DiceRolled(spec=DiceSpec.parse("2d6"), faces=(4, 5), source="physical")


def test_a_physical_zero_on_a_d10_is_recorded_as_ten(session):
    session.execute(ChooseSpec(spec=DiceSpec.parse("d10")))
    session.execute(EnterFace(entered=0))
    assert session.state.last.roll.faces == (10,)


def test_a_face_out_of_range_records_nothing(session, store, reopened):
    session.execute(ChooseSpec(spec=DiceSpec.parse("2d6")))
    before = len(session.records)
    with pytest.raises(BadFace):
        session.execute(EnterFace(entered=7))
    assert len(session.records) == before
    assert session.state.pending == ()
    assert len(reopened(store, session).records) == before


def test_rolling_while_faces_are_half_entered_is_refused(session):
    session.execute(EnterFace(entered=3))
    with pytest.raises(RuleViolation, match="1 of 2 faces"):
        session.execute(RollDice())


def test_an_erased_face_leaves_the_roll_waiting(session):
    session.execute(EnterFace(entered=3))
    session.execute(EraseFace())
    assert session.state.pending == ()
    with pytest.raises(NothingToDo):
        session.execute(EraseFace())


def test_choosing_other_dice_drops_faces_keyed_for_the_old_ones(session):
    session.execute(EnterFace(entered=3))
    session.execute(ChooseSpec(spec=DiceSpec.parse("d10")))
    assert session.state.pending == ()


def test_undo_voids_a_roll_but_keeps_it_in_the_history(session):
    (rolled,) = session.execute(RollDice())
    (undone,) = session.execute(Undo())
    assert session.describe(undone) == f"undo: {rolled.event.describe()}"
    assert [entry.voided for entry in session.state.recent] == [True]
    assert session.state.last is None


def test_redo_restores_the_same_faces_and_never_rolls_again(session):
    (rolled,) = session.execute(RollDice())
    session.execute(Undo())
    session.execute(Redo())
    assert session.state.last.roll == rolled.event
    assert [r.event.type for r in session.records] == ["dice_rolled", "decision_undone", "decision_redone"]


def test_undo_walks_back_through_rolls_and_redo_walks_forward(session):
    first, second = session.execute(RollDice()), session.execute(RollDice())
    session.execute(Undo())
    session.execute(Undo())
    with pytest.raises(NothingToDo, match="nothing to undo"):
        session.execute(Undo())
    session.execute(Redo())
    assert session.state.last.roll == first[0].event
    session.execute(Redo())
    assert session.state.last.roll == second[0].event
    with pytest.raises(NothingToDo, match="nothing to redo"):
        session.execute(Redo())


def test_a_new_roll_after_undo_ends_what_redo_could_restore(session):
    session.execute(RollDice())
    session.execute(Undo())
    session.execute(RollDice())
    with pytest.raises(NothingToDo):
        session.execute(Redo())


def test_choosing_other_dice_after_undo_ends_what_redo_could_restore(session):
    """Redone, the 2d6 roll came back under the d10 chosen after it, and the screen drew no dice."""
    session.execute(RollDice())
    session.execute(Undo())
    session.execute(ChooseSpec(spec=DiceSpec.parse("d10")))
    with pytest.raises(NothingToDo, match="nothing to redo"):
        session.execute(Redo())
    assert session.state.last is None


def test_the_undo_log_reads_like_the_table_would_say_it(session):
    session.execute(ChooseSpec(spec=DiceSpec.parse("2d6")))
    session.execute(EnterFace(entered=4))
    session.execute(EnterFace(entered=5))
    (undone,) = session.execute(Undo())
    assert session.describe(undone) == "undo: 2d6 = 9 (4+5), physical"


def test_a_reopened_game_folds_to_the_same_state_without_rolling(session, store, reopened):
    session.execute(RollDice())
    session.execute(EnterFace(entered=2))
    again = reopened(store, session)
    assert again.state == session.state
    assert again.state.pending == (2,)


@pytest.mark.parametrize("spec", ["d12", "d20", "2d20+1"])
def test_a_face_keyed_for_dice_of_more_than_ten_sides_is_refused_and_records_nothing(session, spec):
    session.execute(ChooseSpec(spec=DiceSpec.parse(spec)))
    before = len(session.records)
    sides = DiceSpec.parse(spec).sides
    with pytest.raises(RuleViolation, match=f"^a d{sides} is rolled by the companion: press Roll$"):
        session.execute(EnterFace(entered=1))
    assert len(session.records) == before
    assert session.state.pending == ()
    assert session.state.recent == ()
