"""Hardware events as the core sees them: which control was pressed, with debouncing in pure code."""
