"""Which AEO unit acts (12.3.2-12.3.4.5): each selection rule, quoted, on a table set up for it,
through the rules as a game plays them. A choice the rules leave to chance is drawn by the
companion, journaled with what it was drawn among, and shown."""

import random

import pytest

from companion.games.point_blank.aeo import select
from companion.games.point_blank.aeo.commands import ActAeoLeader, KeyAeoDie, ResolveAeoAction
from companion.games.point_blank.aeo.events import AeoCardsDiscarded
from companion.games.point_blank.aeo.models import ChartAnswer
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.aeo.view import panel_lines
from companion.games.point_blank.checks.fire import InfantryFire, Sniper
from companion.games.point_blank.checks.morale import Rally
from companion.games.point_blank.commands import AdjustUnit, EndImpulse, EnterPip, SetMarker
from companion.games.point_blank.events import CheckStarted, FatigueReduced, UnitsOrdered
from companion.games.point_blank.units import from_template
from tests.point_blank.playing import CATALOG, CONTROLLER, GERMAN, SQUAD, answer
from tests.point_blank.solo import (
    GRENADIERS,
    LEUTNANT,
    MG_TEAM,
    PANZER,
    SHERMAN,
    acting,
    named,
    rolled,
    solo_game,
    to_the_roll,
)


def last(session, kind):
    return [record.event for record in session.records if isinstance(record.event, kind)][-1]


def acts(session) -> list:
    """What the AEO's latest impulse did, step by step."""
    return list(session.state.aeo.impulse.acts)


def adjust(session, name: str, **changes) -> None:
    session.execute(AdjustUnit(unit=named(session.state, name), changes=changes))


# 12.3.2: "A stack of AEO units will always act together to conduct an Assault, Move, or Fire action."


def test_a_stack_moves_together(session):
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (MG_TEAM, 2, "B2", "woods"), (SQUAD, 1, "B2", "clear"))
    session.execute(SetMarker(marker="smoke", sector="B1/2"))
    acting(session, "move")
    session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B2/2", to="B1/2")))
    order = last(session, UnitsOrdered)
    assert order.action == "move" and order.via == "aeo" and order.destination.key == "B1/2"
    assert set(order.units) == {named(session.state, "Grenadiers"), named(session.state, "MG team")}


def test_a_stack_fires_together_its_infantry_as_one_group_then_each_weapon_team(session):
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (GERMAN, 2, "B2", "woods"), (MG_TEAM, 2, "B2", "woods"),
              (SQUAD, 1, "B2", "clear"), posture="offensive")
    to_the_roll(session)
    rolled(session, 1, 3)  # offensive "4 (1,3 Pips)": Fire / Recon
    us = named(session.state, "US Rifle squad")
    session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B2/2", targets=(us,))))
    order = last(session, UnitsOrdered)
    assert order.action == "fire" and len(order.units) == 3
    fire = last(session, CheckStarted).check
    assert isinstance(fire, InfantryFire) and len(fire.other_firepower) == 1
    assert stage(session.state).kind == "attacks"
    while session.state.check is not None:
        session.execute(EnterPip(pip=1, force=True))
    session.execute(ResolveAeoAction())
    second = last(session, CheckStarted).check
    assert isinstance(second, InfantryFire) and second.lead.name == "MG team" and second.other_firepower == ()


def test_a_stack_assaults_together(session):
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (GERMAN, 2, "B2", "woods"), (SQUAD, 1, "B1", "clear"),
              posture="offensive")
    session.execute(SetMarker(marker="smoke", sector="B1/2"))
    acting(session, "assault")
    us = named(session.state, "US Rifle squad")
    session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B2/2", to="B1/2", targets=(us,))))
    order = last(session, UnitsOrdered)
    assert order.action == "assault" and len(order.units) == 2 and order.destination.key == "B1/2"
    assert last(session, CheckStarted).check.modifier < 0  # 8.1: the assault's -2


# 12.3.2: "If the action is a Unit Action and a Sector is selected with a stack of units with equal
# fatigue levels, the selected AEO will be in the following order: AFV, Infantry Unit, Weapon Team"


def test_a_unit_action_takes_the_afv_then_infantry_then_the_weapon_team_at_equal_fatigue():
    afv, squad, team = (from_template(n, 2, t) for n, t in ((1, PANZER), (2, GRENADIERS), (3, MG_TEAM)))
    assert select.unit_action([team, squad, afv]) == [afv]
    assert select.unit_action([team, squad]) == [squad]
    assert select.unit_action([team]) == [team]


def test_a_unit_action_in_play_recons_with_the_afv_of_the_stack(session):
    solo_game(session, (MG_TEAM, 2, "B2", "woods"), (GRENADIERS, 2, "B2", "woods"), (PANZER, 2, "B2", "woods"),
              (SQUAD, 1, "B2", "woods"))
    acting(session, "recon")
    session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B2/2", recon="spot", at="B2/1")))
    assert last(session, UnitsOrdered).units == (named(session.state, "Panzer IV"),)


def test_the_recon_flowcharts_answer_is_asked_again_until_it_names_a_sector_with_player_units_to_spot(session):
    """Refused once the form had closed, a spot at no Sector opened the same form again, blank."""
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (SQUAD, 1, "B2", "woods"))
    acting(session, "recon")
    asked = CONTROLLER.press(session.state, "confirm", None, None)
    with pytest.raises(ValueError, match="choose the one the Recon flowchart names"):
        answer(asked)
    with pytest.raises(ValueError, match="no player unit in C2 US to spot"):
        answer(asked, at="C2/1")
    (resolved,) = answer(asked, at="B2/1").commands
    assert resolved == ResolveAeoAction(answer=ChartAnswer(sector="B2/2", recon="spot", at="B2/1"))
    assert answer(asked, recon="search").commands[0].answer.recon == "search"


# 12.3.2: "For Melee actions, select an AEO that is adjacent to a PU. If multiple AEOs in different
# Sectors are adjacent, select the unit(s) with the least fatigue to conduct the action."


def test_a_melee_goes_from_the_adjacent_sector_with_the_least_fatigue(session):
    solo_game(session, (GRENADIERS, 2, "B1", "woods"), (GERMAN, 2, "A0", "clear"), (SQUAD, 1, "B0", "clear"),
              (GRENADIERS, 2, "D3", "woods"))
    adjust(session, "Grenadiers", fatigue=1)
    acting(session, "melee")
    session.execute(ResolveAeoAction())
    order = last(session, UnitsOrdered)
    assert order.action == "melee" and order.units == (named(session.state, "German Rifle squad"),)
    assert order.targets == (named(session.state, "US Rifle squad"),)


# 12.3.4.1: "ready any one spent unit. If multiple units are spent, select the unit to be readied in
# the following order: AFV, Weapon Team, Infantry Unit ... If no units are spent, then reduce the
# fatigue of one unit. Select the unit with the most fatigue ... If there are no units to be readied
# or have fatigue removed, then conduct a Discard action."

READY_TABLE = ((GRENADIERS, 2, "B2", "woods"), (MG_TEAM, 2, "C2", "woods"), (PANZER, 2, "D2", "woods"),
               (SQUAD, 1, "B2", "clear"))


def test_ready_readies_a_spent_afv_before_a_weapon_team_before_infantry(session):
    solo_game(session, *READY_TABLE)
    for name in ("Grenadiers", "MG team", "Panzer IV"):
        adjust(session, name, spent=True)
    acting(session, "ready")
    session.execute(ResolveAeoAction())
    assert last(session, UnitsOrdered).units == (named(session.state, "Panzer IV"),)
    assert session.state.unit(named(session.state, "Panzer IV")).spent is False
    lines = panel_lines(session.state, CATALOG)
    assert "✓ Ready (12.3.4.1): Panzer IV (spent) is readied" in lines


def test_ready_with_none_spent_removes_fatigue_from_the_most_fatigued_in_the_same_order(session):
    solo_game(session, *READY_TABLE)
    adjust(session, "Grenadiers", fatigue=2)
    adjust(session, "Panzer IV", fatigue=1)
    adjust(session, "MG team", fatigue=1)
    acting(session, "ready")
    session.execute(ResolveAeoAction())
    reduced = last(session, FatigueReduced)
    assert reduced.unit == named(session.state, "Grenadiers") and reduced.via == "aeo"
    assert session.state.check is None  # the AEO's Ready draws no odd d6 (12.3.4.1)
    adjust(session, "Grenadiers", fatigue=0)
    session.execute(EndImpulse(force=True))
    session.execute(EndImpulse())
    acting(session, "ready")
    session.execute(ResolveAeoAction())
    assert last(session, FatigueReduced).unit == named(session.state, "Panzer IV")


def test_ready_with_nothing_to_ready_is_a_discard_action(session):
    solo_game(session, *READY_TABLE)
    acting(session, "ready")
    session.execute(ResolveAeoAction())
    assert acts(session)[-1].outcome == "impossible" and stage(session.state).kind == "discard_action"


# 12.3.3.3: "If AEO units are shaken then a rally is played on the Sector with the most shaken units
# ... If the Rally action is part of a double action result (Example: Rally/Ready) where no eligible
# units can be rallied then the Ready action is executed. If neither can be executed then conduct a
# Discard action."


def test_rally_is_played_on_the_sector_with_the_most_shaken_units(session):
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (GERMAN, 2, "B2", "woods"), (GRENADIERS, 2, "C2", "woods"),
              (SQUAD, 1, "B2", "clear"))
    b2 = [u.id for u in session.state.units if u.sector == "B2/2"]
    c2 = next(u.id for u in session.state.units if u.sector == "C2/2")
    for unit in (*b2, c2):
        session.execute(AdjustUnit(unit=unit, changes={"shaken": 1}))
    acting(session, "rally")
    session.execute(ResolveAeoAction())
    order = last(session, UnitsOrdered)
    assert order.action == "rally" and set(order.units) == set(b2)
    assert isinstance(last(session, CheckStarted).check, Rally)


def test_rally_ready_with_no_one_to_rally_readies_and_with_neither_discards(session):
    solo_game(session, *READY_TABLE)
    adjust(session, "MG team", spent=True)
    acting(session, "rally", "ready")
    session.execute(ResolveAeoAction())
    session.execute(ResolveAeoAction())
    assert [a.outcome for a in acts(session)] == ["impossible", "readied"]
    assert stage(session.state).kind == "done"
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    acting(session, "rally", "ready")
    session.execute(ResolveAeoAction())
    session.execute(ResolveAeoAction())
    assert stage(session.state).kind == "discard_action"


# 12.3.3.1: "The AEO may not possess more than 2 cover markers at any one time. If a cover marker is
# generated and the AEO already has 2, then ignore the "Acquire Cover" result only."


def test_cover_markers_are_kept_at_most_two_and_a_third_is_ignored(session):
    assert select.acquire_cover(0) == (1, True) and select.acquire_cover(2) == (2, False)
    solo_game(session, *READY_TABLE)
    for _ in range(3):
        to_the_roll(session)
        rolled(session, 1, 2)  # "3 | Move / Recon (Acquire Cover) | 2 Covers Max"
        session.execute(ResolveAeoAction(answer=ChartAnswer()))
        session.execute(ResolveAeoAction(answer=ChartAnswer()))
        session.execute(EndImpulse(force=True))
        session.execute(EndImpulse())
    assert session.state.aeo.cover == 2


# 12.3.4: "AEO leaders will always use one of their leader actions where a unit in their Sector may
# benefit ... Example: ... a leader with 2 units (one marked with fatigue level 1 and one that is
# marked shaken) in C2. The leader has a Ready and a Rally action. The leader will play their rally
# action on the shaken unit as they would benefit the most from this action."


def test_a_leader_acts_after_the_action_where_a_unit_benefits_most(session):
    solo_game(session, (LEUTNANT, 2, "C2", "woods"), (GRENADIERS, 2, "C2", "woods"), (GERMAN, 2, "C2", "woods"),
              (SQUAD, 1, "B2", "clear"))
    adjust(session, "Grenadiers", fatigue=1)
    adjust(session, "German Rifle squad", shaken=1)
    acting(session, "wind")  # "even if the leader is not in a Sector where the AEO action took place"
    session.execute(ResolveAeoAction())
    assert stage(session.state).kind == "leaders"
    session.execute(ActAeoLeader())
    order = last(session, UnitsOrdered)
    assert order.action == "rally" and order.via == "leader"
    assert order.units == (named(session.state, "German Rifle squad"),)
    assert order.leader == named(session.state, "Leutnant")


# 12.3.4: "Leaders that are alone in a Sector will execute a move towards the closest stack of units
# that does not contain a leader and the units must be units that the leader can lead. Example: An
# infantry leader is closer to an AFV than a stack of infantry. The infantry leader would move towards
# the stack of infantry and avoid the AFV."


def test_a_lone_infantry_leader_moves_towards_the_infantry_and_not_the_nearer_afv(session):
    solo_game(session, (LEUTNANT, 2, "C3", "woods"), (PANZER, 2, "D3", "woods"), (GRENADIERS, 2, "A3", "woods"),
              (SQUAD, 1, "B2", "clear"))
    acting(session, "wind")
    session.execute(ResolveAeoAction())
    session.execute(ActAeoLeader())
    order = last(session, UnitsOrdered)
    assert order.action == "move" and order.units == (named(session.state, "Leutnant"),)
    assert order.destination.key == "B3/2"
    assert stage(session.state).kind == "done"


# 12.3.4.2: "the AEO will target a Sector of PUs closest to an AEO unit. If multiple Player Units are
# at equal distance from an AEO unit then randomly determine. If the target is an AFV it may only be
# targeted if the AFV is unbuttoned. If the AFV is buttoned select another target in the Sector or
# another target in the next closest Sector."


def test_the_sniper_targets_the_nearest_player_sector_and_never_a_buttoned_afv(session):
    solo_game(session, (GRENADIERS, 2, "B1", "woods"), (SHERMAN, 1, "B1", "clear"), (SQUAD, 1, "B3", "clear"))
    adjust(session, "Sherman", buttoned=True)
    to_the_roll(session)
    rolled(session, 1, 1)  # "2 | Sniper"
    session.execute(ResolveAeoAction())
    sniper = last(session, CheckStarted).check
    assert isinstance(sniper, Sniper) and sniper.target.name == "US Rifle squad" and sniper.card_pips is None


def test_equally_near_sniper_targets_are_drawn_at_random_journaled_and_shown(session):
    solo_game(session, (GRENADIERS, 2, "B1", "woods"), (SQUAD, 1, "A0", "clear"), (SQUAD, 1, "C0", "clear"))
    to_the_roll(session)
    rolled(session, 1, 1)
    session.execute(ResolveAeoAction())
    (tie,) = acts(session)[-1].ties
    assert set(tie.among) == {"A0", "C0"} and tie.chosen in tie.among
    assert any(line.startswith("  drawn at random among A0 and C0: ") for line in panel_lines(session.state, CATALOG))


def test_a_random_choice_is_drawn_with_the_companions_source_and_named_with_the_rest():
    chosen, tie = select.pick(random.Random(1), ["A0", "C0"], str)
    assert tie is not None and tie.chosen == chosen and tie.among == ("A0", "C0")
    assert select.pick(random.Random(1), ["A0"], str) == ("A0", None)


# 12.3.4.4: "Once per game turn the AEO may flush their hand as guided by the flowcharts. When this
# occurs, discard the top 4 cards of the Action Card deck into the discard pile."


def test_a_hand_flush_discards_four_cards_once_a_turn(session):
    solo_game(session, *READY_TABLE)
    acting(session, "flush")
    left = session.state.deck.left
    session.execute(ResolveAeoAction(pips=(5, 5, 6, 6)))
    assert last(session, AeoCardsDiscarded).count == 4 and session.state.deck.left == left - 4
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    acting(session, "flush")
    session.execute(ResolveAeoAction(pips=(1, 1, 1, 1)))
    assert acts(session)[-1].reason == "flushed" and session.state.deck.left == left - 5


# 12.3.4.5: "The AEO will always attempt to lay smoke when moving into a Sector. The smoke attempt will
# be made into the Sector that it is intending to move into. If the smoke attempt fails the AEO will
# cancel its move on a d6 check of 1 or 2. Roll a physical d6 for this result."


def moving_with_smoke(session, pip: int) -> None:
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (SQUAD, 1, "B2", "clear"))
    acting(session, "move")
    session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B2/2", to="B1/2")))
    smoke = last(session, CheckStarted).check
    assert smoke.kind == "smoke" and smoke.sector == "B1/2"
    session.execute(EnterPip(pip=pip))
    session.execute(ResolveAeoAction())


def test_smoke_laid_before_the_move_lets_it_go_ahead(session):
    moving_with_smoke(session, 6)
    assert "B1/2" in session.state.smoke and last(session, UnitsOrdered).destination.key == "B1/2"


@pytest.mark.parametrize(("face", "cancelled"), [(1, True), (2, True), (3, False), (6, False)])
def test_a_failed_smoke_cancels_the_move_on_a_physical_d6_of_1_or_2(session, face, cancelled):
    moving_with_smoke(session, 1)
    assert stage(session.state).kind == "die"
    left = session.state.deck.left
    session.execute(KeyAeoDie(face=face))
    assert session.state.deck.left == left  # a physical d6, not a card
    if cancelled:
        assert acts(session)[-1].outcome == "cancelled" and stage(session.state).kind == "done"
        assert not any(isinstance(r.event, UnitsOrdered) and r.event.action == "move" for r in session.records)
    else:
        session.execute(ResolveAeoAction())
        assert last(session, UnitsOrdered).destination.key == "B1/2"
