"""Starts a browser tab's program so that it ends with the server that started it, even a server
killed outright (`kill -9`), which can end nothing itself.

`python -m companion.serve.launch SERVER_PID PROGRAM ARGS...`: on Linux it asks the kernel to kill
this process when its parent ends (`PR_SET_PDEATHSIG`, which outlives `exec`), checks that the
parent is still the server (it may have ended before the request), then becomes PROGRAM.
"""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1
"""From <linux/prctl.h>."""


def die_with_parent(server: int) -> None:
    """Killed (SIGKILL: a tab's program holds nothing to save) the moment the parent ends."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0:
        error = ctypes.get_errno()
        raise OSError(error, os.strerror(error))
    if os.getppid() != server:
        sys.exit(f"companion web: the server (process {server}) ended before this view started")


def main(argv: list[str]) -> None:
    server, program = int(argv[0]), argv[1:]
    if sys.platform == "linux":
        die_with_parent(server)
    os.execv(program[0], program)


if __name__ == "__main__":
    main(sys.argv[1:])
