"""Point Blank's solo opponent, the Artificial Enemy Opponent (AEO, 12.0): its table, setup and impulses."""
