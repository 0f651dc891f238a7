"""Pilot tests of the Conflict of Heroes screen: gpiozero MockFactory pins and keys, the generic form,
the owner's peek; what a press means is tested in the core (test_controller.py)."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Button, DataTable, Input, Select, Static

from companion.bootstrap import Companion, bootstrap
from companion.games.conflict_of_heroes.commands import AddUnit, AnnounceInitiative, StartRound
from companion.games.conflict_of_heroes.events import AttackRolled, HitCounterDrawn, InitiativeSpendCounted
from companion.games.conflict_of_heroes.library import shipped
from companion.games.conflict_of_heroes.state import UnitState
from companion.games.kit.faces import EnterFace
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.conflict_of_heroes.screen import ConflictOfHeroesScreen
from companion.tui.widgets.action_bar import ActionBar
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.spec_form import RevealPanel, SpecForm
from drivers.pin_factory import PinFactoryChoice
from tests.pilot import press, settle
from tests.tui.conftest import SIZES
from tests.tui.screen_text import painted_rows

SIZE = (150, 45)
SIDE_PINS = (20, 21)


@pytest.fixture
def table(tmp_path: Path, mock_factory, clock) -> Iterator[Companion]:
    """The real composition root with a CAP button per side wired on GPIO20 and GPIO21."""
    config = tmp_path / "config.toml"
    config.write_text(f"[pins]\nsides = {list(SIDE_PINS)}\n")
    wired = bootstrap(
        data_dir=tmp_path / "data", config_file=config, seed=7, env={},
        pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock, fake_board=False,
    )
    yield wired
    wired.close()


def offered(screen: ConflictOfHeroesScreen) -> dict[str, str]:
    """The actions on the action bar at this moment, with the key each names."""
    return {tap.name: tap.key for tap in screen.query_one(ActionBar).taps}


def german_to_act(companion: Companion) -> None:
    """A German squad and a Soviet squad on the map, round 1, and the German side won the initiative."""
    _, session = companion.resume_or_start("conflict_of_heroes")
    units = shipped().units
    session.execute(AddUnit(side=1, label="Squad B", profile=units["german_rifle_squad"]))
    session.execute(AddUnit(side=2, label="Squad D", profile=units["soviet_rifle_squad"]))
    session.execute(StartRound())
    session.execute(AnnounceInitiative(side=2, caps=0))
    session.execute(AnnounceInitiative(side=1, caps=0))
    for face in (1, 1, 6, 6):  # Soviet dice first: they announced first on the tie
        session.execute(EnterFace(entered=face))
    assert session.state.turn == 1


def coh_screen(app: CompanionApp) -> ConflictOfHeroesScreen:
    screen = app.screen
    assert isinstance(screen, ConflictOfHeroesScreen)
    return screen


def unit_of(screen: ConflictOfHeroesScreen, number: int) -> UnitState:
    unit = screen.state.unit(number)
    assert unit is not None
    return unit


def caps_shown(app: CompanionApp, side: int) -> str:
    return app.screen.query_one(f"#coh-caps-{side}", BigNumber).value


def unit_row(app: CompanionApp, number: int) -> list[str]:
    return [str(cell) for cell in app.screen.query_one("#coh-units", DataTable).get_row(str(number))]


def last_notice(app: CompanionApp) -> str:
    return [notice.message for notice in app._notifications][-1]


async def test_opening_a_new_game_journals_nothing(table):
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = coh_screen(app)
        assert screen.session.records == []
        assert (caps_shown(app, 1), caps_shown(app, 2)) == ("7", "7")


async def test_an_activation_and_an_attack_with_gpio_face_keys_and_a_cap_from_the_side_button(table, clock):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = coh_screen(app)
        table.mock_presser.press(Control.CONFIRM)  # activates the highlighted unit, Squad B
        await settle(pilot)
        assert unit_row(app, 1)[1:2] + unit_row(app, 1)[3:5] == ["German", "active", "7"]

        await press(pilot, "f")
        assert isinstance(app.screen, SpecForm)
        await press(pilot, "enter")  # the lone enemy unit is ticked already
        assert screen.state.pending is not None
        assert "+1 CAP 58% / 8%" in str(screen.query_one("#coh-pending").render())

        table.mock_presser.press(Control.SIDE, 1)  # one CAP on the German roll
        await settle(pilot)
        assert screen.state.pending.modifier == 1
        for face in (4, 5):
            clock.advance(1)
            table.mock_presser.press(Control.FACE, face)
            await settle(pilot)

        session = screen.session
        committed = table.store.records(session.game.id, session.rules.events)
        roll = next(r.event for r in committed if isinstance(r.event, AttackRolled))
        assert (roll.faces, roll.source, roll.attack_value, roll.defence, roll.hits) == ((4, 5), "physical", 14, 12, 1)
        assert any(isinstance(r.event, HitCounterDrawn) for r in committed)
        assert caps_shown(app, 1) == "6"
        assert unit_row(app, 1)[4] == "4"  # 7 APs less the squad's fire cost of 3
        assert unit_row(app, 2)[5] == "hit (hidden)"

        clock.advance(1)
        table.mock_presser.press(Control.SIDE, 2)  # no Soviet roll waiting: the button spends one CAP
        await settle(pilot)
        assert caps_shown(app, 2) == "6"


async def test_the_owner_peeks_at_a_hidden_counter_without_revealing_it_and_two_hits_destroy(table):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = coh_screen(app)
        await press(pilot, "a", "f", "enter", "4", "4")  # 12 against 12: one hit
        hit = unit_of(screen, 2).hit
        assert hit is not None
        await press(pilot, "down", "h")
        assert isinstance(app.screen, RevealPanel)
        shown = " ".join(str(label.render()) for label in app.screen.query("Label"))
        assert "For the Soviet player only" in shown and hit.counter.name in shown
        await press(pilot, "enter")
        assert app.screen is screen
        assert unit_of(screen, 2).hit == hit  # not revealed
        assert hit.counter.name not in unit_row(app, 2)
        await press(pilot, "p", "up", "f", "enter", "6", "6")  # a hit unit hit again is destroyed
        assert unit_of(screen, 2).status == "destroyed"
        assert "lost units on 7" in str(screen.query_one("#coh-track-2").render())


async def test_undo_erases_a_face_withdraws_the_unrolled_attack_and_is_refused_after_a_roll(table, clock):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = coh_screen(app)
        await press(pilot, "a", "f", "enter")
        table.mock_presser.press(Control.FACE, 3)
        await settle(pilot)
        clock.advance(1)
        table.mock_presser.press(Control.UNDO)
        await settle(pilot)
        assert screen.state.pending is not None and screen.state.pending.faces == ()
        clock.advance(1)
        table.mock_presser.press(Control.UNDO)
        await settle(pilot)
        assert screen.state.pending is None and caps_shown(app, 1) == "7"
        assert last_notice(app) == "undo: Squad B attacks 1 unit, in range (3 AP)"
        await press(pilot, "f", "enter", "1", "1")  # a miss
        before = len(screen.session.records)
        await press(pilot, "u")
        assert len(screen.session.records) == before
        assert "an attack roll followed it" in last_notice(app)


async def test_the_side_button_counts_the_initiative_spend_into_the_journal_and_confirm_announces_it(table, clock):
    _, session = table.resume_or_start("conflict_of_heroes")
    session.execute(StartRound())
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = coh_screen(app)
        for _ in range(2):  # the Soviet side announces first on the tie
            clock.advance(1)
            table.mock_presser.press(Control.SIDE, 2)
            await settle(pilot)
        assert "(2 counted)" in str(screen.query_one("#coh-situation").render())
        reopened = table.store.records(session.game.id, session.rules.events)
        assert [r.event.caps for r in reopened if isinstance(r.event, InitiativeSpendCounted)] == [1, 2]
        table.mock_presser.press(Control.CONFIRM)
        await settle(pilot)
        assert screen.state.initiative is not None and screen.state.initiative.spends == (2,)
        assert caps_shown(app, 2) == "5"
        assert set(offered(screen)) == {"face", "side", "confirm", "undo"}  # the other side announces


async def test_a_unit_added_with_the_form_joins_its_nationality_shows_its_label_as_written_and_the_help_follows(table):
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = coh_screen(app)
        assert offered(screen)["add_unit"] == "i"
        await press(pilot, "i")
        form = app.screen
        assert isinstance(form, SpecForm)
        form.query_one("#field-unit", Select).value = "soviet_mmg"
        form.query_one("#field-label", Input).value = "[b]Ivan[/b]"  # shown as written, never as markup
        await press(pilot, "enter")
        assert app.screen is screen
        assert unit_row(app, 1)[1:3] + unit_row(app, 1)[6:] == ["Soviet", "[b]Ivan[/b]", "Soviet MMG"]
        assert "[b]Ivan[/b]" in screen.query_one("#coh-units", DataTable).render_line(1).text
        await press(pilot, "n")
        assert "confirm" in offered(screen)


async def test_the_highlight_goes_to_a_unit_of_the_side_to_act_each_time_the_turn_passes(table):
    """The unit actions act on the highlighted unit: once the turn passes, Activate as offered
    activates one of the side's own units, not the other side's it was left on."""
    _, session = table.resume_or_start("conflict_of_heroes")
    units = shipped().units
    session.execute(AddUnit(side=2, label="Squad D", profile=units["soviet_rifle_squad"]))
    session.execute(AddUnit(side=1, label="Squad B", profile=units["german_rifle_squad"]))
    session.execute(AddUnit(side=1, label="HMG", profile=units["german_hmg"]))
    session.execute(StartRound())
    session.execute(AnnounceInitiative(side=2, caps=0))
    session.execute(AnnounceInitiative(side=1, caps=0))
    for face in (1, 1, 6, 6):
        session.execute(EnterFace(entered=face))
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = coh_screen(app)
        assert screen.state.turn == 1 and screen.selected() == 2, "the German's first fresh unit, not row 1"
        await press(pilot, "down")
        assert screen.selected() == 3
        await press(pilot, "a")
        assert unit_of(screen, 3).status == "active"
        await press(pilot, "p")
        assert screen.state.turn == 2 and screen.selected() == 1
        await press(pilot, "a")
        assert unit_of(screen, 1).status == "active", last_notice(app) if app._notifications else ""
        await press(pilot, "u", "u")  # the activation, then the German pass
        assert screen.state.turn == 1 and screen.selected() == 3, "the German's activated HMG"
        await press(pilot, "up")
        assert screen.selected() == 2, "within the turn the highlight stays where the players put it"


async def test_a_side_that_wins_the_initiative_with_no_unit_in_play_passes_and_the_unit_form_starts_at_its_units(table):
    _, session = table.resume_or_start("conflict_of_heroes")
    units = shipped().units
    session.execute(AddUnit(side=1, label="Squad B", profile=units["german_rifle_squad"]))
    session.execute(StartRound())
    session.execute(AnnounceInitiative(side=2, caps=0))
    session.execute(AnnounceInitiative(side=1, caps=0))
    for face in (6, 6, 1, 1):  # the Soviet side wins, with no unit on the map yet
        session.execute(EnterFace(entered=face))
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = coh_screen(app)
        assert screen.state.turn == 1 and screen.selected() == 1, "the Soviet passed at once: the German acts"
        situation = str(screen.query_one("#coh-situation", Static).render())
        assert situation == "Round 1 · German to act: Soviet has no unit in play, its turns pass"
        await press(pilot, "i", "enter")  # the form starts at a Soviet unit
        assert unit_of(screen, 2).side == 2 and screen.state.turn == 1


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_the_owners_peek_shows_the_whole_rally_odds_on_the_smallest_screens(table, size):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZES[size]) as pilot:
        screen = coh_screen(app)
        await press(pilot, "a", "f", "enter", "4", "4")  # 12 against 12: one hit
        hit = unit_of(screen, 2).hit
        assert hit is not None and hit.counter.rally == 7
        await press(pilot, "down", "h")
        assert isinstance(app.screen, RevealPanel)
        shown = " ".join(" ".join(painted_rows(app, app.screen.query_one(".form"))).split())
        assert "Rally (5 AP) on 2d6 ≥ 7, before cover and friends" in shown
        assert "+0 CAP: 58% +1 CAP: 72% +2 CAP: 83%" in shown


async def test_a_space_pressed_in_the_fire_form_at_a_lone_enemy_unit_never_takes_it_off_the_target(table):
    """With a list of one ticked already, a Space out of habit unticked it and Enter was refused."""
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = coh_screen(app)
        await press(pilot, "a", "f", "space", "enter", "enter")
        assert app.screen is screen
        assert screen.state.pending is not None and screen.state.pending.attack is not None
        assert [target.unit for target in screen.state.pending.attack.targets] == [2]


async def test_the_sides_form_shows_who_announces_first_on_a_cap_tie_at_80x24_without_scrolling(table):
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        form = app.screen
        assert isinstance(form, SpecForm)
        await pilot.pause()
        label = form.query(".form-label").last()
        assert "Announces first when the CAPs tie" in " ".join(painted_rows(app, label))
        assert "Soviet" in "".join(painted_rows(app, form.query_one("#field-first_on_tie", Select)))
        for button in form.query(Button):
            assert str(button.label) in "".join(painted_rows(app, button))
