"""The footer shows the keys of the moment, and rebuilds them only when they change."""

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from companion.dice.spec import DiceSpec
from companion.games.take_cover.commands import SetUpGame
from companion.tui.app import CompanionApp
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.widgets.footer import FittingFooter
from tests.pilot import comes_true, press
from tests.scenarios.test_setup_screen import new_game
from tests.tui.conftest import SIZES
from tests.tui.game_positions import played
from tests.tui.screen_text import painted_rows


class Keys(App[None]):
    BINDINGS = [Binding("x", "nothing", "Nothing"), Binding("o", "offer", "Offer"), Binding("t", "take", "Take")]

    def __init__(self) -> None:
        super().__init__()
        self.offered = False

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield FittingFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "take" or self.offered

    def action_nothing(self) -> None:
        self.refresh_bindings()

    def action_offer(self) -> None:
        self.offered = not self.offered
        self.refresh_bindings()


def footer_text(app: App) -> str:
    return " ".join(painted_rows(app, app.screen.query_one(FittingFooter)))


async def footer_says(pilot, text: str, shown: bool = True) -> bool:
    """Whether the footer comes to show (or no longer show) `text`: it rebuilds after a refresh."""
    return await comes_true(pilot, lambda: (text in footer_text(pilot.app)) == shown)


async def test_a_refresh_that_changes_no_key_keeps_the_footer_as_it_was():
    app = Keys()
    async with app.run_test(size=(100, 10)) as pilot:
        assert await footer_says(pilot, "x Nothing")
        keys = list(app.screen.query(FooterKey))
        for _ in range(3):
            await pilot.press("x")
            await pilot.pause()
        assert list(app.screen.query(FooterKey)) == keys
        assert "Take" not in footer_text(app)


async def test_a_key_offered_or_withdrawn_shows_in_the_footer():
    app = Keys()
    async with app.run_test(size=(100, 10)) as pilot:
        assert await footer_says(pilot, "o Offer")
        await pilot.press("o")
        assert await footer_says(pilot, "t Take")
        await pilot.press("o")
        assert await footer_says(pilot, "Take", shown=False)


async def footer_shows(pilot, shown: tuple[str, ...], hidden: tuple[str, ...]) -> None:
    assert await comes_true(pilot, lambda: all(key in footer_text(pilot.app) for key in shown)
                            and not any(key in footer_text(pilot.app) for key in hidden)), footer_text(pilot.app)


async def test_take_covers_footer_offers_the_roll_only_while_a_d10_is_awaited_and_never_confirm_or_next_then(
        companion):
    played(companion, "take_cover", SetUpGame())
    async with CompanionApp(companion).run_test(size=SIZES["100x30"]) as pilot:
        await footer_shows(pilot, ("space Roll d10", "u Undo"), ("c Confirm", "n Next"))
        await press(pilot, "7", "3")  # German goes first: an action to choose, with its own keys
        await footer_shows(pilot, ("u Undo",), ("Roll d10", "c Confirm", "n Next"))


async def test_the_guided_setups_footer_offers_back_only_from_its_second_step(companion):
    async with CompanionApp(companion).run_test(size=SIZES["100x30"]) as pilot:
        await new_game(pilot, kind_index=3, scenario_index=1)  # Take Cover, its standard scenario
        assert isinstance(pilot.app.screen, GuideScreen)
        await footer_shows(pilot, ("c Confirm",), ("Back",))
        await press(pilot, "c")
        await footer_shows(pilot, ("c Confirm", "u Back"), ())
        await press(pilot, "u")
        await footer_shows(pilot, ("c Confirm",), ("Back",))


async def test_the_dice_rollers_footer_leaves_out_roll_while_faces_are_being_keyed(companion):
    app = CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("2d6"))
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await footer_shows(pilot, ("space Roll", "u Undo"), ())
        await press(pilot, "4")
        await footer_shows(pilot, ("u Undo",), ("space Roll",))
        await press(pilot, "2")
        await footer_shows(pilot, ("space Roll", "u Undo"), ())
