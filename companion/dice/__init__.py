"""Dice: specs such as `2d6+1`, rolls, and the dice roller's rules."""
