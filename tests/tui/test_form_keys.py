"""A game's forms take its Confirm key and face keys as the table's buttons, for arcade buttons
wired as keys: `c` submits, a face key picks the option of that number, ticks the target of that
number, or fills a one-digit number field, staying in it as typing does; in a text field, or a
number field of more digits, they are typed."""

from collections.abc import Callable

import pytest
from textual.widgets import Select, SelectionList

from companion.bootstrap import Companion
from companion.games.conflict_of_heroes.events import UnitAdded
from companion.games.conflict_of_heroes.library import shipped
from companion.games.deckung import events as dk
from companion.games.deckung.commands import ChooseCover, ShootCover
from companion.games.kit.forms import Choice, FormSpec, Number, Pick, Text
from companion.games.kit.intents import Intent, Tell
from companion.games.point_blank import commands as pb
from companion.games.point_blank import events as pb_events
from companion.games.point_blank.controller import KEYMAP as PB_KEYS
from companion.games.take_cover.commands import SetUpGame
from companion.games.take_cover.events import CardAttached
from companion.journal.events import Event
from companion.tui.app import CompanionApp
from companion.tui.widgets.spec_form import SpecForm
from tests.pilot import settle
from tests.point_blank.playing import SQUAD
from tests.tui.game_positions import faces, played

SIZE = (140, 40)


def point_blank(companion: Companion) -> None:
    """An odd d6 after a discard: the second fatigue level is owed, to unit 2 or 3 (not 1)."""
    played(companion, "point_blank", pb.SetUpGame(cards_per_pip=(6,) * 6, hand_size=5),
           *(pb.AddUnit(template=SQUAD, side=1) for _ in range(3)),
           *(pb.AdjustUnit(unit=unit, changes={"fatigue": 1}) for unit in (1, 2, 3)),
           pb.ReduceFatigue(unit=1, via="discard"), pb.EnterPip(pip=3))


def take_cover(companion: Companion) -> None:
    played(companion, "take_cover", SetUpGame(), *faces(7, 3))


def deckung(companion: Companion) -> None:
    played(companion, "deckung", ChooseCover(cover="massive"), ShootCover(penetration=4, hardness=3))


def conflict_of_heroes(companion: Companion) -> None:
    played(companion, "conflict_of_heroes")


Case = tuple[str, Callable[[Companion], None], str, tuple[str, ...], Callable[[Event], bool]]
CASES: list[Case] = [
    # The odd d6's form offers units 2 and 3: the face key 2 chooses unit 3.
    ("point_blank", point_blank, "b", ("2", "c"),
     lambda e: isinstance(e, pb_events.FatigueReduced) and e.unit == 3 and e.via == "bonus"),
    # The attach form: 2 the German side's second squad, then on to the card list, where c submits.
    ("take_cover", take_cover, "a", ("2", "c"), lambda e: isinstance(e, CardAttached) and e.squad == "B"),
    # How many (1 to 20) is typed; 1 the first rank of the list (the one shipped); c submits.
    ("deckung", deckung, "i", ("3", "tab", "1", "c"),
     lambda e: isinstance(e, dk.ModelsPlaced) and e.count == 3 and e.rank == "rekrut"),
    # 2 the second unit of the library; in the label's text field c and 5 are typed; c submits.
    ("conflict_of_heroes", conflict_of_heroes, "i", ("2", "tab", "c", "5", "tab", "c"),
     lambda e: isinstance(e, UnitAdded) and e.label == "c5" and e.profile == [*shipped().units.values()][1]),
]


@pytest.mark.parametrize(("kind", "position", "opens", "keys", "answered"), CASES, ids=[c[0] for c in CASES])
async def test_a_games_form_takes_its_confirm_and_face_keys_as_the_tables_buttons(
        table, kind, position, opens, keys, answered):
    position(table)
    app = CompanionApp(table, start_kind=kind)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(opens)
        await settle(pilot)
        assert isinstance(app.screen, SpecForm), app.screen
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        assert not isinstance(app.screen, SpecForm), app.screen.query_one("#form-error").render()
        records = app._game_screen().session.records
        assert answered(records[-1].event), records[-1].event


SAMPLE = FormSpec("A fire", (
    Number("grenades", "Grenade cards", 0, 0, 3),
    Pick("targets", "Targets", ((1, "Squad D"), (2, "Squad E"), (3, "Squad F"))),
    Number("cards", "Cards in the pile", 0, 0, 99),
    Text("name", "Name", required=False),
    Choice("lead", "Lead unit", (("a", "Squad A"), ("b", "Squad B"), ("c", "Squad C")))))


async def test_a_face_key_fills_a_one_digit_field_and_ticks_by_number_while_longer_fields_and_text_take_it_typed(
        table):
    answered: list[Intent | None] = []
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SpecForm(SAMPLE, lambda answers: Tell(repr(dict(answers))), PB_KEYS.form_keys()),
                        answered.append)
        await settle(pilot)
        # 2 grenades, the third target ticked, 12 cards typed, "c3" typed as the name, the third
        # lead unit, and c submits; a typed face stays in its field, as typing does, so Tab goes on.
        for key in ("2", "tab", "3", "tab", "1", "2", "tab", "c", "3", "tab", "3", "c"):
            await pilot.press(key)
        await settle(pilot)
        assert not isinstance(app.screen, SpecForm)
    assert answered == [Tell(repr({"grenades": 2, "targets": (3,), "cards": 12, "name": "c3", "lead": "c"}))]


GROUP = FormSpec("A fire group", (
    Choice("lead", "Lead unit", (("a", "Squad A"), ("b", "Squad B"), ("c", "Squad C"))),
    Pick("group", "Other units of the fire group", (("a", "Squad A"), ("b", "Squad B"), ("c", "Squad C")),
         apart_from="lead")))


async def test_a_pick_kept_apart_from_a_choice_lists_the_other_options_as_the_choice_changes(table):
    """The fire form listed the lead unit itself among the other units of its fire group."""
    answered: list[Intent | None] = []
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SpecForm(GROUP, lambda answers: Tell(repr(dict(answers))), PB_KEYS.form_keys()),
                        answered.append)
        await settle(pilot)
        form = app.screen
        assert isinstance(form, SpecForm)
        picks = form.query_one("#field-group", SelectionList)

        def listed() -> list[str]:
            return [picks.get_option_at_index(n).value for n in range(picks.option_count)]

        assert listed() == ["b", "c"]
        picks.select("c")
        form.query_one("#field-lead", Select).value = "b"
        await settle(pilot)
        assert listed() == ["a", "c"] and picks.selected == ["c"]
        await pilot.press("c")
        await settle(pilot)
    assert answered == [Tell(repr({"lead": "b", "group": ("c",)}))]
