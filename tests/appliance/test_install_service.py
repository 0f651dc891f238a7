"""`companion install-service`: the unit and udev rule it writes, checked by systemd itself, and what it runs."""

import grp
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from companion.appliance.install import GROUPS, RULE_PATH, UNIT_PATH, render_unit

ME = pwd.getpwuid(os.getuid()).pw_name


def companion(*args: str, as_user: str | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "companion", *args]
    if as_user is not None:
        entry = pwd.getpwnam(as_user)
        command = ["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--clear-groups", *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "GPIOZERO_PIN_FACTORY": "mock"})


def unit_settings(text: str) -> dict[str, list[str]]:
    """`Section.Key` → every value it is given, in order (a unit may repeat a key, as Environment=)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif line and not line.startswith("#"):
            key, value = line.split("=", 1)
            settings.setdefault(f"{section}.{key}", []).append(value)
    return settings


def verify(unit: Path) -> subprocess.CompletedProcess:
    if shutil.which("systemd-analyze") is None:
        pytest.fail("needs systemd-analyze: apt-get install systemd (.ci/run does)")
    return subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)


@pytest.fixture
def installed(tmp_path) -> Path:
    result = companion("--data-dir", str(tmp_path / "games"), "install-service", "--user", ME,
                       "--prefix", str(tmp_path / "root"))
    assert result.returncode == 0, result.stderr
    return tmp_path / "root"


def test_the_unit_starts_the_app_on_the_console_at_boot_as_the_user_and_again_whenever_it_ends(installed, tmp_path):
    unit = unit_settings((installed / "etc/systemd/system/companion.service").read_text())
    assert unit["Service.ExecStart"] == [f"{sys.executable} -m companion"]
    assert unit["Service.User"] == [ME]
    assert unit["Service.TTYPath"] == ["/dev/tty1"]
    assert unit["Service.StandardInput"] == ["tty"] and unit["Service.StandardOutput"] == ["tty"]
    assert unit["Unit.Conflicts"] == ["getty@tty1.service"]
    # Ctrl-Q ends the app with 0: it comes back, since the login prompt it conflicts with does not.
    assert unit["Service.Restart"] == ["always"]
    assert unit["Install.WantedBy"] == ["multi-user.target"]


def test_the_unit_waits_for_the_data_dirs_filesystem_and_gives_the_app_that_data_dir(installed, tmp_path):
    unit = unit_settings((installed / "etc/systemd/system/companion.service").read_text())
    assert unit["Unit.RequiresMountsFor"] == [str(tmp_path / "games")]
    assert f"COMPANION_DATA_DIR={tmp_path / 'games'}" in unit["Service.Environment"]


def test_the_unit_works_in_a_directory_systemd_makes_writable_for_the_user_because_lgpio_writes_there(installed):
    unit = unit_settings((installed / "etc/systemd/system/companion.service").read_text())
    assert unit["Service.StateDirectory"] == ["companion"]
    assert unit["Service.WorkingDirectory"] == ["/var/lib/companion"]


def test_systemd_analyze_verifies_the_unit_without_a_single_warning(installed):
    result = verify(installed / "etc/systemd/system/companion.service")
    assert (result.returncode, result.stderr.strip(), result.stdout.strip()) == (0, "", "")


def test_systemd_analyze_would_catch_a_unit_naming_a_python_that_is_not_there(tmp_path):
    broken = tmp_path / "companion.service"
    broken.write_text(render_unit(ME, Path("/nonexistent/bin/python"), tmp_path, None))
    result = verify(broken)
    assert result.returncode != 0 and "/nonexistent/bin/python" in result.stderr


def service_environment(unit_text: str, home: Path) -> dict[str, str]:
    """What the app gets from the unit, as systemd gives it to a service with `User=`: the unit's
    Environment= settings, and the user's home."""
    settings = dict(value.split("=", 1) for value in unit_settings(unit_text)["Service.Environment"])
    return {"PATH": os.environ["PATH"], "HOME": str(home), "GPIOZERO_PIN_FACTORY": "mock", **settings}


def test_on_a_fresh_pi_without_a_config_file_the_service_starts_with_the_defaults(installed, tmp_path):
    unit = (installed / "etc/systemd/system/companion.service").read_text()
    home = tmp_path / "home"
    home.mkdir()
    env = service_environment(unit, home)
    assert "COMPANION_CONFIG" not in env
    started = subprocess.run([sys.executable, "-m", "companion", "games"], capture_output=True, text=True,
                             timeout=60, env=env)
    assert (started.returncode, started.stderr) == (0, "")


def test_a_config_written_after_the_install_in_the_users_home_is_the_one_the_service_reads(installed, tmp_path):
    unit = (installed / "etc/systemd/system/companion.service").read_text()
    config = tmp_path / "home" / ".config" / "companion" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("[pins]\nroll = 99\n")
    started = subprocess.run([sys.executable, "-m", "companion", "games"], capture_output=True, text=True,
                             timeout=60, env=service_environment(unit, tmp_path / "home"))
    assert started.returncode == 1 and started.stderr.startswith(f"companion: {config}, line 2: pins.roll:")


def test_a_config_named_at_install_is_named_in_the_unit(tmp_path):
    config = tmp_path / "table.toml"
    config.write_text("[gpio]\ndebounce_ms = 30\n")
    result = companion("--config", str(config), "install-service", "--user", ME, "--prefix", str(tmp_path / "root"))
    assert result.returncode == 0, result.stderr
    unit = unit_settings((tmp_path / "root/etc/systemd/system/companion.service").read_text())
    assert f"COMPANION_CONFIG={config}" in unit["Service.Environment"]


def test_the_udev_rule_names_the_pico_board_companion_board_for_dialout_and_keeps_modemmanager_off_it(installed):
    (rule,) = [line for line in (installed / "etc/udev/rules.d/99-companion-board.rules").read_text().splitlines()
               if line and not line.startswith("#")]
    keys = [part.strip() for part in rule.split(",")]
    assert keys == ['SUBSYSTEM=="tty"', 'ATTRS{idVendor}=="2e8a"', 'SYMLINK+="companion-board"', 'GROUP="dialout"',
                    'MODE="0660"', 'ENV{ID_MM_DEVICE_IGNORE}="1"']


def test_both_files_are_readable_by_all_and_writable_by_root_only(installed):
    for path in (UNIT_PATH, RULE_PATH):
        assert (installed / path.relative_to("/")).stat().st_mode & 0o777 == 0o644


def test_under_a_prefix_nothing_that_changes_this_system_is_run(tmp_path):
    result = companion("install-service", "--user", ME, "--prefix", str(tmp_path))
    ran = [line for line in result.stdout.splitlines() if line.startswith("ran:")]
    not_run = [line for line in result.stdout.splitlines() if line.startswith("not run")]
    assert ran == [] and any("systemctl enable companion.service" in line for line in not_run)


def test_dry_run_prints_exactly_the_files_a_real_install_writes_and_writes_nothing(installed, tmp_path):
    result = companion("--data-dir", str(tmp_path / "games"), "install-service", "--user", ME, "--dry-run")
    assert result.returncode == 0, result.stderr
    for path in (UNIT_PATH, RULE_PATH):
        written = (installed / path.relative_to("/")).read_text()
        assert f"# would write {path}:\n{written}\n" in result.stdout
    assert "would run: systemctl enable companion.service" in result.stdout


def test_the_user_joins_gpio_and_dialout_where_this_system_has_them_and_each_other_case_is_said(tmp_path):
    result = companion("install-service", "--user", ME, "--dry-run")
    lines = result.stdout.splitlines()
    joined = []
    for group in GROUPS:
        try:
            entry = grp.getgrnam(group)
        except KeyError:
            assert f"note: no group {group} on this system: {ME} is not added to it" in lines
            continue
        if ME in entry.gr_mem or pwd.getpwnam(ME).pw_gid == entry.gr_gid:
            assert f"note: {ME} is already in {group}" in lines
        else:
            joined.append(group)
    usermod = [line for line in lines if "usermod" in line]
    assert usermod == ([f"would run: usermod -aG {','.join(joined)} {ME}"] if joined else [])


def test_an_unknown_user_is_one_clear_line_and_nothing_is_written(tmp_path):
    result = companion("install-service", "--user", "no-such-player", "--prefix", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr == "companion: there is no user 'no-such-player' on this system (give one with --user NAME)\n"
    assert list(tmp_path.iterdir()) == []


HOMELESS = "nobody"
"""Debian's user with no home: /nonexistent."""
ADVICE = ": give a user with a home of their own (--user NAME), or a data dir nobody may write (--data-dir DIR)\n"


def test_a_user_without_a_home_for_the_data_dir_is_refused_in_one_line_and_nothing_is_written(tmp_path):
    home = Path(pwd.getpwnam(HOMELESS).pw_dir)
    assert not home.exists(), f"this test needs a user whose home does not exist, as Debian's {HOMELESS}"
    result = companion("install-service", "--user", HOMELESS, "--prefix", str(tmp_path))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (f"companion: {HOMELESS} could not make or write the data dir"
                             f" {home}/.local/share/companion: {HOMELESS}'s home, {home}, does not exist{ADVICE}")
    assert list(tmp_path.iterdir()) == []


def test_a_data_dir_in_a_folder_the_user_may_not_write_is_refused_in_one_line(tmp_path):
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o755)
    result = companion("--data-dir", str(closed / "games"), "install-service", "--user", HOMELESS, "--dry-run")
    assert (result.returncode, result.stdout) == (1, "")
    (line,) = result.stderr.splitlines(keepends=True)
    assert line.startswith(f"companion: {HOMELESS} could not make or write the data dir {closed / 'games'}: ")
    assert line.endswith(ADVICE) and "mode 07" in line


def test_a_data_dir_in_a_folder_the_user_may_write_is_taken(tmp_path):
    shared = Path(tempfile.mkdtemp(dir="/tmp"))  # outside pytest's folders, which only their owner may enter
    try:
        shared.chmod(0o1777)
        result = companion("--data-dir", str(shared / "games"), "install-service", "--user", HOMELESS, "--dry-run")
        assert (result.returncode, result.stderr) == (0, "")
        assert f"Environment=COMPANION_DATA_DIR={shared / 'games'}" in result.stdout
    finally:
        shutil.rmtree(shared)


def test_a_data_dir_with_a_space_is_refused_in_one_line_because_the_unit_could_not_name_it(tmp_path):
    result = companion("--data-dir", str(tmp_path / "my games"), "install-service", "--user", ME, "--dry-run")
    assert result.returncode == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("companion: the data dir") and "without spaces" in line


def test_without_root_a_real_install_says_to_use_sudo_and_changes_nothing(tmp_path):
    # Run as root (here, CI), the command is run as nobody to see what a person without sudo sees.
    result = companion("install-service", "--user", ME, as_user="nobody" if os.geteuid() == 0 else None)
    assert result.returncode == 1
    assert result.stderr.startswith("companion: install-service writes to /etc and changes groups: run it with sudo")
