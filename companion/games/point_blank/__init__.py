"""Point Blank: V is for Victory: the Action-card pip deck, turns, fatigue and every d6 check."""
