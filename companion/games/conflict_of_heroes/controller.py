"""Conflict of Heroes' keys and buttons, and what each press asks for at this moment of the game."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes import checks, forms, guided, offers, view
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AnnounceInitiative,
    ChangeVictoryPoints,
    CountInitiativeSpend,
    DeclareModifier,
    MarkSpent,
    Pass,
    Pivot,
    RevealCounter,
    Roll,
    SpendCaps,
    Stall,
    StartRound,
)
from companion.games.conflict_of_heroes.initiative import MAX_INITIATIVE_SPEND
from companion.games.conflict_of_heroes.library import library_of
from companion.games.conflict_of_heroes.state import CohState, PendingRoll, UnitState
from companion.games.kit import guide
from companion.games.kit.controller import Controller
from companion.games.kit.faces import EnterFace, EraseFace
from companion.games.kit.guide import ConfirmStep, GuideView
from companion.games.kit.intents import Ask, Intent, Reveal, Run, Select, Tell
from companion.games.kit.keymap import UNDO_REDO, KeyAction, Keymap, face_keys, in_order
from companion.games.rules import Undo
from companion.hardware.controls import Control

KEYMAP = Keymap((
    *UNDO_REDO,
    KeyAction("roll", "Roll", keys="space", control=Control.ROLL, footer=True,
              help="Roll the dice waiting (the big button)"),
    KeyAction("confirm", "Confirm", keys="c", control=Control.CONFIRM, footer=True,
              help="Announce the CAPs counted for initiative; in play, activate the highlighted unit"),
    KeyAction("next", "Next", keys="n", control=Control.NEXT, footer=True,
              help="Start the next round; in play, highlight the next unit"),
    # Activate, fire and pass are on the action bar whenever they can be done: the footer keeps the
    # keys of every moment, and room at 80 columns for the app's own.
    KeyAction("activate", "Activate", keys="a", help="Activate the highlighted unit (7 APs)"),
    KeyAction("fire", "Fire", keys="f", help="The highlighted unit fires at a hex"),
    KeyAction("pass", "Pass", keys="p", help="The side to act passes; two passes in a row end the round"),
    *face_keys("face", "Dice", digits="1234567890", shown="0–9"),
    KeyAction("erase", "Erase face", keys="backspace", help="Erase the last face keyed in"),
    KeyAction("sides", "Sides", keys="s", help="The sides' names, starting CAPs and who announces first on a tie"),
    KeyAction("add_unit", "Add unit", keys="i", help="Add a unit from the library"),
    KeyAction("move", "Move", keys="m", help="The highlighted unit moves"),
    KeyAction("pivot", "Pivot", keys="v", help="The highlighted unit pivots (1 AP)"),
    KeyAction("stall", "Stall", keys="t", help="The highlighted unit stalls (1 AP)"),
    KeyAction("rally", "Rally", keys="r", help="The highlighted unit tries to rally (5 AP)"),
    KeyAction("spent", "Spent", keys="x", help="Mark the highlighted unit spent"),
    # Keys that carry a side or a step read whole on the palette and the action bar; the bar names
    # the side as the players named it (`tappable`).
    KeyAction("modifier", "+1 CAP on roll", keys="plus,equals_sign", value=1,
              help="One more CAP on the roll waiting"),
    KeyAction("modifier", "−1 CAP on roll", keys="minus", value=-1,
              help="One CAP less on the roll waiting"),
    KeyAction("side", "Left side CAP", keys="left_square_bracket", value=1, control=Control.SIDE,
              help="The left side's CAP button: a CAP on its roll, its initiative count, or one CAP spent"),
    KeyAction("side", "Right side CAP", keys="right_square_bracket", value=2, control=Control.SIDE,
              help="The right side's CAP button: a CAP on its roll, its initiative count, or one CAP spent"),
    KeyAction("vp_up", "Left side +1 VP", keys="comma", value=1,
              help="One victory point more for the left side"),
    KeyAction("vp_up", "Right side +1 VP", keys="full_stop", value=2,
              help="One victory point more for the right side"),
    KeyAction("vp_down", "Left side −1 VP", keys="less_than_sign", value=1,
              help="One victory point less for the left side"),
    KeyAction("vp_down", "Right side −1 VP", keys="greater_than_sign", value=2,
              help="One victory point less for the right side"),
    KeyAction("peek", "Peek at hit", keys="h", help="The owner looks at the highlighted unit's hidden hit counter"),
    KeyAction("reveal", "Show hit", keys="w", help="Show the highlighted unit's hit counter to the opponent"),
))

SETTING_UP = ("sides", "add_unit", "next", "vp_up", "vp_down", "undo", "redo")
ANNOUNCING = ("face", "side", "confirm", "undo", "redo")
ACTING = ("activate", "fire", "move", "pass", "next", "side", "rally", "pivot", "stall", "spent", "peek", "reveal",
          "undo", "redo", "vp_up", "vp_down", "add_unit")
"""In the order the action bar offers them: what a side does most first."""
OVER = ("vp_up", "vp_down", "undo", "redo")
"""Once the firefight is over: its victory points settled, a −1 VP only for a side with one to lose."""


def announcing(state: CohState) -> int | None:
    """The side to announce its initiative spend now, if it is that moment."""
    if state.phase != "initiative" or state.pending is not None or state.initiative is None:
        return None
    return state.initiative.next_side


class ConflictOfHeroesController(Controller[CohState]):
    keymap = KEYMAP

    def __init__(self, data: Mapping[str, Any] | None = None, own_files: frozenset[str] = frozenset()) -> None:
        super().__init__(data, own_files)
        self.library = library_of(data)
        self._asked: tuple[CohState, tuple[str, ...]] | None = None
        """The last state's actions: asking the rules (`offers`) is a redraw's costly part, and the
        action bar, the footer and the palette each ask it of the same state (states never change)."""

    def guide(self, state: CohState) -> GuideView | None:
        return guided.view(state, self.library)

    def press(self, state: CohState, action: str, value: int | None, selected: int | None) -> Intent:
        if state.guide is not None and state.guide.setting_up:
            at = state.guide.at
            return guide.press(state.guide, action, lambda: Run.one(ConfirmStep(step=at)))
        announcer = announcing(state)
        match action:
            case "roll":
                return Run.one(Roll())
            case "face" | "modifier" if value is None:
                raise NothingToDo(f"a {action} press that carries no number")
            case "face" if value is not None:
                if announcer is not None:
                    return Run.one(AnnounceInitiative(side=checks.side_number(announcer), caps=value))
                return Run.one(EnterFace(entered=value))
            case "erase":
                return Run.one(EraseFace())
            case "undo":
                # A face keyed by mistake is erased before any decision is taken back.
                return Run.one(EraseFace() if state.pending is not None and state.pending.faces else Undo())
            case "confirm":
                if announcer is not None and state.initiative is not None:
                    counted = state.initiative.counted
                    return Run.one(AnnounceInitiative(side=checks.side_number(announcer), caps=counted))
                if state.phase == "play" and state.pending is None:
                    return Run.one(Activate(unit=_unit(state, selected, "activate").number))
                return Tell("Confirm has nothing to confirm now")
            case "next":
                if guided.over(state):
                    return Tell("The firefight is over: check its victory conditions")
                if state.phase not in ("setup", "round_over"):
                    return Select(1)
                offers.check_map(state)
                return Run.one(StartRound())
            case "side":
                return self._side_button(state, checks.side_number(value))
            case "modifier" if value is not None:
                if state.pending is None:
                    raise NothingToDo("no roll is waiting for CAPs")
                return Run.one(DeclareModifier(caps=state.pending.modifier + value))
            case "pass":
                if state.turn is None:
                    return Tell("nobody is to act now")
                return Run.one(Pass(side=checks.side_number(state.turn)))
            case "vp_up" | "vp_down":
                side = checks.side_number(value)
                return Run.one(ChangeVictoryPoints(side=side, change=1 if action == "vp_up" else -1))
            case "sides":
                return Ask(forms.sides_form(state), lambda answers: forms.sides_answered(state, answers))
            case "add_unit":
                return Ask(forms.add_unit_form(state, self.library),
                           lambda answers: forms.add_unit_answered(state, self.library, answers))
        return self._unit_action(state, action, value, selected)

    def _unit_action(self, state: CohState, action: str, value: int | None, selected: int | None) -> Intent:
        """What the players ask of the highlighted unit."""
        unit = _unit(state, selected, action) if action in UNIT_ACTIONS else None
        match action, unit:
            case "activate", UnitState(number=number):
                return Run.one(Activate(unit=number))
            case "pivot", UnitState(number=number):
                return Run.one(Pivot(unit=number))
            case "stall", UnitState(number=number):
                return Run.one(Stall(unit=number))
            case "spent", UnitState(number=number):
                return Run.one(MarkSpent(unit=number))
            case "reveal", UnitState(number=number):
                return Run.one(RevealCounter(unit=number))
            case "move", UnitState():
                mover = checks.acting_unit(state, unit.number, "move")
                return Ask(forms.move_form(mover), lambda answers: forms.move_answered(state, mover, answers))
            case "fire", UnitState():
                firer = checks.acting_unit(state, unit.number, "fire")
                if not forms.enemies(state, firer):
                    raise NothingToDo("there is no enemy unit to fire at")
                return Ask(forms.attack_form(state, firer),
                           lambda answers: forms.attack_answered(state, firer, answers))
            case "rally", UnitState(hit=None):
                raise NothingToDo(f"{unit.label} has no hit counter to rally from")
            case "rally", UnitState():
                rallier = checks.acting_unit(state, unit.number, "rally")
                return Ask(forms.rally_form(rallier), lambda answers: forms.rally_answered(state, rallier, answers))
            case "peek", UnitState(hit=None):
                raise NothingToDo(f"{unit.label} has no hit counter")
            case "peek", UnitState():
                title, lines = view.peek(state, unit)
                return Reveal(title, lines)
        return super().press(state, action, value, selected)

    def _side_button(self, state: CohState, side: int) -> Intent:
        """A side's CAP button: a CAP more on its side's roll (a third refused, as `+` is, 3.23), one
        more CAP counted for its initiative announcement, or else one CAP spent (a card and the like). While a roll
        waits, only the rolling side's button does anything: no side changes its opponent's roll
        (3.23), and the initiative roll counts only what was announced (3.24)."""
        waiting = state.pending
        if waiting is not None:
            roller = state.unit(waiting.roller) if waiting.roller is not None else None
            if roller is None:
                raise RuleViolation("the initiative roll counts only the CAPs announced (3.24): no CAP spent")
            if roller.side != side:
                raise RuleViolation(f"{state.side(roller.side).name} rolls now: no side changes its opponent's roll"
                                    f" (3.23), so {state.side(side).name}'s CAP button spends nothing")
            return Run.one(DeclareModifier(caps=waiting.modifier + 1))
        announcer = announcing(state)
        if announcer == side:
            return Run.one(CountInitiativeSpend(side=checks.side_number(side)))
        if announcer is not None:
            raise RuleViolation(f"{state.side(announcer).name} announces its initiative spend now (3.24)")
        return Run.one(SpendCaps(side=checks.side_number(side), caps=1, use="side_button", ends_turn=False))

    def tappable(self, state: CohState) -> tuple[KeyAction, ...]:
        """The bar's buttons in the order `available` gives them (what is most done first): a side's
        buttons named after the side, and only the digits that mean something now (a die's faces;
        an initiative spend of 0 to 2 CAPs; a CAP more or less on a roll only while 3.23 allows it)."""
        digits = range(MAX_INITIATIVE_SPEND + 1) if announcing(state) is not None else range(1, 7)
        values = {"face": digits, "side": cap_buttons(state), "vp_down": offers.vp_down_sides(state),
                  "modifier": offers.roll_steps(state)}
        shown = [
            replace(action, label=view.side_button(state, action.name, action.value))
            if action.name in view.SIDE_BUTTONS and action.value is not None else action
            for action in super().tappable(state)
            if action.name not in values or action.value in values[action.name]
        ]
        # The digits in counting order (0, 1, 2), where the keymap has the keyboard's (1 … 9, 0).
        counting = iter(sorted((action for action in shown if action.name == "face"), key=lambda a: a.value or 0))
        return in_order((next(counting) if action.name == "face" else action for action in shown),
                        self.available(state))

    def available(self, state: CohState) -> tuple[str, ...]:
        asked = self._asked
        if asked is not None and asked[0] is state:
            return asked[1]
        now = self._available(state)
        self._asked = (state, now)
        return now

    def _available(self, state: CohState) -> tuple[str, ...]:
        if guided.setting_up(state):
            return guide.available(state.guide)
        if guided.over(state):
            return offers.outside_turn(state, OVER)
        if state.phase in ("setup", "round_over"):
            return setting_up_now(state)
        if announcing(state) is not None:
            return ANNOUNCING
        if state.pending is not None:
            return rolling_now(state.pending)
        return acting_now(state)


UNIT_ACTIONS = frozenset({"activate", "pivot", "stall", "spent", "reveal", "move", "fire", "rally", "peek"})
TURN_ACTIONS = UNIT_ACTIONS - {"reveal", "peek"}
"""The highlighted unit's actions that only the side to act takes."""
HIGHLIGHT_KEYS = "(↑ ↓ or Next)"


def cap_buttons(state: CohState) -> tuple[int, ...]:
    """The sides whose CAP button does something now: the rolling side's while a roll waits (none
    for the initiative roll), the announcing side's while one announces, in a turn each side with
    a CAP left, else both; none on a roll already changed by the most CAPs (3.23) or for a side
    with no CAP left to put on it."""
    waiting = state.pending
    if waiting is not None:
        roller = state.unit(waiting.roller) if waiting.roller is not None else None
        return (roller.side,) if roller is not None and 1 in offers.roll_steps(state) else ()
    announcer = announcing(state)
    if announcer is not None:
        return (announcer,)
    return offers.cap_sides(state) if state.phase == "play" else (1, 2)


def setting_up_now(state: CohState) -> tuple[str, ...]:
    """`SETTING_UP`, what the table does next at the front: a unit for a side with none in play,
    else the round's start; only what would be taken (`offers`): no round's start with no unit on
    the map (a side with none may be one whose units all enter later, 5.1), no −1 VP at 0 VP."""
    first = "add_unit" if not (state.in_play(1) and state.in_play(2)) else "next"
    return offers.outside_turn(state, dict.fromkeys((first, *SETTING_UP)))


def rolling_now(waiting: PendingRoll) -> tuple[str, ...]:
    """While a roll waits: Roll or its faces keyed, CAPs on it (not on the initiative roll, 3.24)
    and Undo, with Redo for a CAP on it taken back. Once a face is keyed the roll is the table's
    dice: only the rest of its faces, Erase face and Undo (which erases a face first); Roll and
    the CAPs would be refused (3.23), and the face keyed left nothing to redo."""
    if waiting.faces:
        return ("face", "erase", "undo")
    caps = ("modifier", "side") if waiting.roller is not None else ()
    return ("roll", "face", *caps, "undo", "redo")


def acting_now(state: CohState) -> tuple[str, ...]:
    """`ACTING`, what the side to act does next at the front: with no unit of its in play, adding
    one; with a unit of its activated, that unit's fire (when an enemy unit is in play) and move
    before activating another, each when its APs pay for it; with no fresh unit left to activate,
    passing. Only what the rules would take now (`offers`):
    no Rally without a hit counter, no Stall without an AP, no Spent without an activated unit."""
    own = state.in_play(state.turn)
    if not own:
        return offers.offered(state, ("add_unit", *ACTING))
    active = next((unit for unit in own if unit.status == "active"), None)
    first = () if active is None else tuple(
        action for action in ("fire", "move")
        if checks.affords(active, action) and (action != "fire" or forms.enemies(state, active)))
    if not any(unit.status == "fresh" for unit in own):
        first = (*first, "pass")
    return offers.offered(state, dict.fromkeys((*first, *ACTING)))


def _unit(state: CohState, selected: int | None, action: str) -> UnitState:
    """The highlighted unit, for `action`; refused, saying how to pick another, when it is
    destroyed or, for an action of the turn, the other side's."""
    if selected is None:
        raise NothingToDo("add a unit first (i)")
    highlighted = state.unit(selected)
    if highlighted is not None and not highlighted.in_play:
        raise RuleViolation(f"{highlighted.label} is destroyed: highlight another unit {HIGHLIGHT_KEYS}")
    unit = checks.unit_in_play(state, selected)
    in_turn = action in TURN_ACTIONS and state.phase == "play" and state.pending is None
    if in_turn and state.turn is not None and state.turn != unit.side:
        side = state.side(state.turn).name
        raise RuleViolation(f"it is {side}'s turn: highlight one of its units {HIGHLIGHT_KEYS}")
    return unit
