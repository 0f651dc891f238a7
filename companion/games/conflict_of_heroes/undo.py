"""Where undo stops: at the latest roll, counter draw, reveal or initiative announcement.

Decision: a decision that dice, the cup or an announcement have followed is settled. Undoing it
would leave the roll standing on a declaration that no longer exists (an attack paid for and hit
by nobody's order), so undo and redo refuse it and say which fact settled it. Everything decided
after the latest fact can be undone and redone as usual.
"""

from collections.abc import Iterable

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
from companion.journal.events import Record

SETTLING_FACTS = (InitiativeAnnounced, InitiativeRolled, AttackRolled, HitCounterDrawn, CounterRevealed,
                  UnitDestroyed, RallyRolled)


def check(records: Iterable[Record], target: int, verb: str = "undo") -> None:
    """Refuses to undo (or redo) the decision recorded at `target` once a fact has followed it."""
    records = list(records)
    decision = next(record for record in records if record.seq == target)
    settled_by = next((r for r in records if r.seq > target and isinstance(r.event, SETTLING_FACTS)), None)
    if settled_by is not None:
        raise RuleViolation(
            f"cannot {verb} “{decision.event.describe()}”: it was settled by “{settled_by.event.describe()}”,"
            " and rolls, draws and announcements stand"
        )
