"""Workarounds for Textual bugs not yet fixed upstream, each naming its issue where one is filed;
`apply` runs once, when the app's module loads."""

from collections.abc import Iterable, Sequence
from functools import lru_cache, partial
from types import FunctionType

from rich.style import Style
from textual import events
from textual._styles_cache import StylesCache
from textual.strip import Strip
from textual.widgets import Input


def apply() -> None:
    keep_no_widget_in_the_colour_cache()
    edit_fields_in_the_order_keys_come()
    leave_no_strip_for_the_collector()


def keep_no_widget_in_the_colour_cache() -> None:
    """Textual caches `StylesCache.get_inner_outer` with the instance in the key, so the cache keeps
    the last 1,024 widgets' style caches, each with every line it drew, long after the widgets are
    gone (Textualize/textual#6665). The colours alone are the key here; the method never reads the
    instance."""
    compute = getattr(StylesCache.__dict__.get("get_inner_outer"), "__wrapped__", None)
    if not isinstance(compute, FunctionType):  # mended already, fixed upstream, or changed shape
        return
    StylesCache.get_inner_outer = staticmethod(lru_cache(1024)(partial(compute, None)))  # type: ignore[assignment,method-assign]


def edit_fields_in_the_order_keys_come() -> None:
    """An `Input` types a character at once but runs its own bindings (backspace, ctrl+u, the
    arrows) only when the key has bubbled up to the app, so a burst such as backspace then 4 typed
    the 4 first and then erased it (Textualize/textual#6605; a slow Pi makes every quick typist's
    keys a burst). The field's own bindings now run at once, in the order the keys came; a key it
    does not bind bubbles as before."""
    typed = Input.__dict__["_on_key"]
    if getattr(typed, "mended", False):
        return

    async def _on_key(self: Input, event: events.Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, ()):
                if not binding.priority and await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    self._restart_blink()
                    return
        await typed(self, event)

    _on_key.mended = True  # type: ignore[attr-defined]
    Input._on_key = _on_key  # type: ignore[method-assign]


def leave_no_strip_for_the_collector() -> None:
    """A strip cropped (`crop_extend`) or divided to its own length is its own answer, and Textual
    caches it in itself: a cycle that only the collector frees. The compositor makes dozens a frame,
    so each roll left some 45 strips, with their 315 caches, for the collector, whose collections of
    them took 1-2 ms, a full one 6-9 ms, in the middle of presses (bench/press.py). Such a strip is
    still its own answer, without being cached, as `crop` does when it crops a strip to its length."""
    crop_extend = Strip.__dict__["crop_extend"]
    if getattr(crop_extend, "mended", False):
        return
    divide = Strip.__dict__["divide"]

    def crop_extend_to_itself(self: Strip, start: int, end: int, style: Style | None) -> Strip:
        if start <= 0 and end == self.cell_length:
            return self
        result: Strip = crop_extend(self, start, end, style)
        return result

    def divide_at_its_end(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
        cuts = [cut for cut in cuts if cut <= self.cell_length]
        if cuts == [self.cell_length]:
            return [self]
        result: Sequence[Strip] = divide(self, cuts)
        return result

    crop_extend_to_itself.mended = True  # type: ignore[attr-defined]
    Strip.crop_extend = crop_extend_to_itself  # type: ignore[method-assign]
    Strip.divide = divide_at_its_end  # type: ignore[method-assign]
