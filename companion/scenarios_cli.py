"""`companion scenarios`: list, show and check scenario files, and write a new one from a template."""

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import paths
from companion.errors import ConfigError
from companion.games.descriptor import GameDescriptor
from companion.games.registry import GAMES

if TYPE_CHECKING:
    from companion.games.kit.scenarios import ScenarioFile


def add_scenarios_command(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("scenarios", help="list, show or check scenario files, or write a new one")
    actions = parser.add_subparsers(dest="scenarios_command", metavar="ACTION")
    listing = actions.add_parser("list", help="every scenario, shipped and yours (the default)")
    listing.add_argument("game", nargs="?", help="only this game's (point_blank, conflict_of_heroes, take_cover)")
    show = actions.add_parser("show", help="what a scenario says")
    show.add_argument("name", help="its name, or GAME/NAME when several games have one of that name")
    check = actions.add_parser("check", help="check a scenario file: ok, or its line, key and problem")
    check.add_argument("file", type=Path)
    new = actions.add_parser("new", help="write a commented template into the data dir, to edit")
    new.add_argument("game")
    new.add_argument("name", help="the file's name: lower-case letters, digits, - and _")


def run_scenarios_command(args: argparse.Namespace) -> int:
    data_dir = paths.data_dir(args.data_dir)
    match args.scenarios_command:
        case "show":
            return show(data_dir, args.name)
        case "check":
            return check(data_dir, args.file)
        case "new":
            return new(data_dir, args.game, args.name)
    return list_scenarios(data_dir, getattr(args, "game", None))


def with_scenarios() -> dict[str, GameDescriptor]:
    return {game.kind: game for game in GAMES if game.scenario}


def game_named(name: str) -> GameDescriptor:
    games = with_scenarios()
    found = games.get(name.replace("-", "_")) or next(
        (game for game in games.values() if game.title.casefold() == name.casefold()), None)
    if found is None:
        raise ConfigError(f"{name!r}: no game with scenarios of that name (one of: {', '.join(games)})")
    return found


def list_scenarios(data_dir: Path, game_name: str | None) -> int:
    """One line per scenario; one that cannot be used says why: the game's data file that is broken
    (its file, line and reason), else the command that says what is wrong with the scenario."""
    games = [game_named(game_name)] if game_name else list(with_scenarios().values())
    for game in games:
        files = game.scenario_files(data_dir)
        if not files:
            continue
        try:
            data, broken_data = game.load_data(data_dir), ""
        except ConfigError as error:
            data, broken_data = {}, f"(cannot be used: {error})"
        for file in files:
            title = broken_data or scenario_title(game, file, data)
            print(f"{game.kind:<20} {file.shown:<24} {title:<44} {'shipped' if file.shipped else 'yours'}")
    return 0


def scenario_title(game: GameDescriptor, file: "ScenarioFile", data: dict[str, Any]) -> str:
    try:
        return game.read_scenario(file, data).title
    except ConfigError:
        return f"(cannot be used: companion scenarios show {file.reference()})"


def show(data_dir: Path, reference: str) -> int:
    game_name, _, name = reference.rpartition("/")
    games = [game_named(game_name)] if game_name else list(with_scenarios().values())
    # A name with a byte that is not UTF-8 is found as `scenarios list` shows it, `\xff`, too.
    found = [(game, file) for game in games for file in game.scenario_files(data_dir)
             if name in (file.name, file.shown)]
    if not found:
        raise ConfigError(f"no scenario '{paths.readable(reference)}' (companion scenarios list shows them)")
    if len(found) > 1:
        named = ", ".join(f"{game.kind}/{file.shown}" for game, file in found)
        raise ConfigError(f"'{paths.readable(name)}' names a scenario of several games: say which ({named})")
    game, file = found[0]
    for line in game.read_scenario(file, game.load_data(data_dir)).describe():
        print(line)
    print(f"\n{game.title} · {'shipped' if file.shipped else 'yours'}: {file.where}")
    return 0


def check(data_dir: Path, path: Path) -> int:
    from companion.games.kit import scenarios  # the game kit: not for the parser every start builds
    from companion.games.kit.data import read_text

    text = read_text(path)
    if text is None:
        raise ConfigError(f"{paths.readable(path)}: no such file")
    scenarios.check_file_name(path)
    game = with_scenarios()[scenarios.game_of(text, path, with_scenarios())]
    model = game.scenario_model()
    assert model is not None
    scenarios.validate(model, text, path, game.load_data(data_dir))
    print("ok")
    return 0


def new(data_dir: Path, game_name: str, name: str) -> int:
    from companion.games.kit import scenarios

    game = game_named(game_name)
    model = game.scenario_model()
    assert model is not None
    path = scenarios.write_new(data_dir / game.kind / scenarios.FOLDER, name, model.TEMPLATE)
    print(f"wrote {path}: edit it, then check it with `companion scenarios check {path}`")
    return 0
