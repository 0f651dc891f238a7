"""What the table hears from Point Blank: each card's pips for a check, the check's findings, the
impulse passing, an objective taken, the deck running out with the turn, a corrected deck count,
and the solo opponent's dice and the actions its table reads from them."""

from collections.abc import Mapping, Sequence

from companion.games.point_blank.aeo.events import AeoRolled, AeoRowFilled
from companion.games.point_blank.aeo.table import AeoRead
from companion.games.point_blank.checks.base import Finding, FindingKind
from companion.games.point_blank.events import (
    CheckAbandoned,
    CheckResolved,
    DeckCorrected,
    DieThrown,
    ImpulseEnded,
    ObjectiveControlled,
    PipDrawn,
    TurnEnded,
)
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.words import names_of
from companion.journal.record import Record
from companion.speech.announcement import Announcement
from companion.speech.common import deck_exhausted, game_over, together

RESULT = ("result",)
ATTACK = ("attack", "defence")
MORALE = ("result", "morale")
NUMBERS: dict[FindingKind, tuple[str, ...]] = {
    "mortar_smoke": ("first", "second"),
    "attack_held": ATTACK, "attack_hit": ATTACK, "penetrated": ATTACK, "armour_held": ATTACK,
    "he_held": ATTACK, "he_hit": ATTACK,
    "damage": MORALE, "morale_passed": MORALE, "morale_failed": MORALE, "rallied": MORALE,
    "stays_shaken": MORALE, "recrewed": MORALE,
    "barrage_on_target": ("result", "firepower"),
    "melee_hits": ("attacker", "defender"),
    "hits": ("hits",),
    "to_hit": ("roll", "modifier", "need"),
}
"""The names a finding's numbers go by in the phrases (`checks.base.FindingKind` says their order);
a kind not listed has at most one number, its result."""


def announce(records: Sequence[Record], state: PointBlankState) -> tuple[Announcement, ...]:
    said: list[Announcement | None] = []
    for record in records:
        match record.event:
            case PipDrawn(pip=pip):
                said.append(Announcement(phrase="pb.card", args={"pip": pip}, channel="draw"))
            case DieThrown(face=face):
                said.append(Announcement(phrase="pb.die", args={"face": face}, channel="draw"))
            case CheckResolved() as resolved:
                result = check_result(resolved, state)
                said += [result] if result is not None else []
            case CheckAbandoned():
                said.append(Announcement(phrase="pb.abandoned", channel="check"))
            case ImpulseEnded(side=side):
                said.append(to_act(state, 3 - side))
            case TurnEnded(turn=turn):
                said.append(deck_exhausted(turn))
                if state.game_over and turn == state.turn - 1:
                    said.append(game_over())
            case ObjectiveControlled(sector=sector, side=side):
                said.append(objective_taken(state, sector, side))
            case DeckCorrected(pile=pile):
                said.append(Announcement(phrase="pb.deck_corrected", args={"cards": sum(pile)}, channel="deck"))
            case AeoRolled(faces=faces, read=read):
                rolled = Announcement(phrase="pb.aeo.rolled", args={"first": faces[0], "second": faces[1]})
                said += [together([rolled, *aeo_read(read)], channel="aeo")] if read else \
                    [together([rolled, Announcement(phrase="pb.aeo.missing")], channel="aeo")]
            case AeoRowFilled(read=read):
                said += [together(aeo_read(read), channel="aeo")]
    return tuple(part for part in said if part is not None)


def aeo_read(read: AeoRead | None) -> list[Announcement]:
    """The AEO's actions as its table's row names them, and its cover marker."""
    if read is None:
        return []
    actions = [Announcement(phrase=f"pb.aeo.action.{action}") for action in read.actions]
    return actions + ([Announcement(phrase="pb.aeo.cover")] if read.cover else [])


def check_result(resolved: CheckResolved, state: PointBlankState) -> Announcement | None:
    """The findings one after the other, units named as the check captured them; a one-card plain
    check's total is the card already said."""
    names = names_of(resolved.check, {unit.id: unit.name for unit in state.units})
    findings = [finding for finding in resolved.outcome.findings
                if not (finding.kind == "total" and len(resolved.pips) == 1)]
    return together([part for finding in findings for part in finding_said(finding, names)], channel="check")


def finding_said(finding: Finding, names: Mapping[int, str]) -> list[Announcement]:
    """A finding, and the effects it had (a damage check's, a melee's hits) each as a sentence after it."""
    args: dict[str, int | str] = dict(zip(NUMBERS.get(finding.kind, RESULT), finding.numbers, strict=False))
    if finding.unit is not None:
        args["unit"] = names.get(finding.unit, f"{finding.unit}")
    if finding.sector:
        args["sector"] = spoken_sector(finding.sector)
    if "attack" in args and "defence" in args:
        args["extra"] = int(args["attack"]) - int(args["defence"])
    if "roll" in args:
        args["total"] = int(args["roll"]) + int(args.get("modifier", 0))
    found = Announcement(phrase=f"pb.found.{finding.kind}", args=args)
    return [found, *(Announcement(phrase=f"pb.effect.{effect}") for effect in finding.effects)]


def to_act(state: PointBlankState, side: int) -> Announcement:
    """The side whose impulse begins, by the nationality it plays when the table named one."""
    spoken = nationality(state, side)
    if spoken is None:
        return Announcement(phrase="pb.impulse.numbered", args={"side": side}, channel="impulse")
    return Announcement(phrase="pb.impulse", args={"side": spoken}, channel="impulse")


def objective_taken(state: PointBlankState, sector: str, side: int) -> Announcement:
    """"German takes the objective in B0": the Sector as its Area and row."""
    where = {"sector": spoken_sector(sector)}
    spoken = nationality(state, side)
    if spoken is None:
        return Announcement(phrase="pb.objective.numbered", args={"side": side, **where}, channel=f"control:{sector}")
    return Announcement(phrase="pb.objective", args={"side": spoken, **where}, channel=f"control:{sector}")


def spoken_sector(key: str) -> str:
    """A Sector as the table hears it: its Area and row (`C2`), never its key (`C2/1`); whose half
    it lies in, the screen says."""
    return key.split("/")[0]


def nationality(state: PointBlankState, side: int) -> str | None:
    """The nationality a side plays, as a term the packs translate; None when the table named none."""
    named = state.settings.nationalities[side - 1] if state.settings else ""
    if not named:
        found = {unit.nationality for unit in state.units if unit.side == side and unit.nationality}
        named = found.pop() if len(found) == 1 else ""
    # As the shipped library names them ("US", "German"); the packs translate those names.
    return (named.upper() if len(named) <= 3 else named.capitalize()) if named else None
