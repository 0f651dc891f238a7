"""Point Blank's forms as data: the deck at setup, units added and corrected, marker cards, the
Ready action, a corrected deck count; each with labelled fields, defaults from the table, and the
command its answers make. The answers are checked by the form before they reach the rules."""

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from companion.errors import RuleViolation
from companion.games.kit.forms import Choice, Field, FormSpec, Number, Option, Text, Tick
from companion.games.kit.intents import Ask, Intent, Run, SaveFile, Tell
from companion.games.kit.words import signed
from companion.games.point_blank import turns
from companion.games.point_blank.catalog import Catalog, deck_file_text
from companion.games.point_blank.commands import (
    AddUnit,
    AdjustUnit,
    CorrectDeck,
    LayOutBattlefield,
    PlayEventCard,
    ReduceFatigue,
    SetMarker,
    SetUpGame,
)
from companion.games.point_blank.deck import PIPS
from companion.games.point_blank.orders import bonus_units, by_card, reducible
from companion.games.point_blank.sector_fields import OFF, deploy_sector, layout_fields, sector_choice, selected_sector
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import MARKERS, Unit, default_side
from companion.games.point_blank.view import hand_counts, sector_name, side_name
from companion.games.point_blank.words import plural

Answers = Mapping[str, object]
Made = TypeVar("Made", bound=BaseModel)
NO_ONE = 0
"""The value of "no leader" and "by nationality" in a choice of units or sides."""


def made(model: type[Made], **values: Any) -> Made:
    """The command, or a `ValueError` saying in one line what the players must fix."""
    try:
        return model(**values)
    except ValidationError as error:
        first = error.errors()[0]
        raise ValueError(str(first["msg"]).removeprefix("Value error, ")) from None


def number(answers: Answers, name: str) -> int:
    value = answers[name]
    assert isinstance(value, int)
    return value


def ids(answers: Answers, name: str) -> tuple[int, ...]:
    value = answers[name]
    assert isinstance(value, tuple)
    return tuple(int(item) for item in value)


def text(answers: Answers, name: str) -> str:
    return str(answers[name])


def unit_option(state: PointBlankState, catalog: Catalog, unit: Unit) -> Option:
    return unit.id, f"{unit.id} · {unit.name} · {side_name(state, catalog, unit.side)}"


def unit_options(state: PointBlankState, catalog: Catalog, units: list[Unit]) -> tuple[Option, ...]:
    return tuple(unit_option(state, catalog, unit) for unit in units)


def standing(state: PointBlankState, side: int | None = None) -> list[Unit]:
    """The units not eliminated, of one side or both."""
    return [u for u in state.units if not u.eliminated and (side is None or u.side == side)]


def leaders(state: PointBlankState, side: int | None = None) -> list[Unit]:
    """The Good Order leaders who have not acted this impulse: those who may act or lend their
    modifier (2.11, 6.2.1.4)."""
    return [u for u in standing(state, side) if u.leader and u.good_order and u.id not in state.leaders_acted]


def leader_choice(state: PointBlankState, name: str, label: str, side: int | None, default: int = NO_ONE) -> Choice:
    options = ((NO_ONE, "No leader"), *((u.id, f"{u.name} ({signed(u.leadership)})") for u in leaders(state, side)))
    return Choice(name, label, options, default if any(v == default for v, _ in options) else NO_ONE)


def leadership(state: PointBlankState, leader: int | None) -> int:
    """What a leader adds: his modifier while in Good Order, else nothing (8.8)."""
    if not leader:
        return 0
    unit = state.unit(leader)
    return unit.leadership if unit.leader and unit.good_order else 0


def default_ids(selected: int | None, units: list[Unit]) -> tuple[int, ...]:
    """The selected unit when it is one of `units`, else the only one of them, else none."""
    if selected is not None and any(u.id == selected for u in units):
        return (selected,)
    return (units[0].id,) if len(units) == 1 else ()


def default_id(selected: int | None, units: list[Unit]) -> int:
    chosen = default_ids(selected, units)
    return chosen[0] if chosen else units[0].id


# The deck at setup


def deck_note(catalog: Catalog) -> str:
    deck = catalog.deck
    if deck.assumed:
        return f"ASSUMED, not from the rulebook: {deck.note} Count your deck and correct them."
    return "The counts of your own deck file."


def deck_fields(catalog: Catalog) -> tuple[Field, ...]:
    """The deck's count of cards per pip, and whether real dice stand in for its pips."""
    return (
        *(Number(f"pip{pip}", f"Cards with {plural(pip, 'pip')}", catalog.deck.cards_per_pip[pip - 1], 0, 99)
          for pip in PIPS),
        Tick("dice", "Roll real dice instead (one card discarded per die; locked for the game)"),
    )


def save_deck(own_deck: bool) -> Tick:
    """Never ticked to begin with: a players' deck file is replaced only when they choose it."""
    label = "Save these counts for future games" + (", replacing your deck.toml" if own_deck else "")
    return Tick("save", label, help="Unticked, nothing is written: the counts hold for this game only.")


def setup(catalog: Catalog, own_deck: bool) -> Ask:
    nationalities = (("-", "Not named"), *((key, catalog.nationality_name(key)) for key in catalog.nationality_keys()))
    named = [key for key, _ in nationalities[1:3]] + ["-", "-"]
    fields: tuple[Field, ...] = (
        *deck_fields(catalog),
        Number("turns", "Scenario turns (0: no limit)", 0, 0, 99),
        Number("hand", "Hand size", 5, 1, 10),
        Choice("side1", "Side 1 plays", nationalities, named[0]),
        Choice("side2", "Side 2 plays", nationalities, named[1]),
        Choice("first", "First to act", ((1, "Side 1"), (2, "Side 2")), 1),
        Choice("aeo", "Solo: the AEO plays (12.2)", ((0, "Nobody: two players"), (1, "Side 1"), (2, "Side 2")), 0),
        Choice("posture", "The AEO's posture", (("defensive", "Defensive (green flowcharts)"),
                                                ("offensive", "Offensive (red flowcharts)")), "defensive"),
        *layout_fields(),
        save_deck(own_deck),
    )

    def then(answers: Answers) -> Intent:
        pips = tuple(number(answers, f"pip{pip}") for pip in PIPS)
        sides = tuple("" if answers[f"side{side}"] == "-" else text(answers, f"side{side}") for side in (1, 2))
        aeo = number(answers, "aeo")
        command = made(SetUpGame, cards_per_pip=pips, dice_mode=bool(answers["dice"]),
                       turn_limit=number(answers, "turns") or None, hand_size=number(answers, "hand"),
                       first_side=number(answers, "first"), nationalities=sides, aeo_side=aeo,
                       aeo_posture=answers["posture"] if aeo else None)
        field = made(LayOutBattlefield, areas=number(answers, "areas"), rows=number(answers, "rows"))
        run = Run((command, field))
        return SaveFile("deck.toml", deck_file_text(pips), then=run) if answers["save"] else run

    return Ask(FormSpec("Action deck: how many cards show each pip count?", fields, note=deck_note(catalog),
                        submit="Start"), then)


# Units


def add_unit(state: PointBlankState, catalog: Catalog, selected: int | None = None) -> Intent:
    if not catalog.units:
        return Tell("The unit library is empty: add units to units.toml", "warning")
    playing = state.settings.nationalities if state.settings else ("", "")
    # The form starts at a unit that joins the side to act, the side a unit is most often added to.
    acting = next((key for key, t in catalog.units.items()
                   if default_side(t.nationality, state.units, state.side, playing) == state.side), None)
    fields: tuple[Field, ...] = (
        Choice("template", "Unit", tuple((key, t.name) for key, t in catalog.units.items()), acting),
        Choice("side", "Side", ((NO_ONE, "The side playing its nationality"),
                                *((side, side_name(state, catalog, side)) for side in (1, 2)))),
        deploy_sector(state, catalog, selected),
        Text("name", "Name on the table (blank: the library's)", required=False),
    )

    def then(answers: Answers) -> Intent:
        template = catalog.units[text(answers, "template")]
        side = number(answers, "side") or default_side(template.nationality, state.units, state.side, playing)
        sector = text(answers, "sector")
        return Run.one(made(AddUnit, template=template, side=side, sector=None if sector == OFF else sector,
                            name=text(answers, "name") or None))

    return Ask(FormSpec("Add a unit from the library", fields), then)


def edit_unit(state: PointBlankState, catalog: Catalog, unit: Unit) -> Ask:
    def then(answers: Answers) -> Intent:
        changes = MARKERS.changes(unit, answers)
        if not changes:
            return Tell(f"{unit.name}: nothing changed")
        return Run.one(AdjustUnit(unit=unit.id, changes=changes))

    title = f"Correct {unit.name} (unit {unit.id}, {side_name(state, catalog, unit.side)})"
    note = "What the table changed by hand: a marker, a fatigue level. A move into another Sector is M."
    return Ask(FormSpec(title, MARKERS.fields(unit), note=note), then)


def marker(state: PointBlankState, catalog: Catalog, selected: int | None) -> Ask:
    # A card placed before the battlefield named its Sector in words: it can still be taken off.
    field = state.battlefield
    keys = [sector.key for sector in field.sectors()]
    keys += sorted({*state.smoke, *state.blaze, *state.wreck, *state.wire} - set(keys))
    fields: tuple[Field, ...] = (
        Choice("marker", "Card", (("smoke", "Smoke"), ("blaze", "Blaze"), ("wreck", "Wreck"),
                                  ("wire", "Wire, over the terrain (10.1.5)"))),
        sector_choice(state, catalog, "sector", "Sector", selected_sector(state, selected), keys),
        Tick("present", "On the table (untick to take it off)", True),
    )

    def then(answers: Answers) -> Intent:
        return Run.one(made(SetMarker, marker=answers["marker"], sector=text(answers, "sector"),
                            present=bool(answers["present"])))

    return Ask(FormSpec("Smoke, Blaze, Wreck or Wire card", fields, note="A Wind card clears smoke (7.24)."), then)


def event_card(state: PointBlankState) -> Intent:
    """An event card; a side with units still to come by a Reinforcement card is asked which it plays."""
    other = PlayEventCard(name="event card")
    if not by_card(state, state.side):
        return Run.one(other)
    options: tuple[Option, ...] = (("reinforcement", "Reinforcement: its d6 on the scenario's table (8.11)"),
                                   ("other", "Another event (Sniper, Wind)"))

    def then(answers: Answers) -> Intent:
        if answers["card"] == "reinforcement":
            return Run.one(PlayEventCard(name="Reinforcement", reinforcement=True))
        return Run.one(other)

    return Ask(FormSpec("Which event card?", (Choice("card", "Card", options),), submit="Play"), then)


def ready_fatigue(state: PointBlankState, catalog: Catalog, unit: Unit) -> Ask:
    """A Ready action removes one fatigue level (8.9): a Ready Action card, or the Ready action of a
    leader in the unit's Sector (he is spent); an odd d6 then earns a second reduction. A unit with
    no fatigue the rules let go, or not the phasing side's, is refused before the form opens."""
    reducible(state, unit)
    near = [u for u in leaders(state, unit.side) if not unit.sector or u.sector == unit.sector]
    options: tuple[Option, ...] = (*((u.id, f"{u.name}'s Ready action (he is spent)") for u in near),
                                   ("card", "A Ready Action card"))
    fields = (Choice("by", "Removed by", options),)

    def then(answers: Answers) -> Intent:
        by = answers["by"]
        if by == "card":
            return Run.one(ReduceFatigue(unit=unit.id, via="ready"))
        return Run.one(ReduceFatigue(unit=unit.id, via="leader", leader=int(str(by))))

    title = f"Ready action: one fatigue level off {unit.name} (fatigue {unit.fatigue})"
    return Ask(FormSpec(title, fields), then)


def bonus_fatigue(state: PointBlankState, catalog: Catalog, selected: int | None) -> Intent:
    """The level an odd d6 earned after a discard or a Ready action (6.2.1.3, 8.9): the form offers
    the other units that may lose one, never the unit that lost the first, and after a leader's
    Ready action only those in his Sector."""
    if not state.fatigue_bonus_owed:
        raise RuleViolation("no odd d6 has earned a second fatigue reduction (6.2.1.3)")
    first, sector = state.fatigue_bonus_first, state.fatigue_bonus_sector
    named = sector_name(state, catalog, sector) if sector else ""
    units = bonus_units(state, first, sector)
    if not units:
        where = f" in {named}" if named else ""
        return Tell(f"No other unit of this side{where} has a fatigue level it may lose: the odd d6 earned nothing",
                    "warning")
    options = tuple((u.id, f"{u.id} · {u.name} · fatigue {u.fatigue}") for u in units)
    note = "The odd d6's level comes off another unit than the first (6.2.1.3, 8.9)"
    if first is not None:
        note += f": not {state.unit(first).name} ({first}), who lost the first"
    if sector:
        note += f"; after a leader's Ready action, only a unit in his Sector, {named} (8.9)"

    def then(answers: Answers) -> Intent:
        return Run.one(ReduceFatigue(unit=number(answers, "unit"), via="bonus"))

    fields = (Choice("unit", "One fatigue level off", options, default_id(selected, units)),)
    return Ask(FormSpec("Odd d6: a second fatigue level off another unit", fields, note, submit="Remove"), then)


def correct_deck(state: PointBlankState, catalog: Catalog) -> Ask:
    """The draw pile as the players count it. The companion cannot know which pips are in the
    hands, so it offers no count by pips: every field starts empty, and a form confirmed as it
    opened changes nothing. A pile that cannot fit beside the hands is refused in the form."""
    deck = state.deck
    fields = tuple(Number(f"pip{pip}", f"Cards with {plural(pip, 'pip')} in the draw pile", None, 0, 99)
                   for pip in PIPS)
    hands = hand_counts(state, catalog)
    # A game saved before corrections were checked may count more cards than its deck holds.
    discarded = max(0, deck.discarded)
    note = (f"Count the draw pile alone, not the hands or the discard pile: how many of its cards show each "
            f"pip count. By the companion's count it holds {deck.left} of the deck's {deck.size} cards; "
            f"{sum(deck.hands)} are in the hands ({hands}) and {discarded} in the discard pile. The draw pile "
            "becomes exactly what you enter and the odds are counted from its cards; undo takes it back.")

    def then(answers: Answers) -> Intent:
        pile = tuple(number(answers, f"pip{pip}") for pip in PIPS)
        corrected = made(CorrectDeck, pile=pile)
        turns.correct_deck(state, corrected)  # the rules' refusal, said while the form is open to count again
        return Run.one(corrected)

    return Ask(FormSpec("Correct the deck count", fields, note=note, submit="Replace the count"), then)
