"""A side's Command Action Point track: spend, refill each round, and lose spaces to destroyed units (7.3)."""

from dataclasses import dataclass, replace

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.amounts import caps_count


@dataclass(frozen=True, slots=True)
class CapTrack:
    """The CAP counter and the destroyed units lying on the track.

    The first destroyed unit lies on the firefight's starting number, the next one lower, and so
    on; the allowance each round is the highest open space. The counter never stands on an
    occupied space, so it never rises above the allowance, and nothing ever goes below zero.
    """

    start: int
    current: int
    this_round: int
    """The CAPs this round began with: the allowance when it was refilled (the start before round 1).
    A loss lowers the allowance only from the next round on (7.3)."""
    losses: int = 0

    @classmethod
    def starting_with(cls, caps: int) -> "CapTrack":
        if caps < 0:
            raise RuleViolation(f"a CAP track starts at 0 or more, not {caps}")
        return cls(start=caps, current=caps, this_round=caps)

    @property
    def allowance(self) -> int:
        """The CAPs the next round refills to: the start less one space per destroyed unit."""
        return max(0, self.start - self.losses)

    @property
    def occupied(self) -> tuple[int, ...]:
        """The spaces destroyed units lie on, highest first (only spaces above zero exist)."""
        return tuple(space for space in range(self.start, self.start - self.losses, -1) if space > 0)

    def spend(self, caps: int, why: str = "") -> "CapTrack":
        """Refuses an overspend (and a negative spend) without changing anything."""
        if caps < 0:
            raise RuleViolation(f"cannot spend {caps} CAPs")
        if caps > self.current:
            reason = f" for {why}" if why else ""
            raise RuleViolation(f"{caps_count(caps)} needed{reason}, only {self.current} left (3.23)")
        return replace(self, current=self.current - caps)

    def refill(self) -> "CapTrack":
        """A new round: the counter goes back up to the allowance."""
        return replace(self, current=self.allowance, this_round=self.allowance)

    def lose_unit(self) -> "CapTrack":
        """A destroyed unit takes the next space down; a counter standing on it drops below (7.3)."""
        losses = self.losses + 1
        allowance = max(0, self.start - losses)
        return replace(self, current=min(self.current, allowance), losses=losses)

    def drain(self, caps: int) -> "CapTrack":
        """Replays a payment already made at the table; an undone decision may leave it short, so it stops at 0."""
        return replace(self, current=max(0, self.current - max(0, caps)))
