"""The `companion` command: its command line, the app, a one-off roll; saved games' commands in `saved_games_cli`."""

import argparse
import gc
import json
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from companion import paths
from companion.errors import CompanionError
from companion.saved_games_cli import NAME_COLUMN, manage_games, print_log, print_stats

if TYPE_CHECKING:
    from companion.dice.spec import DiceSpec


def parse_command_line(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    """The arguments, and those not understood. A start of the app itself, options and no command (as
    at every table) or `dice [SPEC]`, is read without building the other commands' parsers: some 2 %
    of the home screen's start-up and 1 % of the dice roller's (docs/performance.md)."""
    args = app_options_alone(argv)
    if args is not None:
        return args, []
    return build_parser().parse_known_args(argv)


def app_options_alone(argv: list[str] | None) -> argparse.Namespace | None:
    """The app's options, when the command line is those alone or with `dice [SPEC]`; None for another
    command, `--help`, an unknown option or a mistake, which the full parser reads and words
    (`companion roll 2d6 --seed x` is the roll's mistake, and names the roll's help)."""
    parser = AppOptions(prog="companion", add_help=False, parents=[common_options(None)])
    add_dice_command(parser.add_subparsers(dest="command", parser_class=AppCommandOptions))
    try:
        args, rest = parser.parse_known_args(argv)
    except NotTheAppAlone:
        return None
    return None if rest else args


class NotTheAppAlone(Exception):
    """The command line is not the app's options alone."""


class AppOptions(argparse.ArgumentParser):
    """The app's options alone: a mistake is not worded here but left to the full parser."""

    def error(self, message: str) -> NoReturn:
        raise NotTheAppAlone(message)


class AppCommandOptions(AppOptions):
    """`dice`'s options as the app reads them alone: the common options as every command takes them."""

    def __init__(self, **kwargs) -> None:
        super().__init__(add_help=False, parents=[command_options()], **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrors(
        prog="companion", description="A table-side assistant for wargames.", parents=[common_options(None)]
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)

    add_dice_command(commands)

    roll = commands.add_parser("roll", help="roll once and print it, without the app")
    roll.add_argument("spec", help="dice to roll, such as 2d6 or d10+1")
    roll.add_argument("--json", action="store_true", help="print JSON: spec, faces, modifier, total")

    log = commands.add_parser("log", help="print a saved game's events")
    log.add_argument("game", nargs="?", type=plain_text, help="game number or name (default: the most recent)")
    log.add_argument("--json", action="store_true", help="one JSON object per line")
    log.add_argument("--reveal", action="store_true",
                     help="with --json: the events as stored, hidden information (face-down counters) included")

    stats = commands.add_parser("stats", help="are the dice fair? faces counted per die type, against a fair die")
    which = stats.add_mutually_exclusive_group()
    which.add_argument("game", nargs="?", help="game number or name (default: the most recent)")
    which.add_argument("--all", action="store_true", help="every saved game together")
    stats.add_argument("--json", action="store_true",
                       help="print JSON: per die type the counts per face, rolls and p-value, and each source apart")

    follow = commands.add_parser("follow", parents=[follow_options()],
                                 help="watch a table's game over the table network, read only")
    follow.add_argument("--broker", type=plain_text, help="the broker, mqtt://HOST:PORT or mqtts://HOST:PORT"
                        " (default: the config's [table] broker)")
    follow.add_argument("--table", type=plain_text,
                        help="the table to follow (default, or '*': every table on the broker, to choose from)")

    games = commands.add_parser("games", help="list, rename or delete saved games")
    games_commands = games.add_subparsers(dest="games_command", metavar="ACTION")
    listing = games_commands.add_parser("list", help="list saved games (the default)")
    listing.add_argument("--full", action="store_true",
                         help=f"every name whole, in the last column (the table cuts names over {NAME_COLUMN}"
                              " characters short)")
    rename = games_commands.add_parser("rename", help="rename a game")
    rename.add_argument("game", type=plain_text)
    rename.add_argument("name", type=plain_text)
    delete = games_commands.add_parser("delete", help="delete a game and its events")
    delete.add_argument("game", type=plain_text)

    from companion.scenarios_cli import add_scenarios_command

    add_scenarios_command(commands)
    from drivers.board_cli import add_board_commands
    from drivers.speech_cli import add_speech_commands

    add_board_commands(commands)
    add_speech_commands(commands)
    from companion.serve.web_cli import add_web_command

    add_web_command(commands)
    from companion.appliance.service_cli import add_install_service_command

    add_install_service_command(commands)
    return parser


def add_dice_command(commands: "argparse._SubParsersAction") -> None:
    dice = commands.add_parser("dice", help="open the dice roller directly")
    dice.add_argument("spec", nargs="?", help="dice to roll, such as 2d6 or d10+1")


@cache
def common_options(default: object, hidden: tuple[str, ...] = ()) -> argparse.ArgumentParser:
    """Options accepted before or after the command: `companion roll 2d6 --seed 3`. One parser of each
    kind for all the parsers that take them to copy (a parser each was more than half of the time
    every start spent building the command line's parser).

    Commands get them with suppressed defaults, so an option given before the command stands.
    `hidden` ones a command refuses (`OPTIONS_THAT_DO_NOTHING`) are still read, to be refused with
    the reason wherever they stand, but its help does not offer them.
    """
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", type=paths.named_folder, default=default,
                        help="where saved games live (or COMPANION_DATA_DIR)")
    common.add_argument("--config", type=Path, default=default, help="the config file (or COMPANION_CONFIG)")
    common.add_argument("--seed", type=int, default=default,
                        help=argparse.SUPPRESS if "seed" in hidden else "seed the dice, for a reproducible session")
    common.add_argument("--debug", action="store_true", default=default,
                        help="show the full traceback of an unexpected error")
    return common


def follow_options() -> "CommandParser":
    """The common options that mean something to a follower: it reads the table from the broker, so it
    keeps no games file (`--data-dir`) and rolls no dice (`--seed`)."""
    options = CommandParser(parents=[], add_help=False)
    options.add_argument("--config", type=Path, default=argparse.SUPPRESS,
                         help="the config file whose [table] gives the broker and table (or COMPANION_CONFIG)")
    options.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                         help="show the full traceback of an unexpected error")
    return options


OPTIONS_THAT_DO_NOTHING = {
    "web": {"seed": "a browser tab rolls no dice"},
    "follow": {"seed": "a follower rolls no dice",
               "data_dir": "a follower reads the table's game from the broker and keeps no games file"},
    "log": {"seed": "a log prints the saved rolls as they fell"},
    "stats": {"seed": "the statistics count the saved rolls as they fell"},
    "games": {"seed": "listing, renaming or deleting saved games rolls no dice"},
    "scenarios": {"seed": "scenario files are read and written, no dice rolled"},
    "board": {"seed": "the board test rolls no dice"},
    "speech": {"seed": "the speech test says the same roll every time"},
    "install-service": {"seed": "the service's app rolls fresh dice at every start (no seed is written into it)"},
}
"""Common options some commands refuse, wherever they stand: they would do nothing there (only the app,
`dice` and `roll` roll dice)."""


def plain_text(value: str) -> str:
    """An argument that is stored or shown: bytes that are not UTF-8 reach Python as lone surrogates,
    which SQLite and the screen cannot take."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(f"'{paths.readable(value)}' is not UTF-8 text") from None
    return value


class OneLineErrors(argparse.ArgumentParser):
    """A usage error is one line, as every error is, and exits 2 as argparse's do."""

    def error(self, message: str) -> NoReturn:
        usage_error(self.prog, message)


def usage_error(prog: str, message: str) -> NoReturn:
    """`companion: MESSAGE (companion COMMAND --help)` on stderr, and exit 2: the usage argparse prints
    with it would take lines the message is lost among; the command's help has it."""
    print(f"companion: {' '.join(message.splitlines())} ({prog} --help)", file=sys.stderr)
    sys.exit(2)


class CommandParser(OneLineErrors):
    def __init__(self, parents: list[argparse.ArgumentParser] | None = None, **kwargs) -> None:
        """`parents`: a command's own choice of the common options, where some would do nothing."""
        command = kwargs.get("prog", "").split()[1:2]  # `companion games list`: its command is games
        refused = tuple(OPTIONS_THAT_DO_NOTHING.get(command[0], {})) if command else ()
        super().__init__(parents=[command_options(refused)] if parents is None else parents, **kwargs)


def command_options(hidden: tuple[str, ...] = ()) -> argparse.ArgumentParser:
    """The common options as every command takes them."""
    return common_options(argparse.SUPPRESS, hidden)


def main(argv: list[str] | None = None) -> None:
    # The collector is held off from the first import, not only from `bootstrap` on: the imports
    # build most of what start-up keeps, and collecting over them cost the first frame some 2 % (0.04 G
    # instructions). A companion from `bootstrap` gives it back at the app's first frame or its `close`.
    gc.disable()
    # The companion uses no pydantic plugin: looking for one reads every installed package's metadata
    # at the first model built (some 1 % of a game's start). A player's own setting stands.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        status = run_command_line(argv)
    finally:
        gc.enable()
    sys.exit(status)


def run_command_line(argv: list[str] | None) -> int:
    """Runs one command. A player sees one line for any error; `--debug` shows the traceback of an
    unexpected one. Output cut short by its reader (`companion log | head`) ends quietly."""
    args, unknown = parse_command_line(argv)
    if unknown:
        usage_error(f"companion {args.command}" if args.command else "companion",
                    f"unrecognized arguments: {' '.join(unknown)}")
    if getattr(args, "reveal", False) and not args.json:
        usage_error("companion log", "--reveal goes with --json (the text log says what every side may know)")
    for option, why in OPTIONS_THAT_DO_NOTHING.get(args.command, {}).items():
        if getattr(args, option) is not None:
            usage_error(f"companion {args.command}", f"--{option.replace('_', '-')} does nothing here: {why}")
    try:
        status = run(args)
        sys.stdout.flush()  # inside the try: a closed pipe is found here, not at exit
    except BrokenPipeError:
        # The reader went away. As the Python docs advise (signal module, "Note on SIGPIPE"): point
        # stdout at devnull so the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        status = 1
    except KeyboardInterrupt:
        status = 130
    except Exception as error:
        if args.debug:
            raise
        print(f"companion: {internal_error(error)} (run with --debug for the traceback)", file=sys.stderr)
        status = 1
    return status


def internal_error(error: BaseException) -> str:
    """`internal error: Type: first line of the message`."""
    lines = str(error).strip().splitlines()
    return f"internal error: {type(error).__name__}" + (f": {lines[0]}" if lines else "")


def run(args: argparse.Namespace) -> int:
    paths.check_named_config(args.config)
    if (command := command_without_companion(args.command)) is not None:
        gc.enable()  # it may run on for hours (`web`, `follow`): only a companion holds the collector off
        return command(args)
    from companion.bootstrap import bootstrap

    # A spec the dice roller cannot roll is refused before anything opens, let alone Textual.
    spec = None
    if args.command == "dice" and args.spec:
        from companion.dice.spec import DiceSpec  # a model: a start at home loads no pydantic

        spec = DiceSpec.parse(args.spec)
    # Only the app makes a games file: `log`, `games` and `stats` read what is there, even while a
    # companion that still has a deleted one open keeps its traces (`-wal`, `-shm`) beside its path.
    companion = bootstrap(data_dir=args.data_dir, config_file=args.config, seed=args.seed,
                          create=args.command not in ("log", "games", "stats"))
    try:
        if args.command == "log":
            return print_log(companion.store, args.game, args.json, args.reveal)
        if args.command == "games":
            return manage_games(companion.store, companion.lock, args)
        if args.command == "stats":
            return print_stats(companion.store, args.game, args.all, args.json)
        return run_app(companion, args, spec)
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


def run_follower(args: argparse.Namespace) -> int:
    """A view of a table's game from the broker alone: no games file, no pins, no board, no speech."""
    from companion.config import load_user_config
    from companion.network.settings import follower_settings
    from companion.tui.follow_app import FollowerApp

    settings, table = follower_settings(load_user_config(args.config).table, args.broker, args.table)
    app = FollowerApp(settings, table, debug=bool(args.debug))
    app.run()
    if app.crash is not None and not args.debug:
        raise app.crash
    return app.return_code or 0


WITHOUT_COMPANION = {
    "scenarios": "companion.scenarios_cli:run_scenarios_command",
    "board": "drivers.board_cli:run_board_command",
    "speech": "drivers.speech_cli:run_speech_command",
    "web": "companion.serve.web_cli:run_web_command",
    "install-service": "companion.appliance.service_cli:run_install_service",
}
"""Commands that open no games file, as `module:function`: each module loads only when its command runs."""


def command_without_companion(name: str | None) -> Callable[[argparse.Namespace], int] | None:
    """The commands that open no games file, so no companion from `bootstrap`; None for the others."""
    if name == "roll":
        return roll_once
    if name == "follow":
        return run_follower
    if name not in WITHOUT_COMPANION:
        return None
    from companion.games.descriptor import resolve

    command: Callable[[argparse.Namespace], int] = resolve(WITHOUT_COMPANION[name])
    return command


def run_app(companion, args: argparse.Namespace, spec: "DiceSpec | None") -> int:
    from companion.errors import DataDirInUse
    from companion.tui.app import CompanionApp

    following = None
    try:
        if not companion.store.readonly:  # on a read-only disk there is nothing to guard
            companion.lock.acquire()
    except DataDirInUse:
        # Another companion is at the table with these games: this one watches, read only.
        following = companion.lock.holder()
        companion.store.readonly = True
    app = CompanionApp(companion, start_kind="dice" if args.command == "dice" and not following else None,
                       start_spec=spec, debug=bool(args.debug), following=following)
    app.run()
    if app.crash is not None and not args.debug:
        raise app.crash
    return app.return_code or 0
