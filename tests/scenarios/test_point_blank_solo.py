"""Point Blank's tutorial played solo: the AEO's setup worked out from the scenario (12.2.1,
12.2.2) and shown at the deploy step, its units entering play where it placed them, the four cards
it discards before play (12.3), its Reinforcement action on the scenario's table (8.11), and whole
games to the scenario's end with the companion running the AEO, press by press."""


import random

import pytest

from companion.errors import RuleViolation
from companion.games.kit.guide import ConfirmStep, RevisitStep
from companion.games.kit.intents import Ask
from companion.games.point_blank.aeo.commands import DiscardAeoCards, FillAeoRow, ResolveAeoAction
from companion.games.point_blank.aeo.events import AeoCardsDiscarded, AeoDeployed, AeoTerrainChosen
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.commands import EndImpulse, EnterPip
from companion.games.rules import Undo
from tests.point_blank.solo import aeo_step, press, rolled, solo_setup, to_the_roll
from tests.scenarios.conftest import at, confirm, scenario, tutorial_with

TUTORIAL = scenario("point_blank", "tutorial")


def events(session, kind) -> list:
    return [record.event for record in session.records if isinstance(record.event, kind)]


def placed(deployment) -> dict[str, str]:
    """Unit name → Sector key."""
    return {(TUTORIAL.forces[p.force].name): p.sector for p in deployment.placements}


def test_a_defending_aeo_fills_the_objective_then_takes_infantry_from_it_so_no_area_is_empty(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(3):
        confirm(game, session, {"solo": 2})
    (deployed,) = events(session, AeoDeployed)
    plan = deployed.deployment
    where = placed(plan)
    # 12.2.1's first line: "One Weapon Team and one infantry unit", into the Bridge (B0).
    assert where["MG 42 team"] == "B0"
    steps = {TUTORIAL.forces[p.force].name: (p.why, p.step) for p in plan.placements}
    assert steps["MG 42 team"] == ("objective", 0)
    # "If there are not enough units take one Infantry unit from the Objective to fill the gap
    # providing at least one unit remains with the Objective": Areas A and C are as near the Bridge.
    assert steps["Rear guard"] == ("gap", 0)
    (tie,) = plan.ties
    assert set(tie.among) == {"A", "C"} and where["Rear guard"].startswith(tie.chosen)
    assert where["Rear guard"].endswith("/2")
    assert "Late squad" not in where  # a reinforcement arrives where the scenario says (12.3.4.3)


def test_the_deploy_step_says_where_the_aeo_sets_up_and_why(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(3):
        confirm(game, session, {"solo": 2})
    lines = game.controller.guide(session.state).step.lines
    assert "German (the AEO, defensive posture) sets up as 12.2.1 places it:" in lines
    assert "  MG 42 team in B0 (Bridge): the objective: one Weapon Team and one infantry unit" in lines
    assert any(line.startswith("  the Area drawn at random among A and C: ") for line in lines)
    rear = placed(events(session, AeoDeployed)[0].deployment)["Rear guard"]
    assert any(line.startswith(f"  Rear guard in {rear[:2]} German") for line in lines)
    assert "US deploys:" in lines and any(line.startswith("  1st squad in B2 US") for line in lines)


def test_the_aeos_units_enter_play_where_its_setup_placed_them(start):
    game, session = start("point_blank", TUTORIAL)
    solo_setup(game, session, aeo=2)
    plan = session.state.aeo.deployment
    where = {unit.name: unit.sector for unit in session.state.units}
    assert where["MG 42 team"] == "B0" and where["Rear guard"] == placed(plan)["Rear guard"]
    assert where["1st squad"] == "B2/1"  # the players' units where the scenario says
    assert all(session.state.battlefield.card(sector) is not None for sector in where.values())


def test_an_attacking_aeo_spreads_evenly_over_the_areas_from_the_objectives(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(3):
        confirm(game, session, {"solo": 1})
    plan = events(session, AeoDeployed)[0].deployment
    assert plan.posture == "offensive"
    where = placed(plan)
    # 12.2.2: "evenly distribute their forces among all Areas"; the scenario deploys the US on row 2.
    assert where["1st squad"] == "B2/1"
    assert where["2nd squad"] in ("A2/1", "C2/1")
    assert where["Lt. Miller"] == "B2/1"  # a leader with a stack he can lead


def test_the_posture_the_players_choose_replaces_the_scenarios(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(3):
        confirm(game, session, {"solo": 2, "aeo_posture": "offensive"})
    assert events(session, AeoDeployed)[0].deployment.posture == "offensive"


def test_going_back_and_on_again_never_works_the_setup_out_or_draws_again(start):
    game, session = start("point_blank", TUTORIAL)
    for _ in range(3):
        confirm(game, session, {"solo": 2})
    before = (events(session, AeoDeployed), events(session, AeoTerrainChosen))
    session.execute(RevisitStep(step=2))
    session.execute(ConfirmStep(step=2))
    assert (events(session, AeoDeployed), events(session, AeoTerrainChosen)) == before
    assert at(session) == 3


# 12.3: "To begin the game discard the top 4 cards of the Action Card deck."


def test_the_aeo_is_dealt_no_hand_and_discards_four_cards_before_play_counted_out_by_pips(start):
    game, session = start("point_blank", TUTORIAL)
    solo_setup(game, session, aeo=2)
    state = session.state
    assert state.deck.hands == (5, 0) and stage(state).kind == "start"
    with pytest.raises(RuleViolation, match="discards the top 4 Action cards before play"):
        session.execute(EndImpulse())
    asked = game.controller.press(state, "confirm", None, None)
    assert isinstance(asked, Ask) and len(asked.form.fields) == 4
    left = state.deck.left
    session.execute(DiscardAeoCards(pips=(1, 2, 3, 6)))
    assert session.state.deck.left == left - 4 and session.state.deck.seen == (1, 1, 1, 0, 0, 1)
    assert events(session, AeoCardsDiscarded)[-1].why == "start" and stage(session.state).kind == "none"


def test_undo_right_after_the_four_names_them_not_the_setup_behind_them(start):
    game, session = start("point_blank", TUTORIAL)
    solo_setup(game, session, aeo=2)
    session.execute(DiscardAeoCards(pips=(6, 6, 5, 2)))
    with pytest.raises(RuleViolation) as refused:
        session.execute(Undo())
    assert str(refused.value) == ("cannot undo “AEO discards 4 cards (6, 6, 5, 2 pips): start”: undo never un-draws "
                                  "a card (a miscount: Correct deck, s)")


def test_with_real_dice_the_four_go_unseen(start):
    game, session = start("point_blank", TUTORIAL)
    solo_setup(game, session, aeo=2, dice=True)
    left = session.state.deck.left
    session.execute(DiscardAeoCards())
    assert session.state.deck.left == left - 4 and session.state.deck.seen == (0, 0, 0, 0, 0, 0)


# A whole game: the companion runs the AEO, a player presses the keys its steps ask for


def play_to_the_end(game, session, seed: int) -> list[str]:
    """The tutorial played until its last turn ends: the AEO's impulses by the keys its panel asks
    for, the player's by a card discarded and Next. The stages the AEO went through come back."""
    rng = random.Random(seed)
    seen = []
    for _ in range(600):
        state = session.state
        if state.game_over:
            return seen
        at = stage(state).kind
        seen.append(at)
        if at == "none" and state.check is None:
            if state.deck.hands[state.side - 1]:
                press(game, session, "discard")
            press(game, session, "end_impulse")
        else:
            aeo_step(game, session, rng)
    raise AssertionError(f"the game did not end: {seen[-20:]}")


@pytest.mark.parametrize(("aeo", "dice", "seed"), [(2, False, 1), (2, True, 2), (1, False, 3), (1, True, 4)])
def test_a_solo_game_of_the_tutorial_plays_from_setup_to_its_end(start, sessions, aeo, dice, seed):
    game, session = start("point_blank", TUTORIAL, seed=seed)
    solo_setup(game, session, aeo=aeo, dice=dice)
    seen = play_to_the_end(game, session, seed)
    state = session.state
    assert game.rules.finished(state) and state.turn == 3
    assert {"start", "upkeep", "discard", "roll", "act", "done"} <= set(seen)
    impulses = [r.event for r in session.records if isinstance(r.event, AeoCardsDiscarded) and r.event.why == "impulse"]
    assert len(impulses) >= 2 and all((not e.pips) == dice for e in impulses)
    assert state.deck.hands[aeo - 1] == 0  # the AEO never held a card
    assert sessions(session.store, session.game, game.rules).state == state  # the journal folds to the same


AEO_RESERVE = """
[[forces]]
side = 2
unit = "german_rifle_squad"
name = "Reserve squad"
sector = "C3"
card = [3, 4]
"""


def test_the_aeos_reinforcement_action_plays_its_card_on_the_scenarios_table(start, tmp_path):
    game, session = start("point_blank", tutorial_with(tmp_path, AEO_RESERVE))
    solo_setup(game, session, aeo=2, **{f"pip{pip}": 4 for pip in range(1, 7)})
    assert "Reserve squad" not in {unit.name for unit in session.state.units}
    session.execute(DiscardAeoCards(pips=(1, 2, 3, 6)))
    session.execute(EndImpulse())
    to_the_roll(session)
    rolled(session, 2, 3)
    session.execute(FillAeoRow(actions=("reinforcement",)))
    session.execute(ResolveAeoAction())
    assert session.state.check.check.kind == "reinforcement" and session.state.check.check.side == 2
    session.execute(EnterPip(pip=4))
    (reserve,) = [unit for unit in session.state.units if unit.name == "Reserve squad"]
    assert (reserve.side, reserve.sector) == (2, "C3/2")
