"""Shipped Point Blank data: the Action deck's pips, the terrain cards and a small unit library."""
