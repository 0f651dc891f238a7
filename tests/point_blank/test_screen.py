"""Pilot tests of the Point Blank screen: keys and GPIO through the keymap, forms, the override on
Confirm, refusals shown, the side LEDs, a broken data file. The rules are tested without a screen."""

import pytest
from textual.widgets import Checkbox, DataTable, Input, Select

from companion.bootstrap import bootstrap
from companion.games.point_blank.aeo.commands import DiscardAeoCards, FinishAeoUpkeep
from companion.games.point_blank.aeo.view import panel_lines
from companion.games.point_blank.commands import AddUnit, CancelCheck, PlaceTerrain, SetUpGame
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.point_blank.screen import PointBlankScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.sides import side_style
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.spec_form import RevealPanel, SpecForm
from drivers.pin_factory import PinFactoryChoice
from tests.pilot import comes_true, press, settle
from tests.point_blank.playing import CATALOG, SQUAD, deploy
from tests.point_blank.solo import GRENADIERS, LEUTNANT, PANZER, solo_game, to_the_roll
from tests.tui import game_positions
from tests.tui.conftest import SIZES
from tests.tui.screen_text import painted_rows
from tests.tui.test_footer import footer_says, footer_text

SIZE = (120, 40)
SIDE_LEDS = (20, 21)
AEO_TABLE = ((PANZER, 2, "B2", "woods"), (GRENADIERS, 2, "C2", "woods"), (LEUTNANT, 2, "C2", "woods"),
             (SQUAD, 1, "B2", "clear"), (SQUAD, 1, "A2", "clear"), (SQUAD, 1, "C2", "clear"))
"""A small solo game: six units, where a scenario has a dozen."""


@pytest.fixture
def table(tmp_path, mock_factory, clock):
    """The companion with a LED per side wired."""
    config = tmp_path / "config.toml"
    config.write_text(f"[pins]\nside_leds = {list(SIDE_LEDS)}\n")
    wired = bootstrap(
        data_dir=tmp_path / "data", config_file=config, seed=7, env={},
        pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock, fake_board=False,
    )
    yield wired
    wired.close()


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def notices(app) -> list[str]:
    return [notification.message for notification in app._notifications]


def lit(mock_factory) -> tuple[bool, bool]:
    return tuple(mock_factory.pin(pin).state for pin in SIDE_LEDS)


async def start(app, pilot, counts: tuple[int, ...] = (3, 3, 3, 3, 3, 3), save: bool = False) -> PointBlankScreen:
    """A new game: nothing is committed until the players confirm the deck in its form."""
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, PointBlankScreen) and screen.session.records == []
    assert "confirm the Action deck" in shown(app, "#pb-situation")
    await press(pilot, "c")
    form = app.screen
    assert isinstance(form, SpecForm) and "ASSUMED" in form.spec.note
    for pip, count in enumerate(counts, 1):
        form.query_one(f"#field-pip{pip}", Input).value = str(count)
    form.query_one("#field-save", Checkbox).value = save
    await press(pilot, "enter")
    assert app.screen is screen
    return screen


async def press_faces(companion, clock, pilot, *pips: int) -> None:
    for pip in pips:
        clock.advance(1)  # past the debounce window of the same key
        companion.mock_presser.press(Control.FACE, pip)
        await settle(pilot)


async def test_a_fire_order_from_its_form_gpio_face_keys_and_next_then_a_refused_flush(table, clock, mock_factory):
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot)
        assert lit(mock_factory) == (True, False)
        assert not (table.data_dir / "point_blank" / "deck.toml").exists(), "saving the counts is the players' choice"
        screen.session.execute(AddUnit(template=CATALOG.units["us_rifle_squad"], side=1))
        screen.session.execute(PlaceTerrain(sector="B2/2", card="brush"))
        await press(pilot, "i")
        form = app.screen
        form.query_one("#field-template", Select).value = "german_rifle_squad"
        form.query_one("#field-sector", Select).value = "B2/2"
        await press(pilot, "enter")
        assert [u.side for u in screen.session.state.units] == [1, 2], "each unit on its nationality's side"
        assert screen.query_one("#pb-units", DataTable).get_row_at(1)[6].plain == "Brush"
        await press(pilot, "f")
        assert isinstance(app.screen, SpecForm) and app.screen.spec.title == "Order: Fire"
        await press(pilot, "enter")  # the selected squad fires at the only enemy unit
        assert "attack d6" in shown(app, "#pb-check")
        # attack 2 + 4 = 6 against 1 + brush 1 + concealed 2 = 4: damage 5 + 2 = 7 > morale 6
        await press_faces(table, clock, pilot, 4, 1, 5)
        state = screen.session.state
        assert state.check is None and state.unit(2).shaken == 1 and state.unit(1).fatigue == 1
        assert screen.query_one("#pb-left", BigNumber).value == "5"
        clock.advance(1)
        table.mock_presser.press(Control.NEXT)
        await settle(pilot)
        assert screen.session.state.side == 2 and lit(mock_factory) == (False, True)
        await press(pilot, "h")
        records = len(screen.session.records)
        await press(pilot, "h")  # refused: the impulse's one action is taken; nothing recorded
        assert len(screen.session.records) == records
        assert notices(app)[-1] == "this impulse's one Action card or Spend action is taken: the hand flush (6.2)"


async def test_a_stray_face_key_draws_nothing_until_confirm_and_a_stale_refusal_lapses(table, clock):
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot, counts=(1, 1, 1, 1, 1, 7), save=True)
        saved = table.data_dir / "point_blank" / "deck.toml"
        assert "cards_per_pip = [1, 1, 1, 1, 1, 7]" in saved.read_text(), "saved when ticked"
        await press_faces(table, clock, pilot, 1)
        assert screen.session.state.deck.left == 2 and "no check in progress" in notices(app)[-1]
        assert await footer_says(pilot, "c Confirm"), "Confirm overrules the refusal: the footer offers it"
        await press(pilot, "c")
        assert screen.session.state.deck.left == 1 and screen.session.state.deck.seen[0] == 1
        assert await footer_says(pilot, "c Confirm", shown=False)
        await press(pilot, "1", "c")
        assert "cannot hold another 1" in notices(app)[-1]
        await press(pilot, "n", "c")  # something else committed in between: Confirm enters nothing
        assert screen.session.state.deck.miscounts == 0 and "Nothing to confirm" in notices(app)[-1]
        await press(pilot, "1", "c", "c")  # the refusals answered at once: entered as a miscount
        assert screen.session.state.deck.miscounts == 1
        assert "override" in shown(app, "#pb-cards")


async def test_deck_counts_cleared_to_empty_are_refused_in_the_form_and_deal_nothing(table):
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await press(pilot, "c")
        form = app.screen
        for pip in range(1, 7):
            form.query_one(f"#field-pip{pip}", Input).value = ""
        await press(pilot, "enter")
        assert app.screen is form, "the form stays open"
        assert shown(app, "#form-error") == "Cards with 1 pip: empty; enter a number from 0 to 99"
        assert app.focused is form.query_one("#field-pip1"), "the field to fix has the focus"
        assert screen.session.records == [] and screen.session.state.settings is None
        await press(pilot, *"12")
        for pip in range(2, 7):
            form.query_one(f"#field-pip{pip}", Input).value = "7"
        await press(pilot, "enter")
        assert app.screen is screen and screen.session.state.deck.composition == (12, 7, 7, 7, 7, 7)


async def test_a_draw_pile_counted_beyond_the_deck_is_refused_in_the_correction_form_which_stays_open(table):
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(app, pilot)
        records = len(screen.session.records)
        await press(pilot, "s")
        form = app.screen
        assert isinstance(form, SpecForm) and form.query_one("#field-pip1", Input).value == ""
        for pip in range(1, 7):
            form.query_one(f"#field-pip{pip}", Input).value = "3"
        await press(pilot, "enter")
        assert app.screen is form, "the form stays open to count again"
        assert shown(app, "#form-error").startswith("18 cards in the draw pile and 10 in the hands make 28, more "
                                                    "than the deck's 18: the draw pile holds 8 at most")
        assert len(screen.session.records) == records and screen.session.state.deck.left == 8
        for pip in range(1, 7):
            form.query_one(f"#field-pip{pip}", Input).value = "1" if pip < 6 else "2"
        await press(pilot, "enter")
        assert app.screen is screen and screen.session.state.deck.left == 7


async def test_a_broken_players_file_keeps_the_game_closed_and_names_file_line_and_key(table):
    units = table.data_dir / "point_blank" / "units.toml"
    units.parent.mkdir(parents=True)
    units.write_text('[units.mine]\nname = "[b]Mine[/b]"\nkind = "full_squad"\nmorale = 5\nfirepowr = 2\n')
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert f"{units}, line 5: units.mine.firepowr: unknown key" in notices(app)[-1]


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_the_battlefield_grid_shows_cards_by_name_and_units_literally_and_fits_the_screen(table, size):
    folder = table.data_dir / "point_blank"
    folder.mkdir(parents=True)
    (folder / "terrain.toml").write_text(
        '[terrain.odd]\nname = "[b]Odd[/] [@click=app.quit]x[/]"\nrule = "house"\nbogs = false\nlos = "clear"\n')
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=size) as pilot:
        screen = await start(app, pilot)
        session = screen.session
        session.execute(PlaceTerrain(sector="B0", card="odd"))
        session.execute(AddUnit(template=CATALOG.units["us_rifle_squad"], side=1, sector="B0", name="[bold]Able"))
        session.execute(AddUnit(template=CATALOG.units["german_rifle_squad"], side=2, sector="C2"))
        await press(pilot, "B")
        view = screen.query_one("#pb-field-view")
        assert view.display and not screen.query_one("#pb-bottom").display and not screen.query_one("#pb-top").display
        grid = shown(app, "#pb-field").splitlines()
        assert all(len(line) <= view.size.width for line in grid)
        assert len(grid) <= view.size.height, "the whole battlefield in view"
        centre = next(line for line in grid if line.startswith("0 "))
        assert "[b]Odd" in centre, "a card's name from a players' file, shown as it is written"
        german = CATALOG.terrain_name(session.state.battlefield.card("C2/2"))
        assert german in next(line for line in grid if line.startswith("2 German"))
        assert any("[bold]Able" in line or "#1" in line for line in grid), "\n".join(grid)
        await press(pilot, "M")
        assert isinstance(app.screen, SpecForm) and app.screen.spec.title.startswith("Units enter a Sector")
        await press(pilot, "escape", "B")
        assert screen.query_one("#pb-bottom").display and not view.display


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
async def test_the_unit_table_keeps_every_column_in_view_at_every_size_wrapping_what_does_not_fit(table, size):
    game_positions.point_blank(table)
    _, session = table.open_game(table.store.last_game("point_blank"))
    session.execute(CancelCheck())
    session.execute(AddUnit(template=CATALOG.units["us_rifle_squad"], side=1, sector="C1/1",
                            name="Second Platoon's Third Rifle Squad"))
    session.close()
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        units = app.screen.query_one("#pb-units", DataTable)
        assert [str(column.label) for column in units.columns.values()][2:4] == ["unit", "state"]
        assert len(units.columns) == 8
        assert sum(column.get_render_width(units) for column in units.columns.values()) <= units.size.width
        rows = [units.get_row_at(index) for index in range(units.row_count)]
        assert [" ".join(cell.plain.split()) for cell in rows[-1]][2] == "Second Platoon's Third Rifle Squad"
        assert [cell.plain for cell in rows[0]][1:3] == ["US", "1st Squad"]
        assert rows[3][1].spans[0].style == side_style(2), "each side's name in its colour"
        assert str(app.screen.query_one("#pb-check").render()).startswith(
            "Latest: Fire: MG 42 at 2nd Squad abandoned"), "the latest result in place of a check"
@pytest.mark.parametrize("size", SIZES)
async def test_what_the_aeo_waits_for_is_on_screen_however_small_the_screen(table, size):
    _, session = table.open_game(table.store.create_game("point_blank"))
    solo_game(session, *AEO_TABLE)
    to_the_roll(session, pip=4)
    session.close()
    app = CompanionApp(table)
    async with app.run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        panel = " ".join(" ".join(painted_rows(app, app.screen.query_one("#pb-aeo"))).split())
        assert "▶ Roll 2d6 with physical dice" in panel, panel


@pytest.mark.parametrize("size", ["80x24", "100x30"])
@pytest.mark.parametrize("step", game_positions.SOLO_STEPS)
async def test_the_aeos_step_whole_and_what_it_just_did_are_on_a_small_screen(table, step, size):
    """The panel's step (▶) as long as it runs, then its two latest steps done (✓), newest first:
    what the table carries out for the AEO. A smoke d6 the companion rolled, a row read, a step
    naming its checklist: none of it left under the action bar."""
    game_positions.point_blank_solo(table, step)
    app = CompanionApp(table)
    async with app.run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        screen = app.screen
        lines = panel_lines(screen.state, screen.catalog)
        waits = next(line for line in lines if line.startswith("▶"))
        done = [line for line in lines if line.startswith("✓")][:2]
        assert len(done) == (0 if step == "upkeep" else 2)
        panel = " ".join(" ".join(painted_rows(app, screen.query_one("#pb-aeo"))).replace("█", " ").split())
        for line in (waits, *done):
            assert " ".join(line.split()) in panel, f"{line!r} not in {panel!r}"
        assert "checklist below" not in panel, "its Upkeep's steps are in the panel itself"


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_in_the_players_impulse_the_panel_shows_what_the_aeo_did_last_first(table, size):
    """The AEO's last impulse in one line ran oldest first, and at 100x30 the panel is cut after
    three lines: its Recon's spot, what the players answer in their impulse, was out of sight."""
    game_positions.point_blank_solo(table, "yours")
    app = CompanionApp(table)
    async with app.run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.state.side == 1 and screen.state.check is None, "the players' impulse"
        panel = " ".join(" ".join(painted_rows(app, screen.query_one("#pb-aeo"))).replace("█", " ").split())
        assert "cover markers 1 of 2" in panel
        assert "Its last impulse, newest first: Recon (8.10) by German MG team: spots US Rifle squad in B2 US · " \
               "The move to B0 is cancelled" in panel, panel


async def test_a_solo_game_shows_the_aeos_panel_and_its_keys_drive_its_impulse(table):
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PointBlankScreen) and not screen.query_one("#pb-aeo").has_class("-solo")
        session = screen.session
        session.execute(PlaceTerrain(sector="B2/2", card="woods"))
        session.execute(AddUnit(template=CATALOG.units["german_rifle_squad"], side=2, sector="B2/2", name="[b]Mine"))
        session.execute(AddUnit(template=CATALOG.units["us_rifle_squad"], side=1, sector="B2/1"))
        session.execute(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3), aeo_side=2, aeo_posture="defensive",
                                  first_side=2))
        await press(pilot, "c")
        assert isinstance(app.screen, SpecForm) and "discards the top 4" in app.screen.spec.title
        for card, pip in enumerate((1, 2, 3, 4), 1):
            app.screen.query_one(f"#field-card{card}", Input).value = str(pip)
        await press(pilot, "enter")
        assert screen.query_one("#pb-aeo").has_class("-solo")
        assert "▶ Its Upkeep (12.3.1)" in shown(app, "#pb-aeo")
        await press(pilot, "c", "4", "3", "1")
        panel = shown(app, "#pb-aeo")
        assert "✓ Discarded a 4-pip card (12.3.3)" in panel and "✓ Rolled 3+1 (4) → Recon / Ready (12.2.3)" in panel
        assert "▶ Recon: consult the defensive Recon flowchart" in panel
        await press(pilot, "A")
        assert isinstance(app.screen, RevealPanel)
        assert "   5 (2+3)  missing" in app.screen._lines


async def test_a_refused_pip_for_the_aeos_card_goes_once_the_next_pip_is_taken(table):
    """Every 1-pip card is seen: a 1 is refused, Confirm would count it anyway; a 4 is taken and the
    refusal, which no longer holds (Confirm now does something else), goes with it."""
    _, session = table.open_game(table.store.create_game("point_blank"))
    for template, side, sector, card in AEO_TABLE:
        deploy(session, template, side, sector, card)
    session.execute(SetUpGame(cards_per_pip=(1, 3, 3, 3, 3, 3), aeo_side=2, aeo_posture="defensive", first_side=2))
    session.execute(DiscardAeoCards(pips=(1, 2, 3, 4)))
    session.execute(FinishAeoUpkeep())
    session.close()
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "1")
        assert any("Confirm counts them anyway" in notice for notice in notices(app))
        await press(pilot, "4")
        assert "✓ Discarded a 4-pip card (12.3.3)" in shown(app, "#pb-aeo")
        assert notices(app) == []


async def test_backspace_and_undo_erase_the_aeos_first_die_on_screen(table):
    _, session = table.open_game(table.store.create_game("point_blank"))
    solo_game(session, *AEO_TABLE)
    to_the_roll(session, pip=4)
    session.close()
    app = CompanionApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "2")
        assert "(first die: 2; u or ⌫ erases it)" in shown(app, "#pb-aeo")
        await press(pilot, "backspace")
        assert "first die" not in shown(app, "#pb-aeo") and notices(app) == []
        await press(pilot, "5", "u")
        assert "first die" not in shown(app, "#pb-aeo") and notices(app) == []
        await press(pilot, "3", "1")
        assert "✓ Rolled 3+1 (4) → Recon / Ready (12.2.3)" in shown(app, "#pb-aeo")


async def test_at_game_over_the_situation_says_why_and_the_footer_offers_only_keys_that_still_do_something(table):
    """The footer kept End impulse, Confirm and Check, which only said the game was over."""
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "c")
        for field, count in (*((f"pip{pip}", "3") for pip in range(1, 7)), ("turns", "1")):
            app.screen.query_one(f"#field-{field}", Input).value = count
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, PointBlankScreen) and await footer_says(pilot, "End impulse")
        for pip in "12345612":  # each a plain d6 check's card, counted on Confirm: the deck's last is drawn
            await press(pilot, pip, "c")
        assert await comes_true(pilot, lambda: shown(app, "#pb-situation").startswith(
            "Game over: turn 1 was the last, as set at setup")), shown(app, "#pb-situation")
        assert await footer_says(pilot, "End impulse", shown=False)
        footer = footer_text(app)
        assert "Undo" in footer and not [word for word in ("Confirm", "Check") if word in footer], footer
        assert screen.act("end_impulse").startswith("Game over: turn 1 was the last"), "the key still says why"
