"""What each move in his hand is worth to a gladiator this turn, in points of power:
the scores the chooser (`choose.py`) ranks. Tuning of the computer player, not rules
of the game: every figure of the rules it uses comes from the tables.

- An attack brings its power (stat + the move's modifier + what it gains against that
  target: Crowd Favourite's CZ, Timing is Everything's Init, out of position, ranged
  against a melee attacker) and its expected extra damage, weighed by the posture;
  its risks (Last Stand's defeat if hit, a penalty next turn, a curse, resources
  spent) cost what the posture says.
- A defence (a support move) is worth its defence power less what the posture asks
  before he would rather stand guard: cautious gladiators guard sooner, hurt ones
  sooner still; plus what it does (a stat back, a heal, a strong move set up).
- Assessing the situation is a defence with his AS and its bonus, worth more when the
  hand holds no attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.dice.notation.parse import parse
from companion.dice.notation.tree import Term
from companion.rulesets.grimdark.coachfile import Coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.table_models import STATS, GrimdarkMoveEntry, Rule
from companion.tables.effects import Heal

ASSESS = "assess-the-situation"


@dataclass(frozen=True)
class Lean:
    """How a posture weighs things, in points of power. Tuning of the computer
    player, not rules of the game."""

    damage: float  # a point of expected extra damage
    guard: float  # taken off a defence's power before he would rather defend
    guard_hurt: float  # the same at half his HP or less
    finisher: float  # a finisher he may use
    risk: float  # a point of risk: a penalty next turn, defeat if hit
    assess_hurt: float  # assessing the situation at half his HP or less


LEANS: dict[str, Lean] = {
    "aggressive": Lean(damage=0.5, guard=5.0, guard_hurt=4.0, finisher=6.0, risk=0.25,
                       assess_hurt=0.0),
    "balanced": Lean(damage=0.3, guard=3.5, guard_hurt=2.5, finisher=4.0, risk=0.5,
                     assess_hurt=0.5),
    "cautious": Lean(damage=0.2, guard=3.5, guard_hurt=1.5, finisher=3.0, risk=1.0,
                     assess_hurt=1.5),
}
PREFER_STEP = 1.5  # a point of a coaching's weight
NO_ATTACK_ASSESS = 3.0  # a hand with no attack in it is worth trading for a new one
BIG_HIT = 3  # extra damage from which an aggressive gladiator calls a move a big hit
RESOURCE_VALUE = 0.7  # a point of arcane essence or quantum energy, gained or spent
CZ_VALUE = {"aggressive": 1.0, "balanced": 0.7, "cautious": 0.5}
CURSE_COST = 1.0
SETS_UP = 2.0  # a support move replaced by a strong special move (Biding Time)
HALF_A_BLOW = 3.0  # what halving costs besides the move's extra: about half a plain hit
TARGET_EFFECTS = {"target-ineffective-on-hit": 1.0, "disarm-turns": 1.5}


@dataclass
class Option:
    order: tuple[int, int, int]  # card in hand, target, reach: the tie-breaks
    move: GrimdarkMoveEntry
    target: str | None = None
    reach: str | None = None
    active_stat: str | None = None
    score: float = 0.0
    codes: list[str] = field(default_factory=list)
    rule_codes: list[str] = field(default_factory=list)

    @property
    def attacks(self) -> bool:
        return self.move.attack is not None


@dataclass(frozen=True)
class Scene:
    view: Mapping[str, Any]
    me: Mapping[str, Any]
    foes: dict[str, Mapping[str, Any]]
    coaching: Coaching
    data: GrimdarkData
    lean: Lean

    def stat(self, key: str | None) -> float:
        stats: dict[str, int] = self.me["stats"]
        if key == "active" or key is None:
            active = self.me.get("active_stat")
            return stats[active] if active in stats else min(stats.values())
        if key == "random":
            return sum(stats.values()) / len(stats)
        return stats[key]

    @property
    def hurt(self) -> bool:
        return 2 * int(self.me["hp"]) <= int(self.me["max_hp"])


def allowed(scene: Scene, move: GrimdarkMoveEntry, target: str) -> bool:
    """A finisher's own conditions, checked again from the view: a chooser that
    trusted a wrong `targets` list would play an illegal finisher."""
    need = move.requirements
    if need is None:
        return True
    foe = scene.foes[target]
    if need.target_wounded and not foe.get("wounded"):
        return False
    lead = need.cz_above_target
    return lead is None or int(scene.me["cz"]) - int(foe["cz"]) >= lead


def score(scene: Scene, o: Option) -> None:
    move, lean = o.move, scene.lean
    if move.key == ASSESS:
        _score_assess(scene, o)
    elif move.attack is not None:
        _score_attack(scene, o)
    else:
        o.score = scene.stat(move.stat) + move.modifier - (
            lean.guard_hurt if scene.hurt else lean.guard)
        if move.kind == "support":
            o.codes.append("defends")
        _score_support(scene, o)
    _score_gains(scene, o)
    weight = scene.coaching.prefer.get(move.key, 0)
    if weight:
        o.score += PREFER_STEP * weight
        if weight > 0:
            o.codes.insert(0, f"prefers:{move.key}")


def _score_attack(scene: Scene, o: Option) -> None:
    move, lean, f = o.move, scene.lean, scene.data.figures
    power = scene.stat(move.stat) + move.modifier + _flurry(scene, move)
    foe = scene.foes[str(o.target)]
    power += _versus(scene, move, foe)
    if any(c.get("key") == "out-of-position" for c in foe.get("conditions", [])):
        power += f.value("out-of-position-bonus")
    if o.reach == "ranged" or move.attack == "ranged":
        struck = scene.me.get("last_turn", {}).get("struck_in_melee_by", [])
        # The bonus comes only if he attacks in melee now: count it half.
        power += (f.value("ranged-vs-melee-penalty") if o.target in struck
                  else f.value("ranged-vs-melee-bonus") / 2)
        if o.reach == "ranged":
            o.codes.append("reach:ranged")
    extra = _mean(move.bonus_damage)
    if move.half_damage:
        extra = extra / 2 - HALF_A_BLOW
    o.score = power + lean.damage * extra
    if scene.coaching.posture == "aggressive" and extra >= BIG_HIT:
        o.codes.append("big-hit")
    if move.kind == "melee-finisher":
        o.score += lean.finisher
        o.codes.append("finisher-allowed")
    for effect in move.effects:
        if not isinstance(effect, Rule):
            continue
        amount = effect.amount or 0
        if effect.rule == "self-penalty-next-turn":
            o.score += lean.risk * amount
        elif effect.rule == "defeated-if-hit":
            o.score -= lean.risk * 4
        elif effect.rule == "self-ineffective-after-attack":
            o.score -= lean.risk * 3
        elif effect.rule == "damage-only-on-critical":
            o.score -= 3
        elif effect.rule in ("target-penalty-next-turn", "target-penalty-next-3-turns"):
            o.score += abs(amount) * (0.25 if effect.rule.endswith("next-turn") else 0.5)
        else:
            o.score += TARGET_EFFECTS.get(effect.rule, 0.0)


def _flurry(scene: Scene, move: GrimdarkMoveEntry) -> int:
    """The stacked bonus a stacking move (Flurry of Blows) carries now: the view's
    `flurry`, no higher than the move's own cap."""
    rules = {e.rule: e.amount or 0 for e in move.effects if isinstance(e, Rule)}
    if "stacking-bonus-per-use" not in rules:
        return 0
    return min(int(scene.me.get("flurry", 0)), rules.get("stacking-bonus-max", 99))


def _versus(scene: Scene, move: GrimdarkMoveEntry, foe: Mapping[str, Any]) -> int:
    """The move's own modifiers against this target (CZ, Init, his AS)."""
    mine_cz, his_cz = int(scene.me["cz"]), int(foe["cz"])
    rules = {e.rule: e.amount or 0 for e in move.effects if isinstance(e, Rule)}
    out = 0
    if his_cz < mine_cz:
        out += rules.get("modifier-vs-lower-cz-by-4" if mine_cz - his_cz >= 4 else "", 0) \
            or rules.get("modifier-vs-lower-cz", 0)
    elif his_cz > mine_cz:
        out += rules.get("modifier-vs-higher-cz-by-4" if his_cz - mine_cz >= 4 else "", 0) \
            or rules.get("modifier-vs-higher-cz", 0)
    mine_init, his_init = int(scene.me.get("init", 0)), int(foe.get("init", 0))
    if his_init < mine_init:
        out += rules.get("modifier-vs-worse-init", 0)
    elif his_init > mine_init:
        out += rules.get("modifier-vs-better-init", 0)
    return out + rules.get(f"modifier-vs-target-as-{foe.get('active_stat')}", 0)


def _score_support(scene: Scene, o: Option) -> None:
    move, me = o.move, scene.me
    if o.active_stat is not None:
        gain = scene.stat(o.active_stat) - scene.stat("active")
        if scene.me.get("active_stat") not in STATS:
            gain += 1  # out of Ineffective: his AS moves need a real stat again
        o.score += 1.5 * gain if gain > 0 else -3
        if gain > 0:
            o.codes.insert(0, f"sets-stat:{o.active_stat}")
    if move.replaced_by:
        o.score += SETS_UP
        o.codes.insert(0, f"sets-up:{move.replaced_by}")
    missing = int(me["max_hp"]) - int(me["hp"])
    conditions = {c.get("key") for c in me.get("conditions", [])}
    for effect in move.effects:
        if isinstance(effect, Heal) and missing:
            o.score += 0.4 * min(effect.amount, missing)
            o.codes.insert(0, "heals")
        elif isinstance(effect, Rule):
            if effect.rule == "no-damage-from-non-critical-hits":
                o.score += 2.0
            elif effect.rule == "remove-wounded" and me.get("wounded"):
                o.score += 3.0
            elif effect.rule == "remove-poisoned" and "poisoned" in conditions:
                o.score += int(me.get("resources", {}).get("poison", 1))
            elif effect.rule == "damage-all-combatants-equal-brutality":
                # Everyone is hurt, him too: worth it against a crowd only.
                o.score += scene.stat("brutality") * (len(scene.foes) - 1) * \
                    scene.lean.damage * 2


def _score_assess(scene: Scene, o: Option) -> None:
    lean = scene.lean
    o.score = scene.stat("active") + o.move.modifier - 1 - (
        lean.guard_hurt if scene.hurt else lean.guard)
    if not any(card_attacks(scene, c) for c in scene.me.get("hand", [])):
        o.score += NO_ATTACK_ASSESS
        o.codes.append("no-attack-in-hand:assess")
    elif scene.hurt and lean.assess_hurt:
        o.score += lean.assess_hurt
        o.codes.append("hurt:assess")


def _score_gains(scene: Scene, o: Option) -> None:
    cz = CZ_VALUE[scene.coaching.posture]
    if o.move.cost is not None:
        o.score -= RESOURCE_VALUE * o.move.cost.amount
    for gain in o.move.gain:
        worth = cz if gain.resource == "cz" else -CURSE_COST if gain.resource == "curse" \
            else RESOURCE_VALUE
        o.score += worth * gain.amount
        if gain.amount > 0 and gain.resource != "curse" and o.move.attack is None:
            o.codes.insert(0, f"gains:{gain.resource}")


def _mean(dice: int | str) -> float:
    """The mean of a bonus: a number, or dice notation ("d4", "2d6+1")."""
    if isinstance(dice, int):
        return float(dice)
    expr = parse(dice)
    if not isinstance(expr, Term):  # a success pool: no bonus the tables allow
        return 0.0
    low, high = expr.bounds()
    return (low + high) / 2


def card_attacks(scene: Scene, card: Mapping[str, Any]) -> bool:
    move = scene.data.moves.get(str(card.get("key")))
    return bool(card.get("playable")) and move is not None and move.attack is not None
