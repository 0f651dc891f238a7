"""The serial board's protocol (codec and sessions) and its MicroPython firmware; imports nothing of ours."""
