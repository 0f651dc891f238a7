"""Take Cover: the four squads, the 79-card deck by count, fire arithmetic and the d10 charts."""
