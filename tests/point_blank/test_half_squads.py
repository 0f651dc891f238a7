"""A full squad reduced to a half squad takes its half squad card's values (8.4, 6.1.7): the library
names the card, the unit's event journals its values, and every check, view and AEO choice reads them."""

import random
from pathlib import Path

import pytest

from companion.errors import ConfigError, RuleViolation
from companion.games.point_blank import builders
from companion.games.point_blank.aeo.select import fire_groups
from companion.games.point_blank.catalog import SquadCard, UnitTemplate
from companion.games.point_blank.checks.base import Step
from companion.games.point_blank.commands import AddUnit, AdjustUnit, EnterPip, Order, SetUpGame
from companion.games.point_blank.events import UnitAdded
from companion.games.point_blank.view import unit_row
from companion.games.registry import KINDS
from companion.games.rules import Undo
from tests.point_blank.playing import CATALOG, played, press, rules, set_up

RIFLE = CATALOG.units["us_rifle_squad"]
HALF = SquadCard(name="US Rifle half squad", morale=6, firepower=1, melee_modifier=0)
KEEN = UnitTemplate(name="Keen squad", kind="full_squad", morale=7, firepower=2, melee_modifier=1,
                    half_squad="us_rifle_half_squad")
"""A full squad whose values all differ from its half squad's (the shipped US Rifle half squad)."""
SET_UP = SetUpGame(cards_per_pip=(9, 9, 9, 9, 9, 9))


def players_units(data_dir: Path, text: str) -> Path:
    folder = data_dir / "point_blank"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "units.toml").write_text(text, encoding="utf-8")
    return folder / "units.toml"


def test_the_us_rifle_squad_names_its_half_squad_and_squads_the_rulebook_gives_no_half_for_name_none():
    assert RIFLE.half_squad == "us_rifle_half_squad"
    assert [key for key, t in CATALOG.units.items() if t.half_squad is not None] == ["us_rifle_squad"]


@pytest.mark.parametrize(("kind", "named", "problem"), [
    ("full_squad", "my_half", "my_half is no unit of this file"),
    ("full_squad", "german_ss", "german_ss is a full squad, not a half squad"),
    ("weapon_team", "us_rifle_half_squad", "only a full squad is reduced to a half squad"),
])
def test_a_half_squad_named_wrongly_is_refused_with_file_line_and_key(tmp_path: Path, kind, named, problem):
    path = players_units(tmp_path, f'[units.mine]\nname = "Mine"\nkind = "{kind}"\nmorale = 6\n'
                                   f'half_squad = "{named}"\n')
    with pytest.raises(ConfigError) as error:
        KINDS["point_blank"].open(random.Random(1), tmp_path)
    assert str(error.value) == f"{path}, line 5: units.mine.half_squad: {problem}"


def test_a_players_half_squad_named_from_a_shipped_squad_loads(tmp_path: Path):
    players_units(tmp_path, '[units.ss_half]\nname = "SS half squad"\nkind = "half_squad"\nmorale = 7\n'
                            'firepower = 1\n[units.german_ss]\nname = "German SS"\nkind = "full_squad"\n'
                            'morale = 7\nfirepower = 2\nhalf_squad = "ss_half"\n')
    units = KINDS["point_blank"].open(random.Random(1), tmp_path).rules.data["units.toml"].units
    assert units["german_ss"].half_squad == "ss_half" and units["us_rifle_squad"].half_squad == "us_rifle_half_squad"


def test_an_added_squad_journals_its_half_squad_cards_values():
    events = rules().decide(played(SET_UP), AddUnit(template=RIFLE, side=1))
    (added,) = [e for e in events if isinstance(e, UnitAdded)]
    assert added.half_squad == HALF
    (other,) = rules().decide(played(SET_UP), AddUnit(template=CATALOG.units["german_ss"], side=2))
    assert isinstance(other, UnitAdded) and other.half_squad is None


def test_a_squad_reduced_by_fire_fires_with_its_half_squads_firepower_and_undoing_the_result_restores_it(session):
    """The play-tester's report: shaken again, reduced to a half squad, it still fired as firepower 2+0."""
    set_up(session)
    session.execute(AddUnit(template=RIFLE, side=2))
    session.execute(AddUnit(template=CATALOG.units["german_rifle_squad"], side=1))
    session.execute(AdjustUnit(unit=1, changes={"shaken": 1}))
    session.execute(Order(units=(2,), action="fire", check=builders.fire(session.state, CATALOG, [2], [1])))
    for pip in (5, 1, 2):  # attack 2 + 5 = 7 against 1; damage 2 + 6 = 8 > 6: shaken again, reduced
        session.execute(EnterPip(pip=pip))
    reduced = session.state.unit(1)
    assert reduced.reduced and (reduced.name, reduced.firepower, reduced.morale) == ("US Rifle half squad", 1, 6)
    step = builders.fire(session.state, CATALOG, [1], [2]).advance(())
    assert isinstance(step, Step) and step.prompt == "attack d6 (firepower 1+0)"
    assert unit_row(session.state, CATALOG, reduced)[2:6] == ("US Rifle half squad", "shaken, reduced", "6", "1")
    session.execute(Undo())
    full = session.state.unit(1)
    assert not full.reduced and (full.name, full.firepower) == ("US Rifle squad", 2)


def test_a_reduction_by_hand_turns_the_card_over_and_taking_it_back_turns_the_full_squad_up_again(session):
    set_up(session)
    session.execute(AddUnit(template=KEEN, side=1))
    press(session, "edit_unit", selected=1, reduced=True)
    half = session.state.unit(1)
    assert (half.name, half.morale, half.firepower, half.melee_modifier) == ("US Rifle half squad", 6, 1, 0)
    press(session, "edit_unit", selected=1, reduced=False)
    full = session.state.unit(1)
    assert (full.name, full.morale, full.firepower, full.melee_modifier) == ("Keen squad", 7, 2, 1)


def test_a_squad_naming_a_half_squad_the_library_lacks_is_refused_and_nothing_is_added(session):
    set_up(session)
    stray = UnitTemplate(name="Stray", kind="full_squad", morale=6, half_squad="nobody")
    with pytest.raises(RuleViolation, match="Stray: the unit library has no half squad nobody"):
        session.execute(AddUnit(template=stray, side=1))
    assert session.state.units == ()


def test_a_correction_made_to_the_half_squad_stays_with_its_card():
    state = played(SET_UP, AddUnit(template=KEEN, side=1), AdjustUnit(unit=1, changes={"reduced": True}),
                   AdjustUnit(unit=1, changes={"firepower": 0}), AdjustUnit(unit=1, changes={"reduced": False}))
    assert state.unit(1).firepower == 2
    again = played(SET_UP, AddUnit(template=KEEN, side=1), AdjustUnit(unit=1, changes={"reduced": True}),
                   AdjustUnit(unit=1, changes={"firepower": 0}), AdjustUnit(unit=1, changes={"reduced": False}),
                   AdjustUnit(unit=1, changes={"reduced": True}))
    assert again.unit(1).firepower == 0


def test_a_name_the_players_gave_stays_on_the_half_squad():
    state = played(SET_UP, AddUnit(template=RIFLE, side=1, name="1st Squad"),
                   AdjustUnit(unit=1, changes={"reduced": True}))
    assert (state.unit(1).name, state.unit(1).firepower) == ("1st Squad", 1)
    renamed = played(SET_UP, AddUnit(template=RIFLE, side=1), AdjustUnit(unit=1, changes={"name": "Able"}),
                     AdjustUnit(unit=1, changes={"reduced": True}))
    assert (renamed.unit(1).name, renamed.unit(1).firepower) == ("Able", 1)


def test_a_squad_whose_library_names_no_half_squad_keeps_its_values_when_reduced():
    ss = CATALOG.units["german_ss"]
    state = played(SET_UP, AddUnit(template=ss, side=2), AdjustUnit(unit=1, changes={"reduced": True}))
    unit = state.unit(1)
    assert unit.reduced and (unit.name, unit.morale, unit.firepower) == ("German SS", 7, 2)


def test_damage_morale_and_melee_checks_read_the_half_squads_morale_and_melee_modifier():
    state = played(SET_UP, AddUnit(template=KEEN, side=1), AddUnit(template=CATALOG.units["german_ss"], side=2),
                   AdjustUnit(unit=1, changes={"reduced": True}))
    assert builders.fire(state, CATALOG, [2], [1]).targets[0].morale == 6
    assert builders.morale(state, CATALOG, [1]).units[0].morale == 6
    melee = builders.melee(state, CATALOG, [1], [2])
    assert melee.attacker_hits_on == 4 and melee.attackers[0].firepower == 1


def test_the_aeo_leads_a_fire_group_with_the_full_squad_over_the_reduced_one():
    state = played(SET_UP, AddUnit(template=RIFLE, side=2), AddUnit(template=RIFLE, side=2),
                   AdjustUnit(unit=1, changes={"reduced": True}))
    assert fire_groups(state.units)[0] == [(2, 1)]


def test_a_reduced_squads_other_card_survives_the_games_file():
    state = played(SET_UP, AddUnit(template=RIFLE, side=1), AdjustUnit(unit=1, changes={"reduced": True}))
    adapter = rules().state
    assert adapter.validate_json(adapter.dump_json(state)) == state
