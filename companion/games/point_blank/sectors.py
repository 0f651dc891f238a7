"""The battlefield in play: laid out (5.3), cards placed, drawn, corrected and removed, units
entering Sectors (5.4, 6.1.2, 7.13, 8.7).

A card the companion draws from the terrain deck is a fact: it leaves the deck and stays drawn,
and undo or redo never draws again. Cards the players place, correct or remove, and units moved,
are decisions undo may take back; a card drawn for a move stays in its Sector when the move is
undone, which is what refusing terrain does at the table (6.1.2.3).
"""

import random
from dataclasses import replace

from companion.errors import NothingToDo, Overridable, RuleViolation
from companion.games.point_blank.battlefield import Battlefield, SectorRef, TerrainDeck, ref, sector_words
from companion.games.point_blank.battlefield_events import (
    BattlefieldLaidOut,
    SectorCorrected,
    TerrainDrawn,
    TerrainPlaced,
    TerrainRemoved,
    TerrainReshuffled,
    UnitsMoved,
)
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import (
    CorrectSector,
    DrawTerrain,
    LayOutBattlefield,
    MoveUnits,
    PlaceTerrain,
    RemoveTerrain,
)
from companion.games.point_blank.events import MarkerSet
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Unit
from companion.games.point_blank.view import sector_name
from companion.journal.events import Event

WIRE, CLEAR, MINES = "wire", "clear", "mines"
CLEARED_BY_MARSH = "marsh"
"""10.1.6: "If Smoke or Blazes exists in a Sector where Marsh is resolved as terrain, they are removed"."""


def default_deck(catalog: Catalog | None) -> dict[str, int]:
    """The terrain deck of table 9.0 as the terrain file counts it (`in_default_deck`)."""
    if catalog is None:
        return {}
    return {key: card.in_default_deck for key, card in catalog.terrain.items() if card.in_default_deck}


# decide


def lay_out(state: PointBlankState, command: LayOutBattlefield, catalog: Catalog | None) -> list[Event]:
    field = state.battlefield
    if not field.empty or any(field.holds(u.sector) for u in state.units):
        raise RuleViolation("the battlefield is laid out before any card or unit goes on it (5.3)")
    deck = default_deck(catalog) if command.deck is None else {k: n for k, n in command.deck.items() if n}
    for key in deck:
        known_card(catalog, key)
    return [BattlefieldLaidOut(areas=command.areas, rows=command.rows, deck=deck)]


def laid_out(state: PointBlankState, catalog: Catalog | None) -> tuple[list[Event], TerrainDeck]:
    """The terrain deck, laid out now with the default deck when the game never laid it out (a
    game saved before the battlefield, or one set up without it)."""
    field = state.battlefield
    if field.deck is not None:
        return [], field.deck
    deck = default_deck(catalog)
    return [BattlefieldLaidOut(areas=field.areas, rows=field.rows, deck=deck)], TerrainDeck.fresh(deck)


def place(state: PointBlankState, command: PlaceTerrain, catalog: Catalog | None) -> list[Event]:
    key = in_play(state, command.sector.key)
    known_card(catalog, command.card)
    if (held := state.battlefield.card(key)) is not None:
        raise RuleViolation(f"{where(state, catalog, key)} holds {name(catalog, held)} already: "
                            "remove it or correct the Sector")
    if command.from_hand:
        if command.card not in state.terrain_hand(state.side):
            raise RuleViolation(f"the acting side's terrain hand holds no {name(catalog, command.card)} (8.10)")
        return [TerrainPlaced(sector=command.sector, card=command.card, from_deck=False, fixed=command.fixed,
                              from_hand=state.side)]
    events, deck = laid_out(state, catalog)
    return [*events, TerrainPlaced(sector=command.sector, card=command.card, from_deck=deck.holds(command.card),
                                   fixed=command.fixed)]


def draw_terrain(state: PointBlankState, command: DrawTerrain, rng: random.Random,
                 catalog: Catalog | None) -> list[Event]:
    empty(state, catalog, command.sector.key)
    return draw(state, command.sector, rng, catalog)


def enterable(state: PointBlankState, catalog: Catalog | None, key: str, sides: set[int]) -> None:
    """Refuses a move into a Sector where units of another side stand (8.7)."""
    if state.enemy_held(key, sides):
        raise RuleViolation(f"{where(state, catalog, key)} holds enemy units: a move may not enter it (8.7). "
                            "A move ordered there is cancelled by taking its move marker off")


def held_by_wire(state: PointBlankState, movers: list[Unit], key: str) -> Unit | None:
    """The first infantry unit that would leave a Sector with Wire for `key`: infantry leave it only
    after an in-Sector move (10.1.5)."""
    return next((u for u in movers if u.infantry and u.sector != key and state.wired(u.sector)), None)


def empty(state: PointBlankState, catalog: Catalog | None, sector: str) -> None:
    """Refuses a draw for a Sector out of play or already holding a card."""
    key = in_play(state, sector)
    if (held := state.battlefield.card(key)) is not None:
        raise RuleViolation(f"{where(state, catalog, key)} holds {name(catalog, held)} already: "
                            "a card is drawn only for a Sector with none")


def draw(state: PointBlankState, sector: SectorRef, rng: random.Random, catalog: Catalog | None) -> list[Event]:
    """A random card from the terrain deck for `sector`; the discard pile becomes the new deck when
    the deck is out (4.12)."""
    events, deck = laid_out(state, catalog)
    if deck.remaining == 0:
        if not deck.discarded:
            raise RuleViolation("the terrain deck and its discard pile are empty: place a card by hand")
        events.append(TerrainReshuffled())
        deck = deck.reshuffled()
    card = deck.pick(rng.randrange(deck.remaining))
    return [*events, TerrainDrawn(sector=sector, card=card)]


def move(state: PointBlankState, command: MoveUnits, rng: random.Random, catalog: Catalog | None) -> list[Event]:
    key = in_play(state, command.sector.key)
    if not command.units:
        raise NothingToDo("name the units that move")
    movers = [state.unit(u) for u in command.units]
    for unit in movers:
        if unit.eliminated:
            raise RuleViolation(f"{unit.name} is eliminated")
    enterable(state, catalog, key, {u.side for u in movers})
    held = state.battlefield.card(key)
    events: list[Event] = []
    if all(u.sector == key for u in movers) and key in state.wire:
        # "Wire can be removed from a Terrain card by the playing of a move action ('in-Sector' move) ...
        # Removing Wire does not remove the terrain the Wire is in" (10.1.5).
        events = [MarkerSet(marker="wire", sector=key, present=False)]
        return [*events, UnitsMoved(units=command.units, sector=command.sector)]
    if (leaving := held_by_wire(state, movers, key)) and not command.force:
        raise Overridable(f"{leaving.name} stands in Wire: infantry leave it only after an in-Sector move "
                          "(10.1.5). Confirm moves them all the same (a retreat)",
                          override=command.model_copy(update={"force": True}))
    in_sector = all(u.sector == key for u in movers)
    if held == WIRE and (in_sector or any(unit.vehicle for unit in movers)):
        events = cleared_of_wire(state, command.sector, catalog)
    elif in_sector:
        in_sector_move(state, key, movers, held, catalog)
        events = draw(state, command.sector, rng, catalog)
    elif held is None:
        events = draw(state, command.sector, rng, catalog)
    spent = tuple(unit.id for unit in movers if spent_by_move(state, catalog, unit, command.sector))
    wired = state.wired(key)
    if key in state.wire and any(unit.vehicle for unit in movers):
        # "AFVs entering a Sector with Wire automatically remove the Wire card" (10.1.5).
        events.append(MarkerSet(marker="wire", sector=key, present=False))
    entered = next((event.card for event in reversed(events) if isinstance(event, TerrainDrawn)), held)
    card = catalog.terrain.get(entered) if catalog is not None and entered is not None else None
    bogs = wired or (card is not None and card.checks_bog)
    bogging = tuple((unit.id, wired) for unit in movers if unit.vehicle and bogs)
    mined = command.units if entered == MINES else ()
    return [*events, UnitsMoved(units=command.units, sector=command.sector, spent=spent, bogging=bogging,
                                mined=mined)]


def cleared_of_wire(state: PointBlankState, sector: SectorRef, catalog: Catalog | None) -> list[Event]:
    """Wire alone in a Sector, taken away by an in-Sector move or an AFV entering: "search the Terrain
    card deck for a Clear Terrain card ... and place it into the Sector" (10.1.5)."""
    events, deck = laid_out(state, catalog)
    return [*events, TerrainRemoved(sector=sector, card=WIRE),
            TerrainPlaced(sector=sector, card=CLEAR, from_deck=deck.holds(CLEAR))]


def spent_by_move(state: PointBlankState, catalog: Catalog | None, unit: Unit, to: SectorRef) -> bool:
    """An ordered move into another Area spends the unit once its terrain is resolved (8.7); an
    infantry unit moving out of a card with a Road Bonus is not spent (10.1.8). A retreat or a
    melee's winner moving in is no ordered move."""
    ordered = any(unit.id in move.units and move.to == to.key for move in state.moves)
    origin = ref(unit.sector)
    if not ordered or origin is None or origin.area == to.area:
        return False
    card = catalog.terrain.get(state.battlefield.card(unit.sector) or "") if catalog is not None else None
    return not (unit.infantry and card is not None and card.road)


def in_sector_move(state: PointBlankState, key: str, movers: list[Unit], held: str | None,
                   catalog: Catalog | None) -> None:
    """Refuses an in-Sector move the rules forbid (8.7, 2.9, 2.11)."""
    if all(u.leader for u in movers):
        raise RuleViolation("leaders may not make an in-Sector move by themselves (2.11)")
    if held is not None and (key in state.battlefield.fixed or objective(catalog, held)):
        raise RuleViolation(f"{name(catalog, held)} in {where(state, catalog, key)} stays in play: "
                            "an in-Sector move cannot replace it (2.9)")


def correct(state: PointBlankState, command: CorrectSector, catalog: Catalog | None) -> list[Event]:
    key = in_play(state, command.sector.key)
    if command.card is not None:
        known_card(catalog, command.card)
    if state.battlefield.card(key) == command.card:
        raise NothingToDo(f"{where(state, catalog, key)} holds {name(catalog, command.card)} already")
    return [SectorCorrected(sector=command.sector, card=command.card)]


def remove(state: PointBlankState, command: RemoveTerrain, catalog: Catalog | None) -> list[Event]:
    key = in_play(state, command.sector.key)
    held = state.battlefield.card(key)
    if held is None:
        raise NothingToDo(f"{where(state, catalog, key)} holds no card")
    if objective(catalog, held):
        raise RuleViolation(f"{name(catalog, held)} is an objective card: it is never removed (2.9)")
    if key in state.battlefield.fixed:
        raise RuleViolation(f"the scenario keeps {name(catalog, held)} in {where(state, catalog, key)} in play "
                            "(6.1.2.4)")
    return [TerrainRemoved(sector=command.sector, card=held)]


def in_play(state: PointBlankState, key: str) -> str:
    field = state.battlefield
    if not field.holds(key):
        raise RuleViolation(f"{sector_words(key)} is not on the battlefield: Areas A to {field.letters[-1]}, "
                            f"rows 0 to {field.rows} (5.3)")
    return key


def where(state: PointBlankState, catalog: Catalog | None, key: str) -> str:
    """The Sector as the screen names it ("B2 US"; "B2 Side 1" without the data files)."""
    return sector_name(state, catalog, key)


def known_card(catalog: Catalog | None, card: str) -> None:
    if catalog is not None and card not in catalog.terrain:
        raise RuleViolation(f"no terrain card {card!r} in terrain.toml")


def name(catalog: Catalog | None, card: str | None) -> str:
    if card is None:
        return "no card"
    return catalog.terrain_name(card) if catalog is not None else card


def objective(catalog: Catalog | None, card: str) -> bool:
    return catalog is not None and card in catalog.terrain and catalog.terrain[card].objective


# evolve


def evolve(state: PointBlankState, event: Event, voided: bool) -> PointBlankState | None:
    """The state after a battlefield event; None for an event of another family."""
    field = state.battlefield
    match event:
        case BattlefieldLaidOut(areas=areas, rows=rows, deck=cards):
            return replace(state, battlefield=replace(field, areas=areas, rows=rows, deck=TerrainDeck.fresh(cards)))
        case TerrainDrawn(sector=sector, card=card):
            deck = field.deck.taken(card) if field.deck is not None else None
            return replace(carded(state, replace(field, deck=deck), sector.key, card), log=state.logged(event))
        case TerrainReshuffled():
            deck = field.deck.reshuffled() if field.deck is not None else None
            return replace(state, battlefield=replace(field, deck=deck))
        case TerrainPlaced() if not voided:
            deck = field.deck.taken(event.card) if field.deck is not None and event.from_deck else field.deck
            fixed = field.fixed | {event.sector.key} if event.fixed else field.fixed
            if event.from_hand:
                held = list(state.terrain_hand(event.from_hand))
                held.remove(event.card)
                state = state.with_terrain_hand(event.from_hand, tuple(held))
            return carded(state, replace(field, deck=deck, fixed=fixed), event.sector.key, event.card)
        case SectorCorrected(sector=sector, card=card) if not voided:
            return replace(state, battlefield=field.with_card(sector.key, card))
        case TerrainRemoved(sector=sector, card=card) if not voided:
            deck = field.deck.discard(card) if field.deck is not None else None
            # "This includes any Wire or Wreck cards within that terrain" (6.1.2.4).
            return replace(state, battlefield=replace(field, deck=deck).with_card(sector.key, None),
                           wreck=state.wreck - {sector.key}, wire=state.wire - {sector.key})
        case UnitsMoved(units=units, sector=sector, spent=spent) if not voided:
            moved = set(units)
            placed = tuple(replace(u, sector=sector.key, moving=False, spent=u.spent or u.id in spent)
                           if u.id in moved else u for u in state.units)
            moves = tuple(replace(m, units=tuple(u for u in m.units if u not in moved)) for m in state.moves)
            owed = (*((unit, wire) for unit, wire in state.bog_owed if unit not in moved), *event.bogging)
            mined = (*(unit for unit in state.mines_owed if unit not in moved), *event.mined)
            return replace(state, units=placed, moves=tuple(m for m in moves if m.units), bog_owed=owed,
                           mines_owed=mined)
        case TerrainPlaced() | SectorCorrected() | TerrainRemoved() | UnitsMoved():
            return state
    return None


def carded(state: PointBlankState, field: Battlefield, key: str, card: str) -> PointBlankState:
    """`card` into the Sector `key`; the card it held goes to the terrain discard pile."""
    held = field.card(key)
    if held is not None and field.deck is not None:
        field = replace(field, deck=field.deck.discard(held))
    state = replace(state, battlefield=field.with_card(key, card))
    if card == CLEARED_BY_MARSH:
        state = replace(state, smoke=state.smoke - {key}, blaze=state.blaze - {key})
    return state
