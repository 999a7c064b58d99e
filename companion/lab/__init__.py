"""The balance lab: every pairing of chosen gladiators played many times by the
computer, sides and first moves balanced, into a matrix of win rates with their 95 %
intervals; the same again with a folder of house-rule tables, and the difference.

Pure: no pygame. A game joins through its lab part, a
`companion.rulesets.labs.LabSystem` named in `companion.games.registry`.
"""
