"""Take Cover from a scenario: the guided setup's steps (sides, squads placed opposite, optional
rules, hands dealt), the game set up when play starts, and the end of a scenario's last turn.

The optional rules come before the deal: setting four cards aside changes how it is dealt. A rule
the scenario leaves open is asked at its step and may be asked again by going back to it; nothing
is set up until the last step is confirmed, then all of it at once, and it stands.
"""

from collections.abc import Mapping
from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.kit import guide
from companion.games.kit.forms import FormSpec, Tick
from companion.games.kit.guide import ChooseScenario, ConfirmStep, MakeChoice, PlayStarted, RevisitStep, Step
from companion.games.kit.intents import Ask, Intent, Run
from companion.games.rules import Command
from companion.games.take_cover import turns
from companion.games.take_cover.cards import HAND_SIZE, SET_ASIDE, SQUADS_OF, shuffled
from companion.games.take_cover.commands import SetUpGame
from companion.games.take_cover.library import DeckFile
from companion.games.take_cover.scenario import ScenarioChosen, TcScenario
from companion.games.take_cover.state import TakeCoverState
from companion.games.take_cover.table import Context
from companion.journal.events import Event
from companion.journal.record import Record

STEPS = ("Sides", "Squads placed opposite", "Optional rules", "Hands dealt")
OPTIONAL_RULES = 2
OPTIONS = {
    "advance_victory": "Two squads with three advance markers each win",
    "set_aside": f"{SET_ASIDE} cards set aside face down, cycled at each reshuffle",
}


def setting_up(state: TakeCoverState) -> bool:
    return state.guide is not None and state.guide.setting_up


def option(state: TakeCoverState, key: str) -> bool | None:
    """An optional rule as the scenario sets it, else as the players chose it; None: not chosen yet."""
    scenario = state.scenario
    fixed = getattr(scenario, key) if scenario is not None else None
    if fixed is not None:
        return bool(fixed)
    chosen = state.guide.choice(key, "") if state.guide is not None else ""
    return chosen if isinstance(chosen, bool) else None


def steps(state: TakeCoverState, deck: DeckFile) -> tuple[Step, ...]:
    scenario = state.scenario
    assert scenario is not None
    sides = [*guide.background(scenario),
             "Choose who plays the Germans (squads A and B) and who the Russians (squads C and D)."]
    sides += [side.line() for side in scenario.sides]
    squads = ["Lay out the four squad cards, each German squad directly opposite a Russian one:"]
    squads += [f"  German {german} opposite Russian {russian}"
               for german, russian in zip(SQUADS_OF["German"], SQUADS_OF["Russian"], strict=True)]
    squads.append("The squads stay in these places until the end of the game.")
    rules = []
    for key, label in OPTIONS.items():
        value = option(state, key)
        if getattr(scenario, key) is not None:
            rules.append(f"{label}: {'on' if value else 'off'} (the scenario says so)")
        else:
            rules.append(f"{label}: {'not chosen yet' if value is None else 'on' if value else 'off'} (your choice)")
    deal = [f"Shuffle the other {shuffled(deck.counts())} cards."]
    if option(state, "set_aside"):
        deal.append(f"Set {SET_ASIDE} of them aside face down (optional rule).")
    deal += [f"Deal {HAND_SIZE} cards to each player; the rest is the draw deck.",
             f"Victory: {scenario.victory}"]
    if scenario.turns:
        deal.append(f"The game ends after turn {scenario.turns} (each side's turn counts one).")
    deal += [f"Special rule: {rule}" for rule in scenario.special_rules]
    open_rules = any(getattr(scenario, key) is None for key in OPTIONS)
    asks = ("Confirm asks for the rules left to your choice.",) if open_rules else ()
    return (Step(STEPS[0], tuple(sides)), Step(STEPS[1], tuple(squads)), Step(STEPS[2], tuple(rules), confirm=asks),
            Step(STEPS[3], tuple(deal), confirm=("Confirm starts play: then each side rolls a d10, and the high roll"
                                                 " goes first.",)))


# The family: commands in, events out (None for another family's)


def decide(state: TakeCoverState, command: Command, context: Context) -> list[Event] | None:
    match command:
        case ChooseScenario(name=name, scenario=scenario):
            if not isinstance(scenario, TcScenario):
                raise RuleViolation(f"“{scenario.title}” is not a Take Cover scenario")
            if state.guide is not None or state.phase != "setup":
                raise RuleViolation("a scenario is chosen for a new game, before anything else")
            return [ScenarioChosen(name=name, scenario=scenario)]
        case ConfirmStep(step=step):
            scenario = playing(state)
            done = guide.confirmed(state.guide, step, steps(state, context.deck))
            if state.guide is None or not guide.last(state.guide, step):
                return [done]
            set_up = SetUpGame(advance_victory=bool(option(state, "advance_victory")),
                               set_aside=bool(option(state, "set_aside")))
            return [done, *(turns.decide(state, set_up, context) or []), PlayStarted(title=scenario.title)]
        case RevisitStep(step=step):
            playing(state)
            return [guide.revisited(state.guide, step, steps(state, context.deck))]
        case MakeChoice():
            return guide.chosen(state.guide, command)
    if setting_up(state):
        raise RuleViolation("the scenario is being set up: Confirm goes on, Undo goes back a step")
    return None


def playing(state: TakeCoverState) -> TcScenario:
    if state.scenario is None:
        raise RuleViolation("this game was started without a scenario")
    return state.scenario


def evolve(state: TakeCoverState, record: Record, voided: bool) -> TakeCoverState | None:
    event = record.event
    if isinstance(event, ScenarioChosen):
        return replace(state, scenario=event.scenario,
                       guide=guide.started(event.name, event.scenario.title, len(STEPS)))
    if isinstance(event, guide.GUIDE_EVENTS):
        return replace(state, guide=guide.evolve(state.guide, record))
    return None


# What Confirm asks, and what the screen shows


def confirm(state: TakeCoverState) -> Intent:
    """Confirm at a step: the optional rules the scenario leaves open are asked first."""
    assert state.guide is not None
    at = state.guide.at
    go_on = ConfirmStep(step=at)
    open_rules = [key for key in OPTIONS if state.scenario is not None and getattr(state.scenario, key) is None]
    if at != OPTIONAL_RULES or not open_rules:
        return Run.one(go_on)
    form = FormSpec("Optional rules", tuple(Tick(key, OPTIONS[key], bool(option(state, key))) for key in open_rules),
                    note="Players choose them together, before the deal.", submit="Choose")

    def then(answers: Mapping[str, object]) -> Intent:
        chosen = tuple(MakeChoice(key=key, value=bool(answers[key]),
                                  words=f"{OPTIONS[key]}: {'on' if answers[key] else 'off'}") for key in open_rules)
        return Run((*chosen, go_on))

    return Ask(form, then)


def view(state: TakeCoverState, deck: DeckFile) -> guide.GuideView | None:
    return guide.view(state.guide, lambda: steps(state, deck)) if state.scenario is not None else None
