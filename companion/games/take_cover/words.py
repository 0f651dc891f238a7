"""How Take Cover's facts read: the log's events and notes, how a game was won, the fact undo stops at.

Events and the state hold kinds, names and numbers; these functions put them into words, so
rewording a line never rewrites a saved game.
"""

from companion.games.take_cover.cards import Side, enemy
from companion.games.take_cover.events import DugIn, TurnEnded
from companion.games.take_cover.fire import needed
from companion.games.take_cover.notes import (
    AdvanceLost,
    Backfired,
    CardLost,
    FirstChosen,
    GameWon,
    HitTaken,
    LastTurnPlayed,
    LogEntry,
    NothingToRemove,
    RollTied,
    SquadEliminated,
    WinKind,
)
from companion.games.take_cover.state import Settled, TakeCoverState


def won_why(side: Side, by: WinKind) -> str:
    """`both Russian squads are eliminated`: why `side` won."""
    if by == "eliminated":
        return f"both {enemy(side)} squads are eliminated"
    return "two squads with three advance markers each"


def summary(state: TakeCoverState) -> str:
    """How far the game has come, for home and the saved games: `turn 7`."""
    match state.phase:
        case "setup":
            return "setting up"
        case "first":
            return "rolling for the first turn"
        case "over":
            return f"{state.winner} won after turn {state.turn}"
    return f"turn {state.turn}"


def game_over(state: TakeCoverState) -> str:
    """`the game is over: German won (both Russian squads are eliminated)`; after a scenario's
    last turn, its victory conditions."""
    if state.won_by == "last_turn":
        limit = state.scenario.turns if state.scenario is not None else None
        victory = state.scenario.victory if state.scenario is not None else ""
        return f"the game is over: the scenario's last turn ({limit}) is over: {victory}"
    assert state.winner is not None and state.won_by is not None
    return f"the game is over: {state.winner} won ({won_why(state.winner, state.won_by)})"


def log_line(entry: LogEntry, ended_game: bool = False) -> str:
    """The entry in the log's words; `ended_game`: the entry (a turn's end) ended the game."""
    match entry:
        case DugIn(mfp=mfp):
            return f"{entry.describe()}, {needed(mfp)}"
        case TurnEnded(side=side):
            return f"{entry.describe()}; " + ("the game is over" if ended_game else f"{enemy(side)}'s turn")
        case RollTied(face=face):
            return f"a tie at {face}: both roll again"
        case FirstChosen(side=side):
            return f"{side} goes first"
        case HitTaken(squad=squad, hits=hits):
            return f"{squad} takes a hit ({hits})"
        case SquadEliminated(squad=squad, discarded=discarded):
            return f"{squad} is eliminated" + (f"; {', '.join(discarded)} discarded" if discarded else "")
        case GameWon(side=side, by=by):
            return f"{side} wins: {won_why(side, by)}"
        case LastTurnPlayed(turn=turn):
            return f"turn {turn} was the last"
        case Backfired(holder=holder, card=card, target=target):
            on = "on an enemy squad" if target is None else f"on {target}"
            return f"backfire: {holder} plays the {card.capitalize()} {on}"
        case AdvanceLost(squad=squad):
            return f"{squad} loses an advance marker"
        case CardLost(squad=squad, name=name):
            return f"{squad}'s {name} is discarded"
        case NothingToRemove(squad=squad, missing=missing):
            what = "advance marker" if missing == "advance" else f"{missing} card"
            return f"{squad} has no {what}: no effect"
    return entry.describe()


def fact_named(fact: Settled) -> str:
    """How an undo refusal names the fact that stands: `the roll of 7`, `German's draw of 2`."""
    match fact.by:
        case None:
            return "nothing"
        case TurnEnded(side=side, drawn=drawn, reshuffles=reshuffles):
            if reshuffles:
                return "the reshuffle of the deck"
            return f"{side}'s draw of {drawn}" if drawn else f"the end of {side}'s turn"
    return f"the roll of {fact.by.face}"
