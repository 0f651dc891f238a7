"""A table-side assistant for physical wargames."""
