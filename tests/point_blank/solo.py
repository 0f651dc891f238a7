"""Playing Point Blank solo in tests: the tutorial started with the AEO on one side, and a player
who answers whatever the companion asks, press by press, as the table would."""

import random
from collections.abc import Callable

from companion.games.descriptor import Game
from companion.games.kit.intents import Ask, Intent, Reveal, Run, SaveFile, Tell
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.aeo.select import standing
from companion.games.point_blank.state import PointBlankState
from companion.session import GameSession
from tests.scenarios.conftest import confirm

SMALL_DECK = {"pip1": 2, "pip2": 2, "pip3": 2, "pip4": 2, "pip5": 2, "pip6": 2}
"""Twelve cards: the player's hand of five, the AEO's four before play, and three more."""

Answer = Callable[[Ask], dict[str, object]]


def solo_setup(game: Game, session: GameSession, aeo: int = 2, dice: bool = False, **deck: object) -> None:
    """Every setup step confirmed, the AEO on side `aeo` in the scenario's posture."""
    while session.state.guide.setting_up:
        confirm(game, session, {"solo": aeo, **SMALL_DECK, **deck, "dice": dice})


def carry_out(session: GameSession, intent: Intent, answer: Answer | None = None) -> Intent:
    """What a screen does with an intent: forms answered by `answer` (else their defaults),
    the commands committed; the last intent (a word, a panel) comes back."""
    while isinstance(intent, Ask | SaveFile):
        if isinstance(intent, SaveFile):
            intent = intent.then
            continue
        given = answer(intent) if answer is not None else {}
        intent = intent.then(intent.form.read({**intent.form.defaults(), **given}))
    if isinstance(intent, Run):
        for command in intent.commands:
            session.execute(command)
    return intent


def press(game: Game, session: GameSession, action: str, value: int | None = None,
          answer: Answer | None = None) -> Intent:
    return carry_out(session, game.controller.press(session.state, action, value, None), answer)


def a_pip(state: PointBlankState, rng: random.Random) -> int:
    """A pip the deck can still hold (the count would refuse any other)."""
    fits = [pip for pip in range(1, 7) if state.deck.could_draw(pip)]
    return rng.choice(fits or [1])


def told(intent: Intent) -> str:
    assert isinstance(intent, Tell | Reveal), intent
    return intent.text if isinstance(intent, Tell) else "\n".join(intent.lines)


def chart_answers(state: PointBlankState, rng: random.Random) -> Answer:
    """A player reading a solo flowchart: the first Sector it offers, forward, at the nearest units."""
    def answer(ask: Ask) -> dict[str, object]:
        names = {field.name for field in ask.form.fields}
        given: dict[str, object] = {}
        aeo = state.aeo
        if "targets" in names and aeo is not None:
            enemies = [u.id for u in standing(state, aeo.pu) if not (u.vehicle and u.buttoned)]
            given["targets"] = tuple(enemies[:1])
        if "at" in names and aeo is not None:
            enemies = standing(state, aeo.pu)
            given["at"] = enemies[0].sector if enemies else "-"
        cards = sorted(name for name in names if name.startswith("card"))
        if cards:
            unseen = list(state.deck.unseen)
            for name in cards:
                pip = next((pip for pip in range(1, 7) if unseen[pip - 1] > 0), 1)
                unseen[pip - 1] -= 1
                given[name] = pip
        if "first" in names:
            given["first"] = rng.choice(["sniper", "ready", "rally", "melee", "move", "fire", "assault", "recon",
                                         "smoke", "conceal", "wind", "discard", "flush"])
        return given

    return answer


def aeo_step(game: Game, session: GameSession, rng: random.Random) -> None:
    """One press the AEO's impulse asks for (a check in progress drawn for first)."""
    state = session.state
    at = stage(state).kind
    if state.check is not None:
        if state.dice_mode:
            press(game, session, "roll")
        else:
            press(game, session, "face", a_pip(state, rng))
    elif at in ("roll", "die"):
        press(game, session, "face", rng.randint(1, 6))
    elif at in ("discard", "discard_action") and not state.dice_mode:
        press(game, session, "face", a_pip(state, rng))
    else:
        press(game, session, "confirm", answer=chart_answers(state, rng))
