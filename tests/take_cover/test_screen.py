"""Pilot tests of the Take Cover screen: keys, GPIO buttons on MockFactory pins, the lights, and a
small screen beside the table."""

import pytest

from companion.bootstrap import bootstrap
from companion.games.take_cover.commands import Attach, CorrectSquad, EndTurn, OpenFire, SetUpGame
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from drivers.pin_factory import PinFactoryChoice
from tests.pilot import press, settle
from tests.tui.conftest import SIZES
from tests.tui.game_positions import LMG, WOODS, faces, played
from tests.tui.screen_text import painted_rows

SIDE_LEDS = (20, 21)


@pytest.fixture
def table(tmp_path, mock_factory, clock):
    """The companion on mock pins, with a LED for each side."""
    config = tmp_path / "config.toml"
    config.write_text(f"[pins]\nside_leds = {list(SIDE_LEDS)}\n")
    wired = bootstrap(
        data_dir=tmp_path / "data", config_file=config, seed=7, env={},
        pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock, fake_board=False,
    )
    yield wired
    wired.close()


def lit(mock_factory) -> tuple[bool, bool]:
    return (mock_factory.pin(SIDE_LEDS[0]).state, mock_factory.pin(SIDE_LEDS[1]).state)


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def notices(app) -> list[str]:
    return [notification.message for notification in app._notifications]


async def button(pilot, table, clock, control: Control, value: int | None = None) -> None:
    table.mock_presser.press(control, value)
    clock.advance(1)
    await settle(pilot)


async def test_a_game_is_dealt_the_first_turn_rolled_on_gpio_face_keys_and_a_card_attached(table, mock_factory, clock):
    app = CompanionApp(table, start_kind="take_cover")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "c sets it up" in text(app, "#tc-turn")
        await press(pilot, "c", "enter")
        await button(pilot, table, clock, Control.FACE, 6)
        await button(pilot, table, clock, Control.FACE, 2)
        state = app.screen.session.state
        assert (state.phase, state.to_act) == ("turn", "German")
        assert text(app, "#tc-turn") == "Turn 1 · German to act · hands German 5 · Russian 5"
        assert lit(mock_factory) == (True, False)
        await press(pilot, "a", "enter")  # the form's first squad and card: an LMG on A
        assert "weapon  LMG +1" in text(app, "#tc-squad-A")
        assert text(app, "#tc-step").startswith("German: draw 1 to have five")
        await button(pilot, table, clock, Control.NEXT)
        assert text(app, "#tc-turn") == "Turn 2 · Russian to act · hands German 5 · Russian 5"
        assert lit(mock_factory) == (False, True)
        assert "German draws 1; Russian's turn" in text(app, "#tc-log")
        types = [record.event.type for record in app.screen.session.records]
        assert types == ["game_set_up", "first_player_rolled", "first_player_rolled", "card_attached", "turn_ended"]


async def test_a_fire_shows_its_odds_before_the_big_button_rolls_on_a_small_screen(table, mock_factory, clock):
    app = CompanionApp(table, start_kind="take_cover")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "c", "enter", "7", "3", "f", "enter")
        assert "MFP by Dig In cards · 0: 2 (20%) · 1: 0 (10%)" in text(app, "#tc-step")
        assert lit(mock_factory) == (False, True)  # the Russian answers with Dig In cards
        await press(pilot, "n")
        assert "hits on 1–2 (20%); 10 misses and C may fire back" in text(app, "#tc-step")
        step, screen = app.screen.query_one("#tc-step").region, app.screen.region
        assert step.height >= 4 and screen.contains_region(step)
        for name in "ABCD":
            assert screen.contains_region(app.screen.query_one(f"#tc-squad-{name}").region)
        roll_led = mock_factory.pin(table.config.pins.roll_led)
        flashes = len(roll_led.states)
        await button(pilot, table, clock, Control.ROLL)
        (rolled,) = [r.event for r in app.screen.session.records if r.event.type == "fire_rolled"]
        assert f"A at C, MFP 2: rolled {rolled.face}" in text(app, "#tc-log")
        assert len(roll_led.states) > flashes
        await press(pilot, "u")
        assert notices(app)[-1].startswith("cannot undo “A at C, MFP 2: rolled")
        assert app.screen.session.records[-1].event == rolled


async def test_passing_is_refused_on_screen_and_a_ten_offers_reaction_fire(table):
    app = CompanionApp(table, start_kind="take_cover")
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "c", "enter", "7", "3", "n")
        assert notices(app)[-1].startswith("passing the turn is not allowed")
        await press(pilot, "f", "enter", "n", "0")
        assert text(app, "#tc-step").startswith("Rolled 10: C may fire back at A")
        await press(pilot, "c")  # C has no advance marker: no grenade to ask about
        fire = app.screen.session.state.fire
        assert (fire.firer, fire.target, fire.reaction) == ("C", "A", True)
        assert "C fires at A (reaction fire)" in text(app, "#tc-step")


async def test_correcting_one_marker_on_screen_keeps_the_other(table):
    """`t` asks which squad (the one just acted on), then its markers as the companion counts them."""
    app = CompanionApp(table, start_kind="take_cover")
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "c", "enter", "7", "3", "t", "enter", "1", "tab", "2", "enter")
        assert "hits ●○○  advance ▲▲·" in text(app, "#tc-squad-A")
        await press(pilot, "t", "enter", "tab", "3", "enter")
        assert "hits ●○○  advance ▲▲▲" in text(app, "#tc-squad-A")
        assert "A corrected: 1 hit, 3 advance markers" in text(app, "#tc-log")


@pytest.mark.parametrize("size", ["100x30", "80x24"])
async def test_every_unseen_count_and_an_eliminated_squad_are_painted_whole_while_a_fire_waits_for_dig_in(
        table, size):
    """The tightest moment: the step takes four lines; the Dig In count is what the defender needs."""
    played(table, "take_cover", SetUpGame(set_aside=True), *faces(7, 3),
           Attach(squad="A", card=LMG), EndTurn(), Attach(squad="C", card=WOODS), EndTurn(),
           CorrectSquad(squad="D", hits=3, advance=0), OpenFire(squad="A", target="C"))
    app = CompanionApp(table, start_kind="take_cover")
    async with app.run_test(size=SIZES[size]) as pilot:
        await settle(pilot)
        deck = " ".join(line.strip() for line in painted_rows(app, app.screen.query_one("#tc-deck")))
        counts = ("Fire 13", "Dig In 6", "Grenade 7", "Flank 2", "Smoke 2", "Medic 2", "Advance 7", "Leader 8",
                  "Weapon 9", "Terrain 12", "Sniper 1", "Mine 1", "Artillery Round 1", "Strafe 1")
        assert [count for count in counts if count not in deck] == [], deck
        assert "Turn 3 · German to act · hands German 4 · Russian 5" in painted_rows(
            app, app.screen.query_one("#tc-turn"))[0]
        squad = [line.strip() for line in painted_rows(app, app.screen.query_one("#tc-squad-D"))]
        assert squad[:3] == ["▊ D · Russian · eliminated", "▊ out of the game:", "▊ its cards were discarded"]
