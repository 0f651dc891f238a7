"""Tests of the serial board: codec, sessions, firmware logic, host driver and the fake board."""
