"""The shipped phrase packs, one TOML file per language."""
