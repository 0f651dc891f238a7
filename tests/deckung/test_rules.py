"""The Deckung helper through a real session: a shot at cover, the W10 of each model in contact, undo, reopening."""

import random
from datetime import UTC, datetime

import pytest

from companion.errors import BadFace, NothingToDo, RuleViolation
from companion.games.deckung.commands import (
    ChooseCover,
    ChoosePosition,
    ClearCover,
    PlaceModels,
    RollDie,
    ShootCover,
)
from companion.games.deckung.ranks import Rank
from companion.games.deckung.rules import DeckungRules
from companion.games.deckung.view import log_lines, model_line
from companion.games.kit.faces import EnterFace
from companion.games.rules import Redo, Undo
from companion.journal.record import Record


def test_cover_and_position_are_remembered_and_choosing_the_same_again_records_nothing(session):
    session.execute(ChooseCover(cover="massive"))
    session.execute(ChoosePosition(position="near"))
    assert (session.state.cover, session.state.position) == ("massive", "near")
    assert session.execute(ChooseCover(cover="massive")) == []


def test_a_shot_below_the_hardness_leaves_the_cover_standing_and_nobody_tests(session):
    session.execute(ShootCover(penetration=2, hardness=3))
    assert (session.state.destroyed, session.state.shot) == (False, (2, 3))
    with pytest.raises(RuleViolation, match="the cover stands: only models in contact with destroyed cover test"):
        session.execute(PlaceModels(count=1, rank="rekrut"))


def test_the_example_a_recruit_in_contact_with_a_destroyed_wall_is_hit_on_6_and_survives_on_4(session):
    session.execute(ChooseCover(cover="massive"))
    session.execute(ShootCover(penetration=3, hardness=3))
    session.execute(PlaceModels(count=2, rank="rekrut"))
    session.execute(EnterFace(entered=5))
    assert session.state.models[0].status == "unharmed"
    session.execute(EnterFace(entered=6))
    assert session.state.models[1].status == "rank"
    session.execute(EnterFace(entered=4))
    assert session.state.models[1].status == "survived"
    assert session.state.waiting is None


def test_a_failed_rank_test_removes_the_model(session):
    session.execute(ShootCover(penetration=5, hardness=1))
    session.execute(PlaceModels(count=1, rank="rekrut"))
    session.execute(EnterFace(entered=0))
    session.execute(EnterFace(entered=5))
    model = session.state.models[0]
    assert (model.splinter, model.rank_roll, model.status) == (10, 5, "removed")


def test_the_button_rolls_each_w10_in_turn(session):
    session.execute(ShootCover(penetration=5, hardness=1))
    session.execute(PlaceModels(count=3, rank="rekrut"))
    while session.state.waiting is not None:
        session.execute(RollDie())
    assert all(model.status in ("unharmed", "survived", "removed") for model in session.state.models)
    with pytest.raises(NothingToDo, match="no model waits for a W10"):
        session.execute(RollDie())


def test_a_face_a_w10_does_not_have_is_refused(session):
    session.execute(ShootCover(penetration=5, hardness=1))
    session.execute(PlaceModels(count=1, rank="rekrut"))
    with pytest.raises(BadFace, match="key 1 to 9, or 0 for 10"):
        session.execute(EnterFace(entered=12))


def test_an_unknown_rank_is_refused_by_name(session):
    session.execute(ShootCover(penetration=5, hardness=1))
    with pytest.raises(RuleViolation, match=r"no rank 'general' in ranks\.toml"):
        session.execute(PlaceModels(count=1, rank="general"))


def test_a_keyed_w10_is_corrected_but_the_companions_w10_stands(session):
    session.execute(ShootCover(penetration=5, hardness=1))
    session.execute(PlaceModels(count=2, rank="rekrut"))
    session.execute(EnterFace(entered=7))
    assert session.state.models[0].status == "rank"
    session.execute(Undo())  # a keyed face may be taken back on its own
    assert session.state.models[0].status == "splinter"
    with pytest.raises(RuleViolation, match=r"cannot undo “2 × Rekrut .*”: the W10 rolled after it stands "
                                            r"\(the W10 of 7 keyed in was taken back\): key its face again"):
        session.execute(Undo())
    session.execute(Redo())
    assert session.state.models[0].splinter == 7
    session.execute(EnterFace(entered=3))
    (rolled,) = session.execute(RollDie())
    with pytest.raises(RuleViolation, match=f"the W10 of {rolled.event.face} stands"):
        session.execute(Undo())
    assert session.state.models[1].splinter == rolled.event.face


def test_the_next_cover_starts_clean_and_keeps_the_kind_chosen(session):
    session.execute(ChooseCover(cover="massive"))
    session.execute(ShootCover(penetration=5, hardness=1))
    session.execute(ClearCover())
    assert (session.state.cover, session.state.shot, session.state.models) == ("massive", None, ())


def test_a_reopened_helper_folds_to_the_same_state(session, store, reopen):
    session.execute(ChooseCover(cover="massive"))
    session.execute(ShootCover(penetration=4, hardness=2))
    session.execute(PlaceModels(count=2, rank="rekrut"))
    session.execute(EnterFace(entered=9))
    session.execute(Undo())
    session.execute(EnterFace(entered=8))
    session.execute(RollDie())
    assert reopen(store, session).state == session.state


def test_the_log_reads_each_decision_and_a_saved_state_keeps_none_of_its_words(session):
    session.execute(ChooseCover(cover="massive"))
    session.execute(ShootCover(penetration=3, hardness=3))
    session.execute(PlaceModels(count=1, rank="rekrut"))
    session.execute(EnterFace(entered=6))
    session.execute(EnterFace(entered=0))
    lines = log_lines(session.state)
    assert lines == [
        "model 1: rank test W10 10 (keyed) against ≤ 4, removed (entfernt)",
        "model 1: W10 6 (keyed), hit by a splinter (getroffen)",
        "1 × Rekrut (recruit) in direct contact (survives on ≤ 4)",
        "Durchschlag 3 ≥ Härtegrad 3: the cover is destroyed (zerstört)",
        "Massive Deckung (massive cover)",
    ]
    saved = session.rules.state.dump_json(session.state).decode()
    assert [line for line in lines if line in saved] == []
    assert session.rules.state.validate_json(saved) == session.state


def test_a_rank_the_players_gave_no_gloss_is_named_alone():
    rules = DeckungRules(random.Random(1), {"ranks.toml": {"veteran": Rank(name="Veteran", survives_on=6)}})
    state = rules.state.validate_python({"destroyed": True, "shot": (5, 1)})
    (placed,) = rules.decide(state, PlaceModels(count=1, rank="veteran"))
    assert placed.describe() == "1 × Veteran in direct contact (survives on ≤ 6)"
    (model,) = rules.evolve(state, Record(1, datetime.now(UTC), placed), False).models
    assert model_line(model) == "1. Veteran: W10 _"
