"""The computer player of the battle system: for what is due it picks an action the
rules accept, and says why.

It weighs every choice in health. What an attack takes off the opponent and what he
may take back on his next turn (with the defence pool the attack leaves) are counted
exactly from the odds (`forecast`), and health is worth more near the cliffs: going
below 0 (a roll to stay up every turn), death's door and death (`standing`). So he
fights defensively when a normal attack would leave him open to a blow that puts him
under, berserk when the extra die may finish the opponent and costs little, and heals
when the health back is worth more than a blow. Luck dice are spent on an attack only
where they gain more than the luck they lose (each die showing 1-3 is gone), and all
of them on a roll to stay conscious or at death's door, which decides the battle.
Once-a-battle moves (signature move, Mighty Blow, Called Shot, Reflex to Live) are
declared when they beat the plain attack by a margin, or as soon as they beat it once
either gladiator is down to half his health.
A dropped weapon or shield is picked up when the odds of a 6 make it worth a turn.
Below 0, when the next blow is likely to send him to death's door and he is unlikely
to finish the opponent first, he quits to live. The defender's luck dice and Reflex
to Live, declared before the dice, are chosen by the same weighing for the defender.

The weights below are the computer's judgement, not rules of the game.

One long module: every option is weighed by the same expected-health terms (a blow, the
blow back, luck spent), and splitting the terms from the options would spread one
valuation over several files."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.actions import (
    Attack,
    AttackAction,
    BattleAction,
    ChooseFateAction,
    ClearEyesAction,
    DeathDoorAction,
    FateAction,
    FocusAction,
    HealAction,
    InitiativeAction,
    QuitAction,
    RetrieveAction,
    StayConsciousAction,
    WaitAction,
)
from companion.rulesets.battle.attack import AttackPlan, defence_for, plan_attack
from companion.rulesets.battle.flow import Ctx
from companion.rulesets.battle.forecast import Forecaster, Strike, forecaster, sixes_at_least
from companion.rulesets.battle.pools import (
    attack_pool,
    below_zero_roll,
    defence_pool,
    defence_rule_keys,
)
from companion.rulesets.battle.quirks import Quirks, quirks_of
from companion.rulesets.battle.state import BattleState, Fighter, LastTurn, Stance, due
from companion.rulesets.battle.table_models import WeaponEntry

# Health each cliff is worth beyond the points themselves.
BELOW_ZERO = 10.0  # below 0 he must roll to stay up every turn: the fight nearly lost
DEATHS_DOOR = 15.0  # below -10 he rolls for his life
DEAD = 10.0
LUCK_DIE = 1.0  # a luck die lost: what it would add to a later roll to stay up
HEAL_DIE = 0.3  # a heal die kept for later
ONCE_MARGIN = 1.0  # a once-a-battle move must beat the plain attack by this much
LATER_TURNS = 3.0  # the turns a weapon or shield lost (or won back) counts for
QUIT_RISK = 0.25  # below 0, he quits at this chance of death's door next turn
MOST_LUCK_TRIED = 3  # luck dice on one attack or defence: more is never worth its cost
STANCES: tuple[Stance, ...] = ("normal", "berserk", "defensive")
MAX_TURNS = 300  # the computer stops a duel that lasts longer (see `decide`)


@dataclass(frozen=True)
class Decision:
    """The action chosen and why, in a few words ("attacks defensively with the Spear:
    1.2 off him against 0.8 back")."""

    action: BattleAction
    why: str


@dataclass
class _Option:
    action: BattleAction
    value: float
    why: str
    plan: AttackPlan | None = None
    strike: Strike | None = None


class _Judge:
    """One decision: the state, the tables' memo and the two gladiators."""

    def __init__(self, state: BattleState) -> None:
        self.state = state
        self.tables = state.tables
        self.fc: Forecaster = forecaster(state.tables)
        self.ctx = Ctx(state, state.tables, ScriptedDice([]))
        self.me = state.current
        self.him = state.opponent(self.me)
        self.brawling = state.tables.brawling
        self._quirks = {f.side: quirks_of(self.tables, f.insanities)
                        for f in state.fighters.values()}
        self._threats: dict[tuple[Any, ...], tuple[float, Strike | None]] = {}
        # What his pools depend on that no action of the battle changes: with the parts
        # that do (`_guard`, `_mods`), the key of the figures kept from duel to duel.
        self._static = {f.side: (tuple(sorted(f.skills.items())),
                                 tuple(sorted(f.weapon_ranks.items())), tuple(f.insanities))
                        for f in state.fighters.values()}
        self._focused: float | None = None

    def quirks(self, f: Fighter) -> Quirks:
        return self._quirks[f.side]

    # --- what health is worth ---------------------------------------------------------
    def standing(self, health: int) -> float:
        value = float(health)
        if health < 0:
            value -= BELOW_ZERO
        if health <= self.fc.door_at:
            value -= DEATHS_DOOR
        if health <= self.fc.dead_at:
            value -= DEAD
        return value

    def loss(self, f: Fighter, strike: Strike) -> float:
        """What `strike` is expected to take off `f`, in health with the cliffs."""
        # Strikes stay in the memo for good, so their ids name them.
        key = (id(strike), f.health)
        found = self.fc.losses.get(key)
        if found is None:
            now = self.standing(f.health)
            found = sum(p * (now - self.standing(f.health - d)) for d, p in strike.damage)
            self.fc.losses[key] = found
        return found

    def luck_cost(self, f: Fighter, dice: int) -> float:
        lost_at = self.quirks(f).luck_lost_at_or_below or self.tables.luck_lost_at_or_below
        return dice * lost_at / 6 * LUCK_DIE

    def luck_open(self, f: Fighter) -> int:
        return 0 if self.quirks(f).no_luck else f.luck

    # --- the opponent's next blow -----------------------------------------------------
    def threat(self, attacker: Fighter, defender: Fighter) -> tuple[float, Strike | None]:
        """The expected loss of `defender` from `attacker`'s best plain attack, and that
        attack's Strike (None when he has none)."""
        # One decision asks about the same few gladiators-as-they-might-be many times;
        # within it only these parts of them change.
        key = (attacker.side, _arms(attacker), _guard(defender))
        found = self._threats.get(key)
        if found is not None:
            return found
        best: tuple[float, Strike | None] = (0.0, None)
        dq = self.quirks(defender)
        guard = (self._static[defender.side], key[2])
        for weapon_key in _held(attacker, self.brawling):
            weapon, cls, dice = self.plain_pool(attacker, weapon_key)
            memo = (guard, weapon_key, cls)
            defence = self.fc.defences.get(memo)
            if defence is None:
                defence = self.fc.defences[memo] = defence_pool(
                    defender, dq, self.tables, attacker_weapon=weapon_key,
                    attacker_class=cls)[0].dice
            strike = self.fc.strike(cls, weapon, dice, defence)
            loss = self.loss(defender, strike)
            if best[1] is None or loss > best[0]:
                best = (loss, strike)
        self._threats[key] = best
        return best

    def plain_pool(self, attacker: Fighter, key: str) -> tuple[WeaponEntry, str, int]:
        """A plain attack's weapon, class and dice."""
        memo = (self._static[attacker.side], key, _mods(attacker))
        found = self.fc.pools.get(memo)
        if found is None:
            weapon = self.tables.weapon(key)
            cls = weapon.class_for(weapon.hands == 2)
            pool = attack_pool(attacker, self.quirks(attacker), self.tables, weapon_key=key,
                               weapon=weapon, weapon_class=cls, stance="normal",
                               thrown=weapon.thrown == "must", signature=False,
                               mighty_blow=False, disarm=False)
            found = (weapon, cls, pool.dice)
            self.fc.pools[memo] = found
        return found

    def acts_next(self, stun: float) -> float:
        """The chance the opponent acts on his next turn, after a stun of chance `stun`
        (a stunned gladiator acts only when his focus roll succeeds)."""
        him = self.him
        if self._focused is None:
            dice = 0 if him.no_focus_turns > 0 else him.skill("focus")
            needed = self.quirks(him).focus_sixes or self.tables.focus_sixes
            self._focused = sixes_at_least(dice, needed)
        stunned = 1.0 if him.stunned else stun
        return 1 - stunned * (1 - self._focused)

    def taken(self, me: Fighter, stun: float = 0.0) -> float:
        return self.acts_next(stun) * self.threat(self.him, me)[0]

    def plain_best(self, f: Fighter) -> float:
        """His best plain attack now, by what it takes off the opponent."""
        return self.threat(f, self.him)[0]

    # --- attacks ----------------------------------------------------------------------
    def attack(self, action: AttackAction) -> _Option | None:
        """An attack option, or None when the rules refuse it."""
        me, him = self.me, self.him
        try:
            plan = plan_attack(self.ctx, me, Attack(**action))
        except UserError:
            return None
        defence, _ = defence_for(self.ctx, plan, him)
        extra = self.quirks(me).called_shot_dice if plan.called_shot else 0
        strike = self.fc.strike(plan.weapon_class, plan.weapon, plan.pool.dice + plan.luck,
                                defence.dice + plan.defence_luck, max_sixes=plan.max_sixes,
                                cannot_whiff=plan.cannot_whiff, crit_extra_dice=extra)
        dealt = self.loss(him, strike)
        stun = 0.0 if him.awake else (strike.landed if him.stunned else strike.stun)
        after = self.after_attack(plan)
        hit_back = strike.whiff * self.taken(_like(
            after, last_turn=dataclasses.replace(after.last_turn, whiffed=True)), stun)
        hit_back += (1 - strike.whiff) * self.taken(after, stun)
        cost = self.luck_cost(me, plan.luck) + self.lasting_cost(plan, after)
        words = _attack_words(self.tables, plan)
        return _Option(action, dealt - hit_back - cost,
                       f"{words}: {dealt:.1f} off him against {hit_back:.1f} back",
                       plan, strike)

    def after_attack(self, plan: AttackPlan) -> Fighter:
        """Him as the attack leaves him, for the opponent's next blow."""
        me = self.me
        carried = dict(me.carried)
        if plan.thrown:
            carried[plan.weapon_key] = carried.get(plan.weapon_key, 0) - 1
        shield = "dropped" if plan.two_handed and me.shield == "held" else me.shield
        last = LastTurn(kind="attack", stance=plan.stance, thrown=plan.thrown,
                        weapon=plan.weapon_key, two_handed=plan.two_handed)
        return _like(me, carried=carried, shield=shield, last_turn=last,
                                   ready_weapon=plan.weapon_key, stunned=False)

    def lasting_cost(self, plan: AttackPlan, after: Fighter) -> float:
        """What an attack gives up beyond this turn: the shield a two-handed grip drops,
        the weapon a throw leaves on the ground."""
        cost = 0.0
        me = self.me
        plain = _like(me, last_turn=LastTurn(), stunned=False)
        if after.shield != me.shield:
            bare = _like(plain, shield=after.shield)
            cost += LATER_TURNS * (self.threat(self.him, bare)[0]
                                   - self.threat(self.him, plain)[0])
        if plan.thrown and plan.weapon.thrown == "may":
            left = _like(plain, carried=after.carried)
            cost += LATER_TURNS * max(0.0, self.plain_best(plain) - self.plain_best(left))
        return cost

    def attacks(self) -> list[_Option]:
        """The attacks worth weighing: every weapon, throw, grip and stance plainly;
        then the once-a-battle moves and the luck dice on the best of them."""
        me, tables = self.me, self.tables
        q = self.quirks(me)
        plain: list[_Option] = []
        for key in _held(me, self.brawling):
            weapon = tables.weapon(key)
            throws = {"must": [True], "never": [False]}.get(weapon.thrown, [False, True])
            grips = [False, True] if weapon.two_handed_class and weapon.hands == 1 else [False]
            for thrown in throws:
                for grip in grips:
                    for stance in STANCES:
                        action = AttackAction(type="attack", weapon=key)
                        if stance != "normal":
                            action["stance"] = stance
                        if thrown:
                            action["thrown"] = True
                        if grip:
                            action["two_handed"] = True
                        found = self.attack(action)
                        if found is not None:
                            plain.append(found)
            if weapon.disarms:
                found = self.attack(AttackAction(type="attack", weapon=key,
                                                 called_shot="disarm"))
                if found is not None:
                    plain.append(self.disarm_value(found))
        if not plain:
            return []
        plain.sort(key=lambda o: -o.value)
        best = plain[0]
        boosted = [best]
        # A once-a-battle move waits for a blow it improves by a margin, but not past
        # the point where either of them is down to half his health.
        late = any(f.health * 2 <= f.max_health for f in (me, self.him))
        margin = 0.0 if late else ONCE_MARGIN
        once: list[_Once] = []
        if me.skill("signature-move") > 0 and "signature" not in me.used_once:
            once.append({"signature": True})
        if q.mighty_blow and "mighty_blow" not in me.used_once:
            once.append({"mighty_blow": True})
        if q.called_shot_dice and "called_shot" not in me.used_once:
            once.append({"called_shot": "critical"})
        for base in plain[:3]:
            if _attack_of(base).get("called_shot") == "disarm":
                continue
            for extra in once:
                found = self.attack({**_attack_of(base), **extra})
                if found is not None and found.value - margin > best.value:
                    boosted.append(found)
        top = max(boosted, key=lambda o: o.value)
        lucky = [top]
        for luck in range(1, min(self.luck_open(me), MOST_LUCK_TRIED) + 1):
            found = self.attack({**_attack_of(top), "luck": luck})
            if found is not None:
                lucky.append(found)
        return [max(lucky, key=lambda o: o.value), *plain]

    def disarm_value(self, option: _Option) -> _Option:
        """The whip's disarm takes no health: it is worth the blows the opponent's
        brawling would not land while his weapon lies on the ground."""
        assert option.strike is not None and option.plan is not None
        him = self.him
        held = dict(him.carried)
        weapon = him.ready_weapon
        if weapon is not None:
            held[weapon] = held.get(weapon, 0) - 1
        plain = _like(self.me, last_turn=LastTurn(), stunned=False)
        now = self.threat(him, plain)[0]
        bare = self.threat(_like(him, carried=held), plain)[0]
        gain = option.strike.landed * LATER_TURNS * max(0.0, now - bare)
        after = self.after_attack(option.plan)
        value = gain - self.taken(after) - self.luck_cost(self.me, option.plan.luck)
        return _Option(option.action, value,
                       f"tries to disarm him with the whip: {option.strike.landed:.0%}",
                       option.plan, option.strike)

    # --- the defender's declarations --------------------------------------------------
    def defend(self, option: _Option) -> BattleAction:
        """The defender's luck dice and Reflex to Live against the attack chosen:
        the fewest that keep most of his health."""
        him, plan = self.him, option.plan
        assert plan is not None
        if plan.disarm:
            return option.action
        dq = self.quirks(him)
        defence, _ = defence_for(self.ctx, plan, him)
        extra = self.quirks(self.me).called_shot_dice if plan.called_shot else 0
        reflexes = [False, True] if dq.reflex_to_live and "reflex" not in him.used_once \
            else [False]
        best: tuple[float, int, bool] | None = None
        for reflex in reflexes:
            for luck in range(min(self.luck_open(him), MOST_LUCK_TRIED) + 1):
                dice = defence.dice + luck + (dq.reflex_to_live if reflex else 0)
                strike = self.fc.strike(plan.weapon_class, plan.weapon,
                                        plan.pool.dice + plan.luck, dice,
                                        max_sixes=plan.max_sixes,
                                        cannot_whiff=plan.cannot_whiff,
                                        crit_extra_dice=extra)
                cost = self.loss(him, strike) + self.luck_cost(him, luck)
                if reflex and him.health >= 0:
                    cost += ONCE_MARGIN
                if best is None or cost < best[0] - 1e-9:
                    best = (cost, luck, reflex)
        assert best is not None
        action = _attack_of(option).copy()
        if best[1]:
            action["defence_luck"] = best[1]
        if best[2]:
            action["reflex"] = True
        return action

    # --- the other things he may do on his turn ---------------------------------------
    def heals(self) -> list[_Option]:
        me = self.me
        if me.heal_dice < 1 or me.health >= me.max_health:
            return []
        per_face = self.quirks(me).improved_heal or self.tables.heal_per_face
        now = self.standing(me.health)
        options = []
        for dice in range(1, me.heal_dice + 1):
            dist = self.fc.heal(per_face, dice)
            gain = hit_back = healed = 0.0
            for amount, p in dist:
                health = min(me.max_health, me.health + amount)
                gain += p * (self.standing(health) - now)
                healed += p * (health - me.health)
                # The blow back lands on him as healed: less of it takes him under.
                after = _like(me, health=health, last_turn=LastTurn(kind="heal"),
                              stunned=False)
                hit_back += p * self.taken(after)
            options.append(_Option(
                HealAction(type="heal", dice=dice), gain - dice * HEAL_DIE - hit_back,
                f"heals with {dice} heal dice: about {healed:.1f} health back"))
        return options

    def retrieves(self) -> list[_Option]:
        me = self.me
        lying = [k for k, n in me.dropped.items() if n > 0]
        if me.shield == "dropped":
            lying.append("shield")
        dice = me.skill("retrieve-weapon")
        chance = sixes_at_least(dice, 1)
        if not lying or chance <= 0:
            return []
        plain = _like(me, last_turn=LastTurn(), stunned=False)
        after = _like(me, last_turn=LastTurn(kind="retrieve"), stunned=False)
        hit_back = self.taken(after)
        options = []
        for item in lying:
            if item == "shield":
                armed = _like(plain, shield="held")
                gain = self.threat(self.him, plain)[0] - self.threat(self.him, armed)[0]
                name = "shield"
            else:
                carried = {**me.carried, item: me.carried.get(item, 0) + 1}
                armed = _like(plain, carried=carried)
                gain = self.plain_best(armed) - self.plain_best(plain)
                name = self.tables.weapon(item).name
            value = chance * LATER_TURNS * max(0.0, gain) - hit_back
            options.append(_Option(RetrieveAction(type="retrieve", item=item), value,
                                   f"picks up his {name}: {chance:.0%} for a 6 on {dice} "
                                   "dice"))
        return options

    def clears(self) -> list[_Option]:
        me = self.me
        if not any(m.duration == "until_cleared" for m in me.modifiers):
            return []
        plain = _like(me, last_turn=LastTurn(), stunned=False)
        cleared = _like(plain, modifiers=[
            m for m in me.modifiers if m.duration != "until_cleared"])
        gain = (self.plain_best(cleared) - self.plain_best(plain)
                + self.threat(self.him, plain)[0] - self.threat(self.him, cleared)[0])
        after = _like(me, last_turn=LastTurn(kind="clear_eyes"), stunned=False)
        return [_Option(ClearEyesAction(type="clear_eyes"),
                        LATER_TURNS * gain - self.taken(after), "clears his eyes")]

    def quit_option(self, best: _Option | None) -> _Option | None:
        """Below 0, when the next blow is likely to put him at death's door and he is
        unlikely to end the fight first, he quits to live."""
        me, him = self.me, self.him
        if me.health >= 0 or me.must_win_or_die:
            return None
        if best is not None and best.plan is not None:
            after = self.after_attack(best.plan)
            stun = 0.0 if him.awake or best.strike is None else best.strike.stun
        else:
            after, stun = _like(me, last_turn=LastTurn(), stunned=False), 0.0
        _, strike = self.threat(him, after)
        if strike is None:
            return None
        risk = self.acts_next(stun) * strike.at_least(me.health - self.fc.door_at)
        ends = 0.0
        if best is not None and best.strike is not None:
            need = him.health + 1 if him.health >= 0 else him.health - self.fc.door_at
            ends = best.strike.at_least(need)
        if him.health < 0:
            ends += (1 - ends) * (1 - self.saving_chance(him))
        if risk < QUIT_RISK or ends >= risk:
            return None
        return _Option(QuitAction(type="quit"), float("inf"),
                       f"quits: {risk:.0%} to reach death's door next turn, {ends:.0%} to "
                       "end it first")

    def saving_chance(self, f: Fighter, luck: int | None = None) -> float:
        """The chance of his roll below 0 (with all his luck unless told)."""
        roll = below_zero_roll(f, self.tables)
        if roll is None:
            return 1.0
        stage, dice, may = roll
        if stage == "dead":
            return 0.0
        return sixes_at_least(dice + (may if luck is None else luck), 1)


def _like(f: Fighter, **changes: Any) -> Fighter:
    """A shallow copy of him with some parts changed: who he would be after an action
    (dataclasses.replace runs the whole constructor, many times slower)."""
    other = object.__new__(Fighter)
    other.__dict__.update(f.__dict__, **changes)
    return other


def _mods(f: Fighter) -> tuple[Any, ...]:
    return tuple((m.target, m.amount, m.armor_exempt) for m in f.modifiers)


def _arms(f: Fighter) -> tuple[Any, ...]:
    """What an attacker's plain attacks depend on that an action may change."""
    return tuple(sorted(f.carried.items())), _mods(f)


def _guard(f: Fighter) -> tuple[Any, ...]:
    """What a defender's pool depends on that an action may change."""
    # His last turn counts by the rules of the defence table it brings in (and the
    # two-handed grip, against a disarm); his weapon by its parry bonus.
    last = f.last_turn
    held = f.ready_weapon if f.ready_weapon and f.carried.get(f.ready_weapon, 0) > 0 else None
    return (tuple(defence_rule_keys(f)), last.weapon == held and last.two_handed, f.shield,
            f.no_shield_or_two_handed, f.armour_destroyed, f.stunned, held, f.health, _mods(f))


def _held(f: Fighter, brawling: str) -> list[str]:
    return list(dict.fromkeys([*(k for k, n in f.carried.items() if n > 0), brawling]))


class _Once(TypedDict, total=False):
    """A once-a-battle move declared on top of an attack."""

    signature: bool
    mighty_blow: bool
    called_shot: Literal["critical"]


def _attack_of(option: _Option) -> AttackAction:
    """The attack an attack option declares."""
    action = option.action
    assert action["type"] == "attack"
    return action


def _attack_words(tables: Any, plan: AttackPlan) -> str:
    how = {"normal": "attacks", "berserk": "attacks berserk",
           "defensive": "attacks defensively"}[plan.stance]
    parts = [f"{how} with the {plan.weapon.name}"]
    for flag, words in ((plan.thrown and plan.weapon.thrown == "may", "thrown"),
                        (plan.two_handed and plan.weapon.hands == 1, "two-handed"),
                        (plan.signature, "his signature move"),
                        (plan.mighty_blow, "a Mighty Blow"),
                        (plan.called_shot, "a Called Shot")):
        if flag:
            parts.append(words)
    if plan.luck:
        parts.append(f"{plan.luck} luck {'die' if plan.luck == 1 else 'dice'}")
    return ", ".join(parts)


# --- what is due ---------------------------------------------------------------------------
def decide(state: BattleState) -> Decision | None:
    """The computer's choice for what is due, or None when the battle is over or has
    gone on past MAX_TURNS turns (a duel in which neither can hurt the other: two
    gladiators without attack dice, or placed out of reach; the players end it)."""
    step = due(state)
    if step == "over" or state.turn_count > MAX_TURNS:
        return None
    if step == "initiative":
        return Decision(InitiativeAction(type="initiative"), "rolls initiative")
    # The choice is a function of the state alone, and a bulk run meets the same
    # states again and again: it is kept, by everything in the state it may read.
    fc = forecaster(state.tables)
    key = (step, state.turn, tuple(sorted(state.positions.items())),
           *(_frozen(f.__dict__, _NOT_READ) for f in state.fighters.values()))
    found = fc.decisions.get(key)
    if found is None:
        found = fc.decisions[key] = _decide(_Judge(state), step)
    return Decision(copy.deepcopy(found.action), found.why)


# Parts of a gladiator the computer never reads: his name, the notes and the changes
# for his sheet.
_NOT_READ = frozenset({"name", "notes", "changes", "initiative"})


def _frozen(value: Any, leave: frozenset[str] = frozenset()) -> Any:
    """Plain data as a hashable key."""
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in sorted(value.items()) if k not in leave)
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _frozen(value.__dict__)
    return value


def _decide(judge: _Judge, step: str) -> Decision:
    me = judge.me
    handlers: dict[str, Callable[[], Decision]] = {
        "fate": lambda: Decision(FateAction(type="fate"), "makes his fate roll"),
        "fate_choice": lambda: Decision(
            ChooseFateAction(type="choose_fate", face=max(me.fate_choices)),
            "takes the kindest fate"),
        "stay_conscious": lambda: _saving(judge, "stay_conscious", "to stay conscious"),
        "death_door": lambda: _saving(judge, "death_door", "at death's door"),
        "focus": lambda: _focus(judge),
        "act": lambda: _act(judge),
    }
    return handlers[step]()


def _saving(judge: _Judge, kind: Literal["stay_conscious", "death_door"],
            words: str) -> Decision:
    # Failing ends the battle (or his life): no later roll needs the luck more.
    luck = judge.luck_open(judge.me)
    chance = judge.saving_chance(judge.me, luck)
    with_luck = f" with all {luck} luck {'die' if luck == 1 else 'dice'}" if luck else ""
    action = (StayConsciousAction(type="stay_conscious", luck=luck) if kind == "stay_conscious"
              else DeathDoorAction(type="death_door", luck=luck))
    return Decision(action, f"rolls {words}{with_luck}: {chance:.0%} for a 6")


def _focus(judge: _Judge) -> Decision:
    me = judge.me
    q = judge.quirks(me)
    needed = q.focus_sixes or judge.tables.focus_sixes
    plain = sixes_at_least(me.skill("focus"), needed)
    if (q.keen_insight and "keen_insight" not in me.used_once and me.no_focus_turns == 0
            and plain < 0.5):
        better = sixes_at_least(me.skill("focus") + q.keen_insight, needed)
        return Decision(FocusAction(type="focus", keen_insight=True),
                        f"focuses with Keen Insight: {better:.0%} instead of {plain:.0%}")
    return Decision(FocusAction(type="focus"), f"tries to focus: {plain:.0%}")


def _act(judge: _Judge) -> Decision:
    options: list[_Option] = []
    attacks = judge.attacks()
    options += attacks[:1]
    options += judge.heals() + judge.retrieves() + judge.clears()
    best = max(options, key=lambda o: o.value) if options else None
    leave = judge.quit_option(attacks[0] if attacks else None)
    if leave is not None:
        return Decision(leave.action, leave.why)
    if best is None:
        return Decision(WaitAction(type="wait"), "waits: he can do nothing else")
    action = judge.defend(best) if best.plan is not None else best.action
    return Decision(action, best.why)


def options_of(state: BattleState) -> Iterator[tuple[BattleAction, float, str]]:
    """Every act option weighed now, best first, as (action, value, why): to show
    what the computer considered."""
    judge = _Judge(state)
    found = judge.attacks() + judge.heals() + judge.retrieves() + judge.clears()
    for option in sorted(found, key=lambda o: -o.value):
        yield option.action, option.value, option.why
