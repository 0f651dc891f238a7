"""The side LEDs follow whose impulse it is in Point Blank."""

import pytest

from companion.bootstrap import bootstrap
from companion.games.point_blank.rules import SetUpGame
from companion.tui.app import CompanionApp
from drivers.pin_factory import PinFactoryChoice

SIDE_LEDS = (20, 21)


@pytest.fixture
def table(tmp_path, mock_factory, clock):
    config = tmp_path / "config.toml"
    config.write_text(f"[pins]\nside_leds = {list(SIDE_LEDS)}\n")
    wired = bootstrap(
        data_dir=tmp_path / "data", config_file=config, seed=7, env={},
        pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock, fake_board=False,
    )
    yield wired
    wired.close()


def lit(mock_factory) -> tuple[bool, bool]:
    return tuple(mock_factory.pin(pin).state for pin in SIDE_LEDS)


async def test_the_led_of_the_side_to_act_is_lit_and_passes_with_the_impulse(table, mock_factory):
    session = table.resume_or_start("point_blank")
    session.execute(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3), hand_size=5))
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert lit(mock_factory) == (True, False)
        await pilot.press("n")  # end the impulse: side 2 to act
        assert app.screen.session.state.side == 2
        assert lit(mock_factory) == (False, True)
