"""Speech latency: an announcement said → its sound handed to the player, and in the app, a roll
committed on a game screen → its WAV file written; both against espeak-ng run bare.

    python bench/speech.py [--json PATH] [--quick]

The speaker alone: the typical case says a roll into a quiet speaker; the worst case says it while
a stale roll is still playing, which the speaker must cut short first. The floor is the same
sentence synthesized by espeak-ng in a plain subprocess; the three are interleaved, sample by sample.

In the app (Textual headless, the real journal, espeak-ng writing WAV files): Take Cover's first
turn rolls, keyed 4 and 4 over and over (a tie each time, so the game never moves on). The typical
case keys a roll once the last one has been said; the worst case keys the next roll at once, so it
lands while the last one is still being synthesized. Each sample runs from the journal's commit
(the writer's callback) to the roll's WAV file written, and is split at the moment the app hands
the roll to the speaker, right after the screen took the commit in (its paint). The floor is
espeak-ng writing the same sentence to a WAV file in a plain subprocess.
"""

import argparse
import asyncio
import json
import queue
import subprocess
import sys
import tempfile
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
from drivers.speech import Runner, Speaker, WavFiles  # noqa: E402

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
    speaker_alone(results, quick)
    in_the_app(results, quick)


def speaker_alone(results: dict, quick: bool = False) -> None:
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


class StampedFiles(WavFiles):
    """WAV files, each noted with the moment it was written."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.stamps: queue.SimpleQueue[tuple[str, float]] = queue.SimpleQueue()

    def play(self, wav: bytes, label: str, runner: Runner) -> None:
        super().play(wav, label, runner)
        self.stamps.put((label, time.perf_counter()))


class Stamps:
    """When each commit landed and when the app handed its announcements to the speaker."""

    def __init__(self) -> None:
        self.committed: queue.SimpleQueue[float] = queue.SimpleQueue()
        self.handed: queue.SimpleQueue[float] = queue.SimpleQueue()


def bare_espeak_to_file(text: str, folder: Path) -> float:
    started = time.perf_counter()
    subprocess.run(["espeak-ng", "-w", str(folder / "bare.wav"), "-v", "en", "-z", "--stdin"],
                   input=text.encode(), capture_output=True, check=True)
    return time.perf_counter() - started


def app_wired(folder: Path, stamps: Stamps):
    """The companion with speech on (English), its speech written to `folder`; the speaker's `say`
    stamped as the app calls it."""
    from gpiozero.pins.mock import MockFactory

    from companion.bootstrap import bootstrap
    from drivers.pin_factory import PinFactoryChoice

    config = folder / "config.toml"
    config.write_text("[board]\nenabled = false\n\n[speech]\nenabled = true\ncues = false\n")
    wired = bootstrap(data_dir=folder / "data", config_file=config, env={}, fake_board=False,
                      pin_choice=PinFactoryChoice(MockFactory(), "mock", True, "benchmark"))
    files = StampedFiles(folder / "said")
    wired.speech_output = files
    connect = wired.connect_speech

    def connect_stamped(on_status):
        speaker = connect(on_status)
        say = speaker.say

        def stamped(*announcements):
            stamps.handed.put(time.perf_counter())
            say(*announcements)

        speaker.say = stamped  # type: ignore[method-assign]
        return speaker

    wired.connect_speech = connect_stamped  # type: ignore[method-assign]
    return wired, files


def written(files: StampedFiles, label: str) -> float:
    """When the next file with `label` was written (others, such as the tie, are passed over)."""
    while True:
        got, at = files.stamps.get(timeout=10)
        if got == label:
            return at


def emptied(stamps: queue.SimpleQueue) -> list:
    taken = []
    while not stamps.empty():
        taken.append(stamps.get_nowait())
    return taken


async def app_samples(samples: int, folder: Path) -> dict[str, list[float]]:
    from companion.tui.app import CompanionApp

    stamps = Stamps()
    wired, files = app_wired(folder, stamps)
    app = CompanionApp(wired, start_kind="take_cover")
    found: dict[str, list[float]] = {"to_speaker": [], "to_file": [], "over_stale_to_file": [], "bare": []}

    async def quiet() -> None:
        """Everything said, and every stamp so far put aside: the next sample starts afresh."""
        await asyncio.to_thread(wired.speaker.drain, 10)
        for waiting in (stamps.committed, stamps.handed, files.stamps):
            emptied(waiting)

    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("c", "enter")
            await pilot.pause()
            session = app.screen.session
            settled = session.on_settled
            session.on_settled = lambda: (stamps.committed.put(time.perf_counter()), settled())
            await quiet()
            for _ in range(samples):
                found["bare"].append(await asyncio.to_thread(bare_espeak_to_file, TIE_ROLL, folder))
                for _ in range(2):  # into a quiet speaker (German's roll, then Russian's)
                    await pilot.press("4")
                    committed = await asyncio.to_thread(stamps.committed.get, True, 10)
                    handed = await asyncio.to_thread(stamps.handed.get, True, 10)
                    done = await asyncio.to_thread(written, files, "tc.first_roll")
                    found["to_speaker"].append(handed - committed)
                    found["to_file"].append(done - committed)
                    await quiet()
                await pilot.press("4", "4")  # the second keyed at once, while the first is being said
                await asyncio.to_thread(stamps.committed.get, True, 10)
                committed = await asyncio.to_thread(stamps.committed.get, True, 10)
                await asyncio.to_thread(wired.speaker.drain, 10)
                rolls = [at for label, at in emptied(files.stamps) if label == "tc.first_roll"]
                found["over_stale_to_file"].append(rolls[-1] - committed)
                await quiet()
    finally:
        wired.close()
    return found


TIE_ROLL = "Russian rolls 4 for the first turn"
"""The sentence the app's benchmark waits for (and then "a tie: both roll again", in order)."""


def in_the_app(results: dict, quick: bool = False) -> None:
    folder = Path(tempfile.mkdtemp())
    found = asyncio.run(app_samples(10 if quick else 100, folder))
    speaker, quiet, cut, bare = (summary_ms(found[name]) for name in ("to_speaker", "to_file", "over_stale_to_file",
                                                                       "bare"))
    results["speech_in_app"] = {"commit_to_speaker": speaker, "commit_to_wav": quiet,
                                "commit_over_stale_to_wav": cut, "bare_espeak_to_wav": bare}
    met = "met" if max(quiet["p99_ms"], cut["p99_ms"]) <= 500 else "MISSED"
    print_table(f"speech in the app (Take Cover's first-turn rolls, espeak-ng to WAV, {TIE_ROLL!r})", [
        ("figure", "measured", "floor / reference", "target"),
        ("commit → app hands it to the speaker p50", f"{speaker['p50_ms']:.1f} ms", "", ""),
        ("commit → app hands it to the speaker p99", f"{speaker['p99_ms']:.1f} ms", "", ""),
        ("commit → WAV written p50", f"{quiet['p50_ms']:.1f} ms", f"bare espeak-ng -w p50 {bare['p50_ms']:.1f} ms",
         f"×{quiet['p50_ms'] / bare['p50_ms']:.2f}"),
        ("commit → WAV written p99", f"{quiet['p99_ms']:.1f} ms", f"bare espeak-ng -w p99 {bare['p99_ms']:.1f} ms",
         f"×{quiet['p99_ms'] / bare['p99_ms']:.2f}"),
        ("over a roll being synthesized p50", f"{cut['p50_ms']:.1f} ms", "", ""),
        ("over a roll being synthesized p99", f"{cut['p99_ms']:.1f} ms", f"max {cut['max_ms']:.1f} ms",
         f"≤ 500 ms {met}"),
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
