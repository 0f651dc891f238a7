"""Playing Point Blank solo in tests: the tutorial started with the AEO on one side, and a player
who answers whatever the companion asks, press by press, as the table would."""

import random
from collections.abc import Callable

from companion.games.descriptor import Game
from companion.games.kit.intents import Ask, Intent, Reveal, Run, SaveFile, Tell
from companion.games.point_blank.aeo.commands import DiscardAeoCards, FillAeoRow, FinishAeoUpkeep, KeyAeoDie
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.aeo.select import standing
from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.commands import SetUpGame
from companion.games.point_blank.state import PointBlankState
from companion.session import GameSession
from tests.point_blank.playing import deploy
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


# Solo games built from commands, for the rules' tests

PANZER = UnitTemplate(name="Panzer IV", kind="afv", morale=7, firepower=2, front_armour=4, flank_armour=2,
                      nationality="german")
MG_TEAM = UnitTemplate(name="MG team", kind="weapon_team", morale=6, firepower=3, nationality="german")
GRENADIERS = UnitTemplate(name="Grenadiers", kind="full_squad", morale=6, firepower=2, nationality="german")
LEUTNANT = UnitTemplate(name="Leutnant", kind="leader", morale=8, leadership=1, nationality="german",
                        leader_actions=("rally", "ready"))
SHERMAN = UnitTemplate(name="Sherman", kind="afv", morale=7, firepower=2, front_armour=4, flank_armour=2,
                       nationality="us")
Deployed = tuple[UnitTemplate, int, str, str]


def solo_game(session: GameSession, *units: Deployed, aeo: int = 2, posture: str = "defensive",
              first: int | None = None, dice: bool = False) -> None:
    """A free-play game with the AEO on side `aeo`, the units deployed (template, side, Sector, card),
    the deck confirmed and the AEO's four cards discarded (pips 1 to 4)."""
    for template, side, sector, card in units:
        deploy(session, template, side, sector, card)
    session.execute(SetUpGame(cards_per_pip=(3, 3, 3, 3, 3, 3), hand_size=5, aeo_side=aeo, aeo_posture=posture,
                              first_side=first or aeo, dice_mode=dice))
    session.execute(DiscardAeoCards(pips=() if dice else (1, 2, 3, 4)))


def to_the_roll(session: GameSession, pip: int | None = None) -> None:
    """The AEO's Upkeep done and its top card discarded (its pips `pip`, else the fewest the deck holds)."""
    session.execute(FinishAeoUpkeep())
    deck = session.state.deck
    fits = pip if pip is not None else next(p for p in range(1, 7) if deck.could_draw(p))
    session.execute(DiscardAeoCards(pips=() if session.state.dice_mode else (fits,)))


def rolled(session: GameSession, first: int, second: int) -> None:
    session.execute(KeyAeoDie(face=first))
    session.execute(KeyAeoDie(face=second))


def named(state: PointBlankState, name: str) -> int:
    return next(unit.id for unit in state.units if unit.name == name)


def acting(session: GameSession, *actions: str, cover: bool = False) -> None:
    """The AEO's impulse up to its action: its roll lands on row 2+3, which the text misses and the
    players fill in with `actions` (the first time: the game remembers it)."""
    to_the_roll(session)
    rolled(session, 2, 3)
    if stage(session.state).kind == "missing":
        session.execute(FillAeoRow(actions=actions, cover=cover))
    assert session.state.aeo.impulse.read.actions == actions, "row 2+3 is filled in once a game"
