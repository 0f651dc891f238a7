"""The game kit: what every game at the table is made of, as data and pure functions."""
