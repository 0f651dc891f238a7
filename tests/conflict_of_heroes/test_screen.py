"""Pilot tests of the Conflict of Heroes screen, driven through gpiozero MockFactory pins and keys."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, Digits

from companion.bootstrap import Companion, bootstrap
from companion.games.conflict_of_heroes.commands import AddUnit, AnnounceInitiative, EnterFace, StartRound
from companion.games.conflict_of_heroes.events import AttackRolled, HitCounterDrawn, InitiativeSpendCounted
from companion.games.conflict_of_heroes.library import load_units
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.conflict_of_heroes.prompts import AttackForm, CounterPeek
from companion.tui.conflict_of_heroes.screen import ConflictOfHeroesScreen
from drivers.pin_factory import PinFactoryChoice

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


def german_to_act(companion: Companion) -> None:
    """A German squad and a Soviet squad on the map, round 1, and the German side won the initiative."""
    session = companion.resume_or_start("conflict_of_heroes")
    units = load_units()
    session.execute(AddUnit(side=1, label="Squad B", profile=units["german_rifle_squad"]))
    session.execute(AddUnit(side=2, label="Squad D", profile=units["soviet_rifle_squad"]))
    session.execute(StartRound())
    session.execute(AnnounceInitiative(side=2, caps=0))
    session.execute(AnnounceInitiative(side=1, caps=0))
    for face in (1, 1, 6, 6):  # Soviet dice first: they announced first on the tie
        session.execute(EnterFace(entered=face))
    assert session.state.turn == 1


def caps_shown(app: CompanionApp, side: int) -> str:
    return app.screen.query_one(f"#coh-caps-{side}", Digits).value


def unit_row(app: CompanionApp, number: int) -> list:
    return [str(cell) for cell in app.screen.query_one("#coh-units", DataTable).get_row(str(number))]


async def test_an_activation_and_an_attack_with_gpio_face_keys_and_a_cap_from_the_side_button(table, clock):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ConflictOfHeroesScreen)
        assert (caps_shown(app, 1), caps_shown(app, 2)) == ("7", "7")

        table.mock_presser.press(Control.CONFIRM)  # activates the highlighted unit, Squad B
        await pilot.pause()
        assert screen.state.unit(1).status == "active"
        assert unit_row(app, 1)[1:2] + unit_row(app, 1)[4:6] == ["German", "active", "7"]

        await pilot.press("f")
        assert isinstance(app.screen, AttackForm)
        await pilot.click("#ok")  # the enemy units are chosen already
        await pilot.pause()
        assert screen.state.pending.attack.targets[0].unit == 2
        assert "+1 CAP 58% / 8%" in str(screen.query_one("#coh-pending").render())

        table.mock_presser.press(Control.SIDE, 1)  # one CAP on the German roll
        await pilot.pause()
        assert screen.state.pending.modifier == 1

        table.mock_presser.press(Control.FACE, 4)
        clock.advance(1)
        table.mock_presser.press(Control.FACE, 5)
        await pilot.pause()

        session = screen.session
        committed = table.store.records(session.game.id, session.rules.events)
        roll = next(r.event for r in committed if isinstance(r.event, AttackRolled))
        assert (roll.faces, roll.source, roll.attack_value, roll.defence, roll.hits) == ((4, 5), "physical", 14, 12, 1)
        assert any(isinstance(r.event, HitCounterDrawn) for r in committed)
        assert caps_shown(app, 1) == "6"
        assert unit_row(app, 1)[5] == "4"  # 7 APs less the squad's fire cost of 3
        assert unit_row(app, 2)[6] == "hit (hidden)"
        assert session.state.turn == 2

        table.mock_presser.press(Control.SIDE, 2)  # the Soviet CAP button spends one CAP
        await pilot.pause()
        assert caps_shown(app, 2) == "6"


async def test_two_hits_destroy_the_unit_and_its_side_track_shows_the_space_it_takes(table):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("a", "f")
        await pilot.click("#ok")
        await pilot.press("6", "6")  # 4 FP + 12 against 12: two hits
        assert screen.state.unit(2).status == "destroyed"
        assert screen.state.side(2).caps.current == 6
        assert "lost units on 7" in str(screen.query_one("#coh-track-2").render())


async def test_the_owner_peeks_at_a_hidden_counter_without_revealing_it(table):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("a", "f")
        await pilot.click("#ok")
        await pilot.press("4", "4")  # 12 against 12: one hit
        hit = screen.state.unit(2).hit
        await pilot.press("down", "h")
        assert isinstance(app.screen, CounterPeek)
        shown = " ".join(str(label.render()) for label in app.screen.query("Label"))
        assert "For the Soviet player only" in shown and hit.counter.name in shown
        await pilot.press("enter")
        assert app.screen is screen
        assert not screen.state.unit(2).hit.revealed
        assert hit.counter.name not in str(screen.query_one("#coh-units", DataTable).get_row("2"))


async def test_a_refused_attack_is_shown_and_records_nothing(table):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        before = len(app.screen.session.records)
        await pilot.press("f")
        await pilot.click("#ok")
        await pilot.pause()
        assert len(app.screen.session.records) == before
        assert "not activated" in [n.message for n in app._notifications][-1]


async def test_the_undo_button_erases_a_face_then_withdraws_the_unrolled_attack(table, clock):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("a", "f")
        await pilot.click("#ok")
        table.mock_presser.press(Control.FACE, 3)
        table.mock_presser.press(Control.UNDO)
        await pilot.pause()
        assert screen.state.pending.faces == ()
        clock.advance(1)
        table.mock_presser.press(Control.UNDO)
        await pilot.pause()
        assert screen.state.pending is None
        assert screen.state.unit(1).status == "active"
        assert caps_shown(app, 1) == "7"


async def test_the_side_button_counts_the_initiative_spend_into_the_journal_and_confirm_announces_it(table, clock):
    session = table.resume_or_start("conflict_of_heroes")
    session.execute(StartRound())
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        table.mock_presser.press(Control.SIDE, 2)  # the Soviet side announces first on the tie
        clock.advance(1)
        table.mock_presser.press(Control.SIDE, 2)
        await pilot.pause()
        assert "2 counted on the side button" in str(screen.query_one("#coh-situation").render())
        reopened = table.store.records(session.game.id, session.rules.events)
        assert [r.event.caps for r in reopened if isinstance(r.event, InitiativeSpendCounted)] == [1, 2]
        table.mock_presser.press(Control.CONFIRM)
        await pilot.pause()
        assert screen.state.initiative.spends == (2,)
        assert caps_shown(app, 2) == "5"


async def test_undo_after_a_roll_says_the_roll_settled_it_and_records_nothing(table):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("a", "f")
        await pilot.click("#ok")
        await pilot.press("1", "1")  # a miss
        before = len(screen.session.records)
        table.mock_presser.press(Control.UNDO)
        await pilot.pause()
        assert len(screen.session.records) == before
        assert "settled by “Squad B → Squad D: AV 6" in [n.message for n in app._notifications][-1]


async def test_the_help_line_names_the_keys_of_the_moment(table):
    german_to_act(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        help_line = app.screen.query_one("#coh-help")
        assert "m move" in str(help_line.render())
        await pilot.press("a", "f")
        await pilot.click("#ok")
        assert "CAPs on this roll" in str(help_line.render())
