"""The serial board's protocol (messages, frames, sessions) and its MicroPython firmware; imports nothing of ours."""
