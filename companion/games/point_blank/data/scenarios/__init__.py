"""Shipped scenarios, one TOML file each (docs/scenarios.md); the players' own live in the data dir."""
