"""The Deckung cover rules as pure functions, checked against the text's statements and its example."""

import pytest

from companion.games.deckung.cover import (
    attack_modifier,
    destroys,
    heads_down_allowed,
    must_test,
    splinter_hits,
    survives,
    term,
)
from tests.deckung.conftest import DATA


def test_light_cover_gives_the_attacker_minus_one_and_no_heads_down():
    assert attack_modifier("light", "contact") == -1
    assert not heads_down_allowed("light", "contact")


def test_massive_cover_gives_minus_two_and_heads_down_to_models_in_contact():
    assert attack_modifier("massive", "contact") == -2
    assert heads_down_allowed("massive", "contact")


def test_models_an_inch_from_massive_cover_count_as_partly_covered_without_heads_down():
    assert attack_modifier("massive", "near") == -1
    assert not heads_down_allowed("massive", "near")


def test_further_behind_the_text_gives_no_cover():
    assert attack_modifier("massive", "behind") == attack_modifier("light", "behind") == 0


@pytest.mark.parametrize("penetration, hardness, destroyed", [(3, 3, True), (4, 3, True), (2, 3, False),
                                                              (0, 0, True), (0, 1, False)])
def test_a_weapon_destroys_cover_when_its_penetration_is_at_least_the_hardness(penetration, hardness, destroyed):
    assert destroys(penetration, hardness) is destroyed


def test_the_example_a_recruit_two_inches_behind_a_destroyed_wall_takes_no_test():
    assert not must_test("behind")
    assert must_test("contact")


def test_the_example_a_recruit_in_contact_is_unharmed_on_5_or_less_and_survives_a_hit_on_4_or_less():
    recruit = DATA["ranks.toml"]["rekrut"]
    assert (recruit.name, recruit.gloss, recruit.survives_on) == ("Rekrut", "recruit", 4)
    assert [splinter_hits(face) for face in (1, 5, 6, 10)] == [False, False, True, True]
    assert [survives(face, recruit.survives_on) for face in (1, 4, 5, 10)] == [True, True, False, False]


def test_the_german_terms_come_with_an_english_gloss():
    assert term("heads_down") == "Köpfe runter! (heads down!)"
    assert term("fire") == "Waffe abfeuern (fire weapon)"
    assert term("hardness") == "Härtegrad (hardness)"
