"""What `companion install-service` writes and runs: a console service, the board's udev rule, two groups."""

import grp
import os
import pwd
import shlex
import stat
import subprocess
import sys
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import TextIO

from companion.errors import CompanionError

UNIT_PATH = Path("/etc/systemd/system/companion.service")
RULE_PATH = Path("/etc/udev/rules.d/99-companion-board.rules")
GROUPS = ("gpio", "dialout")
"""gpio: the pins without root (Raspberry Pi OS); dialout: the serial board (the udev rule's group)."""
CONSOLE = "tty1"
# Characters a unit file would read as a separator, a quote, an escape, a specifier or a variable.
UNSAFE_IN_UNIT = set(" \t\n\"'\\%$;")


class InstallError(CompanionError):
    """The service cannot be installed as asked, such as for a user that does not exist."""


@dataclass(frozen=True)
class PlannedFile:
    path: Path
    text: str


@dataclass(frozen=True)
class InstallPlan:
    files: tuple[PlannedFile, ...]
    commands: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...]
    """What was left out and why, such as a group this system does not have."""


def template(name: str) -> Template:
    return Template(files("companion.appliance").joinpath("templates", name).read_text(encoding="utf-8"))


def unit_path_value(path: Path, what: str) -> str:
    """`path` as it may stand in the unit file, which cannot carry spaces or specifiers in these keys."""
    text = str(path)
    if not path.is_absolute() or UNSAFE_IN_UNIT & set(text):
        raise InstallError(f"{what} {text!r} cannot go in a systemd unit: it must be an absolute path "
                           "without spaces, quotes, backslashes, % or $")
    return text


def render_unit(user: str, python: Path, data_dir: Path, config: Path | None) -> str:
    """The service: the app as `user` on the console from boot, started again whenever it ends.

    A config file named at install time (`config`) is named in the unit, and must then be there at
    every start. Without one the unit names none: the app reads `user`'s own default file (systemd
    gives the service the user's home) when it is there, and the defaults otherwise, so a fresh Pi
    starts, and a config written later is read."""
    if config is None:
        config_setting = (f"# No COMPANION_CONFIG: {user}'s ~/.config/companion/config.toml is read when it is there,"
                          " the defaults otherwise.")
    else:
        config_setting = f"Environment=COMPANION_CONFIG={unit_path_value(config, 'the config file')}"
    return template("companion.service").substitute(
        tty=CONSOLE,
        user=user,
        exec_start=f"{unit_path_value(python, 'the Python')} -m companion",
        data_dir=unit_path_value(data_dir, "the data dir"),
        config_setting=config_setting,
    )


def render_rule() -> str:
    return template("99-companion-board.rules").substitute()


def user_home(user: str) -> Path:
    try:
        return Path(pwd.getpwnam(user).pw_dir)
    except KeyError:
        raise InstallError(f"there is no user {user!r} on this system (give one with --user NAME)") from None


def why_unwritable(user: str, data_dir: Path) -> str:
    """Why `user` could neither make nor write `data_dir`, or "" when they can: the app makes its
    games file there. Read from the folders' owners and modes (ACLs aside), as the user would meet them."""
    entry = pwd.getpwnam(user)
    if entry.pw_uid == 0:
        return ""
    home = Path(entry.pw_dir)
    if data_dir.is_relative_to(home) and not is_there(home):
        return f"{user}'s home, {home}, does not exist"
    folder = data_dir
    while not is_there(folder):
        folder = folder.parent
    if not folder.is_dir():
        return f"{folder} is a file, not a folder"
    groups = set(os.getgrouplist(user, entry.pw_gid))
    for above in [*reversed(folder.parents), folder]:
        if not may(entry.pw_uid, groups, above, os.W_OK | os.X_OK if above == folder else os.X_OK):
            status = above.stat()
            return f"{above} is {owner_name(status.st_uid)}'s (mode {stat.S_IMODE(status.st_mode):04o})"
    return ""


def owner_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"


def may(uid: int, groups: set[int], folder: Path, wanted: int) -> bool:
    """Whether a user with `uid` and `groups` has the `wanted` access (`os.W_OK`, `os.X_OK`) to `folder`."""
    status = folder.stat()
    if status.st_uid == uid:
        granted = status.st_mode >> 6
    elif status.st_gid in groups:
        granted = status.st_mode >> 3
    else:
        granted = status.st_mode
    return granted & wanted == wanted


def group_members(name: str) -> set[str] | None:
    """The users in group `name` (as a primary group too), or None when the system has no such group."""
    try:
        group = grp.getgrnam(name)
    except KeyError:
        return None
    return set(group.gr_mem) | {entry.pw_name for entry in pwd.getpwall() if entry.pw_gid == group.gr_gid}


def is_there(path: Path) -> bool:
    """Whether `path` exists; True when that cannot be told (a home this user may not look into)."""
    try:
        path.stat()
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return True


def plan_install(user: str, python: Path, data_dir: Path | None = None, config: Path | None = None) -> InstallPlan:
    """The files and commands that make this machine start the companion on its console at boot.

    The data dir defaults to `user`'s own (as `companion` run by that user finds it), and the unit
    names it, so the service and the user at a shell use the same saved games. The unit names a
    config only when one is given (`config`); otherwise the app reads `user`'s default config.
    """
    home = user_home(user)
    data_dir = (data_dir or home / ".local" / "share" / "companion").absolute()
    if why := why_unwritable(user, data_dir):
        raise InstallError(f"{user} could not make or write the data dir {data_dir}: {why}: give a user with a home"
                           f" of their own (--user NAME), or a data dir {user} may write (--data-dir DIR)")
    notes: list[str] = []
    default_config = home / ".config" / "companion" / "config.toml"
    if config is None and not is_there(default_config):
        notes.append(f"no config file at {default_config} yet: the service uses the defaults until one is there")
    joining: list[str] = []
    for group in GROUPS:
        in_group = group_members(group)
        if in_group is None:
            notes.append(f"no group {group} on this system: {user} is not added to it")
        elif user in in_group:
            notes.append(f"{user} is already in {group}")
        else:
            joining.append(group)
    commands: list[tuple[str, ...]] = []
    if joining:
        commands.append(("usermod", "-aG", ",".join(joining), user))
    commands += [
        ("systemctl", "daemon-reload"),
        ("systemctl", "enable", UNIT_PATH.name),
        ("udevadm", "control", "--reload-rules"),
        ("udevadm", "trigger", "--subsystem-match=tty", "--action=add"),
    ]
    return InstallPlan(
        files=(PlannedFile(UNIT_PATH, render_unit(user, python, data_dir, config and config.absolute())),
               PlannedFile(RULE_PATH, render_rule())),
        commands=tuple(commands),
        notes=tuple(notes),
    )


def under(prefix: Path, path: Path) -> Path:
    return prefix / path.relative_to(path.anchor)


def show(plan: InstallPlan, out: TextIO) -> None:
    """The whole plan as text: each file in full, then each command."""
    for planned in plan.files:
        print(f"# would write {planned.path}:", file=out)
        print(planned.text, file=out)
    for command in plan.commands:
        print(f"would run: {shlex.join(command)}", file=out)
    for note in plan.notes:
        print(f"note: {note}", file=out)


def carry_out(plan: InstallPlan, prefix: Path, out: TextIO) -> int:
    """Writes the files under `prefix`; runs the commands only when `prefix` is `/` (they change this system)."""
    for planned in plan.files:
        target = under(prefix, planned.path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(planned.text, encoding="utf-8")
        target.chmod(0o644)
        print(f"wrote {target}", file=out)
    for note in plan.notes:
        print(f"note: {note}", file=out)
    if prefix != Path("/"):
        for command in plan.commands:
            print(f"not run (the files went under {prefix}): {shlex.join(command)}", file=out)
        return 0
    failed = 0
    for command in plan.commands:
        try:
            result = subprocess.run(command, capture_output=True, text=True, check=False)
        except FileNotFoundError:
            print(f"skipped: {command[0]} is not installed here ({shlex.join(command)})", file=out)
            continue
        if result.returncode == 0:
            print(f"ran: {shlex.join(command)}", file=out)
        else:
            failed += 1
            reason = (result.stderr or "").strip().splitlines()
            print(f"failed (exit {result.returncode}): {shlex.join(command)}" + (f": {reason[-1]}" if reason else ""),
                  file=out)
    if not failed:
        print(f"Done. Start it now with: sudo systemctl start {UNIT_PATH.name} (it starts by itself at boot); "
              "log out and back in for the new groups to apply to your shell.", file=out)
    return 1 if failed else 0


def install(user: str, prefix: Path, dry_run: bool, data_dir: Path | None, config: Path | None,
            out: TextIO = sys.stdout) -> int:
    plan = plan_install(user, Path(sys.executable), data_dir, config)
    if dry_run:
        show(plan, out)
        return 0
    if prefix == Path("/") and os.geteuid() != 0:
        raise InstallError("install-service writes to /etc and changes groups: run it with sudo "
                           "(or add --dry-run to see what it would do)")
    return carry_out(plan, prefix, out)
