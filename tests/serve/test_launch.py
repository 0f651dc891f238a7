"""`companion.serve.launch`: a tab's program ends with the server that started it, however the server ends."""

import os
import signal
import subprocess
import sys
import textwrap

from tests.serve.conftest import still_running

# A stand-in for the server: it launches a long sleep as a tab's program, says its pid, and waits.
SERVER = textwrap.dedent("""
    import os, subprocess, sys
    tab = subprocess.Popen([sys.executable, "-m", "companion.serve.launch", str(os.getpid()), "/bin/sleep", "600"])
    print(tab.pid, flush=True)
    sys.stdin.read()
""")


def test_a_launched_program_is_killed_when_its_server_is_killed_outright():
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    tab = int(server.stdout.readline())
    try:
        assert still_running([tab], timeout=0) == [tab]
        server.send_signal(signal.SIGKILL)
        server.wait()
        assert still_running([tab], timeout=10) == []
    finally:
        if still_running([tab], timeout=0):
            os.kill(tab, signal.SIGKILL)


def test_a_program_whose_server_ended_before_it_started_does_not_start():
    # Launched naming a server that is not its parent, as when the server ends before the launch.
    result = subprocess.run([sys.executable, "-m", "companion.serve.launch", "1", "/bin/echo", "started"],
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "companion web: the server (process 1) ended before this view started\n"
