"""Python's cyclic collector while an app runs: start-up's objects out of its sight, and a look at
new objects only once thousands have stayed, not hundreds."""

import gc

YOUNG_OBJECTS_PER_LOOK = 10_000
"""Python looks after 700. A frame makes hundreds that live only while it is drawn (the strips that
stayed in cycles are mended, `textual_patches`), so a look every 700 came two or three times a roll,
found nothing, and took 0.3-0.5 ms a roll and now and then 2-5 ms (bench/press.py; a Pi is several
times slower). Garbage in cycles still goes, a few thousand objects later."""


def settle_after_start_up() -> None:
    """After the first frame: what start-up built lives as long as the app, so it is moved out of the
    collector's sight (a full collection over it took ~35 ms, stalling a press every few dozen
    rolls), and the collector held off since start-up (`bootstrap`) runs again."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS_PER_LOOK, middle, old)
    gc.enable()


def restore(thresholds: tuple[int, int, int]) -> None:
    """As before the app (`gc.get_threshold()` then): another app in this process (the tests run
    many) starts with a clean slate."""
    gc.unfreeze()
    gc.set_threshold(*thresholds)
