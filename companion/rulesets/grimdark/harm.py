"""What happens to one gladiator: HP lost and healed, the wounded condition and a
second wound's lasting loss, becoming Ineffective (or, Versatile, a random AS),
defeat, and lasting conditions. Each change is an event."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.dice.sources import DiceSource
from companion.rulesets.base import Event
from companion.rulesets.grimdark.events import (
    ActiveStatChanged,
    ConditionGained,
    CzChanged,
    Defeated,
    DefeatedHow,
    HpChanged,
    ResourceChanged,
    StatAlreadySettled,
    Wounded,
)
from companion.rulesets.grimdark.sides import ability_rule
from companion.rulesets.grimdark.state import Condition, Fighter, GrimdarkState, TurnRecord
from companion.rulesets.grimdark.table_models import STATS


@dataclass
class Ctx:
    """One action under way: the state, its dice, the events so far and what each
    gladiator suffers this turn."""

    state: GrimdarkState
    dice: DiceSource
    events: list[Event] = field(default_factory=list)
    now: dict[str, TurnRecord] = field(default_factory=dict)
    # Whose blow changed a gladiator's active stat this turn: results are applied by
    # Init, and the first (the higher Init's) stands against a later one.
    stat_changed_by: dict[str, str] = field(default_factory=dict)

    def record(self, f: Fighter) -> TurnRecord:
        return self.now.setdefault(f.id, TurnRecord())

    def emit(self, happened: Event) -> None:
        self.events.append(happened)


def hurt(ctx: Ctx, f: Fighter, amount: int, reason: str, by: str | None = None) -> int:
    """He loses `amount` HP: wounded when he falls to the figure or below (or takes
    damage there unwounded), defeated at the other figure."""
    if amount <= 0 or f.defeated:
        return 0
    fig = ctx.state.data.figures
    before = f.hp
    f.hp -= amount
    ctx.record(f).damage_taken += amount
    ctx.emit(HpChanged(f.id, change=-amount, hp=f.hp, reason=reason, by=by))
    limit = fig.value("wounded-at-hp")
    if f.hp <= limit and (before > limit or not f.wounded):
        wound(ctx, f, reason)
    if f.hp <= fig.value("defeated-at-hp"):
        defeat(ctx, f, "hp", by)
    return amount


def heal(ctx: Ctx, f: Fighter, amount: int, reason: str) -> int:
    """He regains HP, never above his maximum."""
    gained = max(0, min(amount, f.max_hp - f.hp))
    if gained and not f.defeated:
        f.hp += gained
        ctx.emit(HpChanged(f.id, change=gained, hp=f.hp, reason=reason, by=None))
    return gained


def wound(ctx: Ctx, f: Fighter, source: str) -> None:
    """The wounded condition; received again, his AS is lowered by 1 for good (his
    highest stat when the AS is Ineffective)."""
    if not f.wounded:
        f.wounded = True
        ctx.emit(Wounded(f.id, source=source, second=False))
        return
    stat = f.active_stat
    if stat == "ineffective":
        stat = max(STATS, key=lambda s: (f.stats[s], -STATS.index(s)))
    f.stats[stat] = max(0, f.stats[stat] - 1)
    ctx.emit(Wounded(f.id, source=source, second=True, stat=stat, value=f.stats[stat]))


def make_ineffective(ctx: Ctx, f: Fighter, source: str, by: str | None = None) -> None:
    """His AS becomes Ineffective; a Versatile gladiator's is set at random instead.
    `by`: the opponent whose blow does it; one with a higher Init got there first."""
    if f.defeated:
        return
    if by is not None:
        first = ctx.stat_changed_by.setdefault(f.id, by)
        if first != by:
            ctx.emit(StatAlreadySettled(f.id, source=source, by=by, first=first))
            return
    if ability_rule(ctx.state.data, f, "random-as-instead-of-ineffective") is not None:
        face = ctx.dice.roll(len(STATS), purpose="versatile", roller=f.name).faces[0]
        f.active_stat = STATS[face - 1]
        ctx.emit(ActiveStatChanged(f.id, stat=f.active_stat, source=source, face=face,
                                   versatile=True))
        return
    f.active_stat = "ineffective"
    ctx.emit(ActiveStatChanged(f.id, stat="ineffective", source=source))


def set_active(ctx: Ctx, f: Fighter, stat: str, source: str) -> None:
    if f.active_stat != stat:
        f.active_stat = stat
        ctx.emit(ActiveStatChanged(f.id, stat=stat, source=source))


def defeat(ctx: Ctx, f: Fighter, how: DefeatedHow, by: str | None = None) -> None:
    if f.defeated:
        return
    f.defeated = True
    f.defeated_how = how
    ctx.emit(Defeated(f.id, how=how, by=by))


def add_condition(ctx: Ctx, f: Fighter, condition: Condition) -> None:
    if f.defeated:
        return
    f.conditions.append(condition)
    ctx.emit(ConditionGained(f.id, key=condition.key, amount=condition.amount,
                             turns=condition.turns, source=condition.source,
                             against=condition.against, move=condition.move,
                             weapon=condition.weapon))


def tick(f: Fighter) -> None:
    """The end of a turn: what was set this turn starts counting, the rest counts one
    turn down. Being out of position lasts until the opponent uses it."""
    kept = []
    for c in f.conditions:
        if c.fresh:
            c.fresh = False
        elif c.key != "out-of-position":
            c.turns -= 1
        if c.turns > 0:
            kept.append(c)
    f.conditions = kept


def gain_cz(ctx: Ctx, f: Fighter, amount: int, reason: str) -> None:
    if amount and not f.defeated:
        f.cz = max(0, f.cz + amount)
        ctx.emit(CzChanged(f.id, change=amount, cz=f.cz, reason=reason))


def gain(ctx: Ctx, f: Fighter, resource: str, amount: int, reason: str) -> None:
    """A resource of a move's gain: CZ, arcane essence, quantum energy or a curse."""
    if resource == "cz":
        gain_cz(ctx, f, amount, reason)
        return
    key = "curses" if resource == "curse" else resource
    before = f.resources.get(key, 0)
    f.resources[key] = max(0, before + amount)
    if f.resources[key] != before:
        ctx.emit(ResourceChanged(f.id, resource=key, change=f.resources[key] - before,
                                 value=f.resources[key], reason=reason))
