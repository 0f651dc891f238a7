"""Point Blank: exact melee odds for the largest melee, from a partly seen deck, against brute force.

The largest melee the rules allow (an assumption from 4.1 and 7.10, stated here): three full
squads (stacking limit) of firepower 3, each with a Support Weapon of firepower 3, a leader of +3,
against a defender that is shaken and spent: 3 x 6 + 3 + 1 + 1 = 23, rounded up to 24 attacker
cards; the defender the same stack in blocking terrain (+2) with a +3 leader and a shaken,
spent attacker: 3 x 6 + 2 + 3 + 1 + 1 = 25 cards. 49 cards from a 54-card deck of which 12
pips are seen and 10 cards are left, so the draw runs through a shuffle into the new deck.

Brute force walks the draw one card at a time over every pip value (states merged when the
same cards are left and the same hits scored), with exact integers; the fast method counts
cards by hit bands with binomial coefficients. Both give the same exact fractions.

    python bench/point_blank.py [--json PATH] [--quick]
"""

import argparse
import json
import sys
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.point_blank.deck import Deck, counts, minus  # noqa: E402
from companion.games.point_blank import odds  # noqa: E402
from companion.games.point_blank.odds import melee_odds  # noqa: E402

try:
    from stats import print_table, summary_ms  # noqa: E402
except ImportError:  # run from elsewhere
    sys.path.insert(0, str(Path(__file__).parent))
    from stats import print_table, summary_ms  # noqa: E402

ATTACKER, DEFENDER = 24, 25
SEEN = (6, 6, 5, 1, 2, 3, 4, 6, 6, 6, 5, 5)


def partly_seen_deck(left: int = 10) -> Deck:
    deck = Deck.fresh((9, 9, 9, 9, 9, 9)).deal(1, 5).deal(2, 5)
    for pip in SEEN:
        deck = deck.draw(pip)
    deck = deck.settle()
    return deck.discard_unseen(deck.left - left)


def brute_force(deck: Deck, attacker: int, defender: int, a_on: int, d_on: int) -> dict[tuple[int, int], Fraction]:
    """Card by card over every pip value; the draw pile runs out after `deck.left` cards."""
    after_base = minus(deck.composition, counts(deck.held))
    states: dict[tuple, int] = {(deck.unseen, 0, 0, False): 1}
    left = deck.left
    denominator = 1
    for position in range(attacker + defender):
        attacking = position < attacker
        grown: dict[tuple, int] = defaultdict(int)
        for (pool, a, d, shuffled), weight in states.items():
            if not shuffled and position == left:
                # The new deck: every card but the hands and this melee's cards so far (4.13).
                drawn = minus(deck.unseen, pool)
                pool, shuffled = minus(after_base, drawn), True
            for pip in range(1, 7):
                n = pool[pip - 1]
                if n:
                    rest = pool[: pip - 1] + (n - 1,) + pool[pip:]
                    hit = pip >= (a_on if attacking else d_on)
                    grown[(rest, a + (hit and attacking), d + (hit and not attacking), shuffled)] += weight * n
        size = sum(next(iter(grown))[0]) + 1
        denominator *= size
        states = grown
    tally: dict[tuple[int, int], int] = defaultdict(int)
    for (_, a, d, _), weight in states.items():
        tally[(a, d)] += weight
    return {key: Fraction(w, denominator) for key, w in sorted(tally.items())}


def timed(function, repeats: int) -> tuple[list[float], object]:
    samples, value = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        value = function()
        samples.append(time.perf_counter() - start)
    return samples, value


def cold(a_on: int, deck: Deck):
    """The first computation for this deck: nothing cached from an earlier call."""
    odds._steps.cache_clear()
    return melee_odds(deck, ATTACKER, DEFENDER, a_on, 4)


def run(results: dict, quick: bool = False) -> None:
    figures = results.setdefault("point_blank", {})
    deck = partly_seen_deck()
    rows = [("figure", "exact (cold p50 / p99)", "brute force, same run", "target")]
    for label, a_on in (("melee 24 v 25, hits on 4+", 4), ("melee 24 v 25, attacker +1 (3+)", 3)):
        fast_samples, fast = timed(lambda: cold(a_on, deck), 5 if quick else 30)
        fast_ms = summary_ms(fast_samples)
        key = "standard" if a_on == 4 else "modified"
        figures[key] = {"exact": fast_ms, "cards": ATTACKER + DEFENDER, "cards_left": deck.left,
                        "attacker_retreats": float(fast.attacker_retreats)}
        if quick and a_on != 4:
            brute_text = "skipped with --quick (about 2 minutes)"
        else:
            brute_samples, brute = timed(lambda: brute_force(deck, ATTACKER, DEFENDER, a_on, 4), 1)
            agree = fast.as_fractions() == brute
            figures[key].update(brute_force=summary_ms(brute_samples), agree=agree)
            verdict = "same fractions" if agree else "DIFFERENT"
            brute_text = f"{summary_ms(brute_samples)['mean_ms'] / 1000:.1f} s ({verdict})"
        rows.append((label, f"{fast_ms['p50_ms']:.2f} / {fast_ms['p99_ms']:.2f} ms", brute_text, "<= 5 ms"))
    print_table("Point Blank: exact melee odds from a partly seen deck (49 cards, 10 left before the shuffle)", rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    results: dict = {}
    run(results, args.quick)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
