"""Runs a Textual program and ends it the moment the first frame of a named screen is written, so a
counting tool (valgrind's cachegrind, in bench/startup.py) sees start-up and nothing after it.

    first_frame.py SCREEN_CLASS PROGRAM [ARGS...]     (a Python file, run as __main__)
"""

import os
import runpy
import sys

from textual.app import App


def main() -> None:
    screen_name, program, *arguments = sys.argv[1:]

    def end_at_first_frame(app: App) -> None:
        if type(app.screen).__name__ == screen_name:
            os._exit(0)

    App.post_display_hook = end_at_first_frame  # type: ignore[method-assign,assignment]
    sys.argv = [program, *arguments]
    runpy.run_path(program, run_name="__main__")


if __name__ == "__main__":
    main()
