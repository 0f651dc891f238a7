"""The board's MicroPython firmware; on the Pico these files sit flat in the root of its filesystem."""
