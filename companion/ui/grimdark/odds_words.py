"""The exact odds of the next turn's fights (the rules' `odds(...).to_json()`) as
lines a GM reads before the dice: for each fight, each side's chance of a hit and of a
critical, and the chance that it is inconclusive."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def pct(p: Any) -> str:
    value = float(p or 0) * 100
    if value == 0:
        return "0%"
    if value < 1:
        return "under 1%"
    return f"{value:.0f}%"


def odds_lines(odds: Mapping[str, Any] | None, name_of: Callable[[str], str]) -> list[str]:
    if not odds:
        return []
    lines = []
    for fight in odds.get("fights") or []:
        sides = list(fight.get("sides") or [])
        names = [name_of(str(s.get("id"))) for s in sides]
        parts = []
        for side, name in zip(sides, names, strict=True):
            part = f"{name} hits {pct(side.get('hit'))}, critical {pct(side.get('critical'))}"
            if side.get("out_of_position"):
                part += f", puts out of position {pct(side.get('out_of_position'))}"
            parts.append(part)
        parts.append(f"inconclusive {pct(fight.get('inconclusive'))}")
        lines.append(f"{' against '.join(names)}: " + "; ".join(parts))
    return lines
