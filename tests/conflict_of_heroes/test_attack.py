"""Attack and defence values and hits, checked against the rulebook's worked examples (7.1-7.7)."""

from companion.games.conflict_of_heroes import attack
from companion.games.conflict_of_heroes.hit_counters import HitCounter
from companion.games.conflict_of_heroes.library import shipped

UNITS = shipped().units
SUPPRESSED = HitCounter(name="Suppressed", count=1, rally=7, fire_cost=1, red_fp=-2, blue_fp=-2)


def av(attacker: str, target: str, roll: int, band: attack.RangeBand = "normal", caps: int = 0, counter=None) -> int:
    return attack.firepower(UNITS[attacker], counter, UNITS[target], band) + roll + caps


def test_a_3fp_squad_rolling_9_scores_12_av():
    assert av("soviet_rifle_squad", "german_rifle_squad", 9) == 12


def test_figure_10_two_caps_on_a_9_make_14_av_and_hit_a_12_dv_then_8_av_misses():
    defence = attack.defence_value(UNITS["german_rifle_squad"], None, "front", 0, "normal")
    assert defence == 12
    assert attack.hits(av("soviet_mmg", "german_rifle_squad", 9, caps=2), defence) == 1
    assert attack.hits(av("soviet_mmg", "german_rifle_squad", 5), defence) == 0


def test_figure_11_a_boxed_mmg_in_close_combat_scores_8_against_13_and_the_squad_13_against_12():
    squad_dv = attack.defence_value(UNITS["german_rifle_squad"], None, "front", 2, "close_combat")
    assert squad_dv == 13  # close combat is always against the flank: 11 + 2 woods
    mmg_av = av("soviet_mmg", "german_rifle_squad", 7, "close_combat")
    assert mmg_av == 8
    assert attack.hits(mmg_av, squad_dv) == 0
    mmg = UNITS["soviet_mmg"].model_copy(update={"flank_dr": 10})
    mmg_dv = attack.defence_value(mmg, None, "front", 2, "close_combat")
    squad_av = attack.firepower(UNITS["german_rifle_squad"], None, mmg, "close_combat") + 5
    assert (squad_av, mmg_dv) == (13, 12)
    assert attack.hits(squad_av, mmg_dv) == 1


def test_figure_12_short_range_14_av_equals_14_dv_and_hits_and_10_av_misses_a_13_dv_flank():
    assert av("soviet_rifle_squad", "german_rifle_squad", 8, "adjacent") == 14
    assert attack.defence_value(UNITS["german_rifle_squad"], None, "front", 2, "adjacent") == 14
    assert attack.hits(14, 14) == 1
    flank = attack.defence_value(UNITS["soviet_mmg"], None, "flank", 2, "adjacent")
    assert flank == 13
    assert attack.hits(av("soviet_rifle_squad", "soviet_mmg", 4, "adjacent"), flank) == 0


def test_figure_13_long_range_takes_a_3fp_squad_to_1fp_and_16_av_against_12_dv_is_two_hits():
    assert attack.firepower(UNITS["soviet_rifle_squad"], None, UNITS["german_rifle_squad"], "long") == 1
    assert av("soviet_rifle_squad", "german_rifle_squad", 9, "long") == 10
    assert av("german_rifle_squad", "soviet_rifle_squad", 10, caps=2) == 16
    assert attack.hits(16, 12) == 2
    assert attack.hits(15, 12) == 1


def test_a_hmg_has_3fp_red_and_5fp_blue_in_close_combat_from_its_white_box():
    hmg = UNITS["german_hmg"].model_copy(update={"red_fp": 5})
    assert hmg.red_fp + attack.range_modifier("close_combat", hmg.red_boxed) == 3
    assert hmg.blue_fp + attack.range_modifier("close_combat", hmg.blue_boxed) == 5


def test_a_suppressed_squad_fires_with_red_fp_1_and_blue_fp_minus_2():
    squad = UNITS["soviet_rifle_squad"]
    tank = squad.model_copy(update={"defence": "blue"})
    assert attack.firepower(squad, SUPPRESSED, UNITS["german_rifle_squad"], "normal") == 1
    assert attack.firepower(squad, SUPPRESSED, tank, "normal") == -2
