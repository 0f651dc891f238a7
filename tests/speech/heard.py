"""What the table hears of a game's announcements: the sentences in a language, or in both."""

from collections.abc import Iterable

from companion.speech.announcement import Announcement
from companion.speech.phrases import Language, phrase_pack


def heard(announcements: Iterable[Announcement], language: Language = "en") -> list[str]:
    return [phrase_pack(language).render(announcement) for announcement in announcements]


def heard_both(announcements: Iterable[Announcement]) -> tuple[list[str], list[str]]:
    """(English, German)."""
    said = list(announcements)
    return heard(said, "en"), heard(said, "de")
