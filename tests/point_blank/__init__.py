"""Point Blank: deck, odds, rules, checks and screen."""
