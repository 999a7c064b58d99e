"""Exact odds of dice: every probability a Fraction, nothing sampled.

What is where, each module importing only those above it:

    distribution  Distribution, the one type of exact odds every game reads, and die()
    plain         plain dice (NdS, d66) by one recurrence: dice_sum(), d66()
    pools         pools as the games read them: pool_successes(), pool_highest()
    size          what the odds of an expression cost before any work: check_size(),
                  OddsTooBig, and the bounds MAX_TOTALS and MAX_WORK
    expression    the odds of parsed notation: distribution()
    timing        the time of the common questions (python -m companion.dice.odds.timing)

The odds of one group of dice with operators are counted in companion.dice.groups.
"""
