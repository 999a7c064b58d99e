"""What a fight report shows of the battle system, a duel or the table-side trackers:
its turns, the gladiators' sheets, and at the end who took what damage, the luck and
heal dice spent, the scars and insanities, and how it ended."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rulesets.base import Event
from companion.rulesets.battle import narrator
from companion.rulesets.battle.events import (
    BattleOver,
    Died,
    DiedOfWounds,
    HealDiceChanged,
    Healed,
    HealRolled,
    HealthSet,
    InsanityGained,
    LuckChanged,
    LuckSettled,
    Scarred,
    TurnBegan,
    Wounded,
)
from companion.rulesets.battle.state import BattleState, Fighter, display_name

# The events whose lines say how the fight ended and what it left on a man.
_LASTING = (BattleOver, Scarred, InsanityGained, Died, DiedOfWounds)


def turn_of(state: BattleState, e: Event) -> str | None:
    if not isinstance(e, TurnBegan) or e.who is None:
        return None
    return f"Turn {e.turn}: {display_name(state, e.who)}"


def sheets(state: BattleState) -> list[tuple[str, list[str]]]:
    t = state.tables
    out = []
    for side, f in state.fighters.items():
        skills = [f"{t.skill(k).name} {n}" for k, n in f.skills.items() if n]
        weapons = [f"{t.weapon(k).name} {n}" for k, n in f.weapon_ranks.items() if n]
        held = [t.weapon(k).name if n == 1 else f"{t.weapon(k).name} ({n})"
                for k, n in f.carried.items() if n] + (["shield"] if f.shield == "held" else [])
        lines = [", ".join(skills) or "no skills",
                 "weapon skills: " + (", ".join(weapons) or "none"),
                 f"health {f.health} of {f.max_health}, {_some(f.luck, 'luck die', 'luck dice')}"
                 f", {_some(f.heal_dice, 'heal die', 'heal dice')}",
                 "carries " + (", ".join(held) or "nothing"),
                 f"{_some(f.total_fights, 'fight', 'fights')} before this one"]
        if f.insanities:
            lines.append("insanities: " + ", ".join(t.insanity(k).name for k, _ in f.insanities))
        out.append((display_name(state, side), lines))
    return out


def outcome(state: BattleState, events: Sequence[Event]) -> list[str]:
    lines = []
    for side, f in state.fighters.items():
        mine = [e for e in events if e.who == side]
        lines.append(f"{display_name(state, side)}: {_tally(f, mine)}")
    lines += narrator.narrate(state, [e for e in events if isinstance(e, _LASTING)])
    return lines


def _tally(f: Fighter, mine: list[Event]) -> str:
    """What the fight cost him, summed from his events: damage, healing, luck and heal
    dice spent, and where his trackers stand now."""
    damage = healed = luck = heal = 0
    for e in mine:
        match e:
            case Wounded():
                damage += e.damage
            case HealthSet():
                damage += max(0, e.before - e.health)
                healed += max(0, e.health - e.before)
            case Healed():
                healed += e.amount
            case LuckSettled():
                luck += e.lost
            case LuckChanged():
                luck += max(0, -e.change)
            case HealRolled():
                heal += e.dice
            case HealDiceChanged():
                heal += max(0, -e.change)
    parts = [f"took {damage} damage"]
    if healed:
        parts.append(f"healed {healed}")
    parts += [f"spent {_some(luck, 'luck die', 'luck dice')} "
              f"and {_some(heal, 'heal die', 'heal dice')}",
              f"health {f.health} of {f.max_health}"]
    if f.stunned:
        parts.append("stunned")
    return ", ".join(parts)


def next_up(state: BattleState, step: str) -> str:
    if state.turn is None:
        return "roll the initiative"
    return f"{display_name(state, state.turn)}: {narrator.due_words(step)}"


def _some(n: int, one: str, many: str) -> str:
    return f"no {many}" if n == 0 else f"{n} {one if n == 1 else many}"
