"""Speech latency: an announcement said → its sound handed to the player, against espeak-ng run bare.

    python bench/speech.py [--json PATH] [--quick]

The typical case says a roll into a quiet speaker; the worst case says it while a stale roll is
still playing, which the speaker must cut short first. The floor is the same sentence synthesized
by espeak-ng in a plain subprocess; the three are interleaved, sample by sample.
"""

import argparse
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from stats import print_table, summary_ms  # noqa: E402

from companion.speech import common  # noqa: E402
from companion.speech.phrases import phrase_pack  # noqa: E402
from companion.speech.settings import SpeechSettings  # noqa: E402
from drivers.speech import Runner, Speaker  # noqa: E402

ROLL = common.dice_rolled((2, 5))
STALE = common.dice_rolled((6, 6))


class StampingPlayer:
    """Notes when each sound arrives; a held sound plays until it is cut short, like a long sentence."""

    def __init__(self) -> None:
        self.arrived = threading.Event()
        self.holding = threading.Event()
        self.hold_next = False
        self.at = 0.0

    def play(self, wav: bytes, label: str, runner: Runner) -> None:
        if self.hold_next:
            self.hold_next = False
            self.holding.set()
            runner.run(["sleep", "30"], b"", timeout=60)
            return
        self.at = time.perf_counter()
        self.arrived.set()

    def check(self, runner: Runner) -> None:
        pass


def bare_espeak(text: str) -> float:
    started = time.perf_counter()
    subprocess.run(["espeak-ng", "--stdout", "-v", "en", "-z", "--stdin"], input=text.encode(),
                   capture_output=True, check=True)
    return time.perf_counter() - started


def said(speaker: Speaker, player: StampingPlayer, stale_first: bool) -> float:
    player.arrived.clear()
    if stale_first:
        player.holding.clear()
        player.hold_next = True
        speaker.say(STALE)
        player.holding.wait(10)
    started = time.perf_counter()
    speaker.say(ROLL)
    if not player.arrived.wait(10):
        raise RuntimeError("the speaker never played the roll")
    speaker.drain(10)
    return player.at - started


def run(results: dict, quick: bool = False) -> None:
    samples = 20 if quick else 200
    text = phrase_pack("en").render(ROLL)
    player = StampingPlayer()
    speaker = Speaker(SpeechSettings(enabled=True), output=player)
    speaker.drain(10)
    floor, typical, worst = [], [], []
    try:
        for _ in range(samples):
            floor.append(bare_espeak(text))
            typical.append(said(speaker, player, stale_first=False))
            worst.append(said(speaker, player, stale_first=True))
    finally:
        speaker.close()
    bare, quiet, cut = summary_ms(floor), summary_ms(typical), summary_ms(worst)
    results["speech"] = {"bare_espeak": bare, "said_to_player": quiet, "said_over_stale_to_player": cut}
    met = "met" if cut["p99_ms"] <= 500 else "MISSED"
    print_table(f"speech (espeak-ng, {text!r})", [
        ("figure", "measured", "floor / reference", "target"),
        ("said → player p50", f"{quiet['p50_ms']:.1f} ms", f"bare espeak-ng p50 {bare['p50_ms']:.1f} ms",
         f"×{quiet['p50_ms'] / bare['p50_ms']:.2f}"),
        ("said → player p99", f"{quiet['p99_ms']:.1f} ms", f"bare espeak-ng p99 {bare['p99_ms']:.1f} ms",
         f"×{quiet['p99_ms'] / bare['p99_ms']:.2f}"),
        ("over a stale roll p50", f"{cut['p50_ms']:.1f} ms", "", ""),
        ("over a stale roll p99", f"{cut['p99_ms']:.1f} ms", "", f"≤ 500 ms {met}"),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    results: dict = {}
    run(results, quick=args.quick)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
