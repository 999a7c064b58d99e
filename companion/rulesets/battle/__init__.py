"""The dice-pool battle system (seeds 001 and 002, RULES.md section 2).

Modules, one job each: `data` (typed access to the battle tables, where every game
figure is read), `sheet` (the gladiator sheet), `quirks` (insanities as rules),
`pools` (pool sizes and reading a roll), `state` (a duel: the fighters, whose turn,
what is due), `actions` (action shapes, as checked and as built), `legal` (what may be
done now), `events` (what happened, as typed records), `clock` (the times actions
carry), `lasting` (effects of table entries), `flow` (turns, health, the end),
`attack`, `health`, `trackers`, `results` (the end of a battle written to the sheets),
`odds` (exact chances), `narrator` (the words: the rules return events and never
sentences) and `rules` (the Ruleset). Nothing here imports pygame, and no module
imports one that imports it back.
"""
