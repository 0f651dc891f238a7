"""A table's columns fitted to the width it has: the widest of the columns allowed to give way are
narrowed first (their text wraps onto more lines), so that every column stays in view."""

from collections.abc import Collection, Sequence

LEAST = 10
"""Columns narrower than this read badly: the next columns in line give way before that."""


def capped(widths: Sequence[int], flexible: Collection[int], room: int) -> tuple[list[int], int]:
    """The widths with the `flexible` ones (by index) cut to the widest common width that fits
    `room`, and that width."""
    spare = room - sum(width for index, width in enumerate(widths) if index not in flexible)
    cap = max(widths, default=1)
    while cap > 1 and sum(min(widths[index], cap) for index in flexible) > spare:
        cap -= 1
    return [min(width, cap) if index in flexible else width for index, width in enumerate(widths)], cap


def fitted_widths(widths: Sequence[int], giving_way: Sequence[Collection[int]], room: int) -> list[int]:
    """Each column's width within `room` columns: as they are when they fit; else the first group
    of `giving_way` narrowed, then it and the next one, and so on, until the columns fit and none
    is cut below `LEAST` (the last try is taken however narrow)."""
    if sum(widths) <= room:
        return list(widths)
    flexible: set[int] = set()
    fitted = list(widths)
    for group in giving_way:
        flexible |= set(group)
        fitted, cap = capped(widths, flexible, room)
        if sum(fitted) <= room and cap >= LEAST:
            break
    return fitted

