"""The `companion` command: the app, a one-off roll, saved games and their logs."""

import argparse
import json
import sys
from pathlib import Path

from companion.errors import CompanionError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="A table-side assistant for wargames.", parents=[common_options(None)]
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)

    dice = commands.add_parser("dice", help="open the dice roller directly")
    dice.add_argument("spec", nargs="?", help="dice to roll, such as 2d6 or d10+1")

    roll = commands.add_parser("roll", help="roll once and print it, without the app")
    roll.add_argument("spec", help="dice to roll, such as 2d6 or d10+1")
    roll.add_argument("--json", action="store_true", help="print JSON: spec, faces, modifier, total")

    log = commands.add_parser("log", help="print a saved game's events")
    log.add_argument("game", nargs="?", help="game number or name (default: the most recent)")
    log.add_argument("--json", action="store_true", help="one JSON object per line")

    games = commands.add_parser("games", help="list, rename or delete saved games")
    games_commands = games.add_subparsers(dest="games_command", metavar="ACTION")
    games_commands.add_parser("list", help="list saved games (the default)")
    rename = games_commands.add_parser("rename", help="rename a game")
    rename.add_argument("game")
    rename.add_argument("name")
    delete = games_commands.add_parser("delete", help="delete a game and its events")
    delete.add_argument("game")

    from drivers.board_cli import add_board_commands

    add_board_commands(commands)
    from companion.serve.web_cli import add_web_command

    add_web_command(commands)
    from companion.appliance.service_cli import add_install_service_command

    add_install_service_command(commands)
    return parser


def common_options(default: object) -> argparse.ArgumentParser:
    """Options accepted before or after the command: `companion roll 2d6 --seed 3`.

    Commands get them with suppressed defaults, so an option given before the command stands.
    """
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", type=Path, default=default,
                        help="where saved games live (or COMPANION_DATA_DIR)")
    common.add_argument("--config", type=Path, default=default, help="the config file (or COMPANION_CONFIG)")
    common.add_argument("--seed", type=int, default=default, help="seed the dice, for a reproducible session")
    return common


class CommandParser(argparse.ArgumentParser):
    def __init__(self, **kwargs) -> None:
        super().__init__(parents=[common_options(argparse.SUPPRESS)], **kwargs)


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    try:
        status = run(args)
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        status = 1
    sys.exit(status)


def run(args: argparse.Namespace) -> int:
    if args.command == "roll":
        return roll_once(args)
    if args.command == "board":
        from drivers.board_cli import run_board_command

        return run_board_command(args)
    if args.command == "web":
        from companion.serve.web_cli import run_web_command

        return run_web_command(args)
    if args.command == "install-service":
        from companion.appliance.service_cli import run_install_service

        return run_install_service(args)
    from companion.bootstrap import bootstrap

    companion = bootstrap(data_dir=args.data_dir, config_file=args.config, seed=args.seed)
    try:
        if args.command == "log":
            return print_log(companion.store, args.game, args.json)
        if args.command == "games":
            return manage_games(companion.store, args)
        return run_app(companion, args)
    finally:
        companion.close()


def roll_once(args: argparse.Namespace) -> int:
    from companion.dice.rolling import random_source, roll_faces
    from companion.dice.spec import DiceSpec

    spec = DiceSpec.parse(args.spec)
    faces = roll_faces(spec, random_source(args.seed))
    total = spec.total(faces)
    if args.json:
        print(json.dumps({"spec": str(spec), "faces": list(faces), "modifier": spec.modifier, "total": total}))
    else:
        shown = " + ".join(map(str, faces)) + (f" {spec.modifier:+d}" if spec.modifier else "")
        print(f"{spec}: {shown} = {total}")
    return 0


def print_log(store, game_ref: str | None, as_json: bool) -> int:
    from companion.errors import GameNotFound

    game = store.find(game_ref) if game_ref else store.last_game()
    if game is None:
        raise GameNotFound("there are no saved games yet")
    if as_json:
        for raw in store.raw_records(game.id):
            line = {"game": game.id, "seq": raw.seq, "type": raw.type, "time": raw.at.isoformat(),
                    "payload": json.loads(raw.payload)}
            print(json.dumps(line))
        return 0
    from companion.dice.rolling import random_source
    from companion.games.registry import rules_for
    from companion.journal.timeline import Timeline

    records = store.records(game.id, rules_for(game.kind, random_source(0)).events)
    timeline = Timeline(records)
    print(f"# {game.name} ({game.kind}), {game.events} events")
    for record in records:
        voided = " (undone)" if record.seq in timeline.voided else ""
        print(f"{record.seq:>5}  {record.at.astimezone():%Y-%m-%d %H:%M:%S}  {timeline.describe(record)}{voided}")
    return 0


def manage_games(store, args: argparse.Namespace) -> int:
    from companion.games.registry import title_of

    if args.games_command == "rename":
        game = store.find(args.game)
        store.rename(game.id, args.name)
        print(f"renamed {game.name} to {args.name}")
    elif args.games_command == "delete":
        game = store.find(args.game)
        store.delete(game.id)
        print(f"deleted {game.name} ({game.events} events)")
    else:
        for game in store.games():
            print(f"{game.id:>4}  {game.name:<24} {title_of(game.kind):<20} {game.events:>6} events  "
                  f"{game.last_used.astimezone():%Y-%m-%d %H:%M}")
    return 0


def run_app(companion, args: argparse.Namespace) -> int:
    from companion.dice.spec import DiceSpec
    from companion.tui.app import CompanionApp

    spec = DiceSpec.parse(args.spec) if args.command == "dice" and args.spec else None
    app = CompanionApp(companion, start_kind="dice" if args.command == "dice" else None, start_spec=spec)
    app.run()
    return app.return_code or 0
