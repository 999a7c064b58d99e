"""Exact odds of an attack before it is rolled: whiff (or miss), blocked, a hit by its
damage, and a critical that gets through, each a Fraction; nothing is sampled.

The attack pool's (highest face, how many show it) is counted by
`companion.dice.odds.pools.pool_highest_ways`; the defender's 6s are binomial. A
critical's damage dice depend on the defender's 6s, so their distribution is given too.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from companion.dice.odds.pools import pool_highest_ways, pool_successes
from companion.rulesets.battle.data import CRITICAL_KEY, BattleTables
from companion.rulesets.battle.pools import read_key


@dataclass(frozen=True)
class AttackOdds:
    """Chances of each way an attack can end; whiff + miss + blocked + hit + critical
    is exactly 1. `hit` is a landed hit that is not a critical; `critical` a critical
    not fully blocked; `critical_dice` the damage dice such a critical rolls."""

    whiff: Fraction
    miss: Fraction
    blocked: Fraction
    hit: Fraction
    critical: Fraction
    hit_by_damage: dict[int, Fraction] = field(default_factory=dict)
    critical_dice: dict[int, Fraction] = field(default_factory=dict)
    stun_hit: Fraction = Fraction(0)

    def total(self) -> Fraction:
        return self.whiff + self.miss + self.blocked + self.hit + self.critical

    def to_json(self) -> dict[str, Any]:
        return {
            "whiff": str(self.whiff),
            "miss": str(self.miss),
            "blocked": str(self.blocked),
            "hit": str(self.hit),
            "critical": str(self.critical),
            "hit_by_damage": {str(k): str(v) for k, v in sorted(self.hit_by_damage.items())},
            "critical_dice": {str(k): str(v) for k, v in sorted(self.critical_dice.items())},
            "stun_hit": str(self.stun_hit),
        }


def _at_least_ways(defence_dice: int) -> list[int]:
    """at_least[s] = the ways (of 6^dice) the defence pool shows s or more 6s, for
    s = 0..dice+1."""
    dist = pool_successes(defence_dice, 6, 6)
    tail = [0] * (defence_dice + 2)
    running = 0
    for s in range(defence_dice, -1, -1):
        running += dist.ways_of(s)
        tail[s] = running
    return tail


def attack_odds(
    tables: BattleTables,
    weapon_class: str,
    attack_dice: int,
    defence_dice: int,
    *,
    max_sixes: int | None = None,
    cannot_whiff: bool = False,
    crit_extra_dice: int = 0,
) -> AttackOdds:
    """The odds of one attack of `attack_dice` (luck dice included) against
    `defence_dice`. `max_sixes` caps a defensive attack's best result;
    `cannot_whiff` turns whiffs into misses (defensive, thrown, whip)."""
    if attack_dice < 0 or defence_dice < 0:
        raise ValueError("pools cannot be negative")
    # Whole numbers of ways until the end, each chance a Fraction only once: a sum of
    # Fractions takes a gcd at every step. The attack pool's rolls are counted over
    # 6^attack_dice, both pools' over 6^(attack_dice + defence_dice).
    at_least = _at_least_ways(defence_dice)
    exact = [at_least[s] - at_least[s + 1] for s in range(defence_dice + 1)]
    defence_ways = 6 ** defence_dice
    # Rolls that read alike (the same column and 6s that count) go to the tables
    # once: 600 rolls of 100 dice read as about 100.
    readings: dict[tuple[str, int], int] = defaultdict(int)
    for (highest, count), ways in pool_highest_ways(attack_dice)[0].items():
        if highest == 6 and max_sixes is not None:
            count = min(count, max_sixes)
        readings[(read_key(highest, count), count if highest == 6 else 0)] += ways
    whiff = blocked = hit = critical = stun_hit = 0
    by_damage: dict[int, int] = defaultdict(int)
    crit_dice: dict[int, int] = defaultdict(int)
    class_dice = tables.crit_class_dice(weapon_class) + crit_extra_dice
    for (key, sixes), ways in readings.items():
        entry = tables.attack(weapon_class, key)
        if entry.outcome == "whiff":
            whiff += ways
            continue
        needed = tables.block(key).sixes_to_block(sixes)
        assert needed is not None  # only "3 or less" has nothing to block, and it whiffs
        stopped = at_least[min(needed, defence_dice + 1)]
        blocked += ways * stopped
        if key != CRITICAL_KEY:
            through = ways * (defence_ways - stopped)
            hit += through
            by_damage[entry.damage] += through
            if entry.stun:
                stun_hit += through
            continue
        for defender_sixes in range(min(sixes, defence_dice + 1)):
            q = ways * exact[defender_sixes]
            critical += q
            crit_dice[sixes + class_dice - defender_sixes] += q
    attack_ways = 6 ** attack_dice
    both = attack_ways * defence_ways
    chance = Fraction(whiff, attack_ways)
    whiff_p, miss_p = (Fraction(0), chance) if cannot_whiff else (chance, Fraction(0))
    return AttackOdds(whiff_p, miss_p, Fraction(blocked, both), Fraction(hit, both),
                      Fraction(critical, both),
                      {k: Fraction(v, both) for k, v in by_damage.items()},
                      {k: Fraction(v, both) for k, v in crit_dice.items()},
                      Fraction(stun_hit, both))


def disarm_odds(attack_dice: int, defence_dice: int) -> AttackOdds:
    """The whip's disarm: no 6 is a whiff; otherwise the defender keeps his weapon
    with as many 6s as the attacker rolled. `hit` is the chance he is disarmed."""
    at_least = _at_least_ways(defence_dice)
    defence_ways = 6 ** defence_dice
    attack = pool_successes(attack_dice, 6, 6)
    blocked = hit = 0
    for sixes in range(1, attack_dice + 1):
        ways = attack.ways_of(sixes)
        stopped = at_least[min(sixes, defence_dice + 1)]
        blocked += ways * stopped
        hit += ways * (defence_ways - stopped)
    both = attack.ways * defence_ways
    return AttackOdds(Fraction(attack.ways_of(0), attack.ways), Fraction(0),
                      Fraction(blocked, both), Fraction(hit, both), Fraction(0))


def odds_for_action(tables: BattleTables, state: Any, action: dict[str, Any]) -> AttackOdds:
    """The odds of an attack action the gladiator whose turn it is might declare,
    sized exactly as the engine would size it (nothing is rolled)."""
    from companion.dice.sources import ScriptedDice
    from companion.rulesets.battle.actions import Attack, parse_action
    from companion.rulesets.battle.attack import defence_for, plan_attack
    from companion.rulesets.battle.flow import Ctx

    parsed = parse_action({"type": "attack", **action})
    assert isinstance(parsed, Attack)
    ctx = Ctx(state, tables, ScriptedDice([]))
    f = state.current
    plan = plan_attack(ctx, f, parsed)
    defence, _ = defence_for(ctx, plan, state.opponent(f))
    attack_dice = plan.pool.dice + plan.luck
    defence_dice = defence.dice + plan.defence_luck
    if plan.disarm:
        return disarm_odds(attack_dice, defence_dice)
    extra = ctx.quirks(f).called_shot_dice if plan.called_shot else 0
    return attack_odds(tables, plan.weapon_class, attack_dice, defence_dice,
                       max_sixes=plan.max_sixes, cannot_whiff=plan.cannot_whiff,
                       crit_extra_dice=extra)
