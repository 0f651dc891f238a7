"""The solo part of Point Blank's guided setup (12.2): who plays the AEO and in what posture (a
choice at "Determine sides"), and the AEO's own setup, worked out when the players reach "Deploy
units" (12.2.1, 12.2.2): its placements and the Terrain cards it draws, facts made once."""

import random
from collections.abc import Callable, Mapping

from companion.games.kit.forms import Choice, FormSpec
from companion.games.kit.guide import ConfirmStep, MakeChoice
from companion.games.kit.intents import Ask, Intent, Run
from companion.games.point_blank import setup_terrain
from companion.games.point_blank.aeo import deploy
from companion.games.point_blank.aeo.cards import choose_terrain
from companion.games.point_blank.aeo.events import AeoDeployed
from companion.games.point_blank.aeo.models import Deployment
from companion.games.point_blank.aeo.table import Posture
from companion.games.point_blank.battlefield import SectorRef
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.scenario import PbForce, PbScenario
from companion.games.point_blank.state import PointBlankState
from companion.journal.events import Event

Fold = Callable[[PointBlankState, list[Event]], PointBlankState]
SOLO = "solo"
"""The choice of the side the solo opponent (AEO) plays: 0 for two players."""
POSTURE = "aeo_posture"
"""The AEO's posture (12.2): as the scenario gives it for that side ("scenario"), or chosen."""


def solo(state: PointBlankState) -> int:
    """The side the AEO plays, as chosen at setup; 0 for two players."""
    chosen = state.guide.choice(SOLO, 0) if state.guide is not None else 0
    return chosen if isinstance(chosen, int) else 0


def posture(state: PointBlankState) -> Posture | None:
    """The AEO's posture: the one chosen at setup, else the scenario's for its side (12.2)."""
    aeo = solo(state)
    if not aeo or state.scenario is None:
        return None
    chosen = state.guide.choice(POSTURE, "scenario") if state.guide is not None else "scenario"
    if chosen in ("defensive", "offensive"):
        return "defensive" if chosen == "defensive" else "offensive"
    return state.scenario.sides[aeo - 1].posture


def deployment(state: PointBlankState) -> Deployment | None:
    """Where the AEO's setup placed its units, when it was worked out for the side and posture chosen."""
    found = state.aeo.deployment if state.aeo is not None else None
    if found is None or found.side != solo(state) or found.posture != posture(state):
        return None
    return found


def deploys_as_scenario_says(state: PointBlankState, force: PbForce) -> bool:
    """The scenario's own Sector holds for this unit: it is not the AEO's, whose setup places it (12.2)."""
    return force.side != solo(state) or not force.at_setup


POSTURES = (("scenario", "As the scenario gives it"), ("defensive", "Defensive (the green flowcharts)"),
            ("offensive", "Offensive (the red flowcharts)"))


def sides_form(state: PointBlankState, go_on: ConfirmStep) -> Ask:
    """Solo or two players (12.2): the side the AEO plays, and its posture when the scenario gives
    none (or the players want the other)."""
    scenario = state.scenario
    assert scenario is not None
    options = ((0, "Nobody: two players"), *((number, f"The AEO plays {side.name}" + (
        f" ({side.posture} posture)" if side.posture else "")) for number, side in enumerate(scenario.sides, 1)))
    chosen = state.guide.choice(POSTURE, "scenario") if state.guide is not None else "scenario"
    fields = (Choice(SOLO, "The solo opponent (AEO)", options, solo(state)),
              Choice(POSTURE, "The AEO's posture", POSTURES, str(chosen)))
    note = ("The scenario gives each side's posture for the AEO (12.1)." if any(s.posture for s in scenario.sides)
            else "The scenario gives no posture: choose the AEO's.")
    form = FormSpec("Playing solo?", fields, note=note, submit="Choose")

    def sides_chosen(answers: Mapping[str, object]) -> Intent:
        aeo = int(str(answers[SOLO]))
        stance = str(answers[POSTURE])
        if aeo and stance == "scenario" and scenario.sides[aeo - 1].posture is None:
            raise ValueError(f"The AEO's posture: the scenario gives {scenario.sides[aeo - 1].name} none, choose one")
        if not aeo:
            return Run((MakeChoice(key=SOLO, value=0, words="two players"), go_on))
        said = scenario.sides[aeo - 1].posture if stance == "scenario" else stance
        words = f"the AEO plays {scenario.sides[aeo - 1].name}, {said} posture"
        return Run((MakeChoice(key=SOLO, value=aeo, words=words), MakeChoice(key=POSTURE, value=stance, words=words),
                    go_on))

    return Ask(form, sides_chosen)


def aeo_setup(state: PointBlankState, scenario: PbScenario, rng: random.Random, catalog: Catalog,
              fold: Fold) -> list[Event]:
    """The AEO's setup (12.2.1, 12.2.2), worked out once for the side and posture chosen: its
    placements, then two Terrain cards for each of its Sectors with none (a fact, never drawn again)."""
    side, stance = solo(state), posture(state)
    if not side or stance is None or deployment(state) is not None:
        return []
    placed = deploy.plan(state, scenario, side, stance, catalog, rng)
    events: list[Event] = [AeoDeployed(deployment=placed)]
    state = fold(state, events)
    for key in dict.fromkeys(p.sector for p in placed.placements):
        if setup_terrain.card_in(state, key) is None:
            chosen = choose_terrain(state, SectorRef.model_validate(key), rng, catalog, fold)
            events += chosen
            state = fold(state, chosen)
    return events
