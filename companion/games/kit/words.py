"""Words every game's screens share: counts with the right plural."""


def count_of(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 roll`, `12 rolls`, `0 rolls`; `nouns` for a plural that is not the noun with an s (`2 dice`)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
