"""Conflict of Heroes at the table: CAP and AP tracks, initiative, attacks and hit counters."""
