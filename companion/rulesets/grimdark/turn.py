"""One whole turn of a Grimdark match: every standing gladiator's move revealed at
once, the costs and the moves' own effects, the fights (`sides.pair_fights`), their
results applied in order of Init, the end of the turn (curses, poison, draws,
conditions counting down) and any defeat's death roll.

One long module: a turn's steps run in the seed's order and each reads what the one
before left; kept together so that the order stays visible."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.grimdark import death
from companion.rulesets.grimdark.actions import MoveGiven
from companion.rulesets.grimdark.events import (
    BlowDamage,
    BlowPart,
    CardsDrawn,
    ChanceRolled,
    Clashed,
    CritStruck,
    CursesRolled,
    FellBeforeStriking,
    MoveChosen,
    MoveKept,
    MoveReplaced,
    PowerModifier,
    RandomStatRolled,
    Shrugged,
    ShruggedOff,
    SidePower,
    TurnBegan,
    WoundHealed,
    WrathUnleashed,
)
from companion.rulesets.grimdark.fight import DamagePart, FightResult, Modifier, Side, resolve
from companion.rulesets.grimdark.harm import (
    Ctx,
    add_condition,
    defeat,
    gain,
    gain_cz,
    heal,
    hurt,
    make_ineffective,
    set_active,
    tick,
)
from companion.rulesets.grimdark.legal import check_play, is_stunned
from companion.rulesets.grimdark.sides import (
    Pairing,
    Play,
    Rolled,
    ability_rule,
    build_side,
    melee_weapon,
    move_rule,
    my_chances,
    never_disarmed,
    pair_fights,
    stat_for,
    weapon_for,
)
from companion.rulesets.grimdark.start import draw, roll_text
from companion.rulesets.grimdark.state import Condition, Fighter, GrimdarkState, TurnRecord
from companion.rulesets.grimdark.table_models import STATS
from companion.tables.effects import Heal, Rule

Chooser = Callable[[GrimdarkState, Fighter], MoveGiven]


@dataclass
class Fought:
    pairing: Pairing
    plays: tuple[Play, Play]
    sides: tuple[Side, Side]
    result: FightResult
    weapons: tuple[int | None, int | None]
    stats: tuple[str, str]


def plays_of(state: GrimdarkState, action: Mapping[str, Any], chooser: Chooser
             ) -> dict[str, Play]:
    """Every standing gladiator's move, checked; the chooser fills those not given."""
    given = action.get("moves") or {}
    if not isinstance(given, Mapping):
        raise UserError('moves: an object of each gladiator\'s move, {"a": {"move": ...}}')
    by_id: dict[str, Any] = {}
    for who, move in given.items():
        by_id[state.fighter(who).id] = move
    plays: dict[str, Play] = {}
    for f in state.fighters:
        if not f.standing:
            if f.id in by_id:
                raise UserError(f"{state.display_name(f.id)} is defeated: he plays no more")
            continue
        if is_stunned(f):
            if f.id in by_id:
                raise UserError(f"{state.display_name(f.id)} is stunned: he plays nothing "
                                "this turn and defends passively")
            plays[f.id] = Play(f.id, None, why=("stunned",), by="rules")
            continue
        plays[f.id] = check_play(state, f, by_id[f.id] if f.id in by_id else chooser(state, f))
    return plays


def play_turn(state: GrimdarkState, action: Mapping[str, Any], dice: DiceSource,
              chooser: Chooser) -> list[Event]:
    if not state.started:
        raise UserError("start the match first")
    if state.over:
        raise UserError("the match is over")
    plays = plays_of(state, action, chooser)
    ctx = Ctx(state, dice)
    state.turn += 1
    ctx.emit(TurnBegan(None, turn=state.turn))
    for p in plays.values():
        ctx.emit(MoveChosen(p.who, move=p.key, target=p.target, reach=p.reach,
                            active_stat=p.as_stat, why=p.why, by=p.by))
    order = sorted(plays.values(), key=lambda p: (-state.fighter(p.who).init, p.who))
    for p in order:
        _before(ctx, state.fighter(p.who), p)
    rolled = _roll_chances(ctx, plays)
    fought = [_fight(ctx, pairing, plays, rolled) for pairing in pair_fights(state, plays)]
    hit_target = _apply_fights(ctx, fought, plays)
    for p in order:
        _after(ctx, state.fighter(p.who), p, plays)
    _end_of_turn(ctx, plays, hit_target)
    return ctx.events


# ------------------------------------------------------------------ before the fights


def _before(ctx: Ctx, f: Fighter, p: Play) -> None:
    move = p.move
    if move is None:
        return
    if move.cost is not None:
        gain(ctx, f, move.cost.resource, -move.cost.amount, move.key)
    for g in move.gain:
        if g.on == "use":
            gain(ctx, f, g.resource, g.amount, move.key)
    if move.sets_active_stat == "any" and p.as_stat is not None:
        set_active(ctx, f, p.as_stat, move.key)
    elif move.sets_active_stat is not None and move.sets_active_stat != "any":
        set_active(ctx, f, move.sets_active_stat, move.key)
    for effect in move.effects:
        if isinstance(effect, Heal):
            heal(ctx, f, effect.amount, move.key)
    if move_rule(move, "remove-poisoned") and f.resources.get("poison"):
        gain(ctx, f, "poison", -f.resources["poison"], move.key)
    if move_rule(move, "remove-wounded") and f.wounded:
        f.wounded = False
        ctx.emit(WoundHealed(f.id, source=move.key))
    resist = move_rule(move, "resist-all-elements-turns")
    if resist is not None and resist.amount:
        # It covers the turn it is used in, then counts down.
        add_condition(ctx, f, Condition("resistant", turns=resist.amount, source=move.key,
                                        fresh=False))


def _chance(ctx: Ctx, f: Fighter, chance: Fraction, what: str) -> tuple[bool, int | None]:
    """A chance rolled exactly: a die the size of its denominator, won on its numerator
    or less (Combat Focus 6: 3 in 4, a d4)."""
    if chance >= 1:
        return True, None
    face = ctx.dice.roll(chance.denominator, purpose=what, roller=f.name).faces[0]
    return face <= chance.numerator, face


def _roll_chances(ctx: Ctx, plays: Mapping[str, Play]) -> Rolled:
    """Each chance bonus once per gladiator per turn (grimdark-rules `huge-chance-rolled`
    and the abilities' own words), then Face-Off's stat."""
    state = ctx.state
    data = state.data
    bonuses: dict[str, dict[str, Modifier]] = {}
    random_stat: dict[str, str] = {}
    for f in state.fighters:
        if f.id not in plays:
            continue
        foes = state.opponents(f)
        # Against anyone he might meet: a chance that holds against none is not rolled.
        kinds = {c.ability: c for o in foes for c in my_chances(data, f, o)}
        came: dict[str, Modifier] = {}
        for key, c in kinds.items():
            won, face = _chance(ctx, f, c.chance, key)
            ctx.emit(ChanceRolled(f.id, ability=key,
                                  chance=(c.chance.numerator, c.chance.denominator),
                                  face=face, won=won, bonus=c.amount))
            if won:
                came[key] = c.modifier()
        bonuses[f.id] = came
        p = plays[f.id]
        if p.move is not None and p.move.stat == "random":
            face = ctx.dice.roll(len(STATS), purpose="random stat", roller=f.name).faces[0]
            random_stat[f.id] = STATS[face - 1]
            ctx.emit(RandomStatRolled(f.id, stat=STATS[face - 1], face=face, move=p.key))
    binds = {who: stat for who, stat in random_stat.items()
             if move_rule(plays[who].move, "opponents-use-this-stat")}
    return Rolled(bonuses, random_stat, binds=binds)


# ------------------------------------------------------------------ the fights


def _fight(ctx: Ctx, pairing: Pairing, plays: Mapping[str, Play], rolled: Rolled) -> Fought:
    state = ctx.state
    a, b = state.fighter(pairing.first), state.fighter(pairing.second)
    pa, pb = plays[a.id], plays[b.id]
    sides = (build_side(state, a, pa, b, pb, rolled, pairing),
             build_side(state, b, pb, a, pa, rolled, pairing))
    result = resolve(state.data, sides, ctx.dice, names=(a.name, b.name))
    weapons = (weapon_for(state.data, a, pa)[1], weapon_for(state.data, b, pb)[1])
    stats = (stat_for(state, a, pa, pb, rolled), stat_for(state, b, pb, pa, rolled))
    # Out of position is spent on the move that used it.
    for me, other, side in ((a, b, sides[0]), (b, a, sides[1])):
        if side.opponent_out_of_position:
            other.conditions = [c for c in other.conditions
                                if not (c.key == "out-of-position" and c.against == me.id)]
    return Fought(pairing, (pa, pb), sides, result, weapons, stats)


def _parts(ctx: Ctx, fought: Fought, winner: int) -> list[DamagePart]:
    """The blow's damage parts, with what the match adds: a counterblow's lost move
    bonus, Snap Shot's, Fierce Attack, Lucky Number Seven."""
    state, result = ctx.state, fought.result
    assert result.damage is not None
    me = state.fighter(fought.plays[winner].who)
    victim = state.fighter(fought.plays[1 - winner].who)
    play = fought.plays[winner]
    parts = list(result.damage.parts)
    turned = any(p.reason in ("shielded", "deflected", "only-on-critical") for p in parts)
    on_target = play.target == victim.id
    move = play.move
    assert move is not None
    if not on_target and not turned and \
            state.data.figures.reading("on-hit-affects") == "target":
        parts = [p for p in parts if p.reason not in ("move-bonus", "halved")]
        if move.half_damage:
            from companion.rulesets.grimdark.fight import halve

            total = sum(p.amount for p in parts)
            parts.append(DamagePart(-(total - halve(state.data, total)), "halved"))
    extra = move_rule(move, "bonus-damage-vs-worse-init")
    if on_target and not turned and extra is not None and victim.init < me.init:
        parts.append(DamagePart(extra.amount or 0, "move-bonus"))
    fierce = sum(a.damage_bonus for k in me.abilities if (a := state.data.abilities.get(k)))
    if fierce and sum(p.amount for p in parts) > 0:
        parts.append(DamagePart(fierce, "fierce-attack"))
    lucky = ability_rule(state.data, victim, "ignore-crit-at-advantage")
    if result.band == "critical" and lucky is not None and lucky.amount == result.advantage:
        parts.append(DamagePart(-sum(p.amount for p in parts), "lucky-number-seven"))
    return parts


def _fight_event(ctx: Ctx, fought: Fought, parts: list[DamagePart] | None) -> None:
    r = fought.result
    a, b = (SidePower(play.who, move=side.move.key, stat=stat, dice=power.dice,
                      faces=power.faces, keep=power.keep,
                      modifiers=tuple(PowerModifier(m.amount, m.reason)
                                      for m in power.modifiers),
                      total=power.total, attack=side.attack)
            for play, side, power, stat in zip(fought.plays, fought.sides, r.powers,
                                               fought.stats, strict=True))
    winner = None if r.winner is None else fought.plays[r.winner].who
    damage = None
    if r.damage is not None and parts is not None:
        damage = BlowDamage(total=max(0, sum(p.amount for p in parts)), die=r.damage.die,
                            parts=tuple(BlowPart(p.amount, p.reason, p.faces) for p in parts))
    crit = None
    if r.crit is not None:
        assert r.crit_roll is not None and r.severity is not None  # rolled with the entry
        crit = CritStruck(roll=r.crit_roll, severity=r.severity, key=r.crit.key,
                          knockback=r.crit.knockback, stun=r.crit.stun, wound=r.crit.wound,
                          gruesome=r.crit.gruesome)
    ctx.emit(Clashed(fought.pairing.first, target=fought.pairing.second, sides=(a, b),
                     advantage=r.advantage, band=r.band, winner=winner, damage=damage,
                     crit=crit, mutual=fought.pairing.mutual, gang=fought.pairing.gang,
                     ganged=fought.pairing.ganged, out_of_position=r.out_of_position))


def _apply_fights(ctx: Ctx, fought: list[Fought], plays: Mapping[str, Play]) -> set[str]:
    """Each fight's result, the higher Init's first: a gladiator already defeated by
    a blow that came first strikes no more. The ids whose move hit its own target."""
    state = ctx.state
    hit_target: set[str] = set()
    tied: set[str] = set()
    for f in fought:
        for play in f.plays:
            if play.attack == "melee" and play.target is not None:
                struck = ctx.record(state.fighter(play.target)).struck_in_melee_by
                if play.who not in struck:
                    struck.append(play.who)

    def init_of(f: Fought) -> int:
        if f.result.winner is None:
            return max(state.fighter(p.who).init for p in f.plays)
        return state.fighter(f.plays[f.result.winner].who).init

    # Fights and Wrath from Beyond (no fight: harm to all) by the Init of who acts.
    acts: list[tuple[int, str, Fought | Play]] = [(init_of(f), f.pairing.first, f)
                                                  for f in fought]
    acts += [(state.fighter(p.who).init, p.who, p) for p in plays.values()
             if move_rule(p.move, "damage-all-combatants-equal-brutality")]
    for _, _, act in sorted(acts, key=lambda a: (-a[0], a[1])):
        if isinstance(act, Play):
            _wrath(ctx, act)
            continue
        f = act
        r = f.result
        if r.winner is None:
            _fight_event(ctx, f, None)
            _tie(ctx, f, tied)
            continue
        me = state.fighter(f.plays[r.winner].who)
        victim = state.fighter(f.plays[1 - r.winner].who)
        parts = _parts(ctx, f, r.winner) if r.damage is not None else None
        _fight_event(ctx, f, parts)
        if me.defeated:
            ctx.emit(FellBeforeStriking(me.id, target=victim.id))
            continue
        _blow(ctx, f, me, victim, parts, hit_target)
    for p in plays.values():
        who = state.fighter(p.who)
        if p.attacks and p.move is not None and not p.move.weapon:
            weapon, _ = weapon_for(state.data, who, p)
            self_harm = sum(prop.self_damage_per_attack for prop in weapon.properties)
            if self_harm:
                hurt(ctx, who, self_harm, "unsafe", who.id)
    return hit_target


def _wrath(ctx: Ctx, p: Play) -> None:
    """Everyone standing, the user too, takes the user's Brutality; no fight."""
    state = ctx.state
    user = state.fighter(p.who)
    if user.defeated:
        ctx.emit(FellBeforeStriking(user.id, target=None))
        return
    amount = user.stats["brutality"]
    ctx.emit(WrathUnleashed(user.id, amount=amount, move=p.key))
    for o in state.fighters:
        if o.standing:
            hurt(ctx, o, amount, str(p.key), user.id)


def _tie(ctx: Ctx, f: Fought, tied: set[str]) -> None:
    fig = ctx.state.data.figures
    finisher_spoils_both = fig.reading("finisher-tie-cz") == "both sides" and any(
        p.move is not None and p.move.kind == "melee-finisher" for p in f.plays)
    for play in f.plays:
        who = ctx.state.fighter(play.who)
        if who.id in tied or finisher_spoils_both or move_rule(play.move, "no-tie-cz"):
            continue
        tied.add(who.id)
        gain_cz(ctx, who, fig.value("tie-cz"), "inconclusive")


def _blow(ctx: Ctx, f: Fought, me: Fighter, victim: Fighter,
          parts: list[DamagePart] | None, hit_target: set[str]) -> None:
    state, r = ctx.state, f.result
    data = state.data
    assert r.winner is not None
    play, lost = f.plays[r.winner], f.plays[1 - r.winner]
    if play.move is None or play.move.attack is None:
        if r.out_of_position:
            add_condition(ctx, victim, Condition("out-of-position", amount=data.figures.value(
                "out-of-position-bonus"), turns=1, source=str(play.key), against=me.id))
        return
    on_target = play.target == victim.id
    if on_target:
        hit_target.add(me.id)
    ctx.record(victim).hit = True
    if move_rule(lost.move, "defeated-if-hit"):
        defeat(ctx, victim, "last-stand", me.id)
    lucky = any(p.reason == "lucky-number-seven" for p in parts or [])
    total = max(0, sum(p.amount for p in parts or []))
    done = hurt(ctx, victim, total, "blow", me.id)
    weapon = f.sides[r.winner].armed
    critical = r.band == "critical" and not lucky
    if done:
        heal_hp = sum(p.hp_per_crit if critical else p.hp_per_hit for p in weapon.properties)
        if heal_hp:
            extra = ability_rule(data, me, "extra-hp-per-vampiric-hit")
            heal(ctx, me, heal_hp + (extra.amount or 0 if extra else 0), "vampiric")
    doses = sum(p.poison_per_crit if critical else p.poison_per_hit for p in weapon.properties)
    if doses and not lucky and ability_rule(data, victim, "cannot-be-poisoned") is None and \
            (done or data.figures.reading("toxic-dose-on") == "every hit"):
        gain(ctx, victim, "poison", doses, "toxic")
        limit = poison_limit(state)
        if limit is not None and victim.resources.get("poison", 0) >= limit and \
                data.figures.reading("poison-defeat") == "at once":
            defeat(ctx, victim, "poison", me.id)
    if critical and r.crit is not None:
        _critical(ctx, f, me, victim, r)
        if "target-ineffective-on-crit" in weapon.rules():
            make_ineffective(ctx, victim, "disorienting", me.id)
    if lucky:
        return
    if not on_target:
        return
    move = play.move
    for g in move.gain:
        if g.on == "hit":
            gain(ctx, me, g.resource, g.amount, move.key)
    disarm = move_rule(move, "disarm-turns")
    if disarm is not None:
        # His weapon in this fight; fighting bare, the melee weapon he would take up.
        weapon, held = f.sides[1 - r.winner].weapon, f.weapons[1 - r.winner]
        if held is None:
            weapon, held = melee_weapon(data, victim)
        if held is not None and not never_disarmed(weapon):
            add_condition(ctx, victim, Condition("disarmed", turns=disarm.amount or 1,
                                                 source=move.key, weapon=held))
    for rule, turns in (("target-penalty-next-turn", 1), ("target-penalty-next-3-turns", 3)):
        penalty = move_rule(move, rule)
        if penalty is not None:
            add_condition(ctx, victim, Condition("penalty", amount=penalty.amount or 0,
                                                 turns=turns, source=move.key))
    if move_rule(move, "target-ineffective-on-hit"):
        make_ineffective(ctx, victim, move.key, me.id)


def _critical(ctx: Ctx, f: Fought, me: Fighter, victim: Fighter, r: FightResult) -> None:
    crit = r.crit
    assert crit is not None
    held = f.sides[1 - (r.winner or 0)].weapon
    checks: tuple[tuple[Shrugged, str, bool], ...] = (
        ("knockback", "ignores-knockback", bool(crit.knockback)),
        ("stun", "ignores-stun", crit.stun))
    for what, rule, happens in checks:
        if not happens or victim.defeated:
            continue
        guard = next((p.key for p in held.properties if rule in {
            e.rule for e in p.effects if isinstance(e, Rule)}), None)
        if guard is not None:
            ctx.emit(ShruggedOff(victim.id, what=what, by=guard))
        elif what == "knockback":
            add_condition(ctx, victim, Condition("penalty", amount=-crit.knockback, turns=1,
                                                 source="knockback"))
        else:
            add_condition(ctx, victim, Condition("stunned", turns=1, source="critical"))
    if crit.wound:
        from companion.rulesets.grimdark.harm import wound

        wound(ctx, victim, "critical")
    if crit.gruesome:
        victim.gruesome = True
        defeat(ctx, victim, "gruesome", me.id)


# ------------------------------------------------------------------ after the fights


def _after(ctx: Ctx, f: Fighter, p: Play, plays: Mapping[str, Play]) -> None:
    move = p.move
    if move is None or f.defeated:
        return
    penalty = move_rule(move, "self-penalty-next-turn")
    if penalty is not None:
        add_condition(ctx, f, Condition("penalty", amount=penalty.amount or 0, turns=1,
                                        source=move.key))
    if move_rule(move, "self-ineffective-after-attack"):
        make_ineffective(ctx, f, move.key)
    if move.cooldown:
        add_condition(ctx, f, Condition("cooldown", turns=move.cooldown, source=move.key,
                                        move=move.key))
    weapon, index = weapon_for(ctx.state.data, f, p)
    if p.attack == "ranged" and index is not None and not move.weapon:
        sheet_weapon = f.sheet["weapons"][index]
        if sheet_weapon["reach"] == "melee":
            gone = next((q.gone_turns for q in weapon.properties if q.gone_turns), None)
            if gone:
                turns, _ = roll_text(ctx.dice, gone, "weapon gone", f.name)
                add_condition(ctx, f, Condition("weapon-gone", turns=turns, source="throwable",
                                                weapon=index))
    del plays


def _end_of_turn(ctx: Ctx, plays: Mapping[str, Play], hit_target: set[str]) -> None:
    state = ctx.state
    fig = state.data.figures
    for f in state.fighters:
        curses = f.resources.get("curses", 0)
        if not curses or f.defeated:
            continue
        faces = list(ctx.dice.roll(int(fig.die("curse-die").lstrip("d")), curses,
                                   purpose="curses", roller=f.name).faces)
        broken = sum(1 for x in faces if x == fig.value("curse-breaks-on"))
        ctx.emit(CursesRolled(f.id, faces=tuple(faces), broken=broken))
        if broken:
            gain(ctx, f, "curse", -broken, "curse")
            hurt(ctx, f, broken * fig.value("curse-damage"), "curse")
    limit = poison_limit(state)
    for f in state.fighters:
        if limit is not None and f.standing and f.resources.get("poison", 0) >= limit:
            defeat(ctx, f, "poison")
    size = fig.value("hand-size")
    for f in state.fighters:
        p = plays.get(f.id)
        if p is not None and p.move is not None and f.standing:
            _cards(ctx, f, p, p.who in hit_target, size)
        if p is not None and p.move is not None:
            stacking = move_rule(p.move, "stacking-bonus-per-use") is not None
            f.flurry = f.flurry + 1 if stacking else 0
        tick(f)
        f.last_turn = ctx.now.get(f.id, TurnRecord())
    death.after_defeats(ctx)


def poison_limit(state: GrimdarkState) -> int | None:
    """The doses of poison that defeat (Toxic's 8), if any property sets one."""
    return next((p.poison_defeat for p in state.data.equipment.values() if p.poison_defeat),
                None)


def _cards(ctx: Ctx, f: Fighter, p: Play, hit: bool, size: int) -> None:
    """The played card leaves his hand and another is drawn, unless it is replaced by
    its special move, or stays (a stacking move that hit); assessing discards the hand
    and draws it anew."""
    move = p.move
    assert move is not None
    events = ctx.events
    if move_rule(move, "discard-hand-draw-three"):
        f.discard.extend(k for k in f.hand if not _special(ctx, k))
        f.hand = []
        for _ in range(size):
            draw(ctx.state, f, ctx.dice, events)
        ctx.emit(CardsDrawn(f.id, hand=tuple(f.hand), deck=len(f.deck), assess=True))
        return
    if move.key not in f.hand:
        return
    if hit and move_rule(move, "no-draw-on-hit"):
        ctx.emit(MoveKept(f.id, move=move.key))
        return
    at = f.hand.index(move.key)
    f.hand.pop(at)
    if not move.special:
        f.discard.append(move.key)
    if move.replaced_by and move.replaced_by in ctx.state.data.moves:
        f.hand.insert(at, move.replaced_by)
        ctx.emit(MoveReplaced(f.id, move=move.key, by=move.replaced_by))
        return
    while len(f.hand) < size and (f.deck or f.discard):
        draw(ctx.state, f, ctx.dice, events)
    ctx.emit(CardsDrawn(f.id, hand=tuple(f.hand), deck=len(f.deck), assess=False))


def _special(ctx: Ctx, key: str) -> bool:
    move = ctx.state.data.moves.get(key)
    return move is not None and move.special
