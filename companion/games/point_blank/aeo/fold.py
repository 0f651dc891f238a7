"""The state after each of the AEO's events: its setup, discards, dice, rows read and actions."""

from dataclasses import replace

from companion.games.point_blank import turns
from companion.games.point_blank.aeo.events import (
    AEO_EVENTS,
    AeoActed,
    AeoCardsDiscarded,
    AeoCoverSpent,
    AeoDeployed,
    AeoFaceErased,
    AeoFaceKeyed,
    AeoRolled,
    AeoRowFilled,
    AeoSmokeDie,
    AeoTerrainChosen,
    AeoUpkept,
)
from companion.games.point_blank.aeo.models import Act, Pending, TerrainPick
from companion.games.point_blank.aeo.select import acquire_cover, smoke_cancels
from companion.games.point_blank.aeo.state import MAX_COVER, AeoImpulse, AeoState, deployed
from companion.games.point_blank.aeo.table import AeoRead, combo
from companion.games.point_blank.sectors import carded
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.terrain_hands import MOST
from companion.journal.events import Event

KEPT = 12
"""Terrain picks the state keeps to show: a setup's few, the latest recon's."""



def evolve(state: PointBlankState, event: Event, voided: bool) -> PointBlankState | None:
    """The state after an AEO event; None for an event of another family."""
    if not isinstance(event, AEO_EVENTS):
        return None
    if isinstance(event, AeoDeployed):
        return replace(state, aeo=deployed(state.aeo, event.deployment))
    if isinstance(event, AeoTerrainChosen):
        return terrain_chosen(state, event)
    if isinstance(event, AeoCardsDiscarded):
        return discarded(state, event)
    aeo = state.aeo
    if aeo is None or voided:
        return state
    turn = aeo.current(state.impulse)
    match event:
        case AeoUpkept():
            turn = replace(turn, upkept=True)
        case AeoFaceKeyed(face=face):
            turn = replace(turn, face=face)
        case AeoFaceErased():
            turn = replace(turn, face=None)
        case AeoRolled(faces=faces, generated=generated, read=read):
            turn = replace(turn, roll=faces, generated=generated, face=None)
            if read is not None:
                aeo, turn = reading(aeo, turn, read, filled=False)
        case AeoRowFilled(posture=posture, rows=rows, read=read, saved=saved):
            aeo = replace(aeo, filled=(*aeo.filled, *((posture, row, read, saved) for row in rows)))
            if turn.roll is not None and turn.read is None and combo(turn.roll) in rows and posture == aeo.posture:
                aeo, turn = reading(aeo, turn, read, filled=True)
        case AeoActed(act=act, pending=pending):
            turn = acted(turn, act, pending)
        case AeoSmokeDie(face=face):
            turn = smoke_die(turn, face)
        case AeoCoverSpent():
            aeo = replace(aeo, cover=max(0, aeo.cover - 1))
    return replace(state, aeo=replace(aeo, impulse=turn))


def reading(aeo: AeoState, turn: AeoImpulse, read: AeoRead, filled: bool) -> tuple[AeoState, AeoImpulse]:
    """The row read, and its "(Acquire Cover)" taken at once (12.3.3.1)."""
    turn = replace(turn, read=read, filled=filled)
    if not read.cover:
        return aeo, turn
    held, took = acquire_cover(aeo.cover, MAX_COVER)
    return replace(aeo, cover=held), replace(turn, cover=took)


def acted(turn: AeoImpulse, act: Act, pending: Pending | None) -> AeoImpulse:
    turn = replace(turn, acts=(*turn.acts, act))
    if act.index < 0:
        return replace(turn, leaders=(*turn.leaders, *((act.leader,) if act.leader is not None else ())))
    if pending is None:
        return replace(turn, pending=None, done=max(turn.done, act.index + 1))
    return replace(turn, pending=pending)


def smoke_die(turn: AeoImpulse, face: int) -> AeoImpulse:
    pending = turn.pending
    if pending is None:
        return turn
    if smoke_cancels(face):
        cancelled = Act(index=pending.index, action=pending.action, outcome="cancelled", units=pending.units,
                        sector=pending.sector, to=pending.to, pips=(face,))
        return replace(turn, acts=(*turn.acts, cancelled), pending=None, done=max(turn.done, pending.index + 1))
    return replace(turn, pending=pending.model_copy(update={"kind": "order"}))


def discarded(state: PointBlankState, event: AeoCardsDiscarded) -> PointBlankState:
    deck = state.deck
    if event.pips:
        for pip in event.pips:
            deck = deck.draw(pip, event.forced)
        deck = replace(deck, held=())
    else:
        deck = deck.discard_unseen(event.count)
    state = turns.drawn(replace(state, deck=deck))
    aeo = state.aeo
    if aeo is None:
        return state
    turn = aeo.current(state.impulse)
    match event.why:
        case "start":
            return replace(state, aeo=replace(aeo, started=True))
        case "impulse":
            turn = replace(turn, discarded=True, pip=event.pips[0] if event.pips else None)
        case "discard":
            turn = replace(turn, discard_pips=(*(turn.discard_pips or ()), *event.pips))
        case "flush":
            state = replace(state, flushed=state.flushed | {aeo.side})
    return replace(state, aeo=replace(aeo, impulse=turn))


def terrain_chosen(state: PointBlankState, event: AeoTerrainChosen) -> PointBlankState:
    """Every card drawn leaves the terrain deck; the kept one goes into its Sector (or, for a recon's
    search, into the AEO's terrain hand while it holds fewer than 3, 8.10), the others to the terrain
    discard pile."""
    field = state.battlefield
    aeo = state.aeo
    to_hand = event.sector is None and event.kept is not None and aeo is not None \
        and len(state.terrain_hand(aeo.side)) < MOST
    deck = field.deck
    if deck is not None:
        for card in event.cards:
            deck = deck.taken(card)
        others = list(event.cards)
        if event.kept is not None and (event.sector is not None or to_hand):
            others.remove(event.kept)
        for card in others:
            deck = deck.discard(card)
    field = replace(field, deck=deck)
    if aeo is not None:
        pick = TerrainPick(sector=event.sector.key if event.sector is not None else "", cards=event.cards,
                           kept=event.kept, tie=event.tie)
        state = replace(state, aeo=replace(aeo, terrain=(*aeo.terrain, pick)[-KEPT:]))
        if to_hand and event.kept is not None:
            state = state.with_terrain_hand(aeo.side, (*state.terrain_hand(aeo.side), event.kept))
    if event.sector is None or event.kept is None:
        return replace(state, battlefield=field)
    return carded(state, field, event.sector.key, event.kept)
