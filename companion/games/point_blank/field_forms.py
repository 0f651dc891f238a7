"""The battlefield's forms: units entering a Sector (the Upkeep's moves, 6.1.2; retreats, 7.13)
and a Sector's card drawn, placed, corrected or removed. Defaults come from the table: the move
due, the card due for removal, the selected unit."""

from companion.errors import RuleViolation
from companion.games.kit.forms import Choice, Field, FormSpec, Option, Pick, Tick
from companion.games.kit.intents import Ask, Intent, Run, Tell
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import (
    CorrectSector,
    DrawTerrain,
    KeepTerrain,
    MoveUnits,
    PlaceTerrain,
    RemoveTerrain,
    SearchTerrain,
)
from companion.games.point_blank.field_view import removable
from companion.games.point_blank.forms import Answers, default_ids, ids, made, standing, text, unit_options
from companion.games.point_blank.sector_fields import OFF, sector_choice, selected_sector
from companion.games.point_blank.sectors import empty, enterable, held_by_wire
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import side_name


def move_into(state: PointBlankState, catalog: Catalog, selected: int | None) -> Intent:
    """Units enter a Sector: the first move due in this Upkeep that may enter it, else the selected
    unit's own move. A Sector enemy units hold is refused in the form, which stays open (8.7)."""
    units = standing(state)
    if not units:
        return Tell("No unit on the table: add one first", "warning")
    due = state.moves_open[0] if state.moves_open else None
    pending = next((m for m in state.moves if selected in m.units), None) if selected is not None else None
    move = due or pending
    chosen = move.units if move is not None else default_ids(selected, units)
    default = move.to if move is not None else None
    if default is None and selected is not None and (here := selected_sector(state, selected)):
        side = state.unit(selected).side
        ahead = state.battlefield.forward(here, side)
        leaves = ahead is not None and held_by_wire(state, [state.unit(selected)], ahead) is None
        default = ahead if leaves and ahead is not None and not state.enemy_held(ahead, (side,)) else here
    fields: tuple[Field, ...] = (
        Pick("units", "Units entering", unit_options(state, catalog, units), chosen, least=1),
        sector_choice(state, catalog, "sector", "Sector they enter", default),
        Tick("retreat", "A retreat (7.13): infantry leave Wire all the same"),
    )

    def then(answers: Answers) -> Intent:
        movers = ids(answers, "units")
        sector = text(answers, "sector")
        enterable(state, catalog, sector, {state.unit(unit).side for unit in movers})
        wired = held_by_wire(state, [state.unit(unit) for unit in movers], sector)
        if wired is not None and not answers["retreat"]:
            raise RuleViolation(f"{wired.name} stands in Wire: infantry leave it only after an in-Sector move "
                                "(10.1.5); tick the retreat to move them all the same")
        return Run.one(made(MoveUnits, units=movers, sector=sector, force=bool(answers["retreat"])))

    note = ("A Sector with no card draws one from the terrain deck (6.1.2.1). To refuse the terrain (6.1.2.3), "
            "undo the move: the card stays. The units' own Sector is an in-Sector move: a new card is drawn (8.7).")
    return Ask(FormSpec("Units enter a Sector (Upkeep 6.1.2, retreat 7.13)", fields, note=note, submit="Enter"), then)


SECTOR_ACTIONS = (
    ("draw", "Draw a random card from the terrain deck (the Sector has none)"),
    ("place", "Place the card below (the scenario's, or one from a hand)"),
    ("correct", "Correct: the table has the card below in this Sector"),
    ("remove", "Remove its card to the terrain discard pile (6.1.2.4, 8.10)"),
)


def sector_card(state: PointBlankState, catalog: Catalog, selected: int | None) -> Ask:
    """A Sector's card: drawn by the companion, placed or corrected by the players, or removed. While
    cards are due for removal (6.1.2.4), the form starts at removing the first of them: that is
    why the action bar offers it first."""
    field = state.battlefield
    due = removable(state, catalog)
    default = due[0] if due else selected_sector(state, selected) or next(
        (sector.key for sector in field.sectors() if field.card(sector.key) is None), None)
    cards: tuple[Option, ...] = tuple((key, card.name) for key, card in catalog.terrain.items())
    fields: tuple[Field, ...] = (
        sector_choice(state, catalog, "sector", "Sector", default),
        Choice("action", "What", SECTOR_ACTIONS, "remove" if due else "draw"),
        Choice("card", "Card", ((OFF, "No card (correct only)"), *cards), "clear"),
        Tick("fixed", "The scenario keeps this card in play (placing only, 6.1.2.4)"),
        Tick("hand", "From the acting side's terrain hand (placing only, 6.1.2.2)",
             bool(state.terrain_hand(state.side))),
    )

    def then(answers: Answers) -> Intent:
        sector, card = text(answers, "sector"), text(answers, "card")
        match answers["action"]:
            case "draw":
                empty(state, catalog, sector)  # refused in the form, which stays open to change it
                return Run.one(made(DrawTerrain, sector=sector))
            case "remove":
                return Run.one(made(RemoveTerrain, sector=sector))
            case "correct":
                return Run.one(made(CorrectSector, sector=sector, card=None if card == OFF else card))
        if card == OFF:
            raise ValueError("Card: choose the card to place")
        return Run.one(made(PlaceTerrain, sector=sector, card=card, fixed=bool(answers["fixed"]),
                            from_hand=bool(answers["hand"])))

    note = ("A card drawn is a fact: undo never draws again. A correction changes the companion's record only, "
            "not the terrain deck.")
    return Ask(FormSpec("A Sector's terrain card", fields, note=note), then)


def search(state: PointBlankState, catalog: Catalog) -> Intent:
    """A recon's search (8.10): the companion draws two Terrain cards; once drawn, which to keep."""
    if state.search is None:
        return Run.one(SearchTerrain())
    drawn = dict.fromkeys(state.search.cards)
    options: tuple[Option, ...] = tuple((card, catalog.terrain_name(card)) for card in drawn)

    def then(answers: Answers) -> Intent:
        return Run.one(made(KeepTerrain, card=text(answers, "card")))

    side = side_name(state, catalog, state.search.side)
    note = (f"Only {side} may look. The card kept goes into {side}'s terrain hand, face down (3 at most); the "
            "other to the terrain discard pile.")
    return Ask(FormSpec(f"Recon search for {side}: which Terrain card to keep?", (Choice("card", "Keep", options),),
                        note=note, submit="Keep"), then)
