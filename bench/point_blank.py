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

Brute force on the full 24 v 25 melee takes minutes, so the default run measures both methods on
a smaller melee of the same shape (8 v 9 cards, also running through the shuffle) and reports the ratio
at equal size; the exact method alone is timed on the largest melee. `--full` also runs brute
force on the largest melee (about 2.5 minutes per modifier).

    python bench/point_blank.py [--json PATH] [--quick] [--full]
"""

import argparse
import json
import sys
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.point_blank import odds
from companion.games.point_blank.deck import Deck, counts, minus
from companion.games.point_blank.odds import melee_odds

try:
    from stats import print_table, summary_ms
except ImportError:  # run from elsewhere
    sys.path.insert(0, str(Path(__file__).parent))
    from stats import print_table, summary_ms

ATTACKER, DEFENDER = 24, 25
SMALL_ATTACKER, SMALL_DEFENDER = 8, 9
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


def cold(a_on: int, deck: Deck, attacker: int = ATTACKER, defender: int = DEFENDER):
    """The first computation for this deck: nothing cached from an earlier call."""
    odds._steps.cache_clear()
    return melee_odds(deck, attacker, defender, a_on, 4)


def seconds_or_ms(ms: float) -> str:
    return f"{ms / 1000:.1f} s" if ms >= 1000 else f"{ms:.1f} ms"


def run(results: dict, quick: bool = False, full: bool = False) -> None:
    figures = results.setdefault("point_blank", {})
    deck = partly_seen_deck()
    repeats = 5 if quick else 30
    rows = [("figure", "exact (cold p50 / p99)", "brute force, same run (ratio to exact p50)", "target")]
    for a_on in (4, 3):
        key = "standard" if a_on == 4 else "modified"
        hits = "hits on 4+" if a_on == 4 else "attacker +1 (3+)"
        sizes = [(SMALL_ATTACKER, SMALL_DEFENDER, True), (ATTACKER, DEFENDER, full)]
        for attacker, defender, brute in sizes:
            largest = attacker == ATTACKER
            fast_samples, fast = timed(lambda: cold(a_on, deck, attacker, defender), repeats)
            fast_ms = summary_ms(fast_samples)
            entry = figures.setdefault(key if largest else f"{key}_small", {})
            entry.update(exact=fast_ms, cards=attacker + defender, cards_left=deck.left,
                         attacker_retreats=float(fast.attacker_retreats))
            brute_text = "not run: --full runs it (about 2.5 minutes)"
            if brute:
                brute_samples, exact_answer = timed(lambda: brute_force(deck, attacker, defender, a_on, 4), 1)
                agree = fast.as_fractions() == exact_answer
                brute_ms = summary_ms(brute_samples)
                entry.update(brute_force=brute_ms, agree=agree)
                entry["ratio"] = brute_ms["mean_ms"] / fast_ms["p50_ms"]
                brute_text = (f"{seconds_or_ms(brute_ms['mean_ms'])} ({entry['ratio']:.0f}x; "
                              f"{'same fractions' if agree else 'DIFFERENT'})")
            rows.append((f"melee {attacker} v {defender}, {hits}",
                         f"{fast_ms['p50_ms']:.2f} / {fast_ms['p99_ms']:.2f} ms", brute_text,
                         "<= 5 ms" if largest else ""))
    print_table("Point Blank: exact melee odds from a partly seen deck (10 cards left before the shuffle)", rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--full", action="store_true", help="brute force on the largest melee too (minutes)")
    args = parser.parse_args()
    results: dict = {}
    run(results, args.quick, args.full)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
