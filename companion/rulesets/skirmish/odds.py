"""Exact odds of an attack before it is rolled: every attack-die pair, every save die,
and the special events' own dice where they wound (a double 6's 2D6).

All counting is in whole numbers over one common total; Fractions are made only for
the answer. The counts depend on a handful of numbers (net modifier, saving faces,
extra wounds), so they are worked out once per combination and kept in the game
data's memo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

from companion.core.facing import pushback_hex
from companion.core.hexgrid import direction_name
from companion.rulesets.skirmish.actions import AttackAction
from companion.rulesets.skirmish.attack import plan_attack
from companion.rulesets.skirmish.data import GameData, WeaponInfo
from companion.rulesets.skirmish.modifiers import attack_modifiers, blow_numbers, effective_save
from companion.rulesets.skirmish.plan import AttackPlan
from companion.rulesets.skirmish.state import Gladiator, State
from companion.rulesets.skirmish.weapons import shredder


@dataclass(frozen=True)
class BlowCounts:
    """Ways out of `total` (36 die pairs x 6 save faces x the events' own dice)."""

    total: int
    hit: int  # not a double, margin above 0
    saved: int
    miss: int  # not a double, margin 0 or less
    wounds: dict[int, int]  # wounds dealt (0 included) -> ways
    double: int  # ways for each face of a double


@dataclass
class AttackOdds:
    """The chances of one attack. Probabilities are Fractions; `to_json` writes them
    as "n/d" strings with float approximations beside them."""

    attacker: str
    target: str
    weapon: str
    kind: str  # "blow" or "cast"
    distance: int
    hexside: str
    attack_modifiers: list[tuple[str, int]]
    defence_modifiers: list[tuple[str, int]]
    modifier: int
    save: int
    p_hit: Fraction = Fraction(0)
    p_saved: Fraction = Fraction(0)
    p_wounded: Fraction = Fraction(0)
    expected_wounds: Fraction = Fraction(0)
    wounds: dict[int, Fraction] = field(default_factory=dict)
    p_beaten: Fraction = Fraction(0)
    p_miss: Fraction = Fraction(0)
    p_pushback: Fraction = Fraction(0)
    p_off_balance: Fraction = Fraction(0)  # a miss that cannot push him back
    events: dict[int, Fraction] = field(default_factory=dict)
    event_names: dict[int, str] = field(default_factory=dict)
    p_entangle: Fraction = Fraction(0)
    p_shredded: Fraction = Fraction(0)
    p_missile_lost: Fraction = Fraction(0)

    def to_json(self) -> dict[str, Any]:
        probs = {k: getattr(self, k) for k in (
            "p_hit", "p_saved", "p_wounded", "expected_wounds", "p_beaten", "p_miss",
            "p_pushback", "p_off_balance", "p_entangle", "p_shredded", "p_missile_lost")}
        return {
            "attacker": self.attacker, "target": self.target, "weapon": self.weapon,
            "kind": self.kind, "distance": self.distance, "hexside": self.hexside,
            "attack_modifiers": [list(m) for m in self.attack_modifiers],
            "defence_modifiers": [list(m) for m in self.defence_modifiers],
            "modifier": self.modifier, "save": self.save,
            **{k: str(v) for k, v in probs.items()},
            "wounds": {str(k): str(v) for k, v in self.wounds.items()},
            "events": {str(k): {"name": self.event_names.get(k, ""), "p": str(v)}
                       for k, v in self.events.items()},
            "approx": {k: float(v) for k, v in probs.items()},
        }


def _event_counts(data: GameData) -> tuple[int, dict[int, dict[int, int]]]:
    """(common total of the events' own dice, per face: wounds -> ways)."""
    key = ("events",)
    cached = data.odds_cache.get(key)
    if cached is None:
        unit = 1
        for dist in data.event_wounds_odds.values():
            for p in dist.values():
                unit = lcm(unit, p.denominator)
        per_face: dict[int, dict[int, int]] = {}
        for face in range(1, 7):
            odds = data.event_wounds_odds.get(face)
            if odds is None:
                per_face[face] = {0: unit}
            else:
                per_face[face] = {max(w, 0): int(p * unit) for w, p in odds.items()}
        cached = (unit, per_face)
        data.odds_cache[key] = cached
    return cached


def blow_counts(data: GameData, net: int, save: int, extra: int) -> BlowCounts:
    """Counts for a blow with attacker's net modifier `net` (his modifiers minus the
    defender's), the defender's save modifier and any extra wounds on a hit."""
    key = (net, save, extra)
    cached = data.odds_cache.get(key)
    if cached is not None:
        return cached
    unit, per_face = _event_counts(data)
    target = data.rules.save_target
    saving = 0 if save <= 0 else sum(1 for r in range(1, 7) if r + save >= target)
    pair = 6 * unit  # ways for one die pair: 6 save faces x the events' dice
    hit = saved = miss = 0
    wounds: dict[int, int] = {}
    for a in range(1, 7):
        for d in range(1, 7):
            if a == d:
                for w, ways in per_face[a].items():
                    wounds[w] = wounds.get(w, 0) + 6 * ways
                continue
            margin = a - d + net
            if margin > 0:
                hit += pair
                s = saving * unit
                saved += s
                wounds[0] = wounds.get(0, 0) + s
                w = margin + extra
                wounds[w] = wounds.get(w, 0) + pair - s
            else:
                miss += pair
                wounds[0] = wounds.get(0, 0) + pair
    counts = BlowCounts(36 * pair, hit, saved, miss, dict(sorted(wounds.items())), pair)
    data.odds_cache[key] = counts
    return counts


def attack_odds(state: State, attacker: str, target: str, weapon: str | None,
                hexside: int | str | None = None) -> AttackOdds:
    """The odds of `attacker` striking `target` with `weapon` now (through `hexside`,
    for a corner). Raises UserError when that attack is impossible from here."""
    g = state.find(attacker)
    probe: AttackAction = {"type": "attack", "target": target, "weapon": weapon,
                           "hexside": hexside}
    plan = plan_attack(state, probe, strict=False, attacker=g)
    return odds_for_plan(state, plan)


def odds_for_plan(state: State, plan: AttackPlan) -> AttackOdds:
    data = state.data
    g, t, w = plan.attacker, plan.target, plan.option.weapon
    att, defence = attack_modifiers(state, plan)
    net = sum(m for _, m in att) - sum(m for _, m in defence)
    save, extra = effective_save(data, t, plan.hexside, w)
    odds = AttackOdds(g.id, t.id, plan.option.ref, "cast" if w.entangles else "blow",
                      plan.distance, direction_name(plan.hexside), att, defence, net, save)
    assert t.hex is not None
    behind = pushback_hex(t.hex, plan.hexside)
    blocked = not state.board.contains(behind) or state.occupant(behind) is not None
    if w.entangles:
        need = w.entangle_need[plan.distance]
        p_cast = Fraction(max(0, 7 - need), 6)
        tool = shredder(state, t, w.slug)
        p_cone = Fraction(0)
        if tool is not None and data.weapons[tool].shreds_min is not None:
            p_cone = Fraction(7 - data.weapons[tool].shreds_min, 6)  # type: ignore[operator]
        odds.p_shredded = p_cone
        odds.p_entangle = p_cast * (1 - p_cone)
        odds.p_miss = (1 - p_cast) * (1 - p_cone)
        odds.wounds = {0: Fraction(1)}
    else:
        c = blow_counts(data, net, save, extra)
        total = c.total
        odds.p_hit = Fraction(c.hit, total)
        odds.p_saved = Fraction(c.saved, total)
        odds.p_miss = Fraction(c.miss, total)
        odds.wounds = {k: Fraction(v, total) for k, v in c.wounds.items()}
        odds.p_wounded = 1 - odds.wounds.get(0, Fraction(0))
        odds.expected_wounds = Fraction(sum(k * v for k, v in c.wounds.items()), total)
        odds.p_beaten = Fraction(sum(v for k, v in c.wounds.items() if k >= t.strength and k),
                                 total)
        p_double = Fraction(c.double * 1, total)
        odds.events = {face: p_double for face in range(1, 7)}
        odds.event_names = {face: e.name for face, e in data.events.items()}
        if w.missile:
            lost = Fraction(0)
            if "wounds" in w.lost_when:
                lost += Fraction(c.hit - c.saved, total)
            if "saved" in w.lost_when:
                lost += odds.p_saved
            if "special-event" in w.lost_when:
                lost += 6 * p_double
            odds.p_missile_lost = lost
    if blocked:
        odds.p_off_balance = odds.p_miss
    else:
        odds.p_pushback = odds.p_miss
    return odds


def quick_value(state: State, g: Gladiator, t: Gladiator, w: WeaponInfo, distance: int,
                hexside: int, allies: int | None = None) -> tuple[float, float]:
    """(expected wounds, chance he is beaten at once) as floats, for the computer
    player: the same counts as `attack_odds` for a blow by `g` at `t` with `w` from
    `distance` hexes through `hexside`, without building Fractions. `allies`:
    `modifiers.allies_engaging(state, g, t)` if the caller has it already."""
    data = state.data
    net, save, extra = blow_numbers(state, g, t, w, distance, hexside, allies)
    key = ("value", net, save, extra, t.strength)
    found = data.odds_cache.get(key)
    if found is None:
        c = blow_counts(data, net, save, extra)
        exp = sum(k * v for k, v in c.wounds.items()) / c.total
        beaten = sum(v for k, v in c.wounds.items() if k and k >= t.strength) / c.total
        found = (exp, beaten)
        data.odds_cache[key] = found
    return found
