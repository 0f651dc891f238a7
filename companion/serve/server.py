"""The web server behind `companion web`: the page, textual-serve's assets and a view per tab (`tab`),
all behind the token guard."""

import html
import socket
import sys
from importlib.resources import files
from string import Template
from typing import TextIO

from aiohttp import web

from companion.errors import CompanionError
from companion.serve.addresses import hosts, url
from companion.serve.command import ServedCommand
from companion.serve.guard import TOKEN_PARAMETER, token_guard
from companion.serve.tab import Tabs

PAGE = Template(files("companion.serve").joinpath("page.html").read_text(encoding="utf-8"))
ASSETS = files("textual_serve").joinpath("static")
"""textual-serve's terminal for the browser (textual.js, xterm.js's stylesheet, the font)."""
FONT_SIZE = 16


class WebViewError(CompanionError):
    """The web view cannot start, such as on a port already in use."""


def build_app(command: ServedCommand, token: str, cookie: str) -> web.Application:
    """The page, its static assets and its websocket: every route behind `token_guard`. A tab's
    program delivers no files, so there are no downloads."""
    tabs = Tabs(command)

    async def page(request: web.Request) -> web.Response:
        scheme = "wss" if request.secure else "ws"
        body = PAGE.substitute(
            title=html.escape(command.title),
            websocket_url=html.escape(f"{scheme}://{request.host}/ws"),
            font_size=FONT_SIZE,
        )
        # The address bar holds the token: keep it out of caches and out of Referer headers.
        return web.Response(text=body, content_type="text/html",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    app = web.Application(middlewares=[token_guard(token, cookie)])
    app.add_routes([
        web.get("/", page),
        web.get("/ws", tabs.handle),
        web.static("/static", str(ASSETS)),
    ])
    app.on_shutdown.append(tabs.stop_all)
    return app


def listen(host: str, port: int) -> socket.socket:
    """A listening socket, so the printed address is served the moment it is printed (port 0: any free one)."""
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(64)
    except OSError as error:
        listener.close()
        raise WebViewError(f"cannot listen on {host}:{port}: {error.strerror or error}") from error
    return listener


def addresses(host: str, port: int, token: str) -> list[str]:
    """The addresses to open, with the token: the first is the one to try first."""
    return [url(shown, port, f"{TOKEN_PARAMETER}={token}") for shown in hosts(host)]


def serve(command: ServedCommand, token: str, host: str = "127.0.0.1", port: int = 8000,
          out: TextIO = sys.stdout) -> int:
    """Serves until Ctrl-C or SIGTERM; prints the address (with its token) first."""
    listener = listen(host, port)
    port = listener.getsockname()[1]
    # The cookie is named after the port: cookies ignore ports, and two servers on one host must not mix.
    app = build_app(command, token, f"companion_token_{port}")

    async def announce(app: web.Application) -> None:
        # Printed at start-up, when Ctrl-C and SIGTERM already stop the server cleanly.
        first, *others = addresses(host, port, token)
        print(f"companion web: open {first}", file=out, flush=True)
        for other in others:
            print(f"companion web:   or {other}", file=out, flush=True)
        print("Each browser tab shows the table's game, read only. The address stays the same when the server"
              " restarts (on the same port): companion web --new-token changes it. Ctrl-C stops the server.",
              file=out, flush=True)

    app.on_startup.append(announce)
    web.run_app(app, sock=listener, print=None, handle_signals=True)
    return 0
