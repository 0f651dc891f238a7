"""Every game the companion knows, one line each, by the kind saved with each game."""

from typing import TYPE_CHECKING

from companion.games.descriptor import GameDescriptor, resolve

if TYPE_CHECKING:
    from companion.dice.journal_dice import DiceEvents

GAMES: tuple[GameDescriptor, ...] = (
    GameDescriptor(
        kind="dice", title="Dice roller",
        rules="companion.dice.rules:DiceRules", controller="companion.dice.controller:DiceController",
        lights="companion.dice.lights:lights", screen="companion.tui.screens.dice:DiceScreen",
        announce="companion.dice.announce:announce", dice="companion.dice.journal_dice:DICE_ROLLER_DICE",
    ),
    GameDescriptor(
        kind="point_blank", title="Point Blank",
        rules="companion.games.point_blank.rules:PointBlankRules",
        controller="companion.games.point_blank.controller:PointBlankController",
        lights="companion.games.point_blank.lights:lights",
        screen="companion.tui.point_blank.screen:PointBlankScreen",
        data="companion.games.point_blank.data:FILES",
        dice="companion.games.point_blank.dice_thrown:DICE_EVENTS",
        scenario="companion.games.point_blank.scenario:PbScenario",
        announce="companion.games.point_blank.announce:announce",
    ),
    GameDescriptor(
        kind="conflict_of_heroes", title="Conflict of Heroes",
        rules="companion.games.conflict_of_heroes.rules:ConflictOfHeroesRules",
        controller="companion.games.conflict_of_heroes.controller:ConflictOfHeroesController",
        lights="companion.games.conflict_of_heroes.lights:lights",
        screen="companion.tui.conflict_of_heroes.screen:ConflictOfHeroesScreen",
        data="companion.games.conflict_of_heroes.data:FILES",
        dice="companion.games.conflict_of_heroes.dice_thrown:DICE_EVENTS",
        scenario="companion.games.conflict_of_heroes.scenario:CohScenario",
        announce="companion.games.conflict_of_heroes.announce:announce",
    ),
    GameDescriptor(
        kind="take_cover", title="Take Cover",
        rules="companion.games.take_cover.rules:TakeCoverRules",
        controller="companion.games.take_cover.controller:TakeCoverController",
        lights="companion.games.take_cover.lights:lights",
        screen="companion.tui.take_cover.screen:TakeCoverScreen",
        data="companion.games.take_cover.data:FILES",
        dice="companion.games.take_cover.dice_thrown:DICE_EVENTS",
        scenario="companion.games.take_cover.scenario:TcScenario",
        announce="companion.games.take_cover.announce:announce",
    ),
    GameDescriptor(
        kind="deckung", title="Deckung (cover)",
        rules="companion.games.deckung.rules:DeckungRules",
        controller="companion.games.deckung.controller:DeckungController",
        lights="companion.games.deckung.lights:lights", screen="companion.tui.deckung.screen:DeckungScreen",
        data="companion.games.deckung.data:FILES",
        dice="companion.games.deckung.dice_thrown:DICE_EVENTS",
        announce="companion.games.deckung.announce:announce",
    ),
)

KINDS: dict[str, GameDescriptor] = {game.kind: game for game in GAMES}


def descriptor(kind: str) -> GameDescriptor | None:
    return KINDS.get(kind)


def dice_events_of(kind: str) -> "DiceEvents":
    """A kind's dice-carrying events; none for a kind that rolls no dice or that this version does not know."""
    known = KINDS.get(kind)
    return resolve(known.dice) if known is not None and known.dice else {}


def title_of(kind: str) -> str:
    """The game's title; a kind this version does not know (a newer companion's) shows as itself."""
    known = KINDS.get(kind)
    return known.title if known else kind
