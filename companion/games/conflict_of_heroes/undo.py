"""Where undo stops: at the latest roll, counter draw, reveal or initiative announcement.

Decision: a decision that dice, the cup or an announcement have followed is settled. Undoing it
would leave the roll standing on a declaration that no longer exists (an attack paid for and hit
by nobody's order), so undo refuses it and says which fact settled it. Everything decided
after the latest fact can be undone and redone as usual (a fact after an undo leaves nothing to
redo: the timeline ends redo at any new record). The state keeps the latest fact's seq as
it is folded, so the question costs the same however long the game is.

A counter its owner showed (Show hit) is a fact with no decision of its own: the press that showed it
is the one undo would take back, so the refusal names the reveal, not the decision before it.
"""

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.events import (
    AttackRolled,
    CounterRevealed,
    HitCounterDrawn,
    InitiativeAnnounced,
    InitiativeRolled,
    RallyRolled,
    UnitDestroyed,
)
from companion.games.conflict_of_heroes.state import CohState, SettlingKind
from companion.games.kit.words import undo_refused
from companion.journal.events import Event

SETTLING: dict[type[Event], SettlingKind] = {
    InitiativeAnnounced: "announcement",
    InitiativeRolled: "initiative_roll",
    AttackRolled: "attack_roll",
    HitCounterDrawn: "draw",
    CounterRevealed: "reveal",
    UnitDestroyed: "destruction",
    RallyRolled: "rally_roll",
}

SETTLED_BY: dict[SettlingKind, str] = {
    "announcement": "an initiative announcement",
    "initiative_roll": "the initiative roll",
    "attack_roll": "an attack roll",
    "draw": "a hit counter drawn",
    "reveal": "a hit counter shown",
    "destruction": "a unit destroyed",
    "rally_roll": "a rally roll",
}


def check(state: CohState, target: int, decision: str) -> None:
    """Refuses to undo the decision at seq `target`, read as `decision`, once a fact has followed it."""
    settled = state.settled
    if settled is None or settled.seq <= target:
        return
    if settled.reveal is not None and settled.reveal.cause == "asked":
        raise RuleViolation(undo_refused(settled.reveal.describe(), "a counter shown cannot be taken back, the table "
                                                                    "has seen it; it stays face up, play on"))
    raise RuleViolation(undo_refused(decision, f"{SETTLED_BY[settled.kind]} followed it, and rolls, draws "
                                                   "and announcements stand"))
