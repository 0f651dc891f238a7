"""The footer shows the keys of the moment, and rebuilds them only when they change."""

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from companion.tui.widgets.footer import FittingFooter
from tests.pilot import comes_true
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
