"""The hex skirmish's part in leagues: a bout between gladiators of the stable, each
as his sheet names him (type or kit, and his skills), and the strength he lost as the
tie-break after head-to-head (fewer first)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.errors import UserError

# His sheet's fields a bout's gladiator takes; the rest is his career.
_FIELDS = ("name", "type", "kit", "skills")


class SkirmishLeague:
    tiebreak_name = "health lost"
    higher_first = False
    summed = True

    def setup(self, sheets: Sequence[Path], teams: Sequence[int]) -> dict[str, Any]:
        gladiators = []
        for path, team in zip(sheets, teams, strict=True):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as err:
                raise UserError(f"{path}: {err}", exit_code=1) from None
            entry = {k: data[k] for k in _FIELDS if data.get(k) is not None}
            gladiators.append({**entry, "side": f"side-{team}", "human": False})
        return {"gladiators": gladiators}

    def figure(self, state: Any, side: str, sheet: str) -> int:
        for g in state.gladiators:
            if g.id == side:
                return max(0, int(g.full_strength) - int(g.strength))
        return 0


LEAGUE = SkirmishLeague()
