"""`companion web` as a person starts it: a real server process on a free port, and the address it prints."""

import contextlib
import http.client
import os
import queue
import re
import select
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

PRINTED_ADDRESS = re.compile(r"companion web: open (http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]+))\n")


@dataclass(frozen=True)
class WebView:
    process: subprocess.Popen
    url: str
    port: int
    token: str
    data_dir: Path
    stderr: Path

    def get(self, path: str, headers: Mapping[str, str] | None = None) -> http.client.HTTPResponse:
        """One GET, answered as sent: no redirects followed, no cookies kept."""
        return self.answer(path, headers)[0]

    def answer(self, path: str, headers: Mapping[str, str] | None = None) -> tuple[http.client.HTTPResponse, str]:
        """One GET as `get` sends it, and the text of its answer."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path, headers=dict(headers or {}))
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
        return response, text

    def stop(self) -> int:
        self.process.terminate()
        return self.process.wait(timeout=20)


def follower_config(folder: Path, broker_url: str, table: str = "club-1") -> Path:
    """The config of a companion that serves the table `table` on the broker to browsers."""
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "config.toml"
    config.write_text(f'[table]\nbroker = "{broker_url}"\nname = "{table}"\n')
    return config


def start_web_view(data_dir: Path, stderr_file: Path, broker_url: str = "mqtt://127.0.0.1:9",
                   env: Mapping[str, str] | None = None, port: int = 0, *more: str) -> WebView:
    """`companion web` for the table network on `broker_url` (the default one is never connected to:
    a tab's follower only tries it, and the server itself opens no connection), with `env` added to
    its environment and `more` options."""
    config = follower_config(data_dir, broker_url)
    with stderr_file.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "--config", str(config), "web",
             "--port", str(port), *more],
            stdout=subprocess.PIPE, stderr=stderr, text=True,
            env={**os.environ, "GPIOZERO_PIN_FACTORY": "mock", **(env or {})})
    lines: queue.Queue[str | None] = queue.Queue()

    def read_lines() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read_lines, daemon=True).start()
    first = lines.get(timeout=30)
    if first is None:
        process.wait(timeout=10)
        pytest.fail(f"companion web exited {process.returncode}: {stderr_file.read_text()}")
    printed = PRINTED_ADDRESS.fullmatch(first)
    assert printed, f"unexpected first line: {first!r}"
    return WebView(process, printed[1], int(printed[2]), printed[3], data_dir, stderr_file)


def served(folder: Path) -> Iterator[WebView]:
    view = start_web_view(folder / "data", folder / "web-stderr.txt")
    yield view
    view.process.terminate()
    view.process.wait(timeout=20)


@pytest.fixture
def web_view(tmp_path: Path) -> Iterator[WebView]:
    """A server of its own, for a test that stops it or compares it with another."""
    yield from served(tmp_path)


@pytest.fixture(scope="module")
def shared_web_view(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebView]:
    """One server for a module's tests that only send it requests, which change nothing on it."""
    yield from served(tmp_path_factory.mktemp("web"))


def descendants(pid: int) -> list[int]:
    """Every process under `pid` (its children, theirs ...), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended meanwhile
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, waiting = [], [pid]
    while waiting:
        below = children.get(waiting.pop(), [])
        found += below
        waiting += below
    return found


def still_running(pids: list[int], timeout: float) -> list[int]:
    """Those of `pids` that have not ended within `timeout`: each one's end is awaited (a pidfd), not polled."""
    handles: dict[int, int] = {}
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # ended already
            handles[os.pidfd_open(pid)] = pid
    try:
        waiting = list(handles)
        deadline = time.monotonic() + timeout
        while waiting:
            ended, _, _ = select.select(waiting, [], [], max(deadline - time.monotonic(), 0))
            if not ended:
                break  # the time is up
            waiting = [handle for handle in waiting if handle not in ended]
        return [handles[handle] for handle in waiting]
    finally:
        for handle in handles:
            os.close(handle)


CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # xterm.js draws with WebGL; headless Chromium without a GPU draws it in software only when asked.
    "--enable-unsafe-swiftshader", "--window-size=1280,900",
)


@pytest.fixture
def chromium(tmp_path: Path) -> Iterator["WebDriver"]:
    """Debian's headless Chromium through Debian's chromedriver (`.ci/run` installs both)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.fail("needs Debian's chromium and chromium-driver: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'chromium-profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    yield driver
    driver.quit()
