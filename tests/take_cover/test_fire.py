"""Take Cover's fire arithmetic and the targeting restriction, as pure functions (no Textual, no store)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from companion.games.take_cover.cards import Attachment
from companion.games.take_cover.fire import (
    chance_to_hit,
    firepower,
    legal_targets,
    modified_firepower,
    needed,
    outcome,
    targeting_refusal,
)
from companion.games.take_cover.state import Squad, TakeCoverState
from tests.take_cover.conftest import BRUSH, LEADER, LMG, WOODS


def squads(**changes: dict) -> TakeCoverState:
    state = TakeCoverState(phase="turn", to_act="German")
    for name, fields in changes.items():
        state = state.with_squad(replace(state.squad(name), **fields))  # type: ignore[arg-type]
    return state


def test_the_fire_example_fp_8_against_woods_and_one_dig_in_gives_mfp_3():
    german = Squad("A", advance=2, weapon=LMG, leader=LEADER, terrain=BRUSH)
    russian = Squad("C", terrain=WOODS)
    assert firepower(german, grenades=1) == 8
    assert modified_firepower(german, 1, russian, dig_ins=1) == 3
    assert needed(3) == "hits on 1–3 (30%)"
    assert [outcome(3, face) for face in (1, 3, 4, 9, 10)] == ["hit", "hit", "miss", "miss", "reaction"]


def test_matching_dots_on_all_three_cards_add_two_fp_and_take_one_more_from_the_attacker():
    dotted = {"dot": "black"}
    coordinated = Squad("A", weapon=LMG.model_copy(update=dotted), leader=LEADER.model_copy(update=dotted),
                        terrain=BRUSH.model_copy(update=dotted))
    assert coordinated.coordinated
    assert firepower(coordinated, 0) == 2 + 1 + 1 + 2
    assert modified_firepower(Squad("C"), 0, coordinated, 0) == 2 - 1 - 1


def test_three_cards_without_dots_or_with_different_dots_are_not_coordinated():
    assert not Squad("A", weapon=LMG, leader=LEADER, terrain=BRUSH).coordinated
    mixed = Squad("A", weapon=LMG.model_copy(update={"dot": "black"}),
                  leader=LEADER.model_copy(update={"dot": "white"}), terrain=BRUSH.model_copy(update={"dot": "black"}))
    assert not mixed.coordinated
    assert not Squad("A", weapon=LMG.model_copy(update={"dot": "black"})).coordinated


def test_a_negative_mfp_still_fires_and_hits_only_on_a_one():
    mfp = modified_firepower(Squad("A"), 0, Squad("C", terrain=Attachment(kind="terrain", name="Building",
                                                                        modifier=-4)), dig_ins=3)
    assert mfp == -8
    assert outcome(mfp, 1) == "hit"
    assert chance_to_hit(mfp) == Fraction(1, 10)


@pytest.mark.parametrize("mfp, chance", [(-3, Fraction(1, 10)), (1, Fraction(1, 10)), (2, Fraction(2, 10)),
                                         (9, Fraction(9, 10)), (14, Fraction(9, 10))])
def test_the_chance_to_hit_counts_the_faces_that_hit_with_ten_always_missing(mfp, chance):
    assert chance_to_hit(mfp) == chance


def test_the_targeting_example_squad_b_may_not_fire_while_d_is_the_weaker_russian_squad():
    # German turn; Russian C has one hit, D has two; German B has a leader.
    state = squads(C={"hits": 1}, D={"hits": 2}, B={"leader": LEADER})
    assert legal_targets(state, "B", flank=False) == ()
    assert "D has more hits (2) than C (1)" in (targeting_refusal(state, "B", "D", flank=False) or "")
    assert "no diagonal fire" in (targeting_refusal(state, "B", "C", flank=False) or "")
    assert legal_targets(state, "A", flank=False) == ("C",)
    assert legal_targets(state, "B", flank=True) == ("D",)


def test_with_equal_hits_either_squad_may_fire_at_the_squad_directly_opposite():
    state = squads(C={"hits": 1}, D={"hits": 1})
    assert legal_targets(state, "A", flank=False) == ("C",)
    assert legal_targets(state, "B", flank=False) == ("D",)


def test_once_the_first_squad_falls_any_enemy_squad_may_be_fired_on():
    state = squads(D={"hits": 3, "eliminated": True}, C={"hits": 2}, B={"hits": 1})
    assert legal_targets(state, "B", flank=False) == ("C",)
    assert legal_targets(state, "C", flank=False) == ("A", "B")
    assert targeting_refusal(state, "A", "D", flank=False) == "squad D is eliminated"
    assert targeting_refusal(state, "D", "A", flank=False) == "squad D is eliminated"
