"""Dice: their sources, the notation and its exact odds, and the records rolls leave."""
