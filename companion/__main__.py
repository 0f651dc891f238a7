"""Lets `python -m companion` run the command line."""

from companion.cli import main

main()
