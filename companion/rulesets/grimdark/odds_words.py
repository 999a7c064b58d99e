"""The exact odds of the next turn's fights (the rules' `odds(...).to_json()`) as
lines a GM reads before the dice: for each fight, each side's chance of a hit and of a
critical, the chance that it is inconclusive, and what each side stands to lose. The
match view and `companion grimdark odds` say them alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def pct(p: Any) -> str:
    value = float(p or 0) * 100
    if value == 0:
        return "0%"
    if value < 1:
        return "under 1%"
    if value > 99 and value < 100:
        return "over 99%"
    return f"{value:.0f}%"


def _mean(spread: Mapping[str, Any]) -> float:
    return sum(int(k) * float(v) for k, v in spread.items())


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


def damage_lines(odds: Mapping[str, Any] | None, name_of: Callable[[str], str]) -> list[str]:
    """What each side of each fight stands to take: on average, at most, and the chance
    that this fight alone defeats him."""
    lines = []
    for fight in (odds or {}).get("fights") or []:
        for side in fight.get("sides") or []:
            spread = side.get("damage_taken") or {}
            most = max((int(k) for k, v in spread.items() if float(v) > 0), default=0)
            line = (f"{name_of(str(side.get('id')))} takes {_mean(spread):.1f} damage on "
                    f"average, at most {most}")
            if side.get("defeat"):
                line += f"; defeated {pct(side.get('defeat'))}"
            lines.append(line + ".")
    return lines
