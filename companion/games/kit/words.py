"""Words every game's screens share: counts with the right plural, signed modifiers."""

MINUS = "−"
"""The minus sign (U+2212): a hyphen beside a plus sign reads as a dash, or as `+-2`."""


def count_of(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 roll`, `12 rolls`, `0 rolls`; `nouns` for a plural that is not the noun with an s (`2 dice`)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def signed(value: int) -> str:
    """A modifier with its sign: `+2`, `−2`, `+0`."""
    return f"{value:+d}".replace("-", MINUS)


def number(value: int) -> str:
    """A number that may be negative, with a minus sign rather than a hyphen: `3`, `−2`."""
    return str(value).replace("-", MINUS)
