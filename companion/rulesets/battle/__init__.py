"""The dice-pool battle system (seeds 001 and 002, RULES.md section 2).

Modules, one job each: `numbers` (figures the tables do not carry yet), `data` (typed
access to the battle tables), `sheet` (the gladiator sheet), `quirks` (insanities as
rules), `pools` (pool sizes and reading a roll), `duel` (the state), `actions` (action
shapes), `lasting` (effects of table entries), `attack`, `health`, `trackers`,
`results` (the end of a battle), `odds` (exact chances) and `rules` (the Ruleset).
Nothing here imports pygame.
"""
