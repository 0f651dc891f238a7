"""Take Cover's fire, as pure functions: fire power, modified fire power, the d10's odds, who may fire at whom.

FP  = 2 + advance markers + weapon + leader + 2 per grenade + 2 if coordinated.
MFP = FP + the defender's terrain modifier (printed negative) − 1 if the defender is coordinated
      − 2 per Dig In card.
On the d10 (0 reads 10): 1 always hits, 10 always misses and offers reaction fire, any other
face hits when it is at most the MFP. A negative MFP may still fire: it hits on a 1.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from companion.games.take_cover.cards import OPPOSITE, SquadName
from companion.games.take_cover.state import Squad, TakeCoverState

INHERENT_FP = 2
GRENADE_FP = 2
COORDINATED_FP = 2
COORDINATED_DEFENCE = -1
DIG_IN = -2

Outcome = Literal["hit", "miss", "reaction"]


@dataclass(frozen=True, slots=True)
class Term:
    """One line of the arithmetic: `Woods −3`."""

    label: str
    value: int

    def __str__(self) -> str:
        return f"{self.label} {self.value:+d}".replace("-", "−")


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def firepower_terms(squad: Squad, grenades: int) -> tuple[Term, ...]:
    terms = [Term("inherent", INHERENT_FP)]
    if squad.advance:
        terms.append(Term(plural(squad.advance, "advance marker"), squad.advance))
    for card in (squad.weapon, squad.leader):
        if card is not None:
            terms.append(Term(card.name, card.modifier))
    if grenades:
        terms.append(Term(plural(grenades, "grenade"), GRENADE_FP * grenades))
    if squad.coordinated:
        terms.append(Term("coordinated", COORDINATED_FP))
    return tuple(terms)


def defence_terms(squad: Squad, dig_ins: int) -> tuple[Term, ...]:
    terms = []
    if squad.terrain is not None:
        terms.append(Term(squad.terrain.name, squad.terrain.modifier))
    if squad.coordinated:
        terms.append(Term("coordinated", COORDINATED_DEFENCE))
    if dig_ins:
        terms.append(Term(plural(dig_ins, "Dig In"), DIG_IN * dig_ins))
    return tuple(terms)


def firepower(squad: Squad, grenades: int) -> int:
    return sum(term.value for term in firepower_terms(squad, grenades))


def modified_firepower(firer: Squad, grenades: int, defender: Squad, dig_ins: int) -> int:
    return firepower(firer, grenades) + sum(term.value for term in defence_terms(defender, dig_ins))


def outcome(mfp: int, face: int) -> Outcome:
    if face == 10:
        return "reaction"
    if face == 1 or face <= mfp:
        return "hit"
    return "miss"


def hitting_faces(mfp: int) -> tuple[int, ...]:
    return tuple(face for face in range(1, 11) if outcome(mfp, face) == "hit")


def chance_to_hit(mfp: int) -> Fraction:
    return Fraction(len(hitting_faces(mfp)), 10)


def needed(mfp: int) -> str:
    """`hits on 1–3 (30%)`: what the d10 must show."""
    faces = hitting_faces(mfp)
    shown = "1" if len(faces) == 1 else f"1–{faces[-1]}"
    return f"hits on {shown} ({percent(chance_to_hit(mfp))})"


def percent(share: Fraction) -> str:
    return f"{round(share * 100)}%"


# The targeting restriction


def other_enemy(state: TakeCoverState, target: SquadName) -> Squad:
    """The target's side's other squad."""
    return next(squad for squad in state.squads if squad.side == state.squad(target).side and squad.name != target)


def targeting_refusal(state: TakeCoverState, firer: SquadName, target: SquadName, flank: bool) -> str | None:
    """Why `firer` may not fire at `target` (None: it may). While all four squads stand, a squad
    fires only at the squad directly opposite, and only when that squad has no more hits than the
    other enemy squad; a Flank card lifts the second half; the first squad to fall lifts both."""
    shooter, aimed = state.squad(firer), state.squad(target)
    if shooter.eliminated:
        return f"squad {firer} is eliminated"
    if aimed.side == shooter.side:
        return f"squad {target} is on your own side"
    if aimed.eliminated:
        return f"squad {target} is eliminated"
    if not state.all_standing:
        return None
    if OPPOSITE[firer] != target:
        return (f"while all four squads stand, {firer} may fire only at {OPPOSITE[firer]}, directly "
                "opposite (no diagonal fire)")
    other = other_enemy(state, target)
    if not flank and aimed.hits > other.hits:
        return (f"{target} has more hits ({aimed.hits}) than {other.name} ({other.hits}): while all four "
                "squads stand, only the enemy squad with fewer hits may be fired on (a Flank card lifts this)")
    return None


def legal_targets(state: TakeCoverState, firer: SquadName, flank: bool) -> tuple[SquadName, ...]:
    return tuple(squad.name for squad in state.squads if targeting_refusal(state, firer, squad.name, flank) is None)
