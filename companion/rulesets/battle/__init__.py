"""The dice-pool battle system (seeds 001 and 002, RULES.md section 2).

Modules, one job each: `data` (typed access to the battle tables, where every game
figure is read), `sheet` (the gladiator sheet), `quirks` (insanities as rules),
`pools` (pool sizes and reading a roll), `duel` (the state), `actions` (action
shapes), `lasting` (effects of table entries), `attack`, `health`, `trackers`,
`results` (the end of a battle), `odds` (exact chances) and `rules` (the Ruleset).
Nothing here imports pygame.
"""
