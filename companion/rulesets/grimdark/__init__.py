"""Grimdark Gladiators (seed 000): the gladiator, the builder's rules and the forum
sheet. Pure Python; the match adjudicator is still to come, so the system is not
registered as a ruleset yet."""
