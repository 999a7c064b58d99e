"""The computer's choice by the odds ("odds", engine 2's chooser): every playable move in
his hand, and assessing the situation, is worth what it does in this match, in points
of HP; then the coaching bends that worth; an explicit coaching rule that holds still
wins over it (seed 000: "each gladiator will of course attempt to use the best move for
the situation at any given time", and follows his instructions "to the best of their
ability").

What a move is worth (`worth`):
- its fights, by their exact odds (`foresight.py`): the damage he deals and takes on
  average, the chance his target falls and the chance he falls, the crowd's CZ from a
  tie, a wound that opens a finisher he holds;
- what it leaves behind: an active stat set or lost (a point of power is worth about
  two HP a turn: `POWER`), a penalty or Ineffective on his target when it hits, a
  penalty on himself, a curse, resources, HP healed;
- the cards: a card he can play is worth more than one he cannot, so a move that
  leaves him a better hand gains, and assessing trades the whole hand for three new
  cards (`card_worth`).
Then the coaching: his posture weighs damage dealt against damage taken and the risk
of falling; each point of a move's weight in `prefer` adds `PREFER` HP; each rule that
holds adds more than everything else together, an earlier one more than a later one.
A gladiator left Ineffective plays a move that sets his stat, when he holds one, before
anything but an explicit rule.

Deterministic and dice-free: the same state and coaching give the same choice. It reads
only what the crowd can see (his own hand, everyone's HP, CZ, Init, active stat,
conditions and sheet), never another's hand or coaching, nor the order of any deck.
The figures here are tuning of the computer player, not rules of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.rulesets.grimdark.choose import (
    ASSESS,
    RULE_STEP,
    Choice,
    apply_rules,
    options_of,
    pick_targets,
)
from companion.rulesets.grimdark.coachfile import Coaching, default_coaching
from companion.rulesets.grimdark.fight import terms
from companion.rulesets.grimdark.foresight import Foresight, Outlook
from companion.rulesets.grimdark.legal import own_problem
from companion.rulesets.grimdark.scores import LEANS as WEIGHT_LEANS
from companion.rulesets.grimdark.scores import Option, Scene
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.summary import chooser_view
from companion.rulesets.grimdark.table_models import STATS, GrimdarkMoveEntry
from companion.rulesets.grimdark.traits import Traits, traits


@dataclass(frozen=True)
class Posture:
    """How a posture weighs a turn: damage dealt and taken, and falling or felling."""

    deal: float
    take: float
    fall: float  # the worth of his own defeat, in HP
    fell: float  # the worth of his target's defeat, in HP


POSTURES: dict[str, Posture] = {
    "aggressive": Posture(deal=1.15, take=0.85, fall=16.0, fell=22.0),
    "balanced": Posture(deal=1.0, take=1.0, fall=20.0, fell=20.0),
    "cautious": Posture(deal=0.85, take=1.2, fall=28.0, fell=18.0),
}
POWER = 2.0  # HP a point of power is worth for a turn (d8 against d8, a d6 weapon)
HORIZON = 2.5  # turns an active stat set now is expected to serve
LEAVE_INEFFECTIVE = 2.0  # a real active stat again: his stat's moves are his again
RECOVER_FIRST = 100.0  # below any other option while a setter waits in his hand
PREFER = 0.75  # HP a point of the coaching's weight for a move adds
CZ = 0.6  # HP a point of CZ is worth
FINISHER_OPEN = 4.0  # a finisher in hand made playable
CZ_SHORT = 0.4  # a wound opens his finisher only when his CZ lead comes too
CZ_TOWARDS = 0.3  # a point of CZ towards the lead a finisher needs
LATER = 0.25  # a bonus on a later move against him (out of position): the share used
HIS_WAY_BACK = 1.5  # turns an opponent made Ineffective takes to set his stat again
UNWOUNDED = 3.0  # the wounded condition gone: a finisher closed, a second wound further
DOSE = 0.6  # a dose of poison gone, of the eight that defeat
RESISTANT = 1.0  # resistance to the elements for a few turns
CRITICAL_EXTRA = 2.0  # a critical's knockback, stun and wound, beyond its damage
CURSE = 3.0  # a curse: six damage when it breaks, if the match lasts
HIT = 0.4  # how often a blow lands, for what a move's extra damage is worth ahead
DISARM_TURN = 1.0  # a turn of his target's weapon taken
# The cards: a playable one, one that waits on something likely (a stat, a rest), one
# that waits on the target's wounds and CZ, and one that waits on what may not come.
LIVE, WAITING, FINISHER_WAIT, DEAD = 3.0, 1.2, 1.0, 0.4
SPECIAL = 1.5  # a special move in hand (Opportune Strike), beyond a live card
HAND_WEIGHT = 1.0  # how much the cards weigh against the fight of this turn
# A rule's weight (choose.RULE_STEP) less the most a move's worth can swing, in HP
# (hundreds at the very most: a whole match's damage and a recovery besides).
RULE_MARGIN = RULE_STEP / 2
KILL_SAID = 0.3  # a chance of felling his target from which the log says he goes for it
CHAIN = 0.5  # the chance a stacking move's next step is used: next turn's fight


def choose_by_odds(state: GrimdarkState, f: Fighter) -> Choice:
    """His move this turn by the odds and his coaching (the default one when None)."""
    if f.has("stunned"):
        return Choice(ASSESS, None, None, None, ("stunned",))
    coaching, scene = _scene(state, f)
    options = options_of(scene)
    if not options:
        return Choice(ASSESS, None, None, None, ("only-move",))
    if len({o.order[0] for o in options}) == 1:
        only = options[0]
        return Choice(only.move.key, only.target, only.reach, only.active_stat,
                      ("only-move",))
    policy = apply_rules(scene, options)
    ruled = _ruled(options)
    if ruled is not None:  # a rule outweighs all else: the odds would change nothing
        return Choice(ruled.move.key, ruled.target, ruled.reach, ruled.active_stat,
                      tuple(ruled.rule_codes))
    judge = Judge(state, f, coaching, scene.me["hand"])
    worked: dict[tuple[str, str | None, str | None, str | None], Option] = {}
    for option in options:
        same = worked.setdefault(
            (option.move.key, option.target, option.reach, option.active_stat), option)
        if same is option:
            judge.worth(option)
        else:  # a second copy of a card in hand: the same worth
            option.score, option.codes = same.score, list(same.codes)
    judge.recover_first(options)
    options = pick_targets(scene, options, policy)
    # One option a card is left after pick_targets: the card's place settles a tie.
    best = max(options, key=lambda o: (o.score, -o.order[0]))
    why = best.rule_codes or [coaching.posture, *best.codes]
    return Choice(best.move.key, best.target, best.reach, best.active_stat, tuple(why))


class Judge:
    """What his options are worth this turn."""

    def __init__(self, state: GrimdarkState, f: Fighter, coaching: Coaching,
                 hand: Sequence[Mapping[str, Any]]) -> None:
        self.state, self.me, self.coaching = state, f, coaching
        self.data = state.data
        self.lean = POSTURES[coaching.posture]
        self.sight = Foresight(state, f)
        self.cards = {card["key"]: self.card_worth(card["key"], bool(card["playable"]))
                      for card in hand if not card.get("always")}
        self.deck = self._deck_worth()
        self.active_share = self._active_share()
        self.resource_worths: dict[str, float] = {}
        self.finishers = any(self._is_finisher(k) for k in f.hand)
        self.tie_cz = self.data.figures.value("tie-cz")
        self.out_of_position = self.data.figures.value("out-of-position-bonus")
        self.cz_lead_met = self._cz_lead_met()

    # ------------------------------------------------------------ a whole option

    def worth(self, o: Option) -> None:
        """Add the option's worth to its score (which holds the rules' weights)."""
        move = o.move
        out = self.sight.outlook(move, o.target, o.reach, o.active_stat)
        lean = self.lean
        score = lean.deal * (out.dealt + out.others_dealt) - lean.take * out.taken
        score += lean.fell * out.kill - lean.fall * out.fall
        score += self._crowd(move, out) + self._after(o, out) + self._hand(o, out)
        weight = self.coaching.prefer.get(move.key, 0)
        score += PREFER * weight
        o.score += score
        o.codes[:0] = self._codes(o, out, weight)

    def recover_first(self, options: list[Option]) -> None:
        """Ineffective, he plays a move that sets his stat if he holds one."""
        if self.me.active_stat != "ineffective":
            return
        setters = [o for o in options if self._new_stat(o) in STATS]
        if not setters:
            return
        for o in options:
            if o not in setters:
                o.score -= RECOVER_FIRST

    # ------------------------------------------------------------ its parts

    def _crowd(self, move: GrimdarkMoveEntry, out: Outlook) -> float:
        """CZ from a tie and from the move, and a finisher it may open."""
        gained = 0.0 if traits(self.data, move).no_tie_cz else out.tie * self.tie_cz
        for g in move.gain:
            if g.resource == "cz":
                gained += g.amount * (out.hit if g.on == "hit" else 1.0)
        worth = CZ * gained
        if self.finishers and out.wounds:
            worth += FINISHER_OPEN * out.wounds * (1.0 if self.cz_lead_met else CZ_SHORT)
        if self.finishers and gained and not self.cz_lead_met:
            worth += FINISHER_OPEN * CZ_TOWARDS * gained
        return worth

    def _after(self, o: Option, out: Outlook) -> float:
        """What the move leaves behind: stats, penalties, curses, resources, HP."""
        move, me = o.move, self.me
        worth = 0.0
        stat = self._new_stat(o)
        if stat is not None:
            worth += self._stat_worth(stat)
        target = self.state.fighter(o.target) if o.target else None
        worth += CRITICAL_EXTRA * out.critical
        worth += POWER * self.out_of_position * out.out_of_position * LATER
        known = traits(self.data, move)
        for heal in known.heals:
            worth += self.lean.take * min(heal, me.max_hp - me.hp)
        for rule, amount in known.rules:
            if rule == "self-penalty-next-turn":
                worth += POWER * amount  # amount is negative
            elif rule == "self-ineffective-after-attack":
                worth -= POWER * self._drop(me) * HORIZON * self.active_share
            elif rule == "target-penalty-next-turn":
                worth -= POWER * amount * out.hit
            elif rule == "target-penalty-next-3-turns":
                worth -= POWER * amount * 3 * out.hit
            elif rule == "target-ineffective-on-hit" and target is not None:
                worth += POWER * self._drop(target) * HIS_WAY_BACK * out.hit
            elif rule == "disarm-turns" and target is not None:
                worth += DISARM_TURN * amount * out.hit
            elif rule == "remove-wounded" and me.wounded:
                worth += UNWOUNDED
            elif rule == "remove-poisoned":
                worth += DOSE * me.resources.get("poison", 0)
            elif rule == "damage-all-combatants-equal-brutality":
                hit = me.stats["brutality"]
                worth += self.lean.deal * hit * len(self.sight.foes) - self.lean.take * hit
            elif rule == "resist-all-elements-turns":
                worth += RESISTANT
        worth += self._chain(move, known, out)
        if move.cost is not None:
            worth -= self._resource_worth(move.cost.resource) * move.cost.amount
        for g in move.gain:
            if g.resource == "curse":
                worth -= CURSE * g.amount * (out.hit if g.on == "hit" else 1.0)
            elif g.resource != "cz":
                worth += self._resource_worth(g.resource) * g.amount * (
                    out.hit if g.on == "hit" else 1.0)
        return worth

    def _resource_worth(self, resource: str) -> float:
        """A point of arcane essence or quantum energy: what the best blow of his
        repertoire that spends it gains over a plain one, its points of power and a
        share of its extra damage, for each point it spends."""
        if resource not in self.resource_worths:
            best = 0.0
            for key in self.me.repertoire:
                move = self.data.moves.get(key)
                if move is None or move.cost is None or move.cost.resource != resource \
                        or not move.cost.amount:
                    continue
                bonus = move.bonus_damage
                extra = bonus if isinstance(bonus, int) else _mean_dice(bonus)
                best = max(best, (POWER * move.modifier + HIT * extra) / move.cost.amount)
            self.resource_worths[resource] = best
        return self.resource_worths[resource]

    def _chain(self, move: GrimdarkMoveEntry, known: Traits, out: Outlook) -> float:
        """A stacking move (Flurry of Blows) played again next turn is a step stronger
        than one started afresh: worth it when he will likely hold one then (this card
        stays in hand when it hits)."""
        if not known.step:
            return 0.0
        bonus = (self.me.flurry + 1) * known.step
        if known.most is not None:
            bonus = min(bonus, known.most)
        copies = self.me.hand.count(move.key)
        again = out.hit + (1.0 - out.hit) * (1.0 if copies > 1 else self._share(move.key))
        return CHAIN * POWER * bonus * again

    def _share(self, key: str) -> float:
        """The chance a card drawn is this move: its share of his repertoire."""
        total = sum(self.me.repertoire.values()) or 1
        return self.me.repertoire.get(key, 0) / total

    def _hand(self, o: Option, out: Outlook) -> float:
        """The hand he keeps: the card played gives way to a draw (or to its special
        move, or stays when a stacking move hits); assessing draws three anew."""
        move = o.move
        if move.key == ASSESS:
            kept = sum(self.cards.get(k, 0.0) for k in self.me.hand)
            return HAND_WEIGHT * (len(self.me.hand) * self.deck - kept)
        played = self.cards.get(move.key, LIVE)
        if move.replaced_by and move.replaced_by in self.data.moves:
            return HAND_WEIGHT * (LIVE + SPECIAL - played)
        stays = out.hit if traits(self.data, move).no_draw_on_hit else 0.0
        return HAND_WEIGHT * (1.0 - stays) * (self.deck - played)

    # ------------------------------------------------------------ the cards

    def card_worth(self, key: str, playable: bool | None = None) -> float:
        """A card in his hand, now: playable, waiting on something, or dead.
        `playable` when known; else it is his to play unless he lacks something of
        his own (a finisher's target is its own matter)."""
        move = self.data.moves.get(key)
        if move is None:
            return 0.0
        me = self.me
        extra = SPECIAL if move.special else 0.0
        if playable is None:
            playable = own_problem(self.state, me, move) is None and \
                move.kind != "melee-finisher"
        if playable:
            return LIVE + extra + (FINISHER_OPEN if move.kind == "melee-finisher" else 0.0)
        if move.kind == "melee-finisher" and (not move.asr or move.stat == me.active_stat):
            return FINISHER_WAIT
        resting = any(c.move == key for c in me.has("cooldown"))
        if resting or (move.asr and move.stat != me.active_stat):
            return WAITING + extra
        return DEAD

    def _deck_worth(self) -> float:
        """What a card drawn now is worth on average: his repertoire less his hand."""
        left = dict(self.me.repertoire)
        for key in self.me.hand:
            if left.get(key):
                left[key] -= 1
        total = sum(left.values())
        if total <= 0:
            return LIVE
        worth = 0.0
        for key, count in left.items():
            if count:
                found = self.cards.get(key)
                if found is None:
                    found = LIVE if self._always_live(key) else self.card_worth(key)
                worth += count * found
        return worth / total

    def _always_live(self, key: str) -> bool:
        """A move nothing can keep him from playing (no stat required, no cost, no
        condition, no rest, melee): a card of it is live whenever drawn."""
        memo_key = ("always-live", key)
        found = self.data.memo.get(memo_key)
        if found is None:
            move = self.data.moves.get(key)
            found = self.data.memo[memo_key] = move is not None and not move.asr and \
                move.cost is None and move.requirements is None and not move.cooldown and \
                move.attack in ("melee", None) and not move.special and \
                move.kind != "melee-finisher"
        return bool(found)

    def _is_finisher(self, key: str) -> bool:
        move = self.data.moves.get(key)
        return move is not None and move.kind == "melee-finisher"

    def _cz_lead_met(self) -> bool:
        lead = self.data.figures.value("finisher-cz-lead")
        return any(self.me.cz - o.cz >= lead for o in self.sight.foes)

    # ------------------------------------------------------------ the active stat

    def _new_stat(self, o: Option) -> str | None:
        setting = o.move.sets_active_stat
        if setting == "any":
            return o.active_stat
        return setting

    def _stat_worth(self, stat: str) -> float:
        """What setting his active stat to `stat` is worth: the power it gives or
        takes from his active-stat moves for a few turns, and the cards it opens or
        closes."""
        me = self.me
        now = me.stat_value(me.active_stat)
        worth = POWER * (me.stats[stat] - now) * HORIZON * self.active_share
        if me.active_stat == "ineffective":
            worth += LEAVE_INEFFECTIVE
        for key in me.hand:
            move = self.data.moves.get(key)
            if move is None or not move.asr:
                continue
            if move.stat == stat and move.stat != me.active_stat:
                worth += LIVE - WAITING
            elif move.stat == me.active_stat and stat != me.active_stat:
                worth -= LIVE - WAITING
        return worth

    def _active_share(self) -> float:
        """The share of his repertoire that rolls his active stat."""
        key = ("active-share", tuple(self.me.repertoire.items()))
        found = self.data.memo.get(key)
        if found is None:
            total = sum(self.me.repertoire.values()) or 1
            uses = sum(n for k, n in self.me.repertoire.items()
                       if (m := self.data.moves.get(k)) is not None and m.stat == "active")
            found = self.data.memo[key] = max(0.25, uses / total)
        return float(found)

    @staticmethod
    def _drop(f: Fighter) -> int:
        """What becoming Ineffective costs him now."""
        return max(0, f.stat_value(f.active_stat) - min(f.stats.values()))

    # ------------------------------------------------------------ why, in codes

    def _codes(self, o: Option, out: Outlook, weight: int) -> list[str]:
        """Why, in reason codes (`why.py` says them): the one thing the move is for,
        then the coaching's liking for it."""
        stat = self._new_stat(o)
        if self.me.active_stat == "ineffective" and stat in STATS:
            codes = [f"recover:{stat}"]
        elif stat in STATS and stat != self.me.active_stat:
            codes = [f"sets-stat:{stat}"]
        elif o.move.key == ASSESS:
            dead = sum(1 for k in self.me.hand if self.cards.get(k, LIVE) < LIVE)
            codes = ["cycle-hand" if dead >= 2 else "defends"]
        elif o.move.kind == "melee-finisher":
            codes = ["finisher-allowed"]
        elif o.attacks:
            codes = ["for-the-kill" if out.kill >= KILL_SAID else "best-odds"]
        else:
            codes = ["defends"]
        if weight > 0:
            codes.append(f"prefers:{o.move.key}")
        return codes


def _ruled(options: list[Option]) -> Option | None:
    """The one option an explicit rule puts a whole rule's weight above every other
    (its copies aside), which no worth can overturn; None when the odds must choose."""
    top = max(o.score for o in options)
    best = [o for o in options if o.score == top]
    if len({(o.move.key, o.target, o.reach, o.active_stat) for o in best}) != 1:
        return None
    if any(top - o.score < RULE_MARGIN for o in options if o.score != top):
        return None
    return min(best, key=lambda o: o.order)


def _scene(state: GrimdarkState, f: Fighter) -> tuple[Coaching, Scene]:
    """His coaching (the default one when None) and the public view of the match the
    coaching's rules and target policies read."""
    coaching: Coaching = state.coaching.get(f.id) or default_coaching()
    view = chooser_view(state, f.id)
    by_id = {g["id"]: g for g in view["gladiators"]}
    mine = by_id[f.id]
    foes = {g["id"]: g for g in view["gladiators"]
            if g["team"] != mine["team"] and not g.get("defeated")}
    return coaching, Scene(view, mine, foes, coaching, state.data,
                           WEIGHT_LEANS[coaching.posture])


def worths(state: GrimdarkState, f: Fighter) -> Mapping[str, float]:
    """Each option's worth before the coaching's rules, by a readable key ("Basic
    Melee against Vex"): for the tests and the GM's curiosity."""
    coaching, scene = _scene(state, f)
    judge = Judge(state, f, coaching, scene.me["hand"])
    out: dict[str, float] = {}
    for o in options_of(scene):
        judge.worth(o)
        where = f" against {state.display_name(o.target)}" if o.target else ""
        reach = f" ({o.reach})" if o.move.attack == "melee-or-ranged" else ""
        out[f"{o.move.name}{reach}{where}"] = round(o.score, 2)
    return out


def _mean_dice(text: str) -> float:
    dice, const = terms(text)
    return sum(count * (sides + 1) / 2 for count, sides in dice) + const
