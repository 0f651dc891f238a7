"""The access token every request to `companion web` must carry: in the printed URL, then as a cookie."""

import secrets
from urllib.parse import urlsplit

from aiohttp import hdrs, web
from aiohttp.typedefs import Handler, Middleware

TOKEN_PARAMETER = "token"
WRONG_TOKEN = (
    "companion web: this address's access token is not this server's. The server may have been given a new"
    " token (companion web --new-token), or the address is another server's. Open the address the server"
    " printed when it started: in the terminal it runs in, or in its log (for a service: journalctl -u and"
    " the service's name).\n"
)


def token_guard(token: str, cookie: str) -> Middleware:
    """An aiohttp middleware refusing every request, page, asset and websocket alike, without `token`.

    The token may come as `?token=` (the printed URL) or as the cookie named `cookie`, which the first
    request carrying the right token sets, so the page's own assets and websocket need no token in
    their URLs. No token is 401, a wrong one 403.
    """
    expected = token.encode()

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        in_url = request.query.get(TOKEN_PARAMETER)
        offered = in_url if in_url is not None else request.cookies.get(cookie)
        if offered is None:
            raise web.HTTPUnauthorized(text="companion web: open the address that `companion web` printed: "
                                            "it carries the access token\n")
        if not secrets.compare_digest(offered.encode(), expected):
            raise web.HTTPForbidden(text=WRONG_TOKEN)
        if opens_websocket(request) and not same_origin(request):
            # Cookies ignore ports, so a page served from any other port on this host would carry ours.
            raise web.HTTPForbidden(text="companion web: a page from elsewhere may not open this view\n")
        response = await handler(request)
        if in_url is not None and not response.prepared:
            response.set_cookie(cookie, token, httponly=True, samesite="Strict", path="/")
        return response

    return guard


def opens_websocket(request: web.Request) -> bool:
    return request.headers.get(hdrs.UPGRADE, "").lower() == "websocket"


def same_origin(request: web.Request) -> bool:
    """True unless the request names an Origin other than this server (browsers always name one)."""
    origin = request.headers.get(hdrs.ORIGIN)
    return origin is None or urlsplit(origin).netloc == request.host
