"""The AEO's setup (12.2.1, 12.2.2) worked out from an order of battle of our own: the objective's
placement order, its leader and Support Weapon, the rest spread so no Area is empty; and the two
Terrain cards it draws for a Sector with none. (The tutorial's: tests/scenarios/test_point_blank_solo.py.)"""

import random
from datetime import UTC, datetime

import pytest

from companion.games.point_blank.aeo import deploy
from companion.games.point_blank.aeo.cards import choose_terrain
from companion.games.point_blank.aeo.events import AeoTerrainChosen
from companion.games.point_blank.battlefield import SectorRef
from companion.games.point_blank.commands import LayOutBattlefield
from companion.games.point_blank.scenario import PbScenario
from companion.journal.record import Record
from tests.point_blank.playing import CATALOG, played, rules

# The placement order and the leaders, on an order of battle of our own

BATTLE = {"game": "point_blank", "title": "Test", "victory": "v", "areas": ["A", "B", "C"], "rows": 3, "turns": 2,
          "sides": [{"name": "US", "nationality": "us"},
                    {"name": "German", "nationality": "german", "posture": "defensive",
                     "support_weapons": ["MG 34", "Panzerschreck"]}],
          "battlefield": [{"sector": "B0", "card": "bridge"}]}


def plan_of(*units: str, leaders: tuple[str, ...] = (), seed: int = 1, areas: tuple[str, ...] = ("B",)):
    """The defending Germans' setup; on one Area unless said, so no unit leaves the objective for another."""
    forces = [{"side": 2, "unit": unit, "name": f"{unit}#{n}", "sector": "B2"} for n, unit in enumerate(units)]
    forces += [{"side": 2, "unit": unit, "name": unit, "sector": "B2"} for unit in leaders]
    chosen = PbScenario.model_validate({**BATTLE, "areas": list(areas), "forces": [
        *forces, {"side": 1, "unit": "us_rifle_squad", "sector": "B2"}]})
    state = played(LayOutBattlefield(areas=3, rows=3))
    return chosen, deploy.plan(state, chosen, 2, "defensive", catalog(), random.Random(seed))


def catalog():
    armour = CATALOG.units["german_leutnant"].model_copy(update={"name": "Panzer leader", "armour_leader": True,
                                                                 "leader_actions": ("ready",)})
    silent = CATALOG.units["german_leutnant"].model_copy(update={"name": "Quiet", "leader_actions": ("ready",)})
    units = {**CATALOG.units, "panzer_leader": armour, "quiet_leutnant": silent}
    return CATALOG.__class__(CATALOG.deck, CATALOG.terrain, units, CATALOG.nationalities, CATALOG.aeo_table)


def in_objective(chosen, plan) -> list[str]:
    return [chosen.forces[p.force].unit for p in plan.placements if p.sector == "B0" and p.why == "objective"]


@pytest.mark.parametrize(("units", "step", "expected"), [
    (("german_rifle_squad", "pz_iiij", "german_mg_team", "german_rifle_squad"), 0,
     ["german_rifle_squad", "german_mg_team"]),
    (("german_rifle_squad", "pz_iiij", "german_rifle_squad"), 1, ["german_rifle_squad", "pz_iiij"]),
    (("german_rifle_squad", "german_ss", "german_rifle_squad"), 2, ["german_rifle_squad", "german_ss"]),
    (("german_mg_team", "pz_iiij"), 3, ["german_mg_team"]),
    (("pz_iiij", "pz_iiij"), 4, ["pz_iiij"]),
])
def test_the_objective_takes_the_first_line_of_the_placement_order_its_forces_can_fill(units, step, expected):
    # 12.2.1: "One Weapon Team and one infantry unit. One AFV and one Infantry unit. Two Infantry Units.
    # One Weapon Team. One AFV." - "If the Order of Battle does not have one of the unit types ... then
    # select the next unit(s) in the order".
    chosen, plan = plan_of(*units)
    assert sorted(in_objective(chosen, plan)) == sorted(expected)
    assert {p.step for p in plan.placements if p.why == "objective"} == {step}


def test_the_rest_spread_over_the_other_areas_so_none_is_empty():
    # 12.2.1: "Distribute the remaining units equally among the remaining Areas. No Area should be empty."
    _, plan = plan_of("german_mg_team", "german_rifle_squad", "german_rifle_squad", "german_ss", "german_ss",
                      areas=("A", "B", "C"))
    spread = [p.sector for p in plan.placements if p.why == "spread"]
    assert sorted(key[0] for key in spread) == ["A", "A", "C"] or sorted(key[0] for key in spread) == ["A", "C", "C"]
    assert all(key.endswith("/2") for key in spread)


def test_the_objectives_leader_is_one_with_the_rally_action():
    # 12.2.1: "favoring leaders with the rally action icon as their leader action".
    chosen, plan = plan_of("german_mg_team", "german_rifle_squad", leaders=("quiet_leutnant", "german_leutnant"))
    leader = next(chosen.forces[p.force].unit for p in plan.placements if p.why == "leader" and p.sector == "B0")
    assert leader == "german_leutnant"


def test_infantry_and_afvs_together_take_the_infantry_leader_and_a_lone_afv_its_armour_leader():
    # "If there is Infantry and AFVs combined in an objective, the AEO will favor infantry leader
    # placement ... If there is only one AFV in the scenario and an armor leader is present, then the AEO
    # will select the armor leader to be placed with the AFV in the objective instead of an infantry leader."
    chosen, plan = plan_of("german_rifle_squad", "pz_iiij", "pz_iiij", leaders=("panzer_leader", "german_leutnant"))
    leader = next(chosen.forces[p.force].unit for p in plan.placements if p.why == "leader" and p.sector == "B0")
    assert leader == "german_leutnant"
    chosen, plan = plan_of("german_rifle_squad", "pz_iiij", leaders=("german_leutnant", "panzer_leader"))
    leader = next(chosen.forces[p.force].unit for p in plan.placements if p.why == "leader" and p.sector == "B0")
    assert leader == "panzer_leader"


def test_one_support_weapon_drawn_at_random_goes_with_the_objectives_infantry():
    # "Place an infantry Support Weapon with any Infantry unit in the objective Sector. If multiple Support
    # Weapons are present, then randomly determine the Support Weapon."
    chosen, plan = plan_of("german_mg_team", "german_rifle_squad", "german_rifle_squad")
    first = plan.weapons[0]
    assert chosen.forces[first.force].unit == "german_rifle_squad"
    assert next(p for p in plan.placements if p.force == first.force).sector == "B0"
    tie = next(tie for tie in plan.ties if set(tie.among) == {"MG 34", "Panzerschreck"})
    assert tie.chosen == first.name


# 12.2.1: "Draw 2 Terrain cards for each unit that sets up in a Sector where no terrain exists, and
# select the terrain with a positive defense modifier ... Discard the Terrain card that was not
# selected ... An AEO will never select a Terrain card with a negative modifier. If two Terrain cards
# have the same defensive modifier then randomly determine."


def drawn(deck: dict[str, int], seed: int = 2):
    game = rules()
    state = played(LayOutBattlefield(areas=3, rows=3, deck=deck))

    def fold(at, made):
        for event in made:
            at = game.evolve(at, Record(0, datetime.now(UTC), event), False)
        return at

    made = choose_terrain(state, SectorRef.model_validate("A1/2"), random.Random(seed), CATALOG, fold)
    return made, fold(state, made)


def test_of_two_terrain_cards_the_better_defence_is_kept_and_the_other_discarded():
    made, state = drawn({"woods": 1, "clear": 1})
    (chosen,) = made
    assert sorted(chosen.cards) == ["clear", "woods"] and chosen.kept == "woods" and not chosen.tie
    field = state.battlefield
    assert field.card("A1/2") == "woods" and field.deck.remaining == 0 and dict(field.deck.discards) == {"clear": 1}


def test_two_cards_of_the_same_defence_are_kept_at_random():
    (chosen,), _ = drawn({"brush": 1, "hill": 1})
    assert chosen.tie and chosen.kept in ("brush", "hill")


def test_a_negative_card_is_never_kept_two_negative_ones_are_both_discarded_and_two_more_drawn():
    made, state = drawn({"marsh": 2, "stream": 0, "brush": 2}, seed=5)
    assert all(event.kept is None or CATALOG.terrain[event.kept].defensive_bonus >= 0 for event in made)
    assert state.battlefield.card("A1/2") in ("brush", None)
    made, state = drawn({"marsh": 4})
    assert all(event.kept is None for event in made if isinstance(event, AeoTerrainChosen))
    assert state.battlefield.card("A1/2") is None
