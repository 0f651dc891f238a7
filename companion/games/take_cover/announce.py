"""What the table hears from Take Cover: every d10 and what it did, the hits and eliminations it
led to, who goes first, whose turn it is, and the winner."""

from collections.abc import Sequence

from companion.games.take_cover.cards import HITS_TO_ELIMINATE, SquadName
from companion.games.take_cover.events import (
    EventRolled,
    FireRolled,
    FirstPlayerRolled,
    MedicRolled,
    SquadCorrected,
    TurnEnded,
)
from companion.games.take_cover.notes import (
    FirstChosen,
    GameWon,
    HitTaken,
    LastTurnPlayed,
    Note,
    RollTied,
    SquadEliminated,
)
from companion.games.take_cover.state import TakeCoverState
from companion.journal.record import Record
from companion.speech.announcement import Announcement, Argument


def announce(records: Sequence[Record], state: TakeCoverState) -> tuple[Announcement, ...]:
    """The records' rolls and turn ends, then what they led to, as the state's log noted it."""
    said: list[Announcement] = []
    for record in records:
        match record.event:
            case FirstPlayerRolled(side=side, face=face):
                said.append(Announcement(phrase="tc.first_roll", args={"side": side, "face": face}, channel="roll"))
            case FireRolled(squad=squad, target=target, face=face, result=result):
                args: dict[str, Argument] = {"squad": squad, "target": target, "face": face}
                said.append(Announcement(phrase=f"tc.fire.{result}", args=args, channel="roll"))
            case EventRolled(card=card, target=target, face=face, effect=effect):
                args = {"card": card, "target": target, "face": face}
                said.append(Announcement(phrase=f"tc.event.{effect or 'unread'}", args=args, channel="roll"))
            case MedicRolled(squad=squad, face=face, effect=effect):
                said.append(Announcement(phrase=f"tc.medic.{effect}", args={"squad": squad, "face": face},
                                         channel="roll"))
            case SquadCorrected(squad=squad, hits=hits) if hits >= HITS_TO_ELIMINATE:
                # Its elimination is noted before the correction itself, so `led_to` does not find it.
                said.append(eliminated(squad))
            case TurnEnded() if state.to_act is not None:
                said.append(Announcement(phrase="tc.turn", args={"turn": state.turn, "side": state.to_act},
                                         channel="turn"))
    notes = (note_said(note) for note in led_to(records, state))
    return (*said, *(note for note in notes if note is not None))


def led_to(records: Sequence[Record], state: TakeCoverState) -> list[Note]:
    """The notes the records added to the log, oldest first: those newer than the first of their
    events the log holds (the log is newest first, so the first match is this commit's). A turn's
    end is left out of the search: the log keeps it as the fold counted the draw, and it leads to no note."""
    logged = [r.event for r in records if not isinstance(r.event, TurnEnded) and r.event in state.log]
    if not logged:
        return []
    since = state.log.index(logged[0])
    return [entry for entry in reversed(state.log[:since]) if isinstance(entry, Note)]


def note_said(note: Note) -> Announcement | None:
    match note:
        case HitTaken(squad=squad, hits=hits):
            return Announcement(phrase="tc.hits", args={"squad": squad, "hits": hits}, channel=f"squad:{squad}")
        case SquadEliminated(squad=squad):
            return eliminated(squad)
        case GameWon(side=side, by=by):
            return Announcement(phrase=f"tc.won.{by}", args={"side": side}, channel="game")
        case LastTurnPlayed():
            return Announcement(phrase="tc.won.last_turn", channel="game")
        case RollTied():
            return Announcement(phrase="tc.first_tie", channel="turn")
        case FirstChosen(side=side):
            return Announcement(phrase="tc.first", args={"side": side}, channel="turn")
    return None


def eliminated(squad: SquadName) -> Announcement:
    return Announcement(phrase="tc.eliminated", args={"squad": squad}, channel=f"squad:{squad}")
