"""Snapshots of typical units for the check tests."""

from companion.games.point_blank.checks.base import Outcome, Snapshot
from companion.games.point_blank.words import finding_text


def squad(unit_id: int = 1, name: str = "squad", morale: int = 6, **markers) -> Snapshot:
    return Snapshot(id=unit_id, name=name, kind=markers.pop("kind", "full_squad"), morale=morale, **markers)


def afv(unit_id: int = 9, name: str = "Pz IIIj", flank_armour: int = 1, **markers) -> Snapshot:
    return Snapshot(id=unit_id, name=name, kind="afv", morale=7, flank_armour=flank_armour, **markers)


def said(outcome: Outcome) -> str:
    """The outcome as the screen words it."""
    return "; ".join(finding_text(finding, {}) for finding in outcome.findings)
