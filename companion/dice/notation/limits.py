"""The bounds of the notation: what one expression may hold and draw at the most."""

from __future__ import annotations

# Limits keep a typo (or a joke) from freezing the app: no table needs more.
MAX_DICE = 1000  # dice in the whole expression as written (d66 counts as two)
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
MAX_TEXT = 1000  # characters
MAX_DECIMALS = 6  # digits after a number's '.'
# What rerolls and explosions may add, die by die: the caps make every roll finite and
# every distribution exact (a finite number of outcomes). The notation reads them as
# limits.MAX_REROLLS and limits.MAX_EXPLOSIONS, so a test may lower both here alone.
MAX_REROLLS = 10  # a die rerolled by one rr, at most
MAX_EXPLOSIONS = 10  # dice one die (and the dice it adds) adds by one e, at most
MAX_ROLLS = 20_000  # dice drawn by the whole expression at the very worst
# Totals stay where a float holds them exactly enough and a line prints short.
MAX_VALUE = 10**12
