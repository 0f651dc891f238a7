"""Workarounds for Textual bugs not yet fixed upstream, each naming its issue; `apply` runs once, when
the app's module loads."""

from functools import lru_cache, partial
from types import FunctionType

from textual._styles_cache import StylesCache


def apply() -> None:
    keep_no_widget_in_the_colour_cache()


def keep_no_widget_in_the_colour_cache() -> None:
    """Textual caches `StylesCache.get_inner_outer` with the instance in the key, so the cache keeps
    the last 1,024 widgets' style caches, each with every line it drew, long after the widgets are
    gone (Textualize/textual#6665). The colours alone are the key here; the method never reads the
    instance."""
    compute = getattr(StylesCache.__dict__.get("get_inner_outer"), "__wrapped__", None)
    if not isinstance(compute, FunctionType):  # mended already, fixed upstream, or changed shape
        return
    StylesCache.get_inner_outer = staticmethod(lru_cache(1024)(partial(compute, None)))  # type: ignore[assignment,method-assign]
