"""New round initiative (3.24): who announces a CAP spend first, and who wins the roll.

The side with more CAPs announces first; on a tie the Soviet side does (the side chosen as
"first on a tie" at setup). Each side announces once, 0 to 2 CAPs, deducted at once. Both roll 2d6
plus their spend; the higher total goes first. A tie is re-rolled: the earlier spends do not count
again, and both sides announce anew (more CAPs may be spent).
"""

from companion.errors import RuleViolation

MAX_INITIATIVE_SPEND = 2


def announcing_order(caps: tuple[int, int], first_on_tie: int) -> tuple[int, int]:
    """The sides (1, 2) in the order they announce their spends."""
    first = first_on_tie if caps[0] == caps[1] else 1 if caps[0] > caps[1] else 2
    return first, 3 - first


def check_spend(caps: int, available: int) -> None:
    if not 0 <= caps <= MAX_INITIATIVE_SPEND:
        raise RuleViolation(f"an initiative roll takes 0 to {MAX_INITIATIVE_SPEND} CAPs (3.24)")
    if caps > available:
        raise RuleViolation(f"{caps} CAPs announced, only {available} left (3.24)")


def winner(totals: tuple[int, int]) -> int | None:
    """Side 1 or 2, or None for a tie to re-roll."""
    if totals[0] == totals[1]:
        return None
    return 1 if totals[0] > totals[1] else 2
