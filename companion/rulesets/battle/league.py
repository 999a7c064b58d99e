"""The battle system's part in leagues: a duel between two sheets of the stable, and
health lost as the tie-break after head-to-head (fewer first)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.errors import UserError


class BattleLeague:
    tiebreak_name = "health lost"
    higher_first = False
    summed = True

    def setup(self, sheets: Sequence[Path], teams: Sequence[int]) -> dict[str, Any]:
        from companion.rulesets.battle.rules import BattleRules

        if len(sheets) != 2:
            raise UserError("a battle-system duel is between two gladiators", exit_code=1)
        return BattleRules().make_setup({"sheets": [str(p) for p in sheets]})

    def figure(self, state: Any, side: str, sheet: str) -> int:
        fighter = state.fighters[side]
        return max(0, int(fighter.max_health) - int(fighter.health))


LEAGUE = BattleLeague()
