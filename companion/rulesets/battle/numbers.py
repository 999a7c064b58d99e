"""Figures of the battle system that no table carries yet.

Every other number comes from the JSON tables. These are stated in the seeds' prose
(or are house rulings in RULES.md section 2) but have no field in a table model; each
is reported to the lead to move into a table, and nothing else in the package types
a game number.
"""

from __future__ import annotations

# [seed 001] A new gladiator's development points.
STARTING_DEVELOPMENT_POINTS = 40
# [house, RULES.md 2] Development points after a battle.
POINTS_FOR_WIN = 10
POINTS_FOR_LOSS = 5

# [seed 001] Carrying limit: 15 lb plus 3 lb a STRENGTH rank; a shield weighs 5 lb.
CARRY_BASE_LB = 15
CARRY_PER_STRENGTH_LB = 3
SHIELD_LB = 5

# [house, RULES.md 2] A luck die showing this or less is lost after the roll
# (Superior Luck's own figure is in the insanity table).
LUCK_LOST_AT_OR_BELOW = 3

# [house, RULES.md 2] Health healed by each face of a heal die (Improved Heal's own
# figures are in the insanity table).
HEAL_PER_FACE = {5: 1, 6: 3}

# [house, RULES.md 2] 6s a FOCUS roll needs (Brain Damage's figure is in the table).
FOCUS_SIXES = 1

# [seed 001/002] Extra critical damage dice by weapon class.
CRIT_CLASS_DICE = {"C": 1, "D": 2}

# [seed 001] The whip's disarm: half the whip's dice (round down), read as a class C
# attack; the defender rolls 3 extra dice if he holds a two-handed weapon.
DISARM_DIVISOR = 2
DISARM_READ_AS_CLASS = "C"
DISARM_TWO_HANDED_DEFENCE = 3

# [insanity 4-6, prose only] Survival Instinct's bonus applies at this health or less.
SURVIVAL_INSTINCT_HEALTH = 10

# [seed 001] Fighting without a weapon is brawling (a weapon of the weapons table).
BRAWLING = "brawling"

# [house] Two gladiators who would both roll no initiative dice roll this many each,
# so that the re-roll of ties always ends.
INITIATIVE_FLOOR_WHEN_BOTH_EMPTY = 1
