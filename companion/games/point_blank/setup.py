"""Point Blank from a scenario: the guided setup of 5.0 (select the scenario, determine sides, lay
out the battlefield, deploy units, draw Action cards, hero markers in the cup), reinforcements
arriving at the start of their turn, and the victory conditions at each turn's end.

The companion draws what the scenario leaves to chance when the players reach the step that needs
it: the random terrain of the layout (5.3), then a card for each unit deployed where no terrain
lies (5.4). In a solo game the AEO's own setup places its side's units (12.2, `aeo.guided`).
Draws are facts: going back a step and on again never draws twice. The Action deck is confirmed
and the hands dealt at their own step; the units go into the tracker when play starts.
The battlefield is reached only through `setup_terrain` (see there).
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.kit import guide
from companion.games.kit.forms import FormSpec
from companion.games.kit.guide import ChooseScenario, ConfirmStep, MakeChoice, PlayStarted, RevisitStep, Step
from companion.games.kit.intents import Ask, Intent, Run, SaveFile
from companion.games.point_blank import setup_terrain
from companion.games.point_blank.aeo import view as aeo_view
from companion.games.point_blank.aeo.guided import (
    POSTURE,
    SOLO,
    aeo_setup,
    deployment,
    deploys_as_scenario_says,
    posture,
    sides_form,
    solo,
)
from companion.games.point_blank.aeo.play import START_DISCARDS
from companion.games.point_blank.battlefield import SectorRef
from companion.games.point_blank.catalog import Catalog, deck_file_text
from companion.games.point_blank.checks.battlefield import Reinforcement
from companion.games.point_blank.commands import AddUnit, SetUpGame
from companion.games.point_blank.deck import PIPS
from companion.games.point_blank.events import CheckResolved, TurnEnded
from companion.games.point_blank.forms import deck_fields, deck_note, save_deck
from companion.games.point_blank.scenario import RANDOM, PbForce, PbScenario, ScenarioChosen, faces
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import sector_of, unit_name
from companion.games.point_blank.words import plural
from companion.games.rules import Command
from companion.journal.events import Event
from companion.journal.record import Record

COMMANDS = guide.GUIDE_COMMANDS
EVENTS = (ScenarioChosen, *guide.GUIDE_EVENTS)
STEPS = ("Select the scenario", "Determine sides", "Lay out the battlefield", "Deploy units", "Draw Action cards",
         "Hero markers")
SELECT, SIDES, LAYOUT, DEPLOY, DEAL, HEROES = range(len(STEPS))
Fold = Callable[[PointBlankState, list[Event]], PointBlankState]


def setting_up(state: PointBlankState) -> bool:
    return state.guide is not None and state.guide.setting_up


def dealing(state: PointBlankState) -> bool:
    """At the step where the Action deck is confirmed and the hands are dealt."""
    return state.guide is not None and state.guide.at == DEAL


def key_of(force: PbForce) -> str:
    """The battlefield's key for the Sector a unit enters: `B0`, `A2/1`."""
    return setup_terrain.key(force.sector, force.on)


# The steps


def steps(state: PointBlankState, catalog: Catalog) -> tuple[Step, ...]:
    scenario = state.scenario
    assert scenario is not None
    first = scenario.sides[scenario.first - 1].name
    select = [*guide.background(scenario), f"{scenario.length().capitalize()}; hands of {scenario.hand_size};"
              f" {first} takes the first impulse.", f"Victory: {scenario.victory}"]
    select += [f"Special rule: {rule}" for rule in scenario.special_rules]
    select += [f"Not in the source, assumed here: {gap}" for gap in scenario.gaps]
    return (Step(STEPS[SELECT], tuple(select)), Step(STEPS[SIDES], side_lines(state), confirm=side_confirm(state)),
            Step(STEPS[LAYOUT], *layout_lines(state, catalog)), Step(STEPS[DEPLOY], *deploy_lines(state, catalog)),
            Step(STEPS[DEAL], deal_lines(state), confirm=deal_confirm(state)),
            Step(STEPS[HEROES], ("Put every hero marker in an opaque cup both players can reach (4.10).",),
                 confirm=(f"Confirm puts every unit in the companion's unit table; {first} takes the first impulse.",)))


def side_lines(state: PointBlankState) -> tuple[str, ...]:
    scenario = state.scenario
    assert scenario is not None
    lines = [f"Side {number}: {side.name}" + (f" (solo: the AEO plays it in {side.posture} posture)"
                                               if side.posture else "")
             for number, side in enumerate(scenario.sides, 1)]
    lines.append("Decide who commands which side (5.2).")
    aeo = solo(state)
    if aeo:
        lines.append(f"Solo: the AEO plays {scenario.sides[aeo - 1].name} in {posture(state)} posture, you play "
                     f"{scenario.sides[2 - aeo].name} (12.2).")
    return tuple(lines)


def side_confirm(state: PointBlankState) -> tuple[str, ...]:
    return () if solo(state) else ("Playing solo? Confirm asks which side the AEO plays, and its posture (12.1).",)


def layout_lines(state: PointBlankState, catalog: Catalog) -> tuple[tuple[str, ...], tuple[str, ...]]:
    scenario = state.scenario
    assert scenario is not None
    lines = [f"Areas {', '.join(scenario.areas)}; Sectors 0 to {scenario.rows} on each side. Play stays inside"
             " them (5.3)."]
    fixed = [place for place in scenario.battlefield if place.card != RANDOM]
    if fixed:
        lines.append("Place these cards:")
        lines += [f"  {scenario.sector_name(p.sector, p.side)}: {catalog.terrain_name(p.card)}" for p in fixed]
    drawn = drawn_lines(state, catalog, [(scenario.sector_name(p.sector, p.side), setup_terrain.key(p.sector, p.side))
                                         for p in scenario.battlefield if p.card == RANDOM])
    if drawn:
        lines.append("and the random terrain the companion drew, below.")
    lines.append("The other Sectors stay unknown until a unit enters them.")
    return tuple(lines), drawn


def deploy_lines(state: PointBlankState, catalog: Catalog) -> tuple[tuple[str, ...], tuple[str, ...]]:
    scenario = state.scenario
    assert scenario is not None
    lines = []
    placed = deployment(state)
    for number, side in enumerate(scenario.sides, 1):
        if placed is not None and number == placed.side:
            lines += aeo_view.deployment_lines(state, catalog, scenario, placed)
            continue
        lines.append(f"{side.name} deploys:")
        for force in scenario.forces:
            if force.side == number and force.at_setup:
                card = setup_terrain.card_in(state, key_of(force))
                on = f" ({catalog.terrain_name(card)})" if card else ""
                lines.append(f"  {unit_name(catalog, force)} in {sector_of(scenario, force)}{on}")
    later = [force for force in scenario.forces if force.turn > 1]
    if later:
        lines.append("Arriving later, at the start of their turn:")
        lines += [f"  turn {force.turn}: {scenario.sides[force.side - 1].name} {unit_name(catalog, force)} in "
                  f"{sector_of(scenario, force)}" for force in later]
    by_card = [force for force in scenario.forces if force.card]
    if by_card:
        lines.append("Arriving by a Reinforcement card (8.11), on its side's d6:")
        lines += [f"  {faces(force.card)}: {scenario.sides[force.side - 1].name} {unit_name(catalog, force)} in "
                  f"{sector_of(scenario, force)}" for force in by_card]
    laid = {setup_terrain.key(p.sector, p.side) for p in scenario.battlefield}
    empty = dict.fromkeys((sector_of(scenario, f), key_of(f)) for f in scenario.forces if f.at_setup
                          and key_of(f) not in laid and deploys_as_scenario_says(state, f))
    drawn = drawn_lines(state, catalog, list(empty))
    if drawn:
        lines.append("Units deployed where no terrain lies start on a card drawn for them (5.4), below.")
    return tuple(lines), drawn


def drawn_lines(state: PointBlankState, catalog: Catalog, sectors: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """`US A2: Woods` for each Sector (its name, its key) the companion has drawn a card for."""
    found = ((name, setup_terrain.card_in(state, key)) for name, key in sectors)
    return tuple(f"{name}: {catalog.terrain_name(card)}" for name, card in found if card is not None)


def deal_lines(state: PointBlankState) -> tuple[str, ...]:
    scenario = state.scenario
    assert scenario is not None
    lines = [f"Each player draws {plural(scenario.hand_size, 'Action card')} (5.5)."]
    if state.settings is not None:
        method = "real dice" if state.settings.dice_mode else "card pips"
        lines.append(f"Dealt: the {state.deck.size}-card deck confirmed, checks read from {method}.")
    if solo(state):
        lines.append("Solo: the AEO is dealt no hand, it plays from dice (12.2.3). Once play starts it discards the "
                     f"top {START_DISCARDS} Action cards (12.3): the companion counts them out of the deck.")
    return tuple(lines)


def deal_confirm(state: PointBlankState) -> tuple[str, ...]:
    return () if state.settings is not None else (
        "Confirm asks for the Action deck's pip counts and the dice method first (4.11).",)


# Deciding


def decide(state: PointBlankState, command: Command, rng: random.Random, catalog: Catalog, fold: Fold) -> list[Event]:
    match command:
        case ChooseScenario(name=name, scenario=scenario):
            if not isinstance(scenario, PbScenario):
                raise RuleViolation(f"“{scenario.title}” is not a Point Blank scenario")
            if state.guide is not None or state.settings is not None:
                raise RuleViolation("a scenario is chosen for a new game, before anything else")
            return [ScenarioChosen(name=name, scenario=scenario)]
        case ConfirmStep(step=step):
            return confirmed(state, step, rng, catalog, fold)
        case RevisitStep(step=step):
            playing(state)
            return [guide.revisited(state.guide, step, steps(state, catalog))]
        case MakeChoice():
            if command.key in (SOLO, POSTURE) and state.settings is not None and command.value != \
                    state.guide.choice(command.key, 0 if command.key == SOLO else "scenario"):  # type: ignore[union-attr]
                raise RuleViolation("the Action deck is dealt for this game's sides: who plays the AEO stays (12.2)")
            return guide.chosen(state.guide, command)
    raise TypeError(f"not a setup command: {command!r}")


def confirmed(state: PointBlankState, step: int, rng: random.Random, catalog: Catalog, fold: Fold) -> list[Event]:
    scenario = playing(state)
    done = guide.confirmed(state.guide, step, steps(state, catalog))
    assert state.guide is not None
    if step == DEAL and state.settings is None:
        raise RuleViolation("confirm the Action deck first: Confirm asks for its pip counts (4.11)")
    events: list[Event] = [done]
    if guide.first_time(state.guide, step) or step + 1 == DEPLOY:
        # Reaching the deployment again draws only for Sectors still without a card.
        events += chain(state, entering(scenario, step + 1, state, catalog), rng, catalog, fold)
    if step + 1 == DEPLOY:
        events += aeo_setup(fold(state, events), scenario, rng, catalog, fold)
    if guide.last(state.guide, step):
        events += chain(fold(state, events), arriving(fold(state, events), 1), rng, catalog, fold)
        events.append(PlayStarted(title=scenario.title))
    return events


def entering(scenario: PbScenario, step: int, state: PointBlankState, catalog: Catalog) -> list[Command]:
    """What the companion does on the table when the players first reach `step`: the battlefield
    laid out with the scenario's cards (5.3), then a card for each Sector a unit deploys into where
    no terrain lies (5.4)."""
    if step == LAYOUT:
        return [setup_terrain.lay_out(scenario, catalog), *(
            setup_terrain.draw_card(setup_terrain.key(p.sector, p.side)) if p.card == RANDOM
            else setup_terrain.place_card(setup_terrain.key(p.sector, p.side), p.card)
            for p in scenario.battlefield)]
    if step == DEPLOY:
        keys = dict.fromkeys(key_of(force) for force in scenario.forces if force.at_setup
                             and deploys_as_scenario_says(state, force))
        return [setup_terrain.draw_card(key) for key in keys if setup_terrain.card_in(state, key) is None]
    return []


def arriving(state: PointBlankState, turn: int) -> list[Command]:
    """The units entering at the start of `turn` (turn 1: deployed at setup, the AEO's where its
    setup placed them); a unit entering a Sector with no card draws one first (5.4)."""
    assert state.scenario is not None
    placed = deployment(state)
    return [Deploy(force=force, sector=placed.sector_of(index) if placed is not None and force.at_setup else None)
            for index, force in enumerate(state.scenario.forces) if force.arrives_in(turn)]


class Deploy(Command):
    """A unit of the scenario's forces into the tracker, on the card its Sector holds."""

    force: PbForce
    sector: str | None = None
    """Where the AEO's setup placed it, instead of the scenario's Sector."""


def chain(state: PointBlankState, commands: Sequence[Command], rng: random.Random, catalog: Catalog,
          fold: Fold) -> list[Event]:
    def one(at: PointBlankState, command: Command) -> list[Event]:
        if not isinstance(command, Deploy):
            return setup_terrain.decide(at, command, rng, catalog)
        force = command.force
        return setup_terrain.decide(at, AddUnit(template=catalog.units[force.unit], side=force.side,
                                                sector=SectorRef.model_validate(command.sector or key_of(force)),
                                                name=force.name or None), rng, catalog)

    return guide.chained(state, commands, one, fold)


def playing(state: PointBlankState) -> PbScenario:
    if state.scenario is None:
        raise RuleViolation("this game was started without a scenario")
    return state.scenario


def reinforcements(state: PointBlankState, events: Sequence[Event], rng: random.Random, catalog: Catalog,
                   fold: Fold) -> list[Event]:
    """The units a turn end brings in (those the scenario has arrive at the start of the next
    turn), and those a Reinforcement card's d6 brought in (8.11)."""
    if state.scenario is None:
        return []
    ended = [event.turn for event in events if isinstance(event, TurnEnded)]
    commands = [command for turn in ended for command in arriving(state, turn + 1)]
    commands += [Deploy(force=state.scenario.forces[force]) for event in events
                 if isinstance(event, CheckResolved) and isinstance(event.check, Reinforcement)
                 for force in event.check.arriving(event.pips[0])]
    return chain(fold(state, list(events)), commands, rng, catalog, fold) if commands else []


def dealt(state: PointBlankState, pips: tuple[int, int, int, int, int, int], dice: bool) -> SetUpGame:
    """The Action deck confirmed at the deal step, with the scenario's turns, hands and sides, and
    the AEO's side and posture in a solo game."""
    scenario = playing(state)
    return SetUpGame(cards_per_pip=pips, dice_mode=dice, turn_limit=scenario.turns, hand_size=scenario.hand_size,
                     first_side=scenario.first, nationalities=(scenario.sides[0].nationality,
                                                               scenario.sides[1].nationality),
                     aeo_side=solo(state), aeo_posture=posture(state))


# Folding


def evolve(state: PointBlankState, record: Record) -> PointBlankState | None:
    event = record.event
    if isinstance(event, ScenarioChosen):
        return replace(state, scenario=event.scenario, guide=guide.started(event.name, event.scenario.title,
                                                                           len(STEPS)))
    if isinstance(event, guide.GUIDE_EVENTS):
        return replace(state, guide=guide.evolve(state.guide, record))
    return None


# What Confirm asks, and the words


def confirm(state: PointBlankState, catalog: Catalog, own_deck: bool) -> Intent:
    assert state.guide is not None and state.scenario is not None
    at = state.guide.at
    go_on = ConfirmStep(step=at)
    if at == SIDES and state.settings is None:
        return sides_form(state, go_on)
    if at == DEAL and state.settings is None:
        return deck_form(state, catalog, own_deck, go_on)
    return Run.one(go_on)


def deck_form(state: PointBlankState, catalog: Catalog, own_deck: bool, go_on: ConfirmStep) -> Ask:
    scenario = playing(state)

    def then(answers: Mapping[str, object]) -> Intent:
        counts = [int(str(answers[f"pip{pip}"])) for pip in PIPS]
        pips = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
        if sum(pips) < 2 * scenario.hand_size + 2:
            raise ValueError(f"the deck must hold both hands ({2 * scenario.hand_size} cards) and a 2d6 check")
        run = Run((dealt(state, pips, bool(answers["dice"])), go_on))
        return SaveFile("deck.toml", deck_file_text(pips), then=run) if answers["save"] else run

    fields = (*deck_fields(catalog), save_deck(own_deck))
    return Ask(FormSpec("Action deck: how many cards show each pip count?", fields, note=deck_note(catalog),
                        submit="Deal"), then)


def view(state: PointBlankState, catalog: Catalog) -> guide.GuideView | None:
    return guide.view(state.guide, lambda: steps(state, catalog)) if state.scenario is not None else None

