"""Announcements most games need: rolls, refusals, undo and redo, CAPs, the deck running out, turns, hits, the end."""

from collections.abc import Sequence

from companion.journal.events import DecisionRedone, DecisionUndone
from companion.journal.record import Record
from companion.speech.announcement import Announcement


def dice_rolled(faces: Sequence[int], modifier: int = 0) -> Announcement:
    """"2 and 5, 7"; a single die is just its number; a modifier is said before the total."""
    faces = tuple(faces)
    total = sum(faces) + modifier
    if modifier:
        return Announcement(phrase="dice.modified", args={"faces": faces, "modifier": modifier, "total": total})
    if len(faces) == 1:
        return Announcement(phrase="dice.face", args={"total": total})
    return Announcement(phrase="dice.rolled", args={"faces": faces, "total": total})


def refused() -> Announcement:
    return Announcement(phrase="refused")


def taken_back(records: Sequence[Record]) -> tuple[Announcement, ...]:
    """"undone" or "redone" for each undo or redo committed: whoever pressed Undo hears it taken,
    without looking up. What was undone stays on screen (the game's words are not translated)."""
    return tuple(
        Announcement(phrase="undo.undone" if isinstance(record.event, DecisionUndone) else "undo.redone")
        for record in records if isinstance(record.event, DecisionUndone | DecisionRedone)
    )


def side_caps(side: str, caps: int) -> Announcement:
    """A side's CAPs; each side's count goes stale on its own."""
    return Announcement(phrase="side.caps", args={"side": side, "caps": caps}, channel=f"caps:{side}")


def deck_exhausted(turn: int) -> Announcement:
    """The last card is drawn and `turn` ends with it."""
    return Announcement(phrase="deck.exhausted", args={"turn": turn}, channel="turn")


def turn_ended(turn: int) -> Announcement:
    return Announcement(phrase="turn.ended", args={"turn": turn}, channel="turn")


def hit_taken(unit: str) -> Announcement:
    """That a unit was hit, never which counter it drew: that stays hidden until it is revealed."""
    return Announcement(phrase="hit.taken", args={"unit": unit}, channel=f"hit:{unit}")


def hit_revealed(unit: str, counter: str) -> Announcement:
    """A hit counter once a rule has shown it to both sides; `counter` is its key, e.g. "suppressed"."""
    return Announcement(phrase="hit.revealed", args={"unit": unit, "counter": counter}, channel=f"hit:{unit}")


def unit_destroyed(unit: str) -> Announcement:
    return Announcement(phrase="unit.destroyed", args={"unit": unit}, channel=f"hit:{unit}")


def game_over() -> Announcement:
    return Announcement(phrase="game.over", channel="game")


def together(parts: Sequence[Announcement], channel: str) -> Announcement | None:
    """The parts said one after the other as one announcement of `channel` (None for no parts)."""
    if not parts:
        return None
    first, *rest = parts
    return first.model_copy(update={"channel": channel, "then": (*first.then, *rest)})
