"""Checks built from the tracked units: terrain, markers and fatigue taken from the state."""

import re

import pytest

from companion.errors import RuleViolation
from companion.games.point_blank import builders
from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.commands import AddUnit, AdjustUnit, PlaceTerrain, SetMarker, SetUpGame
from companion.games.rules import Command
from tests.point_blank.playing import CATALOG, played

SQUAD = UnitTemplate(name="squad", kind="full_squad", morale=6, firepower=2)
AFV = UnitTemplate(name="M4", kind="afv", morale=7, firepower=2, front_armour=3, flank_armour=1)


def table(*placed, markers=()):
    """Side 1's units in B1 on its half, side 2's in B2 on its own; each Sector's card placed first."""
    commands: list[Command] = [SetUpGame(cards_per_pip=(9, 9, 9, 9, 9, 9))]
    cards: dict[str, str] = {}
    for template, side, terrain, _ in placed:
        sector = "B2/2" if side == 2 else "B1/1"
        if sector not in cards:
            cards[sector] = terrain
            commands.append(PlaceTerrain(sector=sector, card=terrain))
        assert cards[sector] == terrain, "one card a Sector"
        commands.append(AddUnit(template=template, side=side, sector=sector))
    commands += [AdjustUnit(unit=i, changes=extra) for i, (_, _, _, extra) in enumerate(placed, 1) if extra]
    return played(*commands, *markers)


def test_fire_at_concealed_infantry_in_brush_adds_the_terrain_and_concealment():
    state = table((SQUAD, 1, "clear", {}), (SQUAD, 2, "brush", {}))
    check = builders.fire(state, CATALOG, [1], [2])
    assert check.defence == 1 + 2


def test_a_wreck_in_the_targets_sector_adds_one():
    state = table((SQUAD, 1, "clear", {}), (SQUAD, 2, "brush", {"spotted": True}),
                  markers=[SetMarker(marker="wreck", sector="B2/2")])
    assert builders.fire(state, CATALOG, [1], [2]).defence == 2


def test_a_fatigue_two_lead_loses_a_firepower_and_its_leader():
    state = table((SQUAD, 1, "clear", {"fatigue": 2}), (SQUAD, 1, "clear", {}), (SQUAD, 2, "clear", {}))
    check = builders.fire(state, CATALOG, [1, 2], [3], leadership=1)
    assert check.firepower == 1 + 1 and check.modifier == 0


def test_rally_in_woods_takes_two_off_the_check():
    state = table((SQUAD, 1, "woods", {"shaken": 1}))
    assert builders.rally(state, CATALOG, [1]).terrain == (-2,)


def test_melee_dice_come_from_the_defenders_terrain_card():
    half = UnitTemplate(name="half", kind="half_squad", morale=6, firepower=1)
    assert builders.melee(table((SQUAD, 1, "clear", {}), (half, 2, "brush", {})), CATALOG, [1], [2]).defender_dice == 2
    assert builders.melee(table((SQUAD, 1, "clear", {}), (half, 2, "woods", {})), CATALOG, [1], [2]).defender_dice == 3


def test_no_spotting_or_bogging_in_clear_terrain():
    state = table((AFV, 2, "clear", {}))
    with pytest.raises(RuleViolation, match=re.escape("7.16")):
        builders.spotting(state, CATALOG, [1])
    with pytest.raises(RuleViolation, match=re.escape("10.1.3")):
        builders.bog(state, CATALOG, 1)


def test_the_sniper_cannot_target_units_in_smoke():
    state = table((SQUAD, 2, "brush", {}), markers=[SetMarker(marker="smoke", sector="B2/2")])
    with pytest.raises(RuleViolation, match=re.escape("8.12")):
        builders.sniper(state, CATALOG, 1, card_pips=3)


def test_buttoned_afvs_are_immune_to_infantry_fire():
    state = table((SQUAD, 1, "clear", {}), (AFV, 2, "clear", {"buttoned": True}))
    with pytest.raises(RuleViolation, match=re.escape("7.3")):
        builders.fire(state, CATALOG, [1], [2])


def test_afvs_may_not_overrun_into_blocking_terrain():
    state = table((AFV, 1, "clear", {}), (SQUAD, 2, "woods", {}))
    with pytest.raises(RuleViolation, match=re.escape("7.11")):
        builders.overrun(state, CATALOG, 1, [2], machine_guns=2, high_explosive=2)
    in_brush = table((AFV, 1, "clear", {}), (SQUAD, 2, "brush", {}))
    assert builders.overrun(in_brush, CATALOG, 1, [2], 2, 2).attacker_dice == 4
