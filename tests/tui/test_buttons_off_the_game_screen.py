"""The table's buttons where a game's screen is not in front: a form is answered with them, a
scenario chosen, a saved game opened, renamed or deleted, the dice statistics and the list of every
action left, each with Next, Confirm, the face keys and Undo, on mock pins."""

from textual.widgets import Input

from companion.games.kit.forms import Choice, FormSpec, Pick, Tick
from companion.games.kit.intents import Intent, Tell
from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.screens.all_actions import AllActions
from companion.tui.screens.choose_scenario import ScenarioChooser
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.fairness import FairnessScreen
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.saved_games import AskText, SavedGamesScreen
from companion.tui.widgets.spec_form import RevealPanel, SpecForm
from tests.pilot import settle
from tests.tui.sample_forms import THREE_CARDS, said

SIZE = (140, 40)
async def pressed(pilot, companion, clock, *presses: Control | tuple[Control, int]) -> None:
    """Each a second after the last, beyond the buttons' debounce."""
    for press in presses:
        control, value = press if isinstance(press, tuple) else (press, None)
        clock.advance(1)
        companion.mock_presser.press(control, value)
        await settle(pilot)


async def test_a_form_is_answered_with_the_face_keys_next_and_confirm(companion, clock):
    answered: list[Intent | None] = []
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SpecForm(THREE_CARDS, said), answered.append)
        await settle(pilot)
        # A face key fills the number field and goes to the next; on a text field it does nothing.
        await pressed(pilot, companion, clock, (Control.FACE, 4), (Control.FACE, 6), Control.NEXT, (Control.FACE, 5),
                      (Control.FACE, 2))
        assert isinstance(app.screen, SpecForm)
        await pressed(pilot, companion, clock, Control.CONFIRM)
        assert not isinstance(app.screen, SpecForm)
    assert answered == [Tell("4 as typed 5 2")]


CHOICES = FormSpec("A fire", (
    Choice("lead", "Lead unit", (("a", "Squad A"), ("b", "Squad B"), ("c", "Squad C"))),
    Pick("targets", "Targets", ((1, "Squad D"), (2, "Squad E"), (3, "Squad F"))),
    Tick("cover", "A Cover card was played")))


async def test_a_face_key_chooses_ticks_and_unticks_by_number_in_lists_and_boxes(companion, clock):
    answered: list[Intent | None] = []
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SpecForm(CHOICES, lambda answers: Tell(repr(dict(answers)))), answered.append)
        await settle(pilot)
        # The third lead unit (then on to the targets); the first and third targets ticked, the
        # first unticked again and the second ticked; a seventh target there is not; the box ticked.
        await pressed(pilot, companion, clock, (Control.FACE, 3), (Control.FACE, 1), (Control.FACE, 3),
                      (Control.FACE, 1), (Control.FACE, 2), (Control.FACE, 6), Control.NEXT, (Control.FACE, 1),
                      Control.CONFIRM)
        assert not isinstance(app.screen, SpecForm)
    assert answered == [Tell(repr({"lead": "c", "targets": (2, 3), "cover": True}))]


async def test_undo_cancels_a_form_confirm_takes_it_as_offered_and_next_closes_a_private_panel(
        companion, clock):
    answered: list[Intent | None] = []
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for button in (Control.UNDO, Control.CONFIRM):
            app.push_screen(SpecForm(THREE_CARDS, said), answered.append)
            await settle(pilot)
            await pressed(pilot, companion, clock, button)
            assert not isinstance(app.screen, SpecForm)
        app.push_screen(RevealPanel("Squad B's counter", ("Pinned",)))
        await settle(pilot)
        await pressed(pilot, companion, clock, Control.NEXT)
        assert not isinstance(app.screen, RevealPanel), "any button closes a private panel"
    assert answered == [None, Tell("1 as typed 1 1")]


async def test_a_button_a_form_does_not_take_says_so_and_what_the_form_takes(wired_fully, clock):
    """The big Roll button and the side buttons do nothing in a form: each says so in a line, and
    the form stays open as it was."""
    answered: list[Intent | None] = []
    app = CompanionApp(wired_fully, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        app.push_screen(SpecForm(THREE_CARDS, said), answered.append)
        await settle(pilot)
        for button, name in ((Control.ROLL, "roll"), ((Control.SIDE, 1), "side 1"), ((Control.SIDE, 2), "side 2")):
            app.clear_notifications()
            await pressed(pilot, wired_fully, clock, button)
            assert notices(app) == [f"{name} does nothing here: a form is open: Confirm submits it, Undo cancels it"]
            assert isinstance(app.screen, SpecForm)
        assert game.state.rolls == 0 and answered == []


async def test_a_scenario_is_chosen_and_a_saved_game_opened_with_next_confirm_and_undo(companion, clock):
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pressed(pilot, companion, clock, Control.NEXT, Control.CONFIRM)  # New Point Blank game
        assert isinstance(app.screen, ScenarioChooser)
        await pressed(pilot, companion, clock, Control.UNDO)
        assert isinstance(app.screen, HomeScreen)
        await pressed(pilot, companion, clock, Control.CONFIRM, Control.NEXT, Control.CONFIRM)  # its first scenario
        assert isinstance(app.screen, GuideScreen)
        await pilot.press("g")
        assert isinstance(app.screen, SavedGamesScreen)
        await pressed(pilot, companion, clock, Control.UNDO)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("g")
        await pressed(pilot, companion, clock, Control.CONFIRM)
        assert isinstance(app.screen, GuideScreen), "the saved game opened again"


async def test_the_dice_statistics_and_every_action_of_the_moment_are_left_with_the_buttons(companion, clock):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f")
        assert isinstance(app.screen, FairnessScreen)
        await pressed(pilot, companion, clock, Control.NEXT)  # this game's dice, then every game's
        await app.workers.wait_for_complete()
        assert "all games" in str(app.screen.query_one("#fairness-title").render())
        await pressed(pilot, companion, clock, Control.CONFIRM)
        assert isinstance(app.screen, DiceScreen)
        app.push_screen(AllActions(()))
        await settle(pilot)
        await pressed(pilot, companion, clock, Control.UNDO)
        assert isinstance(app.screen, DiceScreen)


def notices(app: CompanionApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_the_rename_and_delete_questions_take_confirm_and_undo_and_refuse_the_other_buttons(companion, clock):
    game = companion.store.create_game("dice", "Kursk")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape", "g", "r")  # from home: the game is not open while it is deleted
        for other, name in ((Control.ROLL, "roll"), (Control.NEXT, "next"), ((Control.FACE, 2), "face 2")):
            await pressed(pilot, companion, clock, other)
            assert isinstance(app.screen, AskText), f"{other} is not an answer"
            assert notices(app) == [f"{name} does nothing here: type the name, then Confirm (Undo cancels)"]
        app.screen.query_one(Input).value = "Arnhem"
        await pressed(pilot, companion, clock, Control.CONFIRM)
        assert isinstance(app.screen, SavedGamesScreen)
        assert companion.store.game(game.id).name == "Arnhem"
        await pilot.press("r")
        app.screen.query_one(Input).value = "Kursk"
        await pressed(pilot, companion, clock, Control.UNDO)
        assert isinstance(app.screen, SavedGamesScreen), "Undo cancels the question, not the saved games"
        assert companion.store.game(game.id).name == "Arnhem"
        await pilot.press("d")
        app.screen.query_one(Input).value = "Kursk"
        await pressed(pilot, companion, clock, Control.CONFIRM)
        assert notices(app)[-1] == "not deleted: the name did not match"
        await pilot.press("d")
        app.screen.query_one(Input).value = "Arnhem"
        await pressed(pilot, companion, clock, Control.UNDO)
        assert isinstance(app.screen, SavedGamesScreen) and companion.store.games() != []
        await pilot.press("d")
        app.screen.query_one(Input).value = "Arnhem"
        await pressed(pilot, companion, clock, Control.CONFIRM)
        assert companion.store.games() == []
