"""The computer's choice of a gladiator's move, by his coaching (seed 000: "each
gladiator will of course attempt to use the best move for the situation", following
his manager's instructions "to the best of their ability").

`choose_move` is deterministic and rolls no dice: the same view and coaching give the
same choice. It reads only the public summary (the hand with `playable`, `targets` and
`reaches`; everyone's HP, CZ, Init, AS, fame, team and conditions) and the tables.

Every playable (card, target, reach) and assessing the situation gets a score
(`scores.py`: power, damage and risk weighed by the posture, plus the coaching's
weights); then the coaching's rules that hold add to the options they favour, each
earlier rule outweighing every later one and everything else. The best score wins;
ties go to the earlier card in hand, then the earlier target, melee before ranged;
assessing the situation comes after every card.

Targets: a rule's `target` policy picks among a card's targets. Without one he goes
for the target the move scores best against (its modifiers against him, out of
position, a finisher open only on him) and, when that is even, the one with the
fewest HP ("weakest").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.rulesets.grimdark.coachfile import Coaching, CoachingRule, default_coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.scores import (
    ASSESS,
    LEANS,
    Option,
    Scene,
    allowed,
    card_attacks,
    score,
)
from companion.rulesets.grimdark.table_models import STATS, GrimdarkMoveEntry

RULE_STEP = 1000.0  # a rule: more than every weight and posture together
__all__ = ["ASSESS", "Choice", "choose_move"]


@dataclass(frozen=True)
class Choice:
    move: str  # a key from the hand, or "assess-the-situation"
    target: str | None
    reach: str | None  # "melee" | "ranged" for a melee-or-ranged move
    active_stat: str | None  # for Basic Adjustment
    why: tuple[str, ...]  # reason codes; why_words says them


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
    scene = Scene(view, mine, foes, coaching, data, LEANS[coaching.posture])
    options = options_of(scene)
    if not options:  # tables without Assess the Situation, and nothing playable
        return Choice(ASSESS, None, None, None, ("only-move",))
    if len({o.order[0] for o in options}) == 1:
        only = options[0]
        return Choice(only.move.key, only.target, only.reach, only.active_stat,
                      ("only-move",))
    for option in options:
        score(scene, option)
    policy = apply_rules(scene, options)
    options = pick_targets(scene, options, policy)
    # One option a card is left after pick_targets: the card's place settles a tie.
    best = max(options, key=lambda o: (o.score, -o.order[0]))
    why = best.rule_codes or [coaching.posture, *best.codes]
    return Choice(best.move.key, best.target, best.reach, best.active_stat, tuple(why))


# ------------------------------------------------------------------ the options

def options_of(scene: Scene) -> list[Option]:
    """Every playable (card, target, reach), and assessing the situation last."""
    out: list[Option] = []
    hand: Sequence[Mapping[str, Any]] = scene.me.get("hand", [])
    for i, card in enumerate(hand):
        move = scene.data.moves.get(str(card.get("key")))
        if move is None or not card.get("playable") or move.key == ASSESS:
            continue
        targets: list[str | None] = [None]
        if move.attack is not None:
            targets = [t for t in card.get("targets") or list(scene.foes)
                       if t in scene.foes and allowed(scene, move, t)]
        reaches: list[str | None] = [None]
        if move.attack == "melee-or-ranged":
            reaches = list(card.get("reaches") or ["melee"])
        for j, target in enumerate(targets):
            for k, reach in enumerate(reaches):
                out.append(Option((i, j, k), move, target, reach,
                                   _adjusted_stat(scene, move)))
    assess = scene.data.moves.get(ASSESS)
    if assess is not None:
        out.append(Option((len(hand), 0, 0), assess))
    return out

def _adjusted_stat(scene: Scene, move: GrimdarkMoveEntry) -> str | None:
    """Basic Adjustment's new AS: the coaching's stat, else his strongest."""
    if move.sets_active_stat != "any":
        return None
    if scene.coaching.active_stat is not None:
        return scene.coaching.active_stat
    stats: dict[str, int] = scene.me["stats"]
    return max(STATS, key=lambda s: (stats[s], -STATS.index(s)))


# ------------------------------------------------------------------ the coaching

def holds(scene: Scene, rule: CoachingRule) -> bool:
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
            return not any(card_attacks(scene, c) for c in me.get("hand", []))
        case "finisher-allowed":
            return any(_finisher_open(scene, c) for c in me.get("hand", []))
        case "hp-below":
            return hp < value
        case "cz-ahead":
            return any(int(me["cz"]) - int(f["cz"]) >= value for f in foes)
        case "behind-on-hp":
            return bool(scene.foes) and all(hp < int(f["hp"]) for f in foes)
    return False  # pragma: no cover - When is closed


def _finisher_open(scene: Scene, card: Mapping[str, Any]) -> bool:
    move = scene.data.moves.get(str(card.get("key")))
    if not card.get("playable") or move is None or move.kind != "melee-finisher":
        return False
    return any(t in scene.foes and allowed(scene, move, t)
               for t in card.get("targets") or list(scene.foes))


def _when_code(rule: CoachingRule) -> str:
    return rule.when if rule.value is None else f"{rule.when}={rule.value}"


def apply_rules(scene: Scene, options: list[Option]) -> str | None:
    """Add each rule that holds to the options it favours; the first target policy
    that holds is returned."""
    rules = scene.coaching.rules
    policy: str | None = None
    for i, rule in enumerate(rules):
        if not holds(scene, rule):
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


def _does(o: Option, do: str) -> bool:
    if do == "assess":
        return o.move.key == ASSESS
    if do == "finish":
        return o.move.kind == "melee-finisher"
    if do == "defend":
        return not o.attacks
    return o.attacks


def pick_targets(scene: Scene, options: list[Option], policy: str | None) -> list[Option]:
    """For each card, the one target he would go for; the target's code goes on it
    when he had a choice."""
    by_card: dict[int, list[Option]] = {}
    for o in options:
        by_card.setdefault(o.order[0], []).append(o)
    out: list[Option] = []
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


def _policy_rank(scene: Scene, policy: str, target: str) -> float:
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
