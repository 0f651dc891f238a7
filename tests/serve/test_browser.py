"""`companion web` in real headless Chromium: the printed address opens the table's game, followed over
a real mosquitto, and a roll at the table shows its total."""

import contextlib
import os
import random
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from companion.dice.rules import DiceRules, RollDice
from companion.tui.widgets.big_number import MOST_SCALE, big_lines
from tests.network.conftest import Mosquitto, table_settings
from tests.network.conftest import broker as broker  # the fixture, for this module's tests
from tests.network.tables import AuthorityParts
from tests.serve.conftest import WebView, descendants, follower_config, start_web_view, still_running

HISTORY_ROW = re.compile(r"\s*\d+\s+\d\d:\d\d:\d\d\s")
# xterm.js draws on a canvas, so its text is not in the DOM. A person would select it (shift+drag,
# which xterm keeps from the app) and copy it; the copy event below hands xterm a clipboard to fill.
COPY_SELECTION = """
const clipboard = new DataTransfer();
document.querySelector('.xterm').dispatchEvent(
    new ClipboardEvent('copy', {clipboardData: clipboard, bubbles: true, cancelable: true}));
return clipboard.getData('text/plain');
"""


def terminal_text(browser: WebDriver) -> str:
    """The terminal's text, selected from the second row to the second-last (the edges have tooltips)."""
    screen = browser.find_element("css selector", ".xterm-screen")
    width, height = screen.size["width"], screen.size["height"]
    (ActionChains(browser)
     .key_down(Keys.SHIFT)
     .move_to_element_with_offset(screen, -width // 2 + 1, -height // 2 + 30)
     .click_and_hold()
     .move_to_element_with_offset(screen, width // 2 - 1, height // 2 - 30)
     .release()
     .key_up(Keys.SHIFT)
     .perform())
    return browser.execute_script(COPY_SELECTION)


def text_once_it_shows(*needles: str):
    """A WebDriverWait condition: the terminal's text, once it contains one of `needles`."""
    def condition(browser: WebDriver) -> str | None:
        text = terminal_text(browser)
        return text if any(needle in text for needle in needles) else None

    return condition


def type_into(browser: WebDriver, *keys: str) -> None:
    """Keys typed into the terminal, as a person types them (`Keys.CONTROL + "p"` for ctrl+p)."""
    browser.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
    for key in keys:
        if key.startswith(Keys.CONTROL):
            ActionChains(browser).key_down(Keys.CONTROL).send_keys(key[1:]).key_up(Keys.CONTROL).perform()
        else:
            ActionChains(browser).send_keys(key).perform()


def why_the_view_ended(browser: WebDriver) -> str:
    """The page's notice once its view has ended (HTML over the terminal, so in the DOM)."""
    return browser.find_element("id", "why-ended").get_attribute("textContent") or ""


def ended_saying(words: str):
    """A WebDriverWait condition: the view has ended, and its notice says `words`."""
    def condition(browser: WebDriver) -> str | None:
        closed = browser.execute_script("return document.body.classList.contains('-closed')")
        said = why_the_view_ended(browser)
        return said if closed and words in said else None

    return condition


def shows_in_big_digits(text: str, number: int) -> bool:
    """Whether the block glyphs of `BigNumber` for `number`, at some scale, stand in `text`, one above the other."""
    lines = text.splitlines()
    width = max(map(len, lines), default=0)
    lines = [line.ljust(width) for line in lines]
    for scale in range(1, MOST_SCALE + 1):
        glyphs = big_lines(str(number), scale)
        for row in range(len(lines) - len(glyphs) + 1):
            column = lines[row].find(glyphs[0])
            while column != -1:
                if all(lines[row + i][column:column + len(glyph)] == glyph for i, glyph in enumerate(glyphs)):
                    return True
                column = lines[row].find(glyphs[0], column + 1)
    return False


@pytest.fixture
def followed_web_view(tmp_path: Path, broker: Mosquitto) -> Iterator[WebView]:
    """`companion web` for table club-1 on a real broker."""
    view = start_web_view(tmp_path / "web", tmp_path / "web-stderr.txt", broker.url)
    yield view
    view.process.terminate()
    view.process.wait(timeout=20)


@pytest.mark.long
def test_the_printed_address_opens_the_followed_table_and_a_roll_at_the_table_shows_its_total(
        followed_web_view, broker, chromium, tmp_path):
    authority = AuthorityParts(table_settings(broker), tmp_path / "games.sqlite3", "dice", DiceRules(random.Random(5)))
    try:
        chromium.get(followed_web_view.url)
        wait = WebDriverWait(chromium, 60)
        wait.until(text_once_it_shows("press Roll"))  # the table's dice game, on the dice roller's screen
        text = wait.until(text_once_it_shows("following table club-1"))

        authority.execute(RollDice())  # at the table
        text = wait.until(text_once_it_shows("generated"))

        roll = authority.session.state.last.roll
        (history_row,) = [line.split() for line in text.splitlines() if HISTORY_ROW.match(line)]
        # The row reads: number, time, dice, the faces, the total, where the roll came from.
        assert history_row[:history_row.index("generated")][-1 - len(roll.faces):] == [
            *map(str, roll.faces), str(roll.total)], text
        assert shows_in_big_digits(text, roll.total), text

        # A plain click on an empty part of the screen clears the selection before the picture is taken.
        screen = chromium.find_element("css selector", ".xterm-screen")
        ActionChains(chromium).move_to_element(screen).click().perform()
        screenshot = tmp_path / "web-view.png"
        assert chromium.save_screenshot(str(screenshot))
        assert screenshot.stat().st_size > 10_000
    finally:
        authority.close()


@pytest.mark.long
def test_a_browser_tab_offers_no_screenshot_so_a_viewer_writes_nothing_on_the_servers_disk(
        tmp_path, broker, chromium):
    home = tmp_path / "home"  # where the tab's default data dir and downloads would be
    view = start_web_view(tmp_path / "web", tmp_path / "web-stderr.txt", broker.url,
                          env={"HOME": str(home), "XDG_DATA_HOME": str(home / "data")})
    try:
        chromium.get(view.url)
        wait = WebDriverWait(chromium, 60)
        wait.until(text_once_it_shows("Table club-1 on"))
        type_into(chromium, Keys.CONTROL + "p")
        wait.until(text_once_it_shows("Messages"))  # the palette is open
        type_into(chromium, "screensh")
        text = wait.until(text_once_it_shows("No matches found", "Save a picture of the screen"))
        assert "Save a picture of the screen" not in text, text
    finally:
        view.process.terminate()
        view.process.wait(timeout=30)
    assert not home.exists()


def open_a_tab(browser: WebDriver, view: WebView) -> list[int]:
    """The printed address in the browser, once its view shows; the processes the server runs for it."""
    browser.get(view.url)
    WebDriverWait(browser, 60).until(text_once_it_shows("Table club-1 on"))
    tabs = descendants(view.process.pid)
    assert tabs
    return tabs


@pytest.mark.long
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_stopping_the_server_with_a_tab_open_ends_the_tabs_view_at_once_and_the_tab_says_so(
        tmp_path, broker, chromium, stop):
    view = start_web_view(tmp_path / "web", tmp_path / "web-stderr.txt", broker.url)
    tabs = []
    try:
        tabs = open_a_tab(chromium, view)
        view.process.send_signal(stop)
        # At once: it used to wait some 20 s for the tab's follower to notice.
        assert view.process.wait(timeout=10) == 0
        assert still_running(tabs, timeout=5) == []
        WebDriverWait(chromium, 10).until(ended_saying("companion web has stopped"))
    finally:
        for pid in [view.process.pid, *tabs]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.long
def test_a_server_killed_outright_takes_its_tabs_views_with_it(tmp_path, broker, chromium):
    view = start_web_view(tmp_path / "web", tmp_path / "web-stderr.txt", broker.url)
    tabs = []
    try:
        tabs = open_a_tab(chromium, view)
        view.process.kill()  # kill -9: the server can end nothing itself
        view.process.wait()
        assert still_running(tabs, timeout=10) == []
    finally:
        for pid in tabs:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.long
def test_a_tab_whose_view_cannot_start_says_why_and_so_does_the_servers_log(tmp_path, broker, chromium):
    view = start_web_view(tmp_path / "web", tmp_path / "web-stderr.txt", broker.url)
    try:
        # The config as the tab reads it when it opens: edited since the server started.
        config = follower_config(tmp_path / "web", "http://x")
        chromium.get(view.url)
        reason = (f"companion: {config}, line 2: table.broker: 'http://x' is not a broker URL: write"
                  " mqtt://HOST:PORT or mqtts://HOST:PORT")
        said = WebDriverWait(chromium, 60).until(ended_saying("could not start"))
        assert said == f"This view could not start: {reason}"
    finally:
        view.process.terminate()
        view.process.wait(timeout=20)
    assert view.stderr.read_text() == f"companion web: this view could not start: {reason}\n"


FAULT_ON_THE_FIRST_STATE = """
import sys

if "follow" in sys.argv:
    from companion.tui.follow_app import FollowerApp

    def on_table_seen(self, message):
        raise RuntimeError("the test's fault, on the table's first state")

    FollowerApp.on_table_seen = on_table_seen
"""
"""A `sitecustomize` for every Python program started with it on PYTHONPATH: the tabs' followers
fail once the table publishes, after their view has started; the server is left as it is."""


@pytest.mark.long
def test_a_tab_whose_view_ends_in_error_after_it_started_says_why_and_so_does_the_servers_log(
        tmp_path, broker, chromium):
    faulty = tmp_path / "faulty"
    faulty.mkdir()
    (faulty / "sitecustomize.py").write_text(FAULT_ON_THE_FIRST_STATE)
    path = os.pathsep.join(filter(None, [str(faulty), os.environ.get("PYTHONPATH")]))
    view = start_web_view(tmp_path / "web", tmp_path / "web-stderr.txt", broker.url, {"PYTHONPATH": path})
    parts = None
    try:
        open_a_tab(chromium, view)
        parts = AuthorityParts(table_settings(broker), tmp_path / "games.sqlite3", "dice", DiceRules(random.Random(1)))
        reason = ("companion: internal error: RuntimeError: the test's fault, on the table's first state"
                  " (run with --debug for the traceback)")
        said = WebDriverWait(chromium, 60).until(ended_saying("ended"))
        assert said == f"This view ended: {reason}"
    finally:
        if parts is not None:
            parts.close()
        view.process.terminate()
        view.process.wait(timeout=20)
    assert view.stderr.read_text() == f"companion web: this view ended: {reason}\n"


@pytest.mark.long
def test_open_it_again_after_a_restart_opens_the_view_again_with_the_token_kept(tmp_path, broker, chromium):
    view = start_web_view(tmp_path / "web", tmp_path / "web-stderr.txt", broker.url)
    open_a_tab(chromium, view)
    assert view.stop() == 0
    WebDriverWait(chromium, 10).until(ended_saying("companion web has stopped"))
    again = start_web_view(tmp_path / "web", tmp_path / "again-stderr.txt", broker.url, None, view.port)
    try:
        chromium.find_element("css selector", ".ended button").click()  # Open it again
        WebDriverWait(chromium, 60).until(text_once_it_shows("Table club-1 on"))
    finally:
        again.stop()
