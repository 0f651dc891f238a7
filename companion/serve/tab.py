"""One browser tab's view: a program of its own (a `companion follow`) in Textual's web mode, fed the
tab's keys and size over its websocket, its screen sent back, and ended with the tab or the server.

This speaks the protocol textual-serve's `AppService` speaks, with what `companion web` needs
besides: the program is started without a shell, through `launch`, so that it dies with the server
even when the server is killed; the server ends every tab's program at once when it stops; and a
program that cannot start (or ends in error) says why, in the tab and in the server's log.
"""

import asyncio
import contextlib
import json
import os
import sys
from importlib.metadata import version

from aiohttp import WSMsgType, web

from companion.serve.command import ServedCommand

READY = b"__GANGLION__\n"
"""What a Textual app in web mode writes first, before its packets."""
LINES_BEFORE_READY = 10
KEPT_STDERR = 16 * 1024
"""Bytes of a program's stderr kept, the last ones: where it says why it failed."""
ENDED = "companion_ended"
"""The text message telling the page why its view ended (the page shows it; textual.js ignores it)."""
SERVER_STOPPED = "companion web has stopped: start it again, then open this view again"
LARGEST_SIDE = 1000
"""Cells: a terminal size beyond this from a browser is taken as this."""


def launched(argv: tuple[str, ...]) -> tuple[str, ...]:
    """`argv`, started so that it ends with this server (see `launch`)."""
    return sys.executable, "-m", "companion.serve.launch", str(os.getpid()), *argv


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def cells(given: object, default: int) -> int:
    try:
        return min(max(int(str(given)), 1), LARGEST_SIDE)
    except ValueError:
        return default


class Tab:
    """One tab's program; `serve` it over the tab's websocket, `stop` it from elsewhere."""

    def __init__(self, command: ServedCommand) -> None:
        self.argv = launched(command.argv)
        self.env = command.env
        self.debug = command.debug
        self.process: asyncio.subprocess.Process | None = None
        self._stderr = bytearray()
        self._stopped: str | None = None
        """Why the server ended the program ("": the tab went), or None while it has not."""

    async def serve(self, websocket: web.WebSocketResponse, width: int, height: int) -> None:
        """Runs the program until it ends or the tab goes, whichever comes first, then ends the other,
        telling the tab why its view ended unless it quit as asked."""
        self.process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._environment(width, height))
        if self._stopped is not None:  # the server began to stop while the program was starting
            self.stop()
        errors = asyncio.create_task(self._keep_stderr())
        program = asyncio.create_task(self._from_program(websocket))
        browser = asyncio.create_task(self._from_browser(websocket))
        ended_itself = False
        try:
            done, _ = await asyncio.wait((program, browser), return_when=asyncio.FIRST_COMPLETED)
            ended_itself = program in done
        finally:
            if not ended_itself:
                self.stop()  # the tab has gone, or the server is going
            await asyncio.gather(program, return_exceptions=True)
            await process.wait()
            await errors
            why = self._why_ended(started=program.result())
            if why:
                with contextlib.suppress(ConnectionError, RuntimeError):  # the tab went meanwhile
                    await websocket.send_json([ENDED, why])
            # While the tab's messages are still read: the browser's answer to the close ends the reading.
            await websocket.close()
            await asyncio.gather(browser, return_exceptions=True)

    def stop(self, why: str = "") -> None:
        """Ends the program at once: it holds nothing to save (a follower has no games file)."""
        if self._stopped is None:
            self._stopped = why
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()

    def _environment(self, width: int, height: int) -> dict[str, str]:
        return {
            **os.environ, **self.env,
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual",
            "TERM_PROGRAM_VERSION": version("textual-serve"),
            "COLUMNS": str(width),
            "ROWS": str(height),
        }

    def _why_ended(self, started: bool) -> str:
        """Why the view ended, for the tab and the server's log; "" for a program that quit as asked."""
        if self._stopped is not None:
            return self._stopped
        assert self.process is not None
        status = self.process.returncode
        if started and status == 0:
            return ""
        said = [line.strip() for line in self._stderr.decode("utf-8", "replace").splitlines() if line.strip()]
        reason = said[-1] if said else f"its program ended with status {status}"
        why = f"{'this view ended' if started else 'this view could not start'}: {reason}"
        print(f"companion web: {why}", file=sys.stderr, flush=True)
        if self.debug and said:
            print(self._stderr.decode("utf-8", "replace"), file=sys.stderr, end="", flush=True)
        return why[0].upper() + why[1:]

    async def _keep_stderr(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        while chunk := await self.process.stderr.read(4096):
            self._stderr += chunk
            del self._stderr[:-KEPT_STDERR]

    async def _from_program(self, websocket: web.WebSocketResponse) -> bool:
        """The program's screen to the tab, until the program ends; False if it never started."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        for _ in range(LINES_BEFORE_READY):
            line = await stdout.readline()
            if line == READY:
                break
            if not line:
                return False
        else:
            return False
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError, RuntimeError):
            while True:
                head = await stdout.readexactly(5)
                payload = await stdout.readexactly(int.from_bytes(head[1:], "big"))
                if head[:1] == b"D":
                    await websocket.send_bytes(payload)
                # Meta packets (the app's exit) and file deliveries: the program's end says the rest,
                # and a follower delivers no files.
        return True

    async def _from_browser(self, websocket: web.WebSocketResponse) -> None:
        """The tab's keys, size, focus and pings, until the tab goes; a message not understood is skipped."""
        async for message in websocket:
            if message.type is not WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(body, str):
                await self._send(packet(b"D", body.encode("utf-8", "replace")))
            elif kind == "resize" and isinstance(body, dict):
                await self._meta({"type": "resize", "width": cells(body.get("width"), 80),
                                  "height": cells(body.get("height"), 24)})
            elif kind in ("focus", "blur"):
                await self._meta({"type": kind})
            elif kind == "ping":
                await websocket.send_json(["pong", body])

    async def _meta(self, meta: dict[str, object]) -> None:
        await self._send(packet(b"M", json.dumps(meta).encode()))

    async def _send(self, data: bytes) -> None:
        assert self.process is not None and self.process.stdin is not None
        with contextlib.suppress(ConnectionError, RuntimeError):  # the program has ended: the tab learns it so
            self.process.stdin.write(data)
            await self.process.stdin.drain()


class Tabs:
    """Every tab's view being served, so that the server can end them all when it stops."""

    def __init__(self, command: ServedCommand) -> None:
        self.command = command
        self.open: set[Tab] = set()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The page's websocket: one program per tab, for as long as the tab is open."""
        websocket = web.WebSocketResponse(heartbeat=15)
        if not websocket.can_prepare(request).ok:
            raise web.HTTPBadRequest(text="companion web: /ws is the page's live connection, which the page opens"
                                          " itself: open the address that `companion web` printed\n")
        await websocket.prepare(request)
        tab = Tab(self.command)
        self.open.add(tab)
        try:
            await tab.serve(websocket, cells(request.query.get("width"), 80), cells(request.query.get("height"), 24))
        finally:
            self.open.discard(tab)
        return websocket

    async def stop_all(self, _: web.Application) -> None:
        """On the server's shutdown: every program ends now, rather than the server waiting for its tab."""
        for tab in list(self.open):
            tab.stop(SERVER_STOPPED)
