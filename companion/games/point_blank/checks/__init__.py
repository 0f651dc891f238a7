"""Every d6 check Point Blank resolves from card pips, each written as the rulebook tells it."""
