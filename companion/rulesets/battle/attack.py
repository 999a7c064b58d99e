"""An attack: the pool from ATTACK and WEAPON ranks, the roll read on the attack table,
the block with 6s, the hit or the critical and its table; the whip's disarm."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.hexgrid import distance
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.battle.data import CRITICAL_KEY, BattleTables
from companion.rulesets.battle.events import (
    AttackLanded,
    AttackRolled,
    Blocked,
    CriticalDamageRolled,
    DefenceRolled,
    DisarmBlocked,
    DisarmFailed,
    DisarmLanded,
    Fumbled,
    Missed,
    TwoHandedGrip,
    WeaponThrown,
    Whiffed,
    ZenCalm,
)
from companion.rulesets.battle.flow import (
    Ctx,
    check_luck,
    end_turn,
    luck_settled,
    stun,
    wound,
)
from companion.rulesets.battle.lasting import apply_crit, drop_shield, drop_weapon
from companion.rulesets.battle.pools import (
    Pool,
    attack_pool,
    count_sixes,
    defence_pool,
    parry_bonus_weapon,
    read_roll,
)
from companion.rulesets.battle.state import Fighter, LastTurn, Stance
from companion.rulesets.battle.table_models import WeaponEntry


@dataclass
class AttackPlan:
    """A declared attack, checked against the rules before any die is rolled."""

    weapon_key: str
    weapon: WeaponEntry
    weapon_class: str
    stance: Stance
    thrown: bool
    two_handed: bool
    disarm: bool
    signature: bool
    called_shot: bool
    mighty_blow: bool
    luck: int
    defence_luck: int
    reflex: bool
    pool: Pool
    max_sixes: int | None
    cannot_whiff: bool


def plan_attack(ctx: Ctx, f: Fighter, action: Any) -> AttackPlan:
    """Validate an attack action (see `actions.Attack`) and size its pool."""
    state, tables = ctx.state, ctx.tables
    opp = state.opponent(f)
    q, oq = ctx.quirks(f), ctx.quirks(opp)
    name = action.weapon or _default_weapon(f, tables)
    weapon = tables.weapon(name)
    key = str(weapon.key)
    if key != tables.brawling and f.carried.get(key, 0) < 1:
        held = ", ".join(tables.weapon(k).name for k, n in f.carried.items() if n > 0)
        raise UserError(f"{f.name} does not hold a {weapon.name} (he holds "
                        f"{held or 'nothing'}; his fists need nothing)")
    thrown = action.thrown or weapon.thrown == "must"
    if thrown and weapon.thrown == "never":
        raise UserError(f"the {weapon.name} cannot be thrown")
    _check_reach(ctx, f, opp, weapon.name, thrown)
    two_handed = action.two_handed or weapon.hands == 2
    if action.two_handed and weapon.hands == 1 and weapon.two_handed_class is None:
        raise UserError(f"the {weapon.name} is a one-handed weapon")
    if two_handed and f.no_shield_or_two_handed:
        raise UserError(f"{f.name}'s shield arm is useless: no two-handed attacks")
    stance: Stance = action.stance
    if (q.must_defend_at_or_below is not None and f.health <= q.must_defend_at_or_below
            and stance != "defensive"):
        raise UserError(f"{f.name} must attack defensively at {f.health} health "
                        "(Phobia of Pain)")
    if q.no_attack_on_stunned and opp.stunned:
        raise UserError(f"{f.name} will not attack a stunned opponent (Mr. Nice Guy)")
    disarm = action.called_shot == "disarm"
    if disarm:
        _check_disarm(ctx, f, opp, weapon, thrown, action.signature)
    called = action.called_shot == "critical"
    if called and (not q.called_shot_dice or "called_shot" in f.used_once):
        raise UserError(f"{f.name} has no Called Shot to make this battle")
    if action.signature and (f.skill("signature-move") < 1 or "signature" in f.used_once):
        raise UserError(f"{f.name} has no SIGNATURE MOVE left this battle")
    if action.mighty_blow and (not q.mighty_blow or "mighty_blow" in f.used_once):
        raise UserError(f"{f.name} has no Mighty Blow left this battle")
    check_luck(ctx, f, action.luck)
    check_luck(ctx, opp, action.defence_luck)
    if action.reflex and (not oq.reflex_to_live or "reflex" in opp.used_once):
        raise UserError(f"{opp.name} has no Reflex to Live left this battle")
    weapon_class = weapon.class_for(two_handed)
    pool = attack_pool(f, q, tables, weapon_key=key, weapon=weapon, weapon_class=weapon_class,
                       stance=stance, thrown=thrown, signature=action.signature,
                       mighty_blow=action.mighty_blow, disarm=disarm)
    row = tables.stance(f.skill("attack"))
    defensive = stance == "defensive"
    # Thrown weapons, the whip and the cat o' nine tails miss rather than whiff on a
    # normal or defensive attack; a defensive attack never whiffs.
    no_whiff = (weapon.no_whiff or thrown) and stance != "berserk"
    return AttackPlan(
        weapon_key=key, weapon=weapon, weapon_class=weapon_class, stance=stance,
        thrown=thrown, two_handed=two_handed, disarm=disarm, signature=action.signature,
        called_shot=called, mighty_blow=action.mighty_blow, luck=action.luck,
        defence_luck=action.defence_luck, reflex=action.reflex, pool=pool,
        max_sixes=row.defensive_max_sixes if defensive else None,
        cannot_whiff=not disarm and ((defensive and row.defensive_cannot_whiff) or no_whiff),
    )


def _check_reach(ctx: Ctx, f: Fighter, opp: Fighter, weapon: str, thrown: bool) -> None:
    """On the hex board (when both stand on it): melee needs him adjacent, a throw
    reaches as far as the table's throw range."""
    positions = ctx.state.positions
    if f.side not in positions or opp.side not in positions:
        return
    board = ctx.board()
    gap = distance(board.from_label(positions[f.side]), board.from_label(positions[opp.side]))
    if thrown and gap > ctx.tables.throw_range:
        raise UserError(f"{opp.name} is {gap} hexes away: a thrown {weapon} reaches "
                        f"{ctx.tables.throw_range}")
    if not thrown and gap != 1:
        raise UserError(f"{opp.name} is {gap} hexes away: the {weapon} needs him in an "
                        "adjacent hex (or throw it)")


def _default_weapon(f: Fighter, tables: BattleTables) -> str:
    if f.ready_weapon and f.carried.get(f.ready_weapon, 0) > 0:
        return f.ready_weapon
    return tables.brawling


def _check_disarm(ctx: Ctx, f: Fighter, opp: Fighter, weapon: WeaponEntry, thrown: bool,
                  signature: bool) -> None:
    if not weapon.disarms:
        raise UserError(f"only the whip can disarm, not the {weapon.name}")
    if thrown or signature:
        raise UserError("a disarm is its own called shot: not thrown, not a signature move")
    target = parry_bonus_weapon(opp)
    if target is None:
        raise UserError(f"{opp.name} holds no weapon to take")
    if ctx.tables.weapon(target).cannot_disarm:
        raise UserError(f"{opp.name}'s {ctx.tables.weapon(target).name} cannot be disarmed")


def defence_for(ctx: Ctx, plan: AttackPlan, opp: Fighter) -> tuple[Pool, str]:
    return defence_pool(opp, ctx.quirks(opp), ctx.tables, attacker_weapon=plan.weapon_key,
                        attacker_class=plan.weapon_class, disarm=plan.disarm,
                        reflex=plan.reflex)


def resolve_attack(ctx: Ctx, f: Fighter, plan: AttackPlan) -> list[Event]:
    """Roll and resolve a planned attack; the turn then passes."""
    opp = ctx.state.opponent(f)
    events: list[Event] = []
    if plan.two_handed and f.shield == "held":
        events += [TwoHandedGrip(f.side, weapon=plan.weapon_key), *drop_shield(f)]
    for used, flag in (("signature", plan.signature), ("mighty_blow", plan.mighty_blow),
                       ("called_shot", plan.called_shot)):
        if flag:
            f.used_once.append(used)
    if plan.reflex:
        opp.used_once.append("reflex")
    faces = ctx.roll(f, plan.pool.dice, "attack")
    luck_faces = ctx.roll(f, plan.luck, "attack (luck)")
    events.append(AttackRolled(
        f.side, target=opp.side, weapon=plan.weapon_key, weapon_class=plan.weapon_class,
        stance=plan.stance, thrown=plan.thrown, two_handed=plan.two_handed,
        disarm=plan.disarm, signature=plan.signature, called_shot=plan.called_shot,
        mighty_blow=plan.mighty_blow, pool=plan.pool.to_json(), faces=tuple(faces),
        luck_faces=tuple(luck_faces)))
    all_faces = faces + luck_faces
    zen = ctx.quirks(opp).zen_sixes
    if plan.signature and zen:
        removed = min(zen, all_faces.count(6))
        for _ in range(removed):
            all_faces.remove(6)
        events.append(ZenCalm(opp.side, sixes=zen, removed=removed))
    events += luck_settled(ctx, f, luck_faces)
    if plan.thrown:
        f.carried[plan.weapon_key] -= 1
        f.dropped[plan.weapon_key] = f.dropped.get(plan.weapon_key, 0) + 1
        events.append(WeaponThrown(f.side, weapon=plan.weapon_key,
                                   left=f.carried[plan.weapon_key]))
    if plan.disarm:
        whiffed, more = _disarm(ctx, f, opp, plan, all_faces)
    else:
        whiffed, more = _strike(ctx, f, opp, plan, all_faces)
    events += more
    if whiffed and ctx.quirks(f).drops_weapon_on_whiff and plan.weapon_key != ctx.tables.brawling:
        events += [Fumbled(f.side), *drop_weapon(f)]
    f.ready_weapon = plan.weapon_key
    last = LastTurn(kind="disarm" if plan.disarm else "attack", stance=plan.stance,
                    thrown=plan.thrown, whiffed=whiffed, weapon=plan.weapon_key,
                    two_handed=plan.two_handed)
    if ctx.state.phase == "over":
        f.last_turn = last
        return events
    return events + end_turn(ctx, f, last)


def _defend(ctx: Ctx, plan: AttackPlan, opp: Fighter) -> tuple[int, list[Event]]:
    pool, rule = defence_for(ctx, plan, opp)
    faces = ctx.roll(opp, pool.dice, "defence")
    luck_faces = ctx.roll(opp, plan.defence_luck, "defence (luck)")
    sixes = count_sixes(faces + luck_faces)
    rolled = DefenceRolled(opp.side, rule=rule, pool=pool.to_json(), faces=tuple(faces),
                           luck_faces=tuple(luck_faces), sixes=sixes)
    return sixes, [rolled, *luck_settled(ctx, opp, luck_faces)]


def _whiff(f: Fighter, cannot_whiff: bool) -> tuple[bool, list[Event]]:
    if cannot_whiff:
        return False, [Missed(f.side)]
    return True, [Whiffed(f.side)]


def _strike(ctx: Ctx, f: Fighter, opp: Fighter, plan: AttackPlan,
            faces: list[int]) -> tuple[bool, list[Event]]:
    reading = read_roll(faces, plan.max_sixes)
    entry = ctx.tables.attack(plan.weapon_class, reading.key)
    if entry.outcome == "whiff":
        return _whiff(f, plan.cannot_whiff)
    needed = ctx.tables.block(reading.key).sixes_to_block(reading.sixes)
    sixes, events = _defend(ctx, plan, opp)
    events.insert(0, AttackLanded(f.side, target=opp.side, result=reading.key,
                                  critical=reading.key == CRITICAL_KEY, sixes=reading.sixes,
                                  needed=needed))
    if needed is not None and sixes >= needed:
        return False, [*events, Blocked(opp.side, sixes=sixes, needed=needed)]
    if entry.outcome == "hit":
        stays = opp.stunned
        if entry.stun or stays:
            events += stun(opp)
        return False, events + wound(ctx, opp, entry.damage, plan.weapon_key)
    dice = (reading.sixes + ctx.tables.crit_class_dice(plan.weapon_class) - sixes
            + (ctx.quirks(f).called_shot_dice if plan.called_shot else 0))
    crit_faces = ctx.roll(f, dice, "critical damage")
    total = sum(crit_faces) + plan.weapon.crit_bonus
    events.append(CriticalDamageRolled(f.side, target=opp.side, dice=dice,
                                       faces=tuple(crit_faces), bonus=plan.weapon.crit_bonus,
                                       total=total))
    table_id = ctx.tables.crit_table_id(plan.weapon.damage_type)
    entry_c = ctx.tables.crit(plan.weapon.damage_type, total)
    return False, events + apply_crit(ctx, opp, table_id, total, entry_c,
                                      by_weapon=plan.weapon_key,
                                      thrown_by=f if plan.thrown else None)


def _disarm(ctx: Ctx, f: Fighter, opp: Fighter, plan: AttackPlan,
            faces: list[int]) -> tuple[bool, list[Event]]:
    reading = read_roll(faces)
    entry = ctx.tables.attack(ctx.tables.disarm_read_as_class, reading.key)
    if entry.outcome == "whiff":
        return True, [DisarmFailed(f.side)]
    needed = count_sixes(faces)
    sixes, events = _defend(ctx, plan, opp)
    events.insert(0, DisarmLanded(f.side, target=opp.side, needed=needed))
    if sixes >= needed:
        return False, [*events, DisarmBlocked(opp.side, sixes=sixes, needed=needed)]
    return False, events + drop_weapon(opp)
