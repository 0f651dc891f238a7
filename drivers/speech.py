"""Speech and cues out loud: espeak-ng in a worker thread, played with aplay or paplay, or written to WAV files."""

import io
import re
import shutil
import subprocess
import threading
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Literal, Protocol, TypeVar

from companion.speech.announcement import Announcement
from companion.speech.backlog import Backlog, Item
from companion.speech.cue import Cue
from companion.speech.cues import cue_wav, silence
from companion.speech.phrases import PhrasePack, phrase_pack
from companion.speech.settings import SpeechSettings
from companion.status_part import StatusPart

StatusSink = Callable[[StatusPart], None]
T = TypeVar("T")
Part = Literal["engine", "output"]
"""What a sound needs: the engine (espeak-ng, for speech only) and the output (speech and cues)."""
ENGINE = "espeak-ng"
ENGINE_TIMEOUT = 10.0
CLOSE_TIMEOUT = 2.0


class AudioUnavailable(Exception):
    """No engine, no player or no sound device; the message is one line for the status line."""


class Runner:
    """Runs one subprocess at a time, which another thread may cut short with `cancel`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._cancelled = False

    def reset(self) -> None:
        with self._lock:
            self._cancelled = False

    def cancel(self) -> None:
        with self._lock:
            self._cancelled = True
            if self._process is not None:
                self._process.kill()

    @property
    def cancelled(self) -> bool:
        with self._lock:
            return self._cancelled

    def run(self, argv: list[str], data: bytes, timeout: float) -> tuple[int, bytes, str] | None:
        """(exit code, stdout, stderr) of `argv` fed `data`; None when cancelled."""
        if self.cancelled:
            return None
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        with self._lock:
            self._process = process
            if self._cancelled:
                process.kill()
        try:
            out, err = process.communicate(data, timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise AudioUnavailable(f"{Path(argv[0]).name} did not finish within {timeout:g} s") from None
        finally:
            with self._lock:
                self._process = None
        if self.cancelled:
            return None
        return process.returncode, out, err.decode(errors="replace")


class Output(Protocol):
    """Where the sound goes. `play` blocks until the sound is done; the runner may cut it short."""

    def play(self, wav: bytes, label: str, runner: Runner) -> None: ...

    def check(self, runner: Runner) -> None:
        """Raises AudioUnavailable when nothing can be played."""


class Player:
    """A sound device through `aplay` (ALSA) or else `paplay` (PulseAudio / PipeWire)."""

    def __init__(self, device: str | None = None, programs: tuple[str, ...] = ("aplay", "paplay")) -> None:
        self.program = next((found for name in programs if (found := shutil.which(name))), None)
        self.device = device

    def argv(self) -> list[str]:
        if self.program is None:
            raise AudioUnavailable("no audio player (apt install alsa-utils)")
        if Path(self.program).name == "paplay":
            return [self.program, *([] if self.device is None else [f"--device={self.device}"])]
        return [self.program, "-q", *([] if self.device is None else ["-D", self.device]), "-"]

    def play(self, wav: bytes, label: str, runner: Runner) -> None:
        argv = self.argv()
        try:
            finished = runner.run(argv, wav, timeout=duration(wav) + 5)
        except FileNotFoundError:
            raise AudioUnavailable(f"no audio player at {argv[0]}") from None
        if finished is not None and finished[0] != 0:
            raise AudioUnavailable(f"no sound device ({last_line(finished[2]) or 'exit ' + str(finished[0])})")

    def check(self, runner: Runner) -> None:
        self.play(silence(0.01), "check", runner)


class WavFiles:
    """Writes each sound to `NNNN-label.wav` in a folder instead of playing it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.written: list[Path] = []

    def play(self, wav: bytes, label: str, runner: Runner) -> None:
        path = self.folder / f"{len(self.written) + 1:04d}-{re.sub(r'[^A-Za-z0-9_.-]', '_', label)}.wav"
        try:
            path.write_bytes(wav)
        except OSError as error:
            raise AudioUnavailable(f"cannot write {path}: {error.strerror}") from None
        self.written.append(path)

    def check(self, runner: Runner) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise AudioUnavailable(f"cannot write to {self.folder}: {error.strerror}") from None


class Espeak:
    """espeak-ng turning a sentence into WAV bytes with one voice, rate and volume."""

    def __init__(self, settings: SpeechSettings, pack: PhrasePack, engine: str = ENGINE) -> None:
        self.engine = engine
        voice = settings.voice or pack.voice
        self.options = ["-v", voice, "-s", str(settings.rate), "-a", str(settings.volume), "-z"]

    def synthesize(self, text: str, runner: Runner) -> bytes | None:
        """The spoken text as WAV, or None when cancelled. Text goes in on stdin, so a sentence
        starting with "-" is never read as an option."""
        out = self._run(["--stdout"], text, runner)
        return None if out is None else rewrapped(out)

    def check(self, runner: Runner) -> None:
        """Raises AudioUnavailable unless the engine runs with this voice."""
        self._run(["-q"], "", runner)

    def _run(self, mode: list[str], text: str, runner: Runner) -> bytes | None:
        program = shutil.which(self.engine)
        if program is None:
            raise AudioUnavailable(f"no speech engine: {self.engine} not found (apt install espeak-ng)")
        finished = runner.run([program, *mode, *self.options, "--stdin"], text.encode(), ENGINE_TIMEOUT)
        if finished is None:
            return None
        code, out, err = finished
        if code != 0:
            raise AudioUnavailable(f"{self.engine} failed: {last_line(err) or 'exit ' + str(code)}")
        return out


class Speaker:
    """Says announcements and plays cues on its own thread; every call returns at once and none raises.

    Problems (no engine, no player, no sound device) become a one-line `status`, reported through
    `on_status` as a `StatusPart` (one the player must act on while speech is unavailable) when it
    changes (from any thread: pass something thread-safe such as `App.post_message`). Every new
    item tries again, so a speaker plugged in later is found. The engine and the output are judged
    apart: a cue uses only the output, so a cue that plays leaves an engine's fault (a bad voice, no
    espeak-ng) said.
    """

    def __init__(
        self,
        settings: SpeechSettings,
        on_status: StatusSink | None = None,
        output: Output | None = None,
        engine: str = ENGINE,
    ) -> None:
        self.settings = settings
        self.pack = phrase_pack(settings.language)
        self._espeak = Espeak(settings, self.pack, engine)
        self._output = output if output is not None else Player(settings.device)
        self._on_status = on_status
        self._runner = Runner()
        self._changed = threading.Condition()
        self._backlog = Backlog()
        self._enabled = settings.enabled
        self._check_due = settings.enabled
        self._closing = False
        self._working = False
        self._problems: dict[Part, str] = {}
        """What keeps each part from working, as last found: a cue's success clears only the output's."""
        self._reported = self._status()
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def status(self) -> str:
        """"speech off", "speech on (English)" or "speech unavailable: <why>"."""
        return self.status_part.text

    @property
    def status_part(self) -> StatusPart:
        """The status as the status line takes it."""
        with self._changed:
            return self._status()

    def say(self, *announcements: Announcement) -> None:
        """Queues the announcements, in order; silently nothing while speech is off."""
        for announcement in announcements:
            self._add(announcement)

    def cue(self, cue: Cue) -> None:
        if self.settings.cues:
            self._add(cue)

    def toggle(self) -> bool:
        """Turns speech on or off (off also silences what is playing); returns whether it is on."""
        with self._changed:
            self._enabled = not self._enabled
            self._check_due = self._enabled
            self._backlog = Backlog(playing=self._backlog.playing)
            self._runner.cancel()
            self._changed.notify_all()
            enabled = self._enabled
        self._report()
        return enabled

    def drain(self, timeout: float) -> bool:
        """Waits until everything queued has been played or dropped; False if `timeout` ran out first."""
        with self._changed:
            return self._changed.wait_for(
                lambda: not (self._working or self._check_due or self._backlog.waiting), timeout
            )

    def close(self, timeout: float = CLOSE_TIMEOUT) -> bool:
        """Stops what is playing and the thread, waiting at most `timeout` (the thread is a daemon,
        so exit never hangs on it); True when the thread has ended."""
        with self._changed:
            self._closing = True
            self._runner.cancel()
            self._changed.notify_all()
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _add(self, item: Item) -> None:
        with self._changed:
            if not self._enabled or self._closing:
                return
            added = self._backlog.add(item)
            self._backlog = added.backlog
            if added.interrupt:
                self._runner.cancel()
            self._changed.notify_all()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._closing or self._check_due or bool(self._backlog.waiting))
                if self._closing:
                    return
                self._runner.reset()
                self._working = True
                item: Item | None = None
                if self._check_due:
                    self._check_due = False
                else:
                    self._backlog = self._backlog.start_next()
                    item = self._backlog.playing
            found = self._attempt(item)
            with self._changed:
                self._backlog = self._backlog.finished()
                self._working = False
                if not self._runner.cancelled:  # cut short, it tells nothing either way
                    for part, problem in found.items():
                        if problem is None:
                            self._problems.pop(part, None)
                        else:
                            self._problems[part] = problem
                self._changed.notify_all()
            self._report()

    def _attempt(self, item: Item | None) -> dict[Part, str | None]:
        """Plays the item (None: checks the engine and the output); what it found of each part it
        used, None where the part worked. A cue uses only the output: it tells nothing of the engine."""
        if item is None:
            return {"engine": self._using(self._espeak.check)[1], "output": self._using(self._output.check)[1]}
        if isinstance(item, Cue):
            cue = cue_wav(item, self.settings.volume)
            return {"output": self._using(lambda runner: self._output.play(cue, f"cue-{item}", runner))[1]}
        wav, engine = self._using(lambda runner: self._espeak.synthesize(self.pack.render(item), runner))
        if wav is None:
            return {"engine": engine}
        return {"engine": engine, "output": self._using(lambda runner: self._output.play(wav, item.phrase, runner))[1]}

    def _using(self, use: Callable[[Runner], T]) -> tuple[T | None, str | None]:
        """What `use` returned, or the problem it met."""
        try:
            return use(self._runner), None
        except AudioUnavailable as problem:
            return None, str(problem)
        except Exception as error:  # a bug must not end the thread: speech would stop for good
            return None, f"{type(error).__name__}: {error}"

    def _status(self) -> StatusPart:
        if not self._enabled:
            return StatusPart("speech off")
        if problem := self._problems.get("engine") or self._problems.get("output"):
            return StatusPart(f"speech unavailable: {problem}", must_act=True)
        return StatusPart(f"speech on ({self.pack.name})")

    def _report(self) -> None:
        with self._changed:
            status = self._status()
            if status == self._reported:
                return
            self._reported = status
        if self._on_status is not None:
            self._on_status(status)


def duration(wav: bytes) -> float:
    with wave.open(io.BytesIO(wav)) as sound:
        return sound.getnframes() / sound.getframerate()


def rewrapped(raw: bytes) -> bytes:
    """espeak-ng's WAV on stdout with true lengths: on a pipe it cannot go back to fill them in."""
    with wave.open(io.BytesIO(raw)) as sound:
        params = sound.getparams()
        frames = sound.readframes(sound.getnframes())
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setparams(params)
        out.writeframes(frames)
    return buffer.getvalue()


def last_line(text: str) -> str:
    """The last line an audio program printed, without its `aplay: main:831:` prefix."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return re.sub(r"^[\w-]+: [\w]+:\d+: ", "", lines[-1]) if lines else ""
