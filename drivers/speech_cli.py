"""`companion speech test`: says a sample roll and plays both cues, to set up audio on the Pi."""

import argparse
import sys
from pathlib import Path
from typing import TextIO

from companion.config import load_user_config
from companion.errors import DeviceError
from companion.speech.cue import Cue
from companion.speech.settings import LANGUAGES

WAIT = 15.0


def add_speech_commands(commands: argparse._SubParsersAction) -> None:
    """The `speech` subcommand and its action, for the CLI's parser."""
    speech = commands.add_parser("speech", help="test speech and sound cues")
    actions = speech.add_subparsers(dest="speech_command", metavar="ACTION", required=True)
    test = actions.add_parser("test", help="say a roll, click and refuse with the config's [speech] settings")
    test.add_argument("--language", choices=LANGUAGES, help="say it in this language instead of the config's")
    test.add_argument("--wav-dir", type=Path, help="write WAV files here instead of playing them")


def run_speech_command(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """0 when everything was played (or written), printing the status; `DeviceError` with the reason otherwise."""
    from companion.speech import common  # announcements are models: the parser every start builds loads none
    from drivers.speech import Speaker, WavFiles

    settings = load_user_config(getattr(args, "config", None)).speech
    settings = settings._replace(enabled=True, language=args.language or settings.language)
    speaker = Speaker(settings, output=WavFiles(args.wav_dir) if args.wav_dir else None)
    try:
        finished = True
        for play in (lambda: speaker.cue(Cue.PRESS), lambda: speaker.say(common.dice_rolled((2, 5))),
                     lambda: speaker.cue(Cue.REFUSAL)):
            play()  # one at a time: speech would cut a cue short
            finished = finished and speaker.drain(WAIT)
        status = speaker.status if finished else f"{speaker.status}, but not done within {WAIT:g} s"
    finally:
        speaker.close()
    if not (finished and status.startswith("speech on")):
        raise DeviceError(status)
    print(status, file=out)
    return 0
