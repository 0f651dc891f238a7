"""The games the companion keeps the book for, each a set of pure rules, and their registry."""
