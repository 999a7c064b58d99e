"""Random battle-system sheets for the tests that play many seeded duels."""

from __future__ import annotations

import random
from typing import Any


def playable_weapons(tables: Any) -> list[str]:
    """The weapons a sheet may hold without a must-throw supply."""
    return [str(e.key) for e in tables.get("pool-weapons").entries
            if getattr(e, "thrown", "never") != "must"]


def random_sheet(rng: random.Random, name: str, weapons: list[str], most_health: int = 12,
                 retrieve: bool = True) -> dict[str, Any]:
    """A legal-looking sheet: two weapons, ranks drawn from `rng`."""
    held = rng.sample(weapons, 2)
    attack = rng.randint(3, 5)
    skills = {"attack": attack, "health": rng.randint(5, most_health), "strength": 10,
              "parry-dodge": rng.randint(0, 4), "focus": rng.randint(0, 2),
              "heal": rng.randint(0, 2)}
    if retrieve:
        skills["retrieve-weapon"] = 2
    return {"format": "companion-gladiator", "name": name, "development_points": 900,
            "skills": skills, "weapons": {w: rng.randint(1, attack) for w in held},
            "carried": {w: 1 for w in held}, "luck": rng.randint(0, 3),
            "shield": rng.random() < 0.5}
