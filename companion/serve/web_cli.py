"""`companion web`: its options and how it starts."""

import argparse
import sys
from pathlib import Path
from typing import TextIO

from companion.paths import named_folder

DEFAULT_PORT = 8000

# aiohttp and textual-serve load only when `companion web` runs: every command builds this parser.


def add_web_command(commands: argparse._SubParsersAction) -> None:
    web = commands.add_parser(
        "web", parents=[web_options()],
        help="the table's game in browsers, read only, behind an access token (needs [table] broker and name)",
        description="Serves the table's game to browsers, read only: each tab follows the table named in the"
                    " config's [table] over the table network (broker and name must be set there), as"
                    " `companion follow` does. Prints the address to open, with its access token.")
    web.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: the table's network)")
    web.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                     help=f"port to listen on, 1 to 65535 (default {DEFAULT_PORT}; 0 takes any free one)")
    web.add_argument("--new-token", action="store_true",
                     help="make a new access token (addresses given out before stop working); otherwise the one"
                          " kept in the data dir from the last start is used")


def web_options() -> argparse.ArgumentParser:
    """The common options that mean something here (`--seed` would not: a browser tab rolls no dice)."""
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--data-dir", type=named_folder, default=argparse.SUPPRESS,
                         help="where the access token is kept from one start to the next (or COMPANION_DATA_DIR)")
    options.add_argument("--config", type=Path, default=argparse.SUPPRESS,
                         help="the config file whose [table] the tabs follow (or COMPANION_CONFIG)")
    options.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                         help="the full traceback of an unexpected error, the server's and each tab's (in the"
                              " server's log)")
    return options


def port_number(given: str) -> int:
    """A TCP port, or 0 for any free one: anything else is a usage error, not the socket's OverflowError."""
    try:
        port = int(given)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{given}' is not a port number: give 1 to 65535, or 0 for any free one") \
            from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number: give 1 to 65535, or 0 for any free one")
    return port


def run_web_command(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from companion import paths
    from companion.serve.command import served_command
    from companion.serve.server import serve
    from companion.serve.token_file import kept_token

    command = served_command(args)
    token = kept_token(paths.data_dir(getattr(args, "data_dir", None)), renew=args.new_token)
    return serve(command, token, args.host, args.port, out)
