"""Games a few moves in, the same on every run: for the game screens' snapshot tests and for looking
at the screens by hand (`.venv/bin/python -m tests.tui.game_positions DATA_DIR`: one data folder
per game, `coh`, `tc`, `dk` and `pb`, and `solo-STEP` for each of a solo game's `SOLO_STEPS` and
`solo-yours`, the players' impulse after it)."""

from companion.bootstrap import Companion
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AddUnit,
    AnnounceInitiative,
    DeclareAttack,
    StartRound,
    Target,
)
from companion.games.conflict_of_heroes.library import shipped
from companion.games.deckung.commands import ChooseCover, PlaceModels, ShootCover
from companion.games.kit.faces import EnterFace
from companion.games.point_blank import builders
from companion.games.point_blank import commands as pb
from companion.games.point_blank.catalog import Catalog
from companion.games.registry import KINDS
from companion.games.rules import Command
from companion.games.take_cover.cards import Attachment
from companion.games.take_cover.commands import Advance, Attach, DigIn, EndTurn, OpenFire, SetUpGame


def played(companion: Companion, kind: str, *commands: Command) -> None:
    _, session = companion.open_game(companion.store.create_game(kind))
    for command in commands:
        session.execute(command)
    session.close()


def faces(*keyed: int) -> tuple[EnterFace, ...]:
    return tuple(EnterFace(entered=face) for face in keyed)


def conflict_of_heroes(companion: Companion) -> None:
    """Round 1: the German squad hit the Soviet squad; the Soviet MMG fires back, its roll waiting."""
    units = shipped().units
    played(
        companion, "conflict_of_heroes",
        AddUnit(side=1, label="Squad B", profile=units["german_rifle_squad"]),
        AddUnit(side=1, label="HMG Lafette", profile=units["german_hmg"]),
        AddUnit(side=2, label="Squad D", profile=units["soviet_rifle_squad"]),
        AddUnit(side=2, label="MMG Maxim", profile=units["soviet_mmg"]),
        StartRound(),
        AnnounceInitiative(side=2, caps=0),
        AnnounceInitiative(side=1, caps=1),
        *faces(3, 2, 5, 4),  # the Soviet dice first (they announced first on the tie)
        Activate(unit=1),
        DeclareAttack(attacker=1, targets=(Target(unit=3),)),
        *faces(5, 5),
        Activate(unit=4),
        DeclareAttack(attacker=4, targets=(Target(unit=1, terrain_dm=1),)),
    )


LMG = Attachment(kind="weapon", name="LMG", modifier=1)
LEADER = Attachment(kind="leader", name="Leader", modifier=1)
WOODS = Attachment(kind="terrain", name="Woods", modifier=-3)


def take_cover(companion: Companion) -> None:
    """Turn 7: German A (LMG, Leader, an advance marker) fires at Russian C in woods, which digs in
    once; the d10 waits."""
    played(
        companion, "take_cover",
        SetUpGame(), *faces(7, 3),
        Attach(squad="A", card=LMG), EndTurn(),
        Attach(squad="C", card=WOODS), EndTurn(),
        Attach(squad="A", card=LEADER), EndTurn(),
        Attach(squad="D", card=LEADER), EndTurn(),
        Advance(squad="A"), EndTurn(),
        Advance(squad="D"), EndTurn(),
        OpenFire(squad="A", target="C"), DigIn(count=1),
    )


def deckung(companion: Companion) -> None:
    """Massive cover shot through; two recruits in contact, the first hit by a splinter."""
    played(
        companion, "deckung",
        ChooseCover(cover="massive"), ShootCover(penetration=4, hardness=3),
        PlaceModels(count=2, rank="rekrut"), *faces(8),
    )


def point_blank(companion: Companion) -> None:
    """Turn 1, impulse 2: the US squad's fire shook the German squad; the German MG team fires back
    at the US squad in the woods, the first card of its attack drawn."""
    catalog = Catalog.of(KINDS["point_blank"].load_data(None))
    units = catalog.units
    _, session = companion.open_game(companion.store.create_game("point_blank"))
    for command in (
        pb.SetUpGame(cards_per_pip=(6,) * 6, hand_size=5, nationalities=("us", "german")),
        pb.PlaceTerrain(sector="B1/1", card="stone_building"),
        pb.AddUnit(template=units["us_rifle_squad"], side=1, sector="B1/1", name="1st Squad"),
        pb.AddUnit(template=units["us_lieutenant"], side=1, sector="B1/1", name="Lt Miller"),
        pb.PlaceTerrain(sector="C1/1", card="woods"),
        pb.AddUnit(template=units["us_rifle_squad"], side=1, sector="C1/1", name="2nd Squad"),
        pb.PlaceTerrain(sector="B1/2", card="wheat_field"),
        pb.AddUnit(template=units["german_rifle_squad"], side=2, sector="B1/2", name="Gruppe Weber"),
        pb.PlaceTerrain(sector="C2/2", card="wood_building"),
        pb.AddUnit(template=units["german_mg_team"], side=2, sector="C2/2", name="MG 42"),
        pb.AddUnit(template=units["german_leutnant"], side=2, sector="C2/2", name="Lt Brandt"),
    ):
        session.execute(command)

    def fire(lead: int, target: int, *pips: int) -> None:
        check = builders.fire(session.state, catalog, (lead,), (target,))
        session.execute(pb.Order(units=(lead,), action="fire", check=check))
        for pip in pips:
            session.execute(pb.EnterPip(pip=pip))

    fire(1, 4, 4, 2, 5)  # attack 2 + 4 beats defence 2 + 2; damage 5 + 2 against morale 6: shaken
    session.execute(pb.EndImpulse())
    fire(5, 3, 3)
    session.close()


SOLO_STEPS = ("upkeep", "recon", "discard_action", "cancelled")
"""Where a solo game's AEO impulse stands in `point_blank_solo`, each with a long line to wait on."""


def point_blank_solo(companion: Companion, step: str = "cancelled") -> None:
    """The tutorial's forces in free play, the Germans played by the AEO (defensive), in its second
    impulse: at its Upkeep; rolled 3+1, Recon / Ready, its Recon flowchart waited on; both actions
    impossible, its Discard action waited on; or (`cancelled`) rolled 2+1, Move / Recon, the smoke
    attempt failed and the physical d6 cancelled the move, its Recon flowchart waited on; or
    (`yours`) after that, its Recon spotted the US squad in B2 and its impulse is over: the
    players' impulse, the AEO holding the cover marker it acquired."""
    from companion.games.point_blank.aeo.commands import KeyAeoDie, ResolveAeoAction
    from companion.games.point_blank.aeo.models import ChartAnswer
    from tests.point_blank.solo import rolled, solo_game, to_the_roll

    catalog = Catalog.of(KINDS["point_blank"].load_data(None))
    units = catalog.units
    _, session = companion.open_game(companion.store.create_game("point_blank"))
    solo_game(session, (units["german_mg_team"], 2, "B1", "woods"), (units["german_rifle_squad"], 2, "C1", "brush"),
              (units["us_rifle_squad"], 1, "B2", "marsh"), (units["us_rifle_squad"], 1, "C2", "clear"),
              (units["us_lieutenant"], 1, "B3", "clear"), first=1)
    session.execute(pb.EndImpulse())
    if step != "upkeep":
        to_the_roll(session, pip=4)
    if step in ("recon", "discard_action"):
        rolled(session, 3, 1)
    if step == "discard_action":
        session.execute(ResolveAeoAction(answer=ChartAnswer()))
        session.execute(ResolveAeoAction())
    if step in ("cancelled", "yours"):
        rolled(session, 2, 1)
        session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B1/2", to="B0")))
        session.execute(pb.EnterPip(pip=2))
        session.execute(ResolveAeoAction())
        session.execute(KeyAeoDie(face=2))
    if step == "yours":
        session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B1/2", recon="spot", at="B2/1")))
        session.execute(pb.EnterPip(pip=2))
        session.execute(pb.EndImpulse())
    session.close()


if __name__ == "__main__":
    import sys
    from functools import partial
    from pathlib import Path

    from companion.bootstrap import bootstrap

    root = Path(sys.argv[1])
    for name, position in (("coh", conflict_of_heroes), ("tc", take_cover), ("dk", deckung), ("pb", point_blank),
                           *((f"solo-{step}", partial(point_blank_solo, step=step))
                             for step in (*SOLO_STEPS, "yours"))):
        wired = bootstrap(data_dir=root / name, config_file=None, seed=7, env={}, fake_board=False)
        try:
            position(wired)
        finally:
            wired.close()
