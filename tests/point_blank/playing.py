"""Playing Point Blank in tests: the shipped data, a pure fold of commands, and a real session."""

import random
from datetime import UTC, datetime

from companion.games.kit.forms import Field
from companion.games.kit.intents import Ask, Intent, Run
from companion.games.point_blank.battlefield import on_side
from companion.games.point_blank.catalog import Catalog, UnitTemplate
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.commands import AddUnit, EnterPip, PlaceTerrain, SetUpGame, StartCheck
from companion.games.point_blank.controller import PointBlankController
from companion.games.point_blank.rules import PointBlankRules
from companion.games.point_blank.state import PointBlankState
from companion.games.registry import KINDS
from companion.games.rules import Command
from companion.journal.record import Record
from companion.session import GameSession

DATA = KINDS["point_blank"].load_data(None)
CATALOG = Catalog.of(DATA)
SQUAD = UnitTemplate(name="US Rifle squad", kind="full_squad", morale=6, firepower=2, nationality="us")
GERMAN = UnitTemplate(name="German Rifle squad", kind="full_squad", morale=6, firepower=2, nationality="german")
LIEUTENANT = UnitTemplate(name="Lt", kind="leader", morale=8, leadership=1, nationality="us")
TANK = UnitTemplate(name="M10", kind="afv", morale=7, firepower=4, front_armour=3, nationality="us")


def rules() -> PointBlankRules:
    return PointBlankRules(random.Random(3), DATA)


def played(*commands: Command) -> PointBlankState:
    """The state after the commands, folded without a journal (seqs count the events)."""
    game = rules()
    state = game.initial()
    seq = 0
    for command in commands:
        for event in game.decide(state, command):
            seq += 1
            state = game.evolve(state, Record(seq, datetime.now(UTC), event), False)
    return state


def set_up(session: GameSession, cards: tuple[int, ...] = (3, 3, 3, 3, 3, 3), **options: object) -> None:
    session.execute(SetUpGame(cards_per_pip=cards, hand_size=5, **options))


def deploy(session: GameSession, template: UnitTemplate, side: int, sector: str, card: str | None = None,
           **options: object) -> None:
    """A unit deployed into `sector` ("B2": on its own side's half), the Sector's `card` placed
    first when it has none (without a card, an empty Sector draws one)."""
    key = on_side(sector, side)
    if card is not None and session.state.battlefield.card(key) is None:
        session.execute(PlaceTerrain(sector=key, card=card))
    session.execute(AddUnit(template=template, side=side, sector=key, **options))


def deploying(*units: tuple[UnitTemplate, int, str, str]) -> list[Command]:
    """Commands deploying (template, side, sector, card) in turn, each Sector's card placed once."""
    commands: list[Command] = []
    placed: dict[str, str] = {}
    for template, side, sector, card in units:
        key = on_side(sector, side)
        if key not in placed:
            placed[key] = card
            commands.append(PlaceTerrain(sector=key, card=card))
        assert placed[key] == card, "one card a Sector"
        commands.append(AddUnit(template=template, side=side, sector=key))
    return commands


def draw(session: GameSession, *pips: int) -> None:
    """Cards drawn one by one, each for a plain d6 check."""
    for pip in pips:
        if session.state.check is None:
            session.execute(StartCheck(check=PlainCheck()))
        session.execute(EnterPip(pip=pip))


CONTROLLER = PointBlankController(DATA)


def asked(intent: Intent) -> Ask:
    assert isinstance(intent, Ask), intent
    return intent


def ran(intent: Intent) -> Run:
    assert isinstance(intent, Run), intent
    return intent


def field(intent: Intent, name: str) -> Field:
    return next(field for field in asked(intent).form.fields if field.name == name)


def answer(intent: Intent, **values: object) -> Intent:
    """A form answered as a player would: its defaults, with `values` typed over them."""
    assert isinstance(intent, Ask), intent
    return intent.then(intent.form.read({**intent.form.defaults(), **values}))


def bar(state: PointBlankState) -> list[str]:
    """The action bar's buttons now, as their names (a pip as its digit)."""
    return [str(action.value) if action.name == "face" else action.name for action in CONTROLLER.tappable(state)]


def press(session: GameSession, action: str, value: int | None = None, selected: int | None = None,
          **answers: object) -> Intent:
    """A key pressed and, when it opens a form, the form answered; what it asks to run is committed."""
    intent = CONTROLLER.press(session.latest, action, value, selected)
    while isinstance(intent, Ask):
        intent = answer(intent, **answers)
    if isinstance(intent, Run):
        for command in intent.commands:
            session.execute(command)
    return intent
