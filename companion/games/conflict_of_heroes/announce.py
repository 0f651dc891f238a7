"""What the table hears from Conflict of Heroes: every roll and its result, the initiative, a side's
CAPs after a spend, hits and destructions, passes and rounds; a hit counter only once it is shown."""

from collections.abc import Sequence

from companion.games.conflict_of_heroes import initiative
from companion.games.conflict_of_heroes.events import (
    ActionPaid,
    AttackRolled,
    CapsSpent,
    CounterRevealed,
    InitiativeAnnounced,
    InitiativeRolled,
    Passed,
    RallyRolled,
    RoundStarted,
    UnitDestroyed,
)
from companion.games.conflict_of_heroes.state import CohState
from companion.journal.record import Record
from companion.speech.announcement import Announcement
from companion.speech.common import hit_revealed, side_caps, unit_destroyed

ATTACK_RESULTS = ("coh.attack.miss", "coh.attack.hit", "coh.attack.two_hits")
"""By the number of hits the roll scored."""


def announce(records: Sequence[Record], state: CohState) -> tuple[Announcement, ...]:
    """Each record as both sides may hear it. A face-down draw is heard only as the roll's "hit":
    the draw itself says nothing (a Killed counter is heard as the unit destroyed), and a failed
    rally leaves out the number it needed, which would tell the counter."""
    said: list[Announcement] = []
    spent: dict[int, None] = {}
    """The sides whose CAPs a spend changed, in the order they spent."""
    last_pass = max((r.seq for r in records if isinstance(r.event, Passed)), default=None)
    for record in records:
        match record.event:
            case AttackRolled() as rolled:
                said.append(attack(rolled, state))
                if rolled.caps or rolled.modifier:
                    spent.update(dict.fromkeys(side_of(state, rolled.attacker)))
            case InitiativeRolled() as rolled:
                said.append(initiative_roll(rolled, state))
            case RallyRolled() as rolled:
                said.append(rally(rolled))
                if rolled.caps or rolled.modifier:
                    spent.update(dict.fromkeys(side_of(state, rolled.unit)))
            case CounterRevealed(unit=number, label=label, name=name):
                said.append(hit_revealed(label, counter_term(state, number, name)))
            case UnitDestroyed(label=label):
                said.append(unit_destroyed(label))
            case InitiativeAnnounced(side=side, caps=caps) | CapsSpent(side=side, caps=caps) if caps:
                spent[side] = None
            case ActionPaid(unit=number, caps=caps) if caps:
                spent.update(dict.fromkeys(side_of(state, number)))
            case RoundStarted(round=number):
                said.append(Announcement(phrase="coh.round.started", args={"round": number}, channel="round"))
            case Passed(side=side, no_unit=no_unit):
                phrase = "coh.passed.no_unit" if no_unit else "coh.passed"
                said.append(Announcement(phrase=phrase, args={"side": state.side(side).name}, channel="turn"))
                if record.seq == last_pass and state.phase == "round_over":
                    said.append(Announcement(phrase="coh.round.ended", args={"round": state.round}, channel="round"))
    said += [side_caps(state.side(side).name, state.side(side).caps.current) for side in spent]
    return tuple(said)


def attack(rolled: AttackRolled, state: CohState) -> Announcement:
    sides = side_of(state, rolled.attacker)
    args = {
        "side": state.side(sides[0]).name if sides else rolled.attacker_label, "target": rolled.target_label,
        "faces": rolled.faces, "attack": rolled.attack_value, "defence": rolled.defence,
    }
    return Announcement(phrase=ATTACK_RESULTS[rolled.hits], args=args, channel="roll")


def initiative_roll(rolled: InitiativeRolled, state: CohState) -> Announcement:
    one, two = rolled.totals
    args: dict[str, int | str | tuple[int, ...]] = {
        "one": state.side(1).name, "one_faces": rolled.faces[0], "one_total": one,
        "two": state.side(2).name, "two_faces": rolled.faces[1], "two_total": two,
    }
    first = initiative.winner(rolled.totals)
    if first is None:
        return Announcement(phrase="coh.initiative.tie", args=args, channel="roll")
    return Announcement(phrase="coh.initiative", args={**args, "first": state.side(first).name}, channel="roll")


def rally(rolled: RallyRolled) -> Announcement:
    args: dict[str, int | str | tuple[int, ...]] = {"unit": rolled.label, "faces": rolled.faces, "total": rolled.total}
    if rolled.rallied:
        return Announcement(phrase="coh.rally.rallied", args={**args, "need": rolled.rally}, channel="roll")
    return Announcement(phrase="coh.rally.failed", args=args, channel="roll")


def counter_term(state: CohState, number: int, name: str) -> str:
    """The shown counter's key, which the phrase packs translate, while the unit still has it; else its name."""
    unit = state.unit(number)
    hit = unit.hit if unit is not None else None
    return hit.key if hit is not None and hit.revealed and hit.counter.name == name else name


def side_of(state: CohState, number: int) -> tuple[int, ...]:
    """The unit's side, or none for a unit the game no longer knows (an undone addition)."""
    unit = state.unit(number)
    return (unit.side,) if unit is not None else ()
