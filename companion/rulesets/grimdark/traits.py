"""What a move does, as the computer player asks it: its rules by name, its heals and
gains, read from the moves table once a table set. The player weighs a move again and
again each turn; reading its effects afresh each time cost more than the weighing."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.table_models import GrimdarkMoveEntry
from companion.tables.effects import Heal, Rule


@dataclass(frozen=True)
class Traits:
    rules: tuple[tuple[str, int], ...]  # each rule and its amount (0 for none), in order
    heals: tuple[int, ...]
    no_tie_cz: bool  # a tie gives him no CZ (a finisher, assessing)
    step: int  # a stacking move's bonus a use (Flurry of Blows), else 0
    most: int | None  # and its cap
    no_draw_on_hit: bool  # it stays in hand when it hits
    unbalances: bool  # his opponents defend with Style or Mind (Unbalancing Distraction)


def traits(data: GrimdarkData, move: GrimdarkMoveEntry) -> Traits:
    key = ("traits", move.key)
    found = data.memo.get(key)
    if found is None:
        found = data.memo[key] = _read(move)
    return found


def _read(move: GrimdarkMoveEntry) -> Traits:
    rules = tuple((e.rule, e.amount or 0) for e in move.effects if isinstance(e, Rule))
    heals = tuple(e.amount for e in move.effects if isinstance(e, Heal))
    first = {e.rule: e for e in reversed(move.effects) if isinstance(e, Rule)}
    step = first.get("stacking-bonus-per-use")
    most = first.get("stacking-bonus-max")
    names = set(first)
    return Traits(rules, heals, "no-tie-cz" in names,
                  (step.amount or 0) if step is not None else 0,
                  most.amount if most is not None else None,
                  "no-draw-on-hit" in names,
                  "opponents-defend-with-style-or-mind" in names)
