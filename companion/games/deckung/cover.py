"""The Deckung cover rules as pure functions, with the German terms and an English gloss.

Leichte Deckung (light cover): the attacker −1 on "Waffe abfeuern"; no "Köpfe runter!".
Massive Deckung (massive cover): −2, and models in direct contact may use "Köpfe runter!";
models 1" from it count as partly covered (−1) and may not.
Deckung zerstören: a weapon's Durchschlag (penetration) at least the Härtegrad (hardness) destroys
it. Models in direct contact roll a W10: 1–5 unharmed, 6–10 hit by a splinter, then a test on their
Rang (rank) to survive; models behind it but not in contact only become visible. Destroyed cover
gives no cover at all (the state's `attacker_modifier` and `heads_down` say so); the functions here
are for cover that stands.
"""

from typing import Literal

CoverKind = Literal["light", "massive"]
Position = Literal["contact", "near", "behind"]
"""In direct contact with the cover; 1" from it; further behind (the text gives no cover there)."""

POSITIONS: tuple[Position, ...] = ("contact", "near", "behind")

STILL_STANDING = "the cover stands: only models in contact with destroyed cover test"
ALREADY_DESTROYED = "this cover is already destroyed: start on the next cover first"

TERMS: dict[str, tuple[str, str]] = {
    "cover": ("Deckung", "cover"),
    "light": ("Leichte Deckung", "light cover"),
    "massive": ("Massive Deckung", "massive cover"),
    "contact": ("in direktem Kontakt", "in direct contact"),
    "near": ("einen Zoll entfernt", "1\" away"),
    "behind": ("weiter dahinter", "further behind"),
    "fire": ("Waffe abfeuern", "fire weapon"),
    "heads_down": ("Köpfe runter!", "heads down!"),
    "destroy": ("Deckung zerstören", "destroying cover"),
    "penetration": ("Durchschlag", "penetration"),
    "hardness": ("Härtegrad", "hardness"),
    "rank": ("Rang", "rank"),
    "splinter": ("Splitter oder Trümmerteil", "splinter or debris"),
    "die": ("W10", "d10"),
}

SPLINTER_SAFE = 5
"""A W10 of 1 to 5 leaves a model in contact with destroyed cover unharmed; 6 to 10 hits it."""


def term(key: str) -> str:
    """`Massive Deckung (massive cover)`."""
    german, english = TERMS[key]
    return f"{german} ({english})"


def attack_modifier(cover: CoverKind, position: Position) -> int:
    """What the attacker adds to the "Waffe abfeuern" test against a model at `position`."""
    if position == "behind":
        return 0
    if cover == "massive" and position == "contact":
        return -2
    return -1


def heads_down_allowed(cover: CoverKind, position: Position) -> bool:
    """"Köpfe runter!" needs massive cover and direct contact with it."""
    return cover == "massive" and position == "contact"


def destroys(penetration: int, hardness: int) -> bool:
    return penetration >= hardness


def must_test(position: Position) -> bool:
    """Only models in direct contact with destroyed cover test; the others become visible."""
    return position == "contact"


def splinter_hits(face: int) -> bool:
    return face > SPLINTER_SAFE


def survives(face: int, target: int) -> bool:
    """The rank test: a W10 at most the rank's number."""
    return face <= target
