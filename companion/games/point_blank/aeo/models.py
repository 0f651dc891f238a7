"""What the AEO's events, commands and state carry: its setup placements, the choices it left to
chance, what each of its actions did, and the players' answers from the solo flowcharts.

Kinds, ids and Sector keys only: `aeo.view` words them, so rewording never rewrites a saved game.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.games.point_blank.aeo.table import AeoAction, Posture


class Model(BaseModel):
    """The AEO's parts: their validators are built with the first one made (a solo game), not with the game."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Tie(Model):
    """A choice the rules leave to chance ("randomly determine", 12.2.1, 12.3.2): the candidates
    (unit ids, Sector keys, weapon names) and the one the companion drew."""

    among: tuple[str, ...] = Field(min_length=2)
    chosen: str


Why = Literal["objective", "gap", "spread", "leader", "stack", "even"]
"""Why the AEO's setup put a unit where it did: an objective's placement order (12.2.1), an
infantry unit taken from the objective to fill an empty Area, the rest spread over the other Areas,
the objective's leader, another leader with a stack, or the attacker's even spread (12.2.2)."""


class Placement(Model):
    force: int
    """The unit's index in the scenario's forces."""
    sector: str
    """The battlefield key of the Sector it deploys into."""
    why: Why
    step: int = 0
    """For an objective: the line of the placement order it filled (0: a Weapon Team and an
    infantry unit ... 4: one AFV)."""


class WeaponPlaced(Model):
    """A Support Weapon given to an infantry unit (12.2.1, 12.2.2)."""

    name: str
    force: int | None
    """The unit that carries it; None when no infantry unit can."""


class Deployment(Model):
    """Where the AEO's setup places its units, computed once from the scenario and journaled."""

    side: int
    posture: Posture
    placements: tuple[Placement, ...] = ()
    weapons: tuple[WeaponPlaced, ...] = ()
    ties: tuple[Tie, ...] = ()
    objectives: tuple[str, ...] = ()
    """The objective Sectors the setup worked from, by key (none: spread like an attacker)."""

    def sector_of(self, force: int) -> str | None:
        return next((p.sector for p in self.placements if p.force == force), None)


Outcome = Literal[
    "sniper", "readied", "fatigue", "rally", "wind", "flush", "discard", "ordered", "smoke_first", "smoke_laid",
    "smoke_failed", "moved", "cancelled", "fires", "melee", "recon", "reinforcement", "impossible",
    "leader_rally", "leader_ready", "leader_fatigue", "leader_move",
]
Reason = Literal["", "nothing_to_ready", "no_shaken", "no_target", "flushed", "chart_none", "no_melee",
                 "no_reinforcement", "clear_terrain", "no_unit", "no_move_no_fire", "already_smoke", "marsh",
                 "spotted_already"]


class Act(Model):
    """What one of the AEO's actions (or a leader, 12.3.4) did, with the rule's choices."""

    index: int
    """The action's place in the row's order; -1 for a leader's action."""
    action: AeoAction | Literal["leader"]
    outcome: Outcome
    reason: Reason = ""
    units: tuple[int, ...] = ()
    sector: str = ""
    to: str = ""
    targets: tuple[int, ...] = ()
    sectors: tuple[str, ...] = ()
    """Sectors the action touched all at once (the smoke a Wind clears)."""
    by_hand: tuple[int, ...] = ()
    """Units of a fire stack whose own attack the players start (an AFV's ordnance)."""
    leader: int | None = None
    ties: tuple[Tie, ...] = ()
    pips: tuple[int, ...] = ()
    """The cards a Discard action or a Hand Flush discarded, by pips (none: unseen, real dice)."""


class TerrainPick(Model):
    """Two Terrain cards the AEO drew and the one it kept (12.2.1), as the state keeps them to show."""

    sector: str
    cards: tuple[str, ...]
    kept: str | None
    tie: bool = False


ReconKind = Literal["spot", "search", "remove"]


class ChartAnswer(Model):
    """The players' answer from a solo flowchart (12.1): which AEO Sector acts, where it moves,
    at whom it fires, how it recons; empty `sector`: the chart gives the AEO nothing to do."""

    sector: str = ""
    to: str = ""
    targets: tuple[int, ...] = ()
    recon: ReconKind | None = None
    at: str = ""
    """The Sector a recon spots or clears."""
    modifier: int = 0
    ticks: tuple[str, ...] = ()
    """The fire form's ticks (cover card, degraded LOS, range 1, flanking, weapons)."""


class Pending(Model):
    """A move (or assault) waiting on its smoke attempt (12.3.4.5), or a fire stack's attacks still
    to start one after the other."""

    kind: Literal["smoke", "die", "order", "attacks"]
    index: int
    action: Literal["move", "assault", "fire"]
    units: tuple[int, ...]
    sector: str = ""
    to: str = ""
    targets: tuple[int, ...] = ()
    groups: tuple[tuple[int, ...], ...] = ()
    leader: int | None = None
    modifier: int = 0
    ticks: tuple[str, ...] = ()
