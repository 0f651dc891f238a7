"""Deckung: the cover rules of a skirmish game (German), as a helper beside the table or the dice roller."""
