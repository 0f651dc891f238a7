"""How Conflict of Heroes lines say amounts: `2 CAPs`, `+1 CAP`, `5 AP + 1 CAP`, dice as `3+4`."""

from companion.games.kit.words import number, signed


def faces_of(faces: tuple[int, ...]) -> str:
    """`3+4`."""
    return "+".join(map(str, faces))


def caps_count(caps: int, sign: bool = False) -> str:
    """`1 CAP`, `2 CAPs`; `+1 CAP` with `sign`."""
    return (signed(caps) if sign else number(caps)) + (" CAP" if abs(caps) == 1 else " CAPs")


def modifier_after(caps: int) -> str:
    """CAPs added to a roll, after its dice: ` +1 CAP`; nothing when none were."""
    return f" {caps_count(caps, sign=True)}" if caps else ""


def bonus_after(bonus: int) -> str:
    """A rally's cover and friends bonus after its dice: ` +1`; nothing when there is none."""
    return f" {signed(bonus)}" if bonus else ""


def paid(aps: int, caps: int) -> str:
    """`5 AP`, `2 CAPs`, `1 AP + 1 CAP`, or `free`: what an action cost."""
    parts = ([f"{aps} AP"] if aps else []) + ([caps_count(caps)] if caps else [])
    return " + ".join(parts) or "free"
