"""What the table hears from the Deckung helper: the shot at the cover, each model's W10 for a
splinter and its rank test, each with its result."""

from collections.abc import Sequence

from companion.games.deckung.cover import splinter_hits, survives
from companion.games.deckung.events import CoverShot, RankTested, SplinterRolled
from companion.games.deckung.state import DeckungState
from companion.journal.record import Record
from companion.speech.announcement import Announcement


def announce(records: Sequence[Record], state: DeckungState) -> tuple[Announcement, ...]:
    said: list[Announcement] = []
    for record in records:
        match record.event:
            case CoverShot(penetration=penetration, hardness=hardness, destroyed=destroyed):
                said.append(Announcement(
                    phrase=f"deckung.shot.{'destroyed' if destroyed else 'holds'}",
                    args={"penetration": penetration, "hardness": hardness}, channel="cover",
                ))
            case SplinterRolled(model=model, face=face):
                said.append(Announcement(
                    phrase=f"deckung.splinter.{'hit' if splinter_hits(face) else 'safe'}",
                    args={"model": model, "face": face}, channel="roll",
                ))
            case RankTested(model=model, face=face, survives_on=need):
                said.append(Announcement(
                    phrase=f"deckung.rank.{'survives' if survives(face, need) else 'removed'}",
                    args={"model": model, "face": face, "need": need}, channel="roll",
                ))
    return tuple(said)
