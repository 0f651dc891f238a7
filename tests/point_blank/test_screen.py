"""Pilot tests: a short Point Blank turn played through gpiozero MockFactory face keys."""

import pytest
from textual.widgets import Digits, Input, Select

from companion.games.point_blank.rules import AddUnit, AdjustUnit, PointBlankState
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.point_blank.forms import AddUnitForm, CheckForm, DeckForm, EditUnitForm, OrderForm, ReadyForm
from companion.tui.point_blank.screen import PointBlankScreen

SIZE = (160, 50)


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def confirm_deck(app, pilot, per_pip: tuple[int, ...]) -> None:
    form = app.screen
    assert isinstance(form, DeckForm), "a new game asks to confirm the deck first"
    assert "ASSUMED" in str(form.query_one(".pb-warning").render())
    for pip, count in enumerate(per_pip, 1):
        form.query_one(f"#pip-{pip}", Input).value = str(count)
    await pilot.click("#ok")
    await pilot.pause()


async def add_unit(app, pilot, template: str, side: int, terrain: str) -> None:
    await pilot.press("i")
    form = app.screen
    assert isinstance(form, AddUnitForm)
    form.query_one("#template", Select).value = template
    form.query_one("#terrain", Select).value = terrain
    form.query_one("#side", Input).value = str(side)
    await pilot.click("#ok")
    await pilot.pause()


async def press_faces(companion, clock, pilot, *pips: int) -> None:
    for pip in pips:
        clock.advance(1)  # past the debounce window of the same key
        companion.mock_presser.press(Control.FACE, pip)
        await pilot.pause()


async def test_a_short_turn_from_the_deck_to_the_turn_end_checklist(companion, clock):
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_deck(app, pilot, (3, 3, 3, 3, 3, 3))
        screen = app.screen
        assert isinstance(screen, PointBlankScreen)
        state: PointBlankState = screen.session.state
        assert state.deck.left == 8 and state.deck.hands == (5, 5)
        assert not screen.catalog.deck.assumed, "the confirmed counts are saved for the next game"
        await add_unit(app, pilot, "us_rifle_squad", 1, "clear")
        await add_unit(app, pilot, "german_rifle_squad", 2, "brush")

        await pilot.press("f")
        order = app.screen
        assert isinstance(order, OrderForm)
        order.query_one("#units", Input).value = "1"
        targets = order.query_one("#targets", Input)
        targets.value = "2"
        targets.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "attack d6" in shown(app, "#pb-check")
        assert "chance the attack beats the defence" in shown(app, "#pb-check")
        # attack 2 + 4 = 6 against 1 + brush 1 + concealed 2 = 4: damage 5 + 2 = 7 > morale 6
        await press_faces(companion, clock, pilot, 4, 1, 5)
        state = screen.session.state
        assert state.check is None
        assert state.unit(2).shaken == 1
        assert state.unit(1).fatigue == 1 and state.unit(1).spotted
        assert state.deck.left == 5

        clock.advance(1)
        companion.mock_presser.press(Control.NEXT)
        await pilot.pause()
        state = screen.session.state
        assert state.side == 2 and state.deck.hands == (5, 5) and state.deck.left == 4

        await press_faces(companion, clock, pilot, 2, 3, 6)
        assert screen.session.state.turn == 1
        assert app.screen.query_one("#pb-left", Digits).value.strip() == "1"
        await press_faces(companion, clock, pilot, 6)
        state = screen.session.state
        assert state.turn == 2
        assert state.unit(1).fatigue == 0 and not state.unit(1).spotted
        assert state.deck.left == 18 - 10
        assert "Turn 1 is over" in shown(app, "#pb-checklist")
        committed = companion.store.records(screen.session.game.id, screen.session.rules.events)
        assert [r.event.type for r in committed].count("pb_turn_ended") == 1


async def test_a_pip_the_deck_cannot_hold_is_refused_until_confirmed(companion, clock):
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_deck(app, pilot, (1, 1, 1, 1, 1, 7))
        screen = app.screen
        await press_faces(companion, clock, pilot, 1)
        records = len(screen.session.records)
        await press_faces(companion, clock, pilot, 1)
        assert len(screen.session.records) == records, "a refused pip records nothing"
        clock.advance(1)
        companion.mock_presser.press(Control.CONFIRM)
        await pilot.pause()
        assert screen.session.state.deck.miscounts == 1
        assert "override" in shown(app, "#pb-cards")


async def test_a_unit_moved_on_the_table_is_corrected_through_the_edit_form_and_undone(companion):
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_deck(app, pilot, (3, 3, 3, 3, 3, 3))
        screen = app.screen
        await add_unit(app, pilot, "us_rifle_squad", 1, "clear")
        await pilot.press("t")
        form = app.screen
        assert isinstance(form, EditUnitForm)
        form.query_one("#terrain", Select).value = "woods"
        sector = form.query_one("#sector", Input)
        sector.value = "A3"
        sector.focus()
        await pilot.press("enter")
        await pilot.pause()
        unit = screen.session.state.unit(1)
        assert (unit.terrain, unit.sector) == ("woods", "A3")
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.state.unit(1).terrain == "clear"


async def test_w_gives_a_leaders_ready_action_that_removes_fatigue_in_his_sector(companion):
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await confirm_deck(app, pilot, (3, 3, 3, 3, 3, 3))
        screen = app.screen
        session = screen.session
        session.execute(AddUnit(template=screen.catalog.units["us_rifle_squad"], side=1, sector="B1"))
        session.execute(AddUnit(template=screen.catalog.units["us_lieutenant"], side=1, sector="B1"))
        session.execute(AdjustUnit(unit=1, changes={"fatigue": 2}))
        screen.show_state()
        await pilot.press("w")
        form = app.screen
        assert isinstance(form, ReadyForm)
        assert form.query_one("#leader", Input).value == "2", "the Good Order leader in the Sector is offered"
        await pilot.press("enter")
        await pilot.pause()
        state = session.state
        assert state.unit(1).fatigue == 1 and state.unit(2).spent
        assert state.check is not None and state.check.check.kind == "fatigue_bonus"


async def test_the_add_unit_form_offers_the_side_already_playing_the_units_nationality(companion):
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_deck(app, pilot, (3, 3, 3, 3, 3, 3))
        screen = app.screen
        assert screen.session.state.side == 1
        await add_unit(app, pilot, "us_rifle_squad", 1, "clear")
        await pilot.press("i")
        form = app.screen
        assert isinstance(form, AddUnitForm)
        form.query_one("#template", Select).value = "german_rifle_squad"
        await pilot.pause()
        assert form.query_one("#side", Input).value == "2", "a German squad goes opposite the US side"
        await pilot.click("#ok")
        await pilot.pause()
        assert screen.session.state.unit(2).side == 2
        await pilot.press("i")
        form = app.screen
        assert form.query_one("#side", Input).value == "1"
        form.query_one("#side", Input).value = "2"
        form.query_one("#template", Select).value = "us_airborne"
        await pilot.pause()
        assert form.query_one("#side", Input).value == "2", "a side the player typed is kept"


async def test_a_melee_marks_both_sides_and_is_listed_until_k_resolves_it_in_the_next_upkeep(companion, clock):
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_deck(app, pilot, (3, 3, 3, 3, 3, 3))
        screen = app.screen
        await add_unit(app, pilot, "us_rifle_squad", 1, "clear")
        await add_unit(app, pilot, "german_rifle_squad", 2, "clear")
        await pilot.press("l")
        order = app.screen
        assert isinstance(order, OrderForm)
        order.query_one("#units", Input).value = "1"
        order.query_one("#targets", Input).value = "2"
        await pilot.click("#ok")
        await pilot.pause()
        committed = companion.store.records(screen.session.game.id, screen.session.rules.events)
        assert committed[-1].event.type == "pb_units_ordered" and committed[-1].event.targets == (2,)
        assert "in melee" in screen.session.state.unit(2).status
        assert "In melee, for side 1's next Upkeep" in shown(app, "#pb-checklist")
        for _ in range(2):
            clock.advance(1)
            companion.mock_presser.press(Control.NEXT)
            await pilot.pause()
        assert "Melees to resolve now" in shown(app, "#pb-checklist")
        assert "1 melee to resolve first" in shown(app, "#pb-situation")
        await pilot.press("k")
        form = app.screen
        assert isinstance(form, CheckForm)
        assert form.query_one("#kind", Select).value == "melee"
        assert (form.query_one("#units", Input).value, form.query_one("#targets", Input).value) == ("1", "2")
        await pilot.click("#ok")
        await pilot.pause()
        assert "Melee: 2d6 against 2d6" in shown(app, "#pb-check")
        await press_faces(companion, clock, pilot, 1, 2, 1, 2)
        state = screen.session.state
        assert state.check is None and state.melees == ()
        assert not state.unit(1).in_melee and not state.unit(2).in_melee
        assert "Melees to resolve" not in shown(app, "#pb-checklist")


@pytest.mark.parametrize("between", [Control.NEXT, Control.UNDO])
async def test_a_refused_pip_is_not_entered_by_confirm_once_something_else_was_committed(companion, clock, between):
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_deck(app, pilot, (1, 1, 1, 1, 1, 7))
        screen = app.screen
        await press_faces(companion, clock, pilot, 1)
        await press_faces(companion, clock, pilot, 1)  # refused: the only 1 is drawn
        refused_at = len(screen.session.records)
        clock.advance(1)
        companion.mock_presser.press(between)
        await pilot.pause()
        committed = len(screen.session.records)
        assert committed > refused_at, "the press in between commits something"
        clock.advance(1)
        companion.mock_presser.press(Control.CONFIRM)
        await pilot.pause()
        assert len(screen.session.records) == committed, "Confirm enters nothing for a stale refusal"
        assert screen.session.state.deck.miscounts == 0
        stored = companion.store.records(screen.session.game.id, screen.session.rules.events)
        assert not any(r.event.type == "pb_pip_drawn" and r.event.forced for r in stored)
