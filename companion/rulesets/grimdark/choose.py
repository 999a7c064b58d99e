"""The computer's choice of a gladiator's move, by his coaching (seed 000: "each
gladiator will of course attempt to use the best move for the situation", following
his manager's instructions "to the best of their ability").

`choose_move` is deterministic and rolls no dice: the same view and coaching give the
same choice. It reads only the public summary (the hand with `playable`, `targets` and
`reaches`; everyone's HP, CZ, Init, AS, fame, team and conditions) and the tables.

Every playable (move, target, reach) gets a score:
- the power it brings (stat + the move's modifier + what it gains against that target:
  Crowd Favourite's CZ, Timing is Everything's Init, out of position, ranged against a
  melee attacker), plus its expected extra damage weighed by the posture;
- its risks and side effects (Last Stand's defeat if hit, a penalty next turn, a
  curse, resources spent or gained) weighed by the posture;
- a defence (a support move, assessing the situation) is worth its defence power less
  what the posture asks before he would rather stand guard: cautious gladiators guard
  sooner, hurt ones sooner still;
- the coaching's weights, then its rules, each earlier rule outweighing all later
  ones and everything else.
The best score wins; ties go to the earlier card in hand, then the earlier target,
melee before ranged; assessing the situation comes after every card.

Targets: a rule's `target` policy picks among the move's targets. Without one, he goes
for the target the move scores best against (its modifiers, a finisher open only
on him) and, when that is even, the one with the fewest HP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.notation import Term, parse
from companion.rulesets.grimdark.coachfile import Coaching, CoachingRule, default_coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.tables.effects import Heal
from companion.tables.models.grimdark import STATS, GrimdarkMoveEntry, Rule

ASSESS = "assess-the-situation"


@dataclass(frozen=True)
class Choice:
    move: str  # a key from the hand, or "assess-the-situation"
    target: str | None
    reach: str | None  # "melee" | "ranged" for a melee-or-ranged move
    active_stat: str | None  # for Basic Adjustment
    why: tuple[str, ...]  # reason codes; why_words says them


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
RULE_STEP = 1000.0  # a rule: more than every weight and posture together
NO_ATTACK_ASSESS = 3.0  # a hand with no attack in it is worth trading for a new one
BIG_HIT = 3  # extra damage from which an aggressive gladiator calls a move a big hit
RESOURCE_VALUE = 0.7  # a point of arcane essence or quantum energy, gained or spent
CZ_VALUE = {"aggressive": 1.0, "balanced": 0.7, "cautious": 0.5}
CURSE_COST = 1.0
SETS_UP = 2.0  # a support move replaced by a strong special move (Biding Time)
TARGET_EFFECTS = {"target-ineffective-on-hit": 1.0, "disarm-turns": 1.5}


@dataclass
class _Option:
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
class _Scene:
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


def choose_move(view: Mapping[str, Any], me: str, coaching: Coaching | None,
                data: GrimdarkData) -> Choice:
    """His move this turn, by his coaching (the default one when None)."""
    coaching = coaching or default_coaching()
    by_id = {g["id"]: g for g in view["gladiators"]}
    mine = by_id[me]
    foes = {g["id"]: g for g in view["gladiators"]
            if g["team"] != mine["team"] and not g.get("defeated")}
    if any(c.get("key") == "stunned" for c in mine.get("conditions", [])):
        return Choice(ASSESS, None, None, None, ("stunned",))
    scene = _Scene(view, mine, foes, coaching, data, LEANS[coaching.posture])
    options = _options(scene)
    if len({o.order[0] for o in options}) == 1:
        only = options[0]
        return Choice(only.move.key, only.target, only.reach, only.active_stat,
                      ("only-move",))
    for option in options:
        _score(scene, option)
    policy = _apply_rules(scene, options)
    options = _pick_targets(scene, options, policy)
    best = max(options, key=lambda o: (o.score, -o.order[0], -o.order[1], -o.order[2]))
    why = best.rule_codes or [coaching.posture, *best.codes]
    return Choice(best.move.key, best.target, best.reach, best.active_stat, tuple(why))


# ------------------------------------------------------------------ the options

def _options(scene: _Scene) -> list[_Option]:
    """Every playable (card, target, reach), and assessing the situation last."""
    out: list[_Option] = []
    hand: Sequence[Mapping[str, Any]] = scene.me.get("hand", [])
    for i, card in enumerate(hand):
        move = scene.data.moves.get(str(card.get("key")))
        if move is None or not card.get("playable") or move.key == ASSESS:
            continue
        targets: list[str | None] = [None]
        if move.attack is not None:
            targets = [t for t in card.get("targets") or list(scene.foes)
                       if t in scene.foes and _allowed(scene, move, t)]
        reaches: list[str | None] = [None]
        if move.attack == "melee-or-ranged":
            reaches = list(card.get("reaches") or ["melee"])
        for j, target in enumerate(targets):
            for k, reach in enumerate(reaches):
                out.append(_Option((i, j, k), move, target, reach,
                                   _adjusted_stat(scene, move)))
    assess = scene.data.moves.get(ASSESS)
    if assess is not None:
        out.append(_Option((len(hand), 0, 0), assess))
    return out


def _allowed(scene: _Scene, move: GrimdarkMoveEntry, target: str) -> bool:
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


def _adjusted_stat(scene: _Scene, move: GrimdarkMoveEntry) -> str | None:
    """Basic Adjustment's new AS: the coaching's stat, else his strongest."""
    if move.sets_active_stat != "any":
        return None
    if scene.coaching.active_stat is not None:
        return scene.coaching.active_stat
    stats: dict[str, int] = scene.me["stats"]
    return max(STATS, key=lambda s: (stats[s], -STATS.index(s)))


# ------------------------------------------------------------------ the scores

def _score(scene: _Scene, o: _Option) -> None:
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


def _score_attack(scene: _Scene, o: _Option) -> None:
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
        extra = extra / 2 - 1.5  # half the margin and weapon die go too
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
            o.score += abs(amount) * (0.5 if effect.rule.endswith("next-turn") else 1.0)
        else:
            o.score += TARGET_EFFECTS.get(effect.rule, 0.0)


def _flurry(scene: _Scene, move: GrimdarkMoveEntry) -> int:
    """The stacked bonus a stacking move (Flurry of Blows) carries now: the view's
    `flurry`, no higher than the move's own cap."""
    rules = {e.rule: e.amount or 0 for e in move.effects if isinstance(e, Rule)}
    if "stacking-bonus-per-use" not in rules:
        return 0
    return min(int(scene.me.get("flurry", 0)), rules.get("stacking-bonus-max", 99))


def _versus(scene: _Scene, move: GrimdarkMoveEntry, foe: Mapping[str, Any]) -> int:
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


def _score_support(scene: _Scene, o: _Option) -> None:
    move, me = o.move, scene.me
    if o.active_stat is not None:
        gain = scene.stat(o.active_stat) - scene.stat("active")
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


def _score_assess(scene: _Scene, o: _Option) -> None:
    lean = scene.lean
    o.score = scene.stat("active") + o.move.modifier - 1 - (
        lean.guard_hurt if scene.hurt else lean.guard)
    if not any(_card_attacks(scene, c) for c in scene.me.get("hand", [])):
        o.score += NO_ATTACK_ASSESS
        o.codes.append("no-attack-in-hand:assess")
    elif scene.hurt and lean.assess_hurt:
        o.score += lean.assess_hurt
        o.codes.append("hurt:assess")


def _score_gains(scene: _Scene, o: _Option) -> None:
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


def _card_attacks(scene: _Scene, card: Mapping[str, Any]) -> bool:
    move = scene.data.moves.get(str(card.get("key")))
    return bool(card.get("playable")) and move is not None and move.attack is not None


# ------------------------------------------------------------------ the coaching

def _holds(scene: _Scene, rule: CoachingRule) -> bool:
    me, foes = scene.me, scene.foes.values()
    hp, value = int(me["hp"]), rule.value or 0
    match rule.when:
        case "always":
            return True
        case "wounded":
            return bool(me.get("wounded"))
        case "opponent-wounded":
            return any(f.get("wounded") for f in foes)
        case "hand-has-no-attack":
            return not any(_card_attacks(scene, c) for c in me.get("hand", []))
        case "finisher-allowed":
            return any(_finisher_open(scene, c) for c in me.get("hand", []))
        case "hp-below":
            return hp < value
        case "cz-ahead":
            return any(int(me["cz"]) - int(f["cz"]) >= value for f in foes)
        case "behind-on-hp":
            return bool(scene.foes) and all(hp < int(f["hp"]) for f in foes)
    return False  # pragma: no cover - When is closed


def _finisher_open(scene: _Scene, card: Mapping[str, Any]) -> bool:
    move = scene.data.moves.get(str(card.get("key")))
    if not card.get("playable") or move is None or move.kind != "melee-finisher":
        return False
    return any(t in scene.foes and _allowed(scene, move, t)
               for t in card.get("targets") or list(scene.foes))


def _when_code(rule: CoachingRule) -> str:
    return rule.when if rule.value is None else f"{rule.when}={rule.value}"


def _apply_rules(scene: _Scene, options: list[_Option]) -> str | None:
    """Add each rule that holds to the options it favours; the first target policy
    that holds is returned."""
    rules = scene.coaching.rules
    policy: str | None = None
    for i, rule in enumerate(rules):
        if not _holds(scene, rule):
            continue
        weight = RULE_STEP * (len(rules) - i)
        when = _when_code(rule)
        if rule.target is not None:
            policy = policy or rule.target
            continue
        for o in options:
            if rule.prefer is not None and o.move.key == rule.prefer:
                o.score += weight
                o.rule_codes.append(f"rule:{when}:{rule.prefer}")
            elif rule.avoid is not None and o.move.key == rule.avoid:
                o.score -= weight
            elif rule.do is not None and _does(o, rule.do):
                o.score += weight
                o.rule_codes.append(f"rule:{when}:{rule.do}")
    return policy


def _does(o: _Option, do: str) -> bool:
    if do == "assess":
        return o.move.key == ASSESS
    if do == "finish":
        return o.move.kind == "melee-finisher"
    if do == "defend":
        return not o.attacks
    return o.attacks


def _pick_targets(scene: _Scene, options: list[_Option], policy: str | None) -> list[_Option]:
    """For each card, the one target he would go for; the target's code goes on it
    when he had a choice."""
    by_card: dict[int, list[_Option]] = {}
    for o in options:
        by_card.setdefault(o.order[0], []).append(o)
    out: list[_Option] = []
    for group in by_card.values():
        targets = {o.target for o in group}
        if len(targets) <= 1:
            out.append(max(group, key=lambda o: (o.score, -o.order[2])))
            continue
        if policy is not None:
            rank = {t: _policy_rank(scene, policy, t) for t in targets if t is not None}
            keep = max(group, key=lambda o: (rank[str(o.target)], o.score,
                                             -o.order[1], -o.order[2]))
            keep.codes.append(f"target:{policy}")
            if keep.rule_codes:
                keep.rule_codes.append(f"target:{policy}")
        else:
            keep = max(group, key=lambda o: (o.score, -int(scene.foes[str(o.target)]["hp"]),
                                             -o.order[1], -o.order[2]))
            even = sum(1 for o in group if o.score == keep.score) > 1
            keep.codes.append("target:weakest" if even else "target:best-odds")
        out.append(keep)
    return out


def _policy_rank(scene: _Scene, policy: str, target: str) -> float:
    """How well a target fits the policy: the higher the better."""
    foe = scene.foes[target]
    hp, most = int(foe["hp"]), max(int(foe["max_hp"]), 1)
    if policy in ("weakest", "least-hp"):
        return -hp
    if policy == "most-hurt":
        return -hp / most
    if policy == "strongest":
        return hp
    if policy == "most-famous":
        return int(foe.get("fame", 0))
    if policy == "least-famous":
        return -int(foe.get("fame", 0))
    if policy == "crowd-favourite":
        return int(foe["cz"])
    return 1.0 if foe.get("wounded") else 0.0  # "wounded"
