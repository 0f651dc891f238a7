"""Pressing Conflict of Heroes' keys in tests: the controller asked as a screen asks it, forms answered, bar read."""

from companion.games.conflict_of_heroes.controller import ConflictOfHeroesController
from companion.games.kit.intents import Ask, Intent, Run
from companion.session import GameSession

CONTROLLER = ConflictOfHeroesController()


def press(game: GameSession, action: str, value: int | None = None, selected: int | None = None) -> Intent:
    return CONTROLLER.press(game.state, action, value, selected)


def run(game: GameSession, intent: Intent) -> None:
    assert isinstance(intent, Run), intent
    for command in intent.commands:
        game.execute(command)


def answer(intent: Intent, **values: object) -> Intent:
    """The form filled in as a player would: its defaults, with `values` changed."""
    assert isinstance(intent, Ask), intent
    return intent.then(intent.form.read({**intent.form.defaults(), **values}))


def buttons(game: GameSession) -> dict[tuple[str, int | None], str]:
    """The action bar's buttons now: each action and value, with its label."""
    return {(action.name, action.value): action.label for action in CONTROLLER.tappable(game.state)}
