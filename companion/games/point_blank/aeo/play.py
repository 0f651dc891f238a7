"""The AEO's impulse decided step by step (12.3): the four cards before play, its Upkeep, the top
card discarded, 2d6 rolled with physical dice and read from the AEO Action Selection Table, the
row filled in where the table misses it, its actions, its leaders; and the cover markers it
spends against the players' fire."""

import random

from companion.errors import BadFace, NothingToDo, RuleViolation
from companion.games.kit.faces import EraseFace
from companion.games.point_blank.aeo import actions, leaders
from companion.games.point_blank.aeo.cards import Fold, discards
from companion.games.point_blank.aeo.commands import (
    ActAeoLeader,
    DiscardAeoCards,
    FillAeoRow,
    FinishAeoUpkeep,
    KeyAeoDie,
    ResolveAeoAction,
    RollAeoDice,
    SpendAeoCover,
)
from companion.games.point_blank.aeo.events import (
    AeoCoverSpent,
    AeoFaceErased,
    AeoFaceKeyed,
    AeoRolled,
    AeoRowFilled,
    AeoSmokeDie,
    AeoUpkept,
    Why,
)
from companion.games.point_blank.aeo.progress import Stage, impulse, not_now, stage
from companion.games.point_blank.aeo.state import AeoState
from companion.games.point_blank.aeo.table import AeoRead, combo, look_up, same_total
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.state import PointBlankState
from companion.games.rules import Command
from companion.journal.events import Event

START_DISCARDS = 4
"""12.3: "To begin the game discard the top 4 cards of the Action Card deck"."""
START_FIRST = f"the AEO discards the top {START_DISCARDS} Action cards before play (12.3): Confirm"
"""Why nothing else is done before those discards."""
DISCARDS: dict[str, tuple[Why, int]] = {"start": ("start", START_DISCARDS), "discard": ("impulse", 1),
                                        "discard_action": ("discard", 1)}
"""The stages that discard cards: why, and how many."""


def solo(state: PointBlankState) -> AeoState:
    if state.aeo is None:
        raise RuleViolation("this is not a solo game: no side is played by the AEO (12.2)")
    return state.aeo


def expect(state: PointBlankState, *kinds: str) -> Stage:
    """The AEO's stage, when it is one of `kinds`; else a refusal naming what it waits for."""
    solo(state)
    at = stage(state)
    if at.kind not in kinds:
        raise RuleViolation(not_now(at))
    return at


def decide(state: PointBlankState, command: Command, rng: random.Random, catalog: Catalog, fold: Fold) -> list[Event]:
    match command:
        case DiscardAeoCards(pips=pips, force=force):
            why, count = DISCARDS[expect(state, *DISCARDS).kind]
            return discards(state, why, count, pips, force, fold,
                            lambda again: DiscardAeoCards(pips=again, force=True))
        case FinishAeoUpkeep():
            expect(state, "upkeep")
            return [AeoUpkept()]
        case KeyAeoDie(face=face):
            if not 1 <= face <= 6:
                raise BadFace(f"{face} is not a d6 face: 1 to 6")
            return keyed(state, face, catalog)
        case EraseFace():
            if half_keyed(state) is None:
                raise NothingToDo("no die keyed for the AEO to erase")
            return [AeoFaceErased()]
        case RollAeoDice():
            return keyed(state, rng.randint(1, 6), catalog, generated=True, rng=rng)
        case FillAeoRow():
            return filled(state, command, catalog)
        case ResolveAeoAction():
            return actions.resolve(state, command, rng, catalog, fold)
        case ActAeoLeader():
            expect(state, "leaders")
            return leaders.act(state, rng, catalog)
        case SpendAeoCover():
            aeo = solo(state)
            if aeo.cover < 1:
                raise RuleViolation("the AEO holds no cover marker (12.3.3.1)")
            if state.side == aeo.side:
                raise RuleViolation("the AEO plays cover against the players' fire, in their impulse (12.3.3.1)")
            return [AeoCoverSpent()]
    raise TypeError(f"not an AEO command: {command!r}")


def half_keyed(state: PointBlankState) -> int | None:
    """The first of the AEO's 2d6 keyed in, while the second is not: a typo undo erases first."""
    turn = impulse(state)
    return turn.face if turn is not None and stage(state).kind == "roll" else None


def keyed(state: PointBlankState, face: int, catalog: Catalog, generated: bool = False,
          rng: random.Random | None = None) -> list[Event]:
    """A physical die for the AEO: one of its 2d6 (12.2.3: "Physical dice will be used to determine
    the action selection results", never the Action deck), or the d6 after a failed smoke attempt."""
    at = expect(state, "roll", "die")
    if at.kind == "die":
        return [AeoSmokeDie(face=face, generated=generated)]
    aeo = solo(state)
    turn = impulse(state)
    assert turn is not None
    if turn.face is None and not generated:
        return [AeoFaceKeyed(face=face)]
    second = rng.randint(1, 6) if generated and rng is not None and turn.face is None else face
    faces = (turn.face if turn.face is not None else face, second)
    read = look_up(catalog.aeo_table, aeo.posture, faces, aeo.rows)
    return [AeoRolled(faces=faces, generated=generated, first_keyed=turn.face is not None, posture=aeo.posture,
                      read=read)]


def rows_filled(state: PointBlankState, catalog: Catalog, whole_total: bool) -> tuple[str, ...]:
    """The rows a filled-in row stands for: the roll's pip combination, and with `whole_total`
    every other combination of its total that the table misses too."""
    aeo = solo(state)
    turn = impulse(state)
    assert turn is not None and turn.roll is not None
    row = combo(turn.roll)
    rows = [row]
    if whole_total:
        table = catalog.aeo_table
        rows += [other for other in same_total(row) if other != row and (aeo.posture, other) not in aeo.rows
                 and (table is None or table.read(aeo.posture, other) is None)]
    return tuple(rows)


def filled(state: PointBlankState, command: FillAeoRow, catalog: Catalog) -> list[Event]:
    """The row the table misses, as the players' player aid prints it."""
    expect(state, "missing")
    aeo = solo(state)
    rows = rows_filled(state, catalog, command.whole_total)
    return [AeoRowFilled(posture=aeo.posture, rows=rows, saved=command.saved,
                         read=AeoRead(actions=command.actions, cover=command.cover))]
