"""What a screen shows, read back from what Textual painted: a widget's region as lines of text."""

from rich.segment import Segment
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget


def painted(app: App, region: Region) -> list[str]:
    """The characters painted in `region` of the screen, line by line."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip.crop(region.x, region.right))
            for strip in strips[region.y:region.bottom]]


def painted_rows(app: App, widget: Widget) -> list[str]:
    """The widget's lines as painted on screen (so anything covering it counts too)."""
    return painted(app, widget.region)


def overlaps(first: Region, second: Region) -> bool:
    return bool(first.intersection(second).area)


def dimmer(segment: Segment, than: Segment) -> bool:
    """Painted dim: Textual paints `dim` as a foreground blended towards the background."""
    assert segment.style is not None and than.style is not None
    if segment.style.dim:
        return True
    mine, theirs = segment.style.color, than.style.color
    assert mine is not None and theirs is not None
    return sum(mine.get_truecolor()) < sum(theirs.get_truecolor())
