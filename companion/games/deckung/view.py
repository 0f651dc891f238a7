"""What the Deckung helper's screen says, German terms first with an English gloss."""

from companion.games.deckung.cover import (
    SPLINTER_SAFE,
    TERMS,
    must_test,
    term,
)
from companion.games.deckung.ranks import named
from companion.games.deckung.state import DeckungState, ModelTest, Rolled
from companion.games.kit.words import count_of
from companion.games.kit.words import signed as kit_signed


def signed(value: int) -> str:
    """A cover's modifier: `−2`, `+1`, and `±0` for none."""
    return kit_signed(value) if value else "±0"


def cover_lines(state: DeckungState) -> list[str]:
    """The cover, where the model stands, and what that gives: destroyed cover gives nothing."""
    if state.heads_down:
        heads_down = "allowed: instead of a tactic; then no other tactic or reaction this round"
    elif state.destroyed:
        heads_down = "not at destroyed cover"
    elif state.cover == "light":
        heads_down = "not behind light cover"
    else:
        heads_down = "only in direct contact with massive cover"
    if state.destroyed:
        covered = f"attacker {signed(state.attacker_modifier)} (destroyed)"
    elif state.position == "behind":
        covered = "no cover this far behind it"
    else:
        covered = f"attacker {signed(state.attacker_modifier)}"
    return [
        f"{term('cover')}: {term(state.cover)}",
        f"Model: {term(state.position)}",
        f"{term('fire')}: {covered}",
        f"{term('heads_down')}: {heads_down}",
    ]


def modifier_digits(state: DeckungState) -> str:
    """The attacker's modifier, for the big digits: `-2`."""
    return str(state.attacker_modifier)


MODIFIER_LABEL = "Waffe abfeuern"
"""Over the big digits: the test the modifier is for (the cover lines give its gloss)."""


def modifier_note(state: DeckungState) -> str:
    """Under the big digits: whose modifier they are."""
    if state.destroyed:
        return "no cover: destroyed"
    return "no cover this far behind" if state.position == "behind" else "the attacker's modifier"


def shot_lines(state: DeckungState) -> list[str]:
    if state.shot is None:
        return [f"{term('destroy')}: x gives the weapon's {term('penetration')} and the cover's {term('hardness')}",
                "The cover is destroyed when the penetration is at least the hardness"]
    penetration, hardness = state.shot
    if not state.destroyed:
        return [f"{term('penetration')} {penetration} < {term('hardness')} {hardness}: the cover holds"]
    lines = [f"{term('penetration')} {penetration} ≥ {term('hardness')} {hardness}: destroyed (zerstört)"]
    if not must_test(state.position):
        lines.append("This model is not in contact: it only becomes visible (no test)")
    lines.append(f"Models in direct contact: {term('die')} each, 1–{SPLINTER_SAFE} unharmed, "
                 f"{SPLINTER_SAFE + 1}–10 hit by a {term('splinter')}, then a {term('rank')} test")
    return lines


def model_line(model: ModelTest) -> str:
    """`1. Rekrut (recruit): W10 6 hit · rank test 3 (≤ 4) survives`."""
    line = f"{model.number}. {named(model.name, model.gloss)}:"
    if model.splinter is None:
        return f"{line} W10 _"
    if model.status == "unharmed":
        return f"{line} W10 {model.splinter} unharmed"
    line += f" W10 {model.splinter} hit · rank test"
    if model.rank_roll is None:
        return f"{line} _ (≤ {model.survives_on})"
    outcome = "survives" if model.status == "survived" else "removed from play"
    return f"{line} {model.rank_roll} (≤ {model.survives_on}) {outcome}"


def prompt(state: DeckungState) -> str:
    """What the helper waits for, when the action bar's buttons do not say it: a model's W10."""
    waiting = state.waiting
    if waiting is not None:
        what = "splinter" if waiting.status == "splinter" else f"rank test, survives on ≤ {waiting.survives_on}"
        return f"Model {waiting.number} ({what}): roll its W10 (a keyed 0 is 10)"
    if state.destroyed and not state.models:
        return "Next: the models in direct contact, by rank"
    return ""


def log_lines(state: DeckungState) -> list[str]:
    """What happened, newest first: each decision in its own words."""
    return [event.describe() for event in state.log]


def summary(state: DeckungState) -> str:
    """The cover in hand, for home and the saved games: `massive cover, destroyed, 2 models`."""
    words = [TERMS[state.cover][1]]
    if state.destroyed:
        words.append("destroyed")
    if state.models:
        words.append(count_of(len(state.models), "model"))
    return ", ".join(words)


def fact_named(fact: Rolled) -> str:
    """How an undo refusal names the W10 that stands: `the W10 of 7`."""
    return "no W10" if fact.roll is None else f"the W10 of {fact.roll.face}"
