"""Take Cover's keys and buttons, and what each press asks for at each step of a turn."""

from companion.games.kit import guide
from companion.games.kit.controller import Controller
from companion.games.kit.faces import EnterFace
from companion.games.kit.guide import GuideView
from companion.games.kit.intents import Intent, Run, Tell
from companion.games.kit.keymap import UNDO_REDO, KeyAction, Keymap, face_keys, in_order
from companion.games.take_cover import forms, guided
from companion.games.take_cover.cards import EVENT_CARDS
from companion.games.take_cover.commands import DeclineReaction, DigIn, EndTurn, PlaySmoke, ReactionFire, RollDie
from companion.games.take_cover.deck import check_unseen, unseen
from companion.games.take_cover.state import TakeCoverState
from companion.games.take_cover.table import require_action, waiting_for
from companion.games.take_cover.turns import attachable
from companion.games.take_cover.words import game_over
from companion.hardware.controls import Control

KEYMAP = Keymap((
    KeyAction("roll", "Roll d10", keys="space", control=Control.ROLL, footer=True,
              help="Roll the d10 the game waits for (the big button)"),
    *face_keys("face", "Face", digits="1234567890", shown="0–9"),
    KeyAction("confirm", "Confirm", keys="c", control=Control.CONFIRM, footer=True,
              help="Take the step offered: set up, Dig In, fire back, read a card, aim a backfire"),
    KeyAction("next", "Next", keys="n", control=Control.NEXT, footer=True,
              help="End the turn: draw up to five; or skip the step offered: no Dig In, no reaction fire"),
    KeyAction("fire", "Fire", keys="f", help="Play a Fire card (with Grenade and Flank cards)"),
    KeyAction("attach", "Attach", keys="a", help="Attach a weapon, leader or terrain card to a squad"),
    KeyAction("detach", "Detach", keys="d", help="Detach a card from a squad and discard it"),
    KeyAction("discard", "Discard", keys="x", help="Discard face down and draw up to five"),
    KeyAction("advance", "Advance", keys="v", help="Play an Advance card: an advance marker on a squad with a leader"),
    KeyAction("event", "Event", keys="e", help="Play Sniper, Mine, Artillery Round or Strafe on an enemy squad"),
    KeyAction("medic", "Medic", keys="m", help="Play a Medic card on a squad with hits"),
    KeyAction("smoke", "Smoke", keys="s", help="Play a Smoke card before the action (look at the enemy's hand)"),
    KeyAction("dig_in", "Dig In", keys="k", help="The defender's Dig In cards against the fire in progress"),
    KeyAction("react", "Fire back", keys="r", help="Reaction fire after a 10"),
    KeyAction("correct", "Correct", keys="t", help="Set a squad's hit and advance markers to what the table shows"),
    *UNDO_REDO,
))

ACTIONS = ("fire", "attach", "detach", "discard", "advance", "event", "medic", "smoke")
PLAYS: dict[str, tuple[str, ...]] = {"fire": ("fire",), "advance": ("advance",),
                                     "event": EVENT_CARDS, "medic": ("medic",), "smoke": ("smoke",)}
"""The kinds of card each action plays from the hand (Fire's Grenade and Flank cards go with a Fire card)."""
SINGLE_KIND = frozenset(action for action, kinds in PLAYS.items() if kinds == (action,))
"""The actions that play a card of their own name."""


class TakeCoverController(Controller[TakeCoverState]):
    keymap = KEYMAP

    def guide(self, state: TakeCoverState) -> GuideView | None:
        return guided.view(state, self.data["deck.toml"])

    def press(self, state: TakeCoverState, action: str, value: int | None, selected: int | None) -> Intent:
        if state.guide is not None and state.guide.setting_up:
            return guide.press(state.guide, action, lambda: guided.confirm(state))
        match action:
            case "roll":
                return Run.one(RollDie())
            case "face" if value is not None:
                return Run.one(EnterFace(entered=value))
            case "confirm":
                return self.confirm(state)
            case "next":
                return self.skip(state)
            case "dig_in":
                return forms.dig_in_form(state) if state.fire and state.fire.dig_ins is None else Tell(
                    "Dig In cards answer a fire, before its roll", "warning")
            case "react":
                return self.react(state)
            case "correct":
                if state.phase != "turn":
                    return Tell("squads are corrected during play", "warning")
                return forms.correct_form(state)
            case name if name in ACTIONS:
                return self.act(state, name)
        return super().press(state, action, value, selected)

    def act(self, state: TakeCoverState, name: str) -> Intent:
        side = require_action(state)
        if name in SINGLE_KIND:
            check_unseen(state.deck, state.squads, name)  # refused before its form opens
        match name:
            case "fire":
                return forms.fire_form(state, side) or Tell(f"no {side} squad may fire now", "warning")
            case "attach":
                return forms.attach_form(state, side, self.data["cards.toml"])
            case "detach":
                return forms.detach_form(state, side) or Tell(f"no card is attached to a {side} squad", "warning")
            case "discard":
                return forms.discard_form(state, side)
            case "advance":
                return forms.advance_form(state, side)
            case "event":
                return forms.event_form(state, side, self.data["charts.toml"])
            case "medic":
                return forms.medic_form(state, side) or Tell(f"no {side} squad has a hit to heal", "warning")
        return Run.one(PlaySmoke())

    def confirm(self, state: TakeCoverState) -> Intent:
        if state.phase == "setup":
            return forms.setup_form()
        if state.phase == "over":
            return Tell(game_over(state))
        if state.fire is not None and state.fire.dig_ins is None:
            return forms.dig_in_form(state)
        if state.reaction is not None:
            return self.react(state)
        play = state.play
        if play is not None and play.redirect:
            return forms.redirect_form(state)
        if play is not None and play.face is not None:
            return forms.chart_form(state, self.data["charts.toml"])
        if state.phase == "first" or state.busy:
            return Tell(f"waiting for {waiting_for(state) if state.busy else 'the d10 for who goes first'}: "
                        "space rolls, or key the face")
        if state.acted:
            return Tell(f"{state.to_act}: Next draws up to five and ends the turn")
        return Tell(f"{state.to_act}: choose the turn's action (f fire, a attach, x discard …)")

    def skip(self, state: TakeCoverState) -> Intent:
        if state.fire is not None and state.fire.dig_ins is None:
            return Run.one(DigIn(count=0))
        if state.reaction is not None:
            return Run.one(DeclineReaction())
        if state.phase == "turn" and not state.busy:
            return Run.one(EndTurn())
        return Tell("nothing to skip now")

    def react(self, state: TakeCoverState) -> Intent:
        if state.reaction is None:
            return Tell("reaction fire follows a roll of 10 only", "warning")
        return forms.reaction_form(state) or Run.one(ReactionFire())

    def available(self, state: TakeCoverState) -> tuple[str, ...]:
        """Redo wherever undo is: what undo takes back at any step (a keyed d10, Dig In cards, a
        declined reaction) leaves the game at a step where redo puts it back."""
        if guided.setting_up(state):
            return guide.available(state.guide)
        if state.phase == "setup":
            return ("confirm",)
        return (*self.step_actions(state), "undo", "redo")

    def step_actions(self, state: TakeCoverState) -> tuple[str, ...]:
        """The actions of the step the game is at, once it is set up."""
        if state.phase == "first":
            return ("roll", "face")
        if state.phase == "over":
            return ()
        if state.fire is not None:
            return ("confirm", "next") if state.fire.dig_ins is None else ("roll", "face")
        if state.reaction is not None:
            return ("confirm", "next")
        if state.play is not None:
            waiting = state.play.redirect or state.play.face is not None
            return ("confirm",) if waiting else ("roll", "face")
        if state.acted:
            return ("next", "correct")
        return (*playable_first(state), "correct")

    def tappable(self, state: TakeCoverState) -> tuple[KeyAction, ...]:
        """The bar's buttons in the order `available` gives them."""
        return in_order(super().tappable(state), self.available(state))


def playable_first(state: TakeCoverState) -> tuple[str, ...]:
    """The turn's actions, those that play a kind of card every one of which the companion has seen
    out since the last reshuffle (on the table or in the discard pile) last: no hand holds one.
    So do Attach when no squad of the side to act has room for a kind some hand may hold, Detach
    when none has a card attached, and Medic when none has a hit."""
    left = unseen(state.deck, state.squads)
    own = state.standing(state.to_act) if state.to_act is not None else ()

    def possible(action: str) -> bool:
        match action:
            case "attach":
                return state.to_act is not None and bool(attachable(state, state.to_act))
            case "detach":
                return any(squad.attached for squad in own)
            case "medic" if not any(squad.hits for squad in own):
                return False
        return any(left.get(kind, 0) for kind in PLAYS[action]) if action in PLAYS else True

    first = tuple(action for action in ACTIONS if possible(action))
    return (*first, *(action for action in ACTIONS if action not in first))
