"""`companion web` refuses every request without its access token: page, assets and websocket alike."""

import argparse
import http.client
import itertools
import os
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from companion.serve.command import served_command
from companion.serve.server import addresses
from tests.serve.conftest import follower_config, start_web_view

WEBSOCKET_UPGRADE = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


def cookie_for(web_view, token=None) -> dict[str, str]:
    return {"Cookie": f"companion_token_{web_view.port}={token or web_view.token}"}


@pytest.mark.parametrize("path", ["/", "/static/js/textual.js", "/static/css/xterm.css", "/ws", "/download/x"])
def test_a_request_without_the_token_is_refused_with_401(shared_web_view, path):
    assert shared_web_view.get(path).status == 401


def test_a_websocket_upgrade_without_the_token_is_refused_with_401(shared_web_view):
    assert shared_web_view.get("/ws", WEBSOCKET_UPGRADE).status == 401


@pytest.mark.parametrize("token", ["wrong", "", "%C3%A9", "x" * 200])
def test_a_wrong_token_in_the_address_or_the_cookie_is_refused_with_403(shared_web_view, token):
    assert shared_web_view.get(f"/?token={token}").status == 403
    assert shared_web_view.get("/static/js/textual.js", cookie_for(shared_web_view, token or "-")).status == 403


def test_the_printed_address_opens_the_page_and_sets_a_strict_http_only_cookie_for_what_follows(shared_web_view):
    page = shared_web_view.get(f"/?token={shared_web_view.token}")
    assert page.status == 200
    assert page.headers["Cache-Control"] == "no-store"
    cookie = page.headers["Set-Cookie"]
    assert cookie.startswith(f"companion_token_{shared_web_view.port}={shared_web_view.token};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert shared_web_view.get("/static/js/textual.js", cookie_for(shared_web_view)).status == 200
    assert shared_web_view.get("/static/css/xterm.css", cookie_for(shared_web_view)).status == 200


def test_the_token_is_kept_in_the_data_dir_so_the_same_address_opens_the_page_after_a_restart(web_view, tmp_path):
    kept = web_view.data_dir / "web-token"
    assert kept.read_text() == f"{web_view.token}\n"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert web_view.stop() == 0
    again = start_web_view(web_view.data_dir, tmp_path / "again-stderr.txt", port=web_view.port)
    try:
        assert again.url == web_view.url
        assert again.get(f"/?token={web_view.token}").status == 200
    finally:
        again.stop()


def test_a_new_token_asked_for_refuses_the_old_address_saying_the_token_is_not_this_servers(web_view, tmp_path):
    assert web_view.stop() == 0
    again = start_web_view(web_view.data_dir, tmp_path / "again-stderr.txt", "mqtt://127.0.0.1:9", None,
                           web_view.port, "--new-token")
    try:
        assert again.token != web_view.token and len(again.token) >= 32
        assert (web_view.data_dir / "web-token").read_text() == f"{again.token}\n"
        refused, text = again.answer(f"/?token={web_view.token}")
        assert refused.status == 403
        assert text.startswith("companion web: this address's access token is not this server's. The server may"
                               " have been given a new token (companion web --new-token)")
        assert "Open the address the server printed when it started: in the terminal it runs in, or in its log" in text
    finally:
        again.stop()


def test_servers_on_different_data_dirs_have_different_random_tokens(web_view, tmp_path):
    other = start_web_view(tmp_path / "other", tmp_path / "other-stderr.txt")
    try:
        assert other.token != web_view.token and len(other.token) >= 32
        assert other.get(f"/?token={web_view.token}").status == 403
    finally:
        other.stop()


@pytest.mark.parametrize(("text", "mode", "problem"), [
    ("x" * 32 + "\n", 0o644, "other users may read the access token (mode 0644): companion web --new-token makes"
                             " a new one, readable by you only"),
    ("not a token\n", 0o600, "holds no access token: companion web --new-token makes a new one"),
    ("\xff" * 40, 0o600, "holds no access token: companion web --new-token makes a new one"),
])
def test_a_kept_token_others_may_read_or_that_is_no_token_is_refused_in_one_line(tmp_path, text, mode, problem):
    config = follower_config(tmp_path, "mqtt://127.0.0.1:9")
    kept = tmp_path / "data" / "web-token"
    kept.parent.mkdir()
    kept.write_text(text, encoding="latin-1")
    kept.chmod(mode)
    result = subprocess.run([sys.executable, "-m", "companion", "--data-dir", str(kept.parent), "--config",
                             str(config), "web", "--port", "0"], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == f"companion: {kept}: {problem}\n"


def test_a_websocket_opened_from_another_sites_page_is_refused_even_with_the_cookie(shared_web_view):
    foreign = {**WEBSOCKET_UPGRADE, **cookie_for(shared_web_view), "Origin": "http://127.0.0.1:9"}
    assert shared_web_view.get("/ws", foreign).status == 403


def test_a_plain_request_for_the_live_connection_is_a_clean_400_with_no_traceback(web_view):
    answer = web_view.get("/ws", cookie_for(web_view))
    assert answer.status == 400
    web_view.process.send_signal(signal.SIGTERM)
    assert web_view.process.wait(timeout=20) == 0
    assert web_view.stderr.read_text() == ""


def test_the_server_stops_cleanly_on_sigterm(web_view):
    web_view.process.send_signal(signal.SIGTERM)
    assert web_view.process.wait(timeout=20) == 0


def test_a_port_already_in_use_is_one_clear_line_and_a_non_zero_exit(tmp_path):
    config = follower_config(tmp_path, "mqtt://127.0.0.1:9")
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "companion", "--config", str(config), "web", "--port", str(port)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60, env=os.environ)
    assert result.returncode == 1
    assert result.stderr == f"companion: cannot listen on 127.0.0.1:{port}: Address already in use\n"


@pytest.mark.parametrize("port", ["99999", "-5", "65536", "http"])
def test_a_port_that_is_not_one_is_a_one_line_usage_error(tmp_path, port):
    config = follower_config(tmp_path, "mqtt://127.0.0.1:9")
    command = [sys.executable, "-m", "companion", "--config", str(config), "web", "--port", port]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, env=os.environ)
    assert result.returncode == 2
    shown = port if port.lstrip("-").isdigit() else f"'{port}'"
    assert result.stderr == (f"companion: argument --port: {shown} is not a port number: give 1 to 65535, or 0 for"
                             " any free one (companion web --help)\n")


def test_each_browser_tab_follows_the_configured_table_read_only(tmp_path):
    config = follower_config(tmp_path, "mqtt://pi.local:1883", "club-7")
    command = served_command(argparse.Namespace(config=config), env={})
    assert command.argv[-5:] == ("--config", str(config.resolve()), "follow", "--table", "club-7")
    assert command.env == {}


def test_debug_is_passed_on_to_each_tabs_follower(tmp_path):
    config = follower_config(tmp_path, "mqtt://pi.local:1883", "club-7")
    command = served_command(argparse.Namespace(config=config, debug=True), env={})
    assert command.argv[-6:] == ("--config", str(config.resolve()), "--debug", "follow", "--table", "club-7")
    assert command.debug


def test_the_help_says_what_the_web_view_serves_and_needs_and_offers_only_options_that_do_something():
    shown = subprocess.run([sys.executable, "-m", "companion", "web", "--help"], capture_output=True, text=True,
                           timeout=60)
    text = " ".join(shown.stdout.split())
    assert "Serves the table's game to browsers, read only" in text
    assert "(broker and name must be set there)" in text
    assert "--data-dir DATA_DIR where the access token is kept" in text
    assert "--debug the full traceback of an unexpected error, the server's and each tab's" in text
    assert "--seed" not in text


@pytest.mark.parametrize(("words", "problem"), [
    (["--seed", "3", "web"], "--seed does nothing here: a browser tab rolls no dice"),
    (["web", "--seed", "3"], "unrecognized arguments: --seed 3"),
])
def test_a_seed_for_the_web_view_is_a_one_line_usage_error(tmp_path, words, problem):
    config = follower_config(tmp_path, "mqtt://127.0.0.1:9")
    result = subprocess.run([sys.executable, "-m", "companion", "--config", str(config), *words, "--port", "0"],
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"companion: {problem} (companion web --help)\n"


def test_without_a_table_network_in_the_config_the_web_view_says_what_to_set_in_one_line(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[speech]\nenabled = false\n")
    result = subprocess.run([sys.executable, "-m", "companion", "--config", str(config), "web", "--port", "0"],
                            capture_output=True, text=True, timeout=60, env=os.environ)
    assert result.returncode == 1
    assert result.stderr == ("companion: companion web shows the table network's game: set broker and name in the"
                             " config's [table] (see docs/table_network.md)\n")


def local_ipv4_addresses() -> set[str]:
    """This machine's own IPv4 addresses as the kernel's routing table lists them (`/32 host LOCAL`)."""
    lines = Path("/proc/net/fib_trie").read_text().splitlines()
    return {previous.split("-- ")[1] for previous, line in itertools.pairwise(lines)
            if line.strip() == "/32 host LOCAL" and not previous.split("-- ")[1].startswith("127.")}


def test_a_server_on_every_interface_prints_this_machines_network_addresses_and_its_local_name():
    *numbers, name = addresses("0.0.0.0", 8000, "t")
    assert name == f"http://{socket.gethostname().split('.')[0]}.local:8000/?token=t"
    shown = [address.removeprefix("http://").removesuffix(":8000/?token=t") for address in numbers]
    assert shown and set(shown) <= local_ipv4_addresses()
    assert addresses("::", 8000, "t") == addresses("0.0.0.0", 8000, "t")


def test_a_server_on_one_address_prints_that_address_with_ipv6_in_brackets():
    assert addresses("::1", 8001, "t") == ["http://[::1]:8001/?token=t"]
    assert addresses("127.0.0.1", 8002, "t") == ["http://127.0.0.1:8002/?token=t"]


def test_every_address_printed_for_phones_opens_the_page(tmp_path):
    config = follower_config(tmp_path, "mqtt://127.0.0.1:9")
    server = subprocess.Popen([sys.executable, "-m", "companion", "--data-dir", str(tmp_path / "data"), "--config",
                               str(config), "web", "--host", "0.0.0.0", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        printed = []
        while not (line := server.stdout.readline()).startswith("Each browser tab"):
            assert line, server.stderr.read() if server.stderr else ""
            printed.append(line.rstrip("\n"))
        assert printed[0].startswith("companion web: open http://")
        assert all(line.startswith("companion web:   or http://") for line in printed[1:])
        urls = [urlsplit(line.split()[-1]) for line in printed]
        assert urls[-1].hostname == f"{socket.gethostname().split('.')[0]}.local"
        for shown in urls[:-1]:
            connection = http.client.HTTPConnection(shown.hostname, shown.port, timeout=10)
            connection.request("GET", f"/?{shown.query}")
            assert connection.getresponse().status == 200, shown
            connection.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
