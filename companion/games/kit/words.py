"""Words every game's screens share: counts with the right plural, signed modifiers, and how an undo
refusal reads."""

MINUS = "−"
"""The minus sign (U+2212): a hyphen beside a plus sign reads as a dash, or as `+-2`."""

QUOTED = 60
"""The most characters of a decision an undo refusal quotes. With it the refusal, why and what to
do first included, fits the two lines a game's screen gives a notification at 100 columns."""


def count_of(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 roll`, `12 rolls`, `0 rolls`; `nouns` for a plural that is not the noun with an s (`2 dice`)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def signed(value: int) -> str:
    """A modifier with its sign: `+2`, `−2`, `+0`."""
    return f"{value:+d}".replace("-", MINUS)


def number(value: int) -> str:
    """A number that may be negative, with a minus sign rather than a hyphen: `3`, `−2`."""
    return str(value).replace("-", MINUS)


def shortened(text: str, most: int = QUOTED) -> str:
    """`text` as it is when it has at most `most` characters, else cut short to them with `…`."""
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def undo_refused(described: str, why: str) -> str:
    """`cannot undo “German attaches LMG +1 to A”: German's draw of 1 came after it and stands`:
    the decision quoted (cut short when long, so that why is never the part cut off), then why."""
    return f"cannot undo “{shortened(described)}”: {why}"
