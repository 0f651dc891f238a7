"""Snapshots of each screen at 80x24, 100x30 and 160x50 (pytest-textual-snapshot).

Everything on them is the same on every run: seeded dice, a steady wall clock for the times games and
rolls carry, local time in UTC, the games file under `~/data`, no board link. After a deliberate
change of a screen, look at the report of the failing snapshots and accept them with
`python3 dev.py test tests/tui/test_snapshots.py --snapshot-update`.
"""

import pytest

from companion.dice.rules import RollDice
from companion.dice.spec import DiceSpec
from companion.tui.app import CompanionApp
from companion.tui.widgets.spec_form import SpecForm
from tests.pilot import press, settle
from tests.tui import game_positions
from tests.tui.conftest import SIZES
from tests.tui.sample_forms import EVERY_FIELD, told


def played_dice(table, rolls: int) -> None:
    """A dice roller game with `rolls` rolls, and a second game of one roll (the latest)."""
    for count in (rolls, 1):
        _, session = table.open_game(table.store.create_game("dice"))
        for _ in range(count):
            session.execute(RollDice())
        session.close()


async def workers_done(pilot) -> None:
    """What home and saved games read on a worker (each game's progress) is on screen."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_home(snap_compare, table, size):
    played_dice(table, 12)

    async def at_home(pilot) -> None:
        await settle(pilot)
        await pilot.press("escape")  # the latest game was resumed on top of home
        await workers_done(pilot)

    assert snap_compare(CompanionApp(table), terminal_size=SIZES[size], run_before=at_home)


@pytest.mark.parametrize("size", SIZES)
def test_saved_games(snap_compare, table, size):
    """Two dice games and one whose long name gives way to the other columns."""
    table.store.create_game("take_cover", "Take Cover at the crossroads, the club's long Saturday campaign, part two")
    played_dice(table, 12)

    async def saved_games(pilot) -> None:
        await settle(pilot)
        await pilot.press("g")
        await workers_done(pilot)

    assert snap_compare(CompanionApp(table), terminal_size=SIZES[size], run_before=saved_games)


@pytest.mark.parametrize("size", SIZES)
def test_dice_roller(snap_compare, table, size):
    """Rolls generated and keyed in, one undone, then dice with a modifier."""

    async def a_few_rolls(pilot) -> None:
        await press(pilot, "space", "space", "4", "2", "space", "u", "e")
        await pilot.press(*"2d6+1", "enter")
        await press(pilot, "space", "space")
        pilot.app.clear_notifications()  # the undo's note would stay or go with the speed of the machine
        await pilot.pause()

    app = CompanionApp(table, start_kind="dice", start_spec=DiceSpec.parse("2d6"))
    assert snap_compare(app, terminal_size=SIZES[size], run_before=a_few_rolls)


@pytest.mark.parametrize("size", SIZES)
def test_the_generic_form(snap_compare, table, size):
    async def a_long_form(pilot) -> None:
        await settle(pilot)
        pilot.app.push_screen(SpecForm(EVERY_FIELD, told), pilot.app.screen.carry_out)
        await pilot.pause()

    app = CompanionApp(table, start_kind="dice")
    assert snap_compare(app, terminal_size=SIZES[size], run_before=a_long_form)


GAMES = {
    "conflict_of_heroes": game_positions.conflict_of_heroes,
    "take_cover": game_positions.take_cover,
    "deckung": game_positions.deckung,
    "point_blank": game_positions.point_blank,
}
"""Each game's screen a few moves in: an attack's roll waiting with its odds, a fire's d10 waiting
with its MFP, models in contact with destroyed cover testing, a fire's second card waited for."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", GAMES)
def test_a_game_a_few_moves_in(snap_compare, table, kind, size):
    GAMES[kind](table)

    async def opened(pilot) -> None:
        await settle(pilot)

    assert snap_compare(CompanionApp(table, start_kind=kind), terminal_size=SIZES[size], run_before=opened)


@pytest.mark.parametrize("size", SIZES)
def test_point_blanks_battlefield_grid(snap_compare, table, size):
    game_positions.point_blank(table)

    async def the_grid(pilot) -> None:
        await settle(pilot)
        await press(pilot, "B")

    app = CompanionApp(table, start_kind="point_blank")
    assert snap_compare(app, terminal_size=SIZES[size], run_before=the_grid)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("step", ["upkeep", "cancelled"])
def test_point_blank_solo_the_aeos_step_and_what_it_just_did(snap_compare, table, step, size):
    """The AEO's Upkeep, its steps of 6.1 in the panel; a move the smoke d6 cancelled, the Recon
    flowchart waited on: the whole step and the latest steps done, before the unit table."""
    game_positions.point_blank_solo(table, step)

    async def opened(pilot) -> None:
        await settle(pilot)

    assert snap_compare(CompanionApp(table, start_kind="point_blank"), terminal_size=SIZES[size], run_before=opened)
