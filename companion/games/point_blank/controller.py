"""Point Blank's keys and buttons, and what each press asks for: a command, a form, or a word."""

from typing import Any

from companion.errors import RuleViolation
from companion.games.kit import guide
from companion.games.kit.controller import Controller
from companion.games.kit.guide import GuideView
from companion.games.kit.intents import Intent, Reveal, Run, SwitchView, Tell
from companion.games.kit.keymap import UNDO_REDO, KeyAction, Keymap, face_keys, in_order
from companion.games.point_blank import check_forms, field_forms, forms, order_forms, setup
from companion.games.point_blank.aeo import forms as aeo_forms
from companion.games.point_blank.aeo.play import START_FIRST
from companion.games.point_blank.aeo.progress import stage as aeo_stage
from companion.games.point_blank.aeo.table import FILE as AEO_TABLE
from companion.games.point_blank.aeo.view import table_lines
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import (
    CancelCheck,
    DiscardCard,
    EndImpulse,
    EnterPip,
    FlushHand,
    ReduceFatigue,
    RollDie,
)
from companion.games.point_blank.fatigue import may_take
from companion.games.point_blank.field_view import removable
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Action
from companion.games.point_blank.view import check_title, game_over_why
from companion.hardware.controls import Control

KEYMAP = Keymap((
    *face_keys("face", "Pip"),
    KeyAction("roll", "Roll", keys="space", control=Control.ROLL,
              help="Roll the next die (with real dice chosen at setup)"),
    KeyAction("end_impulse", "End impulse", keys="n", control=Control.NEXT, footer=True,
              help="End the impulse: draw up to hand size, then the other side acts"),
    KeyAction("confirm", "Confirm", keys="c", control=Control.CONFIRM, footer=True,
              help="Confirm the deck at the start, or what a refusal offers (a refused pip)"),
    KeyAction("fire", "Fire", keys="f", help="Order a fire attack: it resolves at once"),
    KeyAction("check", "Check", keys="k", footer=True,
              help="Start any other check: melee in Upkeep, spotting, morale, ordnance..."),
    KeyAction("add_unit", "Add unit", keys="i",
              help="Deploy a unit from the library into a Sector (one with no card draws a terrain card)"),
    KeyAction("battlefield", "Battlefield", keys="B", view_only=True,
              help="Show the battlefield: each Sector's card and units (again: back to the units)"),
    KeyAction("move", "Move", keys="m", help="Order a move: its marker points at the Sector it enters in Upkeep"),
    KeyAction("enter_sector", "Enter Sector", keys="M",
              help="Units enter a Sector: a move resolved in Upkeep, a retreat (no card: one is drawn)"),
    KeyAction("sector_card", "Sector card", keys="T",
              help="Draw, place, correct or remove a Sector's terrain card"),
    KeyAction("search", "Recon search", keys="S",
              help="A recon's search: the companion draws two Terrain cards, the side keeps one (8.10)"),
    KeyAction("assault", "Assault", keys="a", help="Order an assault: it fires at once"),
    KeyAction("melee", "Melee", keys="l", help="Order a melee or overrun, resolved in the next Upkeep"),
    KeyAction("rally", "Rally", keys="r", help="Order a rally: its check starts at once"),
    KeyAction("ready", "Ready", keys="d", help="Ready a spent unit"),
    KeyAction("other", "Other order", keys="o", help="Recon, conceal, smoke, a Cover card, flank..."),
    KeyAction("discard_fatigue", "Discard: −fatigue", keys="z",
              help="Discard a card: one fatigue level off the selected unit"),
    KeyAction("ready_fatigue", "Ready: −fatigue", keys="w",
              help="A Ready card or a leader's Ready action: one fatigue level off the selected unit"),
    KeyAction("bonus_fatigue", "Odd d6: −fatigue", keys="b",
              help="The odd d6 earned it: one fatigue level off another unit, chosen in a form"),
    KeyAction("flush", "Flush hand", keys="h", help="Flush the hand (once per turn)"),
    KeyAction("discard", "Discard card", keys="v", help="Discard one card as the impulse's action"),
    KeyAction("event", "Event card", keys="e", help="Play an event card (sniper, reinforcement, wind)"),
    KeyAction("edit_unit", "Edit unit", keys="t", help="Correct the selected unit after the table moved it"),
    KeyAction("marker", "Marker card", keys="p", help="Place or remove a Smoke, Blaze or Wreck card"),
    KeyAction("correct_deck", "Correct deck", keys="s", help="Set the cards left per pip from the draw pile"),
    KeyAction("cancel_check", "Abandon check", keys="x", help="Abandon the check in progress (its cards stay drawn)"),
    KeyAction("erase", "Erase die", keys="backspace",
              help="Solo: erase the AEO's first die keyed, before the second (undo does it too)"),
    KeyAction("aeo_table", "AEO table", keys="A", view_only=True,
              help="Solo: the AEO Action Selection Table, every row of its posture, the missing ones said (12.1)"),
    *UNDO_REDO,
))

ORDERS: dict[str, Action] = {"fire": "fire", "assault": "assault", "move": "move", "melee": "melee",
                             "rally": "rally", "ready": "ready", "other": "other"}
FORMS = frozenset({*ORDERS, "check", "correct_deck", "event", "flush", "discard", "discard_fatigue",
                   "ready_fatigue", "bonus_fatigue", "marker", "add_unit", "enter_sector", "sector_card", "search"})
"""Actions that start something new: refused at once while a check is in progress."""
ORDERING = ("fire", "move", "assault", "melee", "rally", "ready", "other")
LATER = ("battlefield", "add_unit", "enter_sector", "sector_card", "search", "discard_fatigue", "ready_fatigue",
         "flush", "discard", "event", "edit_unit", "marker", "correct_deck", "face", "confirm")
"""The impulse's buttons after the orders, Check, End impulse, Undo and Redo: on a small screen they
are behind the action bar's More… button. Pips outside a check are for a card drawn on purpose."""
IMPULSE = ("face", "fire", "move", "assault", "melee", "rally", "ready", "other", "check", "discard_fatigue",
           "ready_fatigue", "flush", "discard", "event", "add_unit", "enter_sector", "sector_card", "search",
           "edit_unit", "marker", "correct_deck", "battlefield", "end_impulse", "undo", "redo")


class PointBlankController(Controller[PointBlankState]):
    keymap = KEYMAP

    def __init__(self, data: Any = None, own_files: frozenset[str] = frozenset()) -> None:
        super().__init__(data, own_files)
        self.catalog = Catalog.of(data)

    def guide(self, state: PointBlankState) -> GuideView | None:
        return setup.view(state, self.catalog)

    def press(self, state: PointBlankState, action: str, value: int | None, selected: int | None) -> Intent:
        if state.guide is not None and state.guide.setting_up:
            own_deck = "deck.toml" in self.own_files
            return guide.press(state.guide, action, lambda: setup.confirm(state, self.catalog, own_deck))
        if action in ("undo", "erase"):
            # A face keyed by mistake is erased before any decision is taken back.
            half = aeo_forms.erase(state)
            if half is not None:
                return half
            if action == "erase":
                return Tell("Nothing to erase: Backspace erases the AEO's first die keyed, before the second")
        if action in ("undo", "redo"):
            return super().press(state, action, value, selected)
        if action == "battlefield":
            return SwitchView("battlefield")
        if state.settings is None:
            # Every key asks for the deck first: nothing is drawn before the players confirm it (4.11).
            return forms.setup(self.catalog, "deck.toml" in self.own_files)
        if action == "aeo_table":
            if state.aeo is None:
                return Tell("Not a solo game: no side is played by the AEO")
            return Reveal("AEO Action Selection Table (12.1)", table_lines(self.catalog, state))
        solo = aeo_forms.press(state, self.catalog, action, value, AEO_TABLE in self.own_files)
        if solo is not None:
            return solo
        if state.check is not None and action in FORMS:
            check = check_title(state, self.catalog, state.check.check)
            return Tell(f"Finish the check in progress first: {check}", "warning")
        if state.aeo is not None and aeo_stage(state).kind == "start" and action in FORMS:
            raise RuleViolation(START_FIRST)  # before a form the rules would refuse once answered
        if state.game_over and action in FORMS | {"end_impulse"}:
            return Tell(f"Game over: {game_over_why(state)}: check the victory conditions", "warning")
        match action:
            case "face" if value is not None:
                return Run.one(EnterPip(pip=value))
            case "roll":
                if not state.dice_mode:
                    return Tell("This game reads checks from card pips: draw the top card and key its pips")
                return Run.one(RollDie())
            case "confirm":
                return Tell("Nothing to confirm")
            case "end_impulse":
                return Run.one(EndImpulse())
            case "cancel_check":
                return Run.one(CancelCheck())
            case "flush":
                return Run.one(FlushHand())
            case "discard":
                return Run.one(DiscardCard())
            case "event":
                return forms.event_card(state)
            case "check":
                return check_forms.which(state, self.catalog, selected)
            case "add_unit":
                return forms.add_unit(state, self.catalog, selected)
            case "enter_sector":
                return field_forms.move_into(state, self.catalog, selected)
            case "sector_card":
                return field_forms.sector_card(state, self.catalog, selected)
            case "search":
                return field_forms.search(state, self.catalog)
            case "marker":
                return forms.marker(state, self.catalog, selected)
            case "bonus_fatigue":
                return forms.bonus_fatigue(state, self.catalog, selected)
            case "correct_deck":
                return forms.correct_deck(state, self.catalog)
            case _ if action in ORDERS:
                return order_forms.order(state, self.catalog, ORDERS[action], selected)
        return self._on_unit(state, action, selected)

    def _on_unit(self, state: PointBlankState, action: str, selected: int | None) -> Intent:
        """The actions on the selected unit of the table."""
        if selected is None:
            return Tell(f"Add a unit first ({KEYMAP.first('add_unit').key_text})", "warning")
        unit = state.unit(selected)
        match action:
            case "edit_unit":
                return forms.edit_unit(state, self.catalog, unit)
            case "discard_fatigue":
                return Run.one(ReduceFatigue(unit=unit.id, via="discard"))
            case "ready_fatigue":
                return forms.ready_fatigue(state, self.catalog, unit)
        raise KeyError(f"no action {action!r}")

    def tappable(self, state: PointBlankState) -> tuple[KeyAction, ...]:
        """The bar's buttons, what matters now first: the pips and Abandon during a check; else the
        AEO's step in its impulse (Confirm, its dice), the Upkeep's duties (a melee or move due, a
        card to remove, a fatigue level owed), then the orders while the impulse's action is not
        taken (End impulse first once it is). Confirm too, for a refusal it may overrule. Redo stands
        right after Undo, in a check too, so a player who has just undone finds it beside Undo (the
        screen shows it only while there is something to redo, and the bar keeps the two together)."""
        order = self.first_now(state)
        return in_order(self.keymap.taps((*self.available(state), *(("confirm",) if order else ()))), order)

    def first_now(self, state: PointBlankState) -> tuple[str, ...]:
        """The actions in the order they matter now (a name again later keeps its first place)."""
        if setup.setting_up(state) or state.settings is None or state.game_over:
            return ()
        if state.check is not None:
            return ("roll", "face", "cancel_check", "confirm", "battlefield", "edit_unit", "undo", "redo")
        duties = (*(aeo_forms.available(state) if state.aeo is not None else ()),
                  *(("search",) if state.search is not None else ()),
                  *(("check",) if state.melees_due or state.bog_owed or state.mines_owed else ()),
                  *(("enter_sector",) if state.moves_open else ()),
                  *(("sector_card",) if removable(state, self.catalog) else ()),
                  *(("bonus_fatigue",) if state.fatigue_bonus_owed else ()))
        orders = orders_now(state)
        if state.card_used:
            return (*duties, "end_impulse", "undo", "redo", "check", *orders, *LATER)
        return (*duties, *orders, "check", "end_impulse", "undo", "redo", *LATER)

    def available(self, state: PointBlankState) -> tuple[str, ...]:
        if setup.setting_up(state):
            return guide.available(state.guide)
        if state.settings is None:
            return ("confirm",)
        if state.check is not None:
            keyed = ("roll", "face") if state.dice_mode else ("face",)
            # Redo for the AEO's cover decision, the one decision a check lets undo take back.
            return (*keyed, "cancel_check", "undo", "redo", "edit_unit", "battlefield")
        if state.game_over:
            return ("edit_unit", "battlefield", "undo", "redo")
        bonus = ("bonus_fatigue",) if state.fatigue_bonus_owed else ()
        solo = (*aeo_forms.available(state), "aeo_table") if state.aeo is not None else ()
        return tuple(dict.fromkeys((*solo, *bonus, *IMPULSE)))


def orders_now(state: PointBlankState) -> tuple[str, ...]:
    """The orders, those some unit of the side to act may take first (4.8, 7.14): with every unit
    spent, Ready leads, not a Fire its units may not give; with no unit on the table, adding one;
    with no enemy unit on it, no attack."""
    units = forms.standing(state, state.side)
    if not units:
        return ("add_unit", *ORDERING)
    targets = bool(forms.standing(state, 3 - state.side))
    first = tuple(name for name in ORDERING if (targets or name not in order_forms.ATTACKS)
                  and any(may_take(unit, ORDERS[name]) for unit in order_forms.ordered(units, ORDERS[name])))
    return (*first, *(name for name in ORDERING if name not in first))
