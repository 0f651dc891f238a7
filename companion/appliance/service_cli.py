"""`companion install-service`: its options and how it runs."""

import argparse
import getpass
import os
import sys
from pathlib import Path
from typing import TextIO


def add_install_service_command(commands: argparse._SubParsersAction) -> None:
    service = commands.add_parser(
        "install-service", help="start the companion on the console at boot (systemd), name the board, join groups")
    service.add_argument("--user", default=os.environ.get("SUDO_USER") or getpass.getuser(),
                         help="who the app runs as (default: the user who ran sudo, else you)")
    service.add_argument("--dry-run", action="store_true", help="print every file and command; change nothing")
    service.add_argument("--prefix", type=Path, default=Path("/"),
                         help="write the files under this directory instead of / and run no commands")


def run_install_service(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from companion.appliance.install import install

    named = getattr(args, "config", None) or os.environ.get("COMPANION_CONFIG") or None
    return install(args.user, args.prefix.absolute(), args.dry_run, getattr(args, "data_dir", None),
                   Path(named) if named else None, out)
