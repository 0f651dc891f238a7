"""The journal: every event of every saved game, committed to SQLite before anyone sees it."""
