"""Where the AEO's impulse stands (12.3): the one step the players are asked for next, read from
the state. The rules accept only that step's command; the controller offers it; the view says it."""

from dataclasses import dataclass
from typing import Literal

from companion.games.point_blank.aeo.select import leaders_waiting
from companion.games.point_blank.aeo.state import AeoImpulse, AeoState
from companion.games.point_blank.aeo.table import AeoAction
from companion.games.point_blank.state import PointBlankState

Kind = Literal["none", "start", "upkeep", "discard", "roll", "missing", "act", "smoke", "die", "order", "attacks",
               "discard_action", "leaders", "done"]


@dataclass(frozen=True, slots=True)
class Stage:
    kind: Kind
    index: int = -1
    action: AeoAction | None = None


NONE = Stage("none")
WORDS = {"start": "its four cards before play", "upkeep": "its Upkeep", "discard": "the top card discarded",
         "roll": "its 2d6", "missing": "the missing row", "act": "its action", "smoke": "the smoke check",
         "die": "the smoke d6", "order": "the move", "attacks": "the next attack",
         "discard_action": "its Discard action", "leaders": "its leaders", "done": "the end of its impulse",
         "none": "nothing: it is not its impulse"}


def not_now(at: Stage) -> str:
    """The refusal of a step the AEO is not at, naming the one it waits for."""
    return f"the AEO is not at that step: it waits for {WORDS[at.kind]}"


def solo(state: PointBlankState) -> AeoState | None:
    """The AEO once play has started (after its setup and the deal)."""
    aeo = state.aeo
    if aeo is None or state.settings is None or (state.guide is not None and state.guide.setting_up):
        return None
    return aeo


def impulse(state: PointBlankState) -> AeoImpulse | None:
    """The AEO impulse in progress: the AEO is the side to act."""
    aeo = solo(state)
    if aeo is None or state.side != aeo.side or state.game_over:
        return None
    return aeo.current(state.impulse)


ACTING = frozenset({"roll", "missing", "act", "smoke", "die", "order", "attacks", "discard_action"})
"""The stages of the AEO's action under way: from its impulse's card discarded until the action is
completed, its leaders aside (12.3.4: they act after it)."""


def acting(state: PointBlankState) -> bool:
    """The AEO's action is under way (4.13: a turn end waits until it is completed)."""
    return stage(state).kind in ACTING


def stage(state: PointBlankState) -> Stage:
    aeo = solo(state)
    if aeo is None:
        return NONE
    if not aeo.started:
        return Stage("start")
    turn = impulse(state)
    if turn is None:
        return NONE
    if not turn.upkept:
        return Stage("upkeep")
    if not turn.discarded:
        return Stage("discard")
    if turn.roll is None:
        return Stage("roll")
    if turn.read is None:
        return Stage("missing")
    if turn.pending is not None:
        return Stage(turn.pending.kind, turn.pending.index, turn.pending.action)
    order = turn.read.order
    if turn.done < len(order):
        return Stage("act", turn.done, order[turn.done])
    if turn.discard_owed:
        return Stage("discard_action")
    if leaders_waiting(state, aeo.side, turn.leaders):
        return Stage("leaders")
    return Stage("done")
