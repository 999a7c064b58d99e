"""From the match state to the fight: which fights a turn's moves make, the weapon
each gladiator holds for his move, the stat he rolls, and the `Side` that
`fight.resolve` and the odds read. Pure and dice-free: what is rolled for the turn
(the chance bonuses, Face-Off's stat) comes in as `Rolled`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.events import PlayedBy
from companion.rulesets.grimdark.fight import (
    ChanceBonus,
    Modifier,
    Reach,
    Side,
    Weapon,
    chances_of,
    has_rule,
    terms,
)
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.table_models import (
    STATS,
    GrimdarkEquipmentEntry,
    GrimdarkMoveEntry,
)
from companion.tables.effects import Rule


class Play(NamedTuple):
    """One gladiator's move this turn. `move` is None when he is stunned: he plays
    nothing and defends passively."""

    who: str
    move: GrimdarkMoveEntry | None
    target: str | None = None
    reach: Reach | None = None
    as_stat: str | None = None
    why: tuple[str, ...] = ()
    by: PlayedBy = "gm"

    @property
    def key(self) -> str | None:
        return None if self.move is None else self.move.key

    @property
    def attacks(self) -> bool:
        return self.move is not None and self.move.attack is not None

    @property
    def attack(self) -> Reach | None:
        if self.move is None or self.move.attack is None:
            return None
        if self.move.attack == "melee-or-ranged":
            return self.reach or "melee"
        return self.move.attack


@dataclass(frozen=True)
class Rolled:
    """What the turn's dice settled before any fight: the chance bonuses that came
    (each gladiator's, by ability key: Combat Focus, Gambler, Huge) and Face-Off's
    stat. `known` is False for the odds: nothing is rolled yet, the chances are
    mixed instead."""

    bonuses: Mapping[str, Mapping[str, Modifier]] = field(default_factory=dict)
    random_stat: Mapping[str, str] = field(default_factory=dict)
    known: bool = True
    # The stat each Face-Off user's opponents must use for their active-stat moves.
    binds: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Pairing:
    """One fight of the turn: `first` attacks `second` (and, when `mutual`, `second`
    attacks `first` too). `ganged` is the one several attack, `gang` how many past the
    first. `group`: for each side whose target is the other, the other attackers on
    that target (the seed's group bonus)."""

    first: str
    second: str
    mutual: bool = False
    gang: int = 0
    ganged: str | None = None
    group: tuple[int, int] = (0, 0)

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.first, "target": self.second, "mutual": self.mutual,
                "gang": self.gang, "ganged": self.ganged}


# ------------------------------------------------------------------ weapons


def _rules(entry: GrimdarkEquipmentEntry) -> set[str]:
    return {e.rule for e in entry.effects if isinstance(e, Rule)}


def _blocked(f: Fighter, index: int) -> bool:
    return any(c.weapon == index for c in f.conditions if c.key in ("disarmed", "weapon-gone"))


def _weapon(data: GrimdarkData, sheet_weapon: Mapping[str, Any]) -> Weapon:
    names = tuple(str(key) for key in sheet_weapon.get("properties", []))
    key = ("weapon", str(sheet_weapon["weight"]), str(sheet_weapon["reach"]), names,
           sheet_weapon.get("element"))
    found = data.memo.get(key)
    if found is None:
        kind = data.weapon_kind(key[1], key[2])
        props = tuple(p for name in names if (p := data.property_named(name)) is not None)
        found = data.memo[key] = Weapon(str(kind.damage), props, key[4])
    return found


def natural_weapon(data: GrimdarkData, f: Fighter) -> Weapon | None:
    key = ("natural-weapon", tuple(f.abilities))
    if key not in data.memo:
        data.memo[key] = next((Weapon(a.weapon_damage) for k in f.abilities
                               if (a := data.abilities.get(k)) is not None and a.weapon_damage),
                              None)
    return data.memo[key]


def melee_weapon(data: GrimdarkData, f: Fighter) -> tuple[Weapon, int | None]:
    """The melee weapon he strikes with now and its place in his sheet: his first melee
    weapon not taken from him, else his natural weapon, else his fists. With both a
    weapon and a natural weapon, grimdark-rules `natural-weapon-use` says which."""
    natural = natural_weapon(data, f)
    for i, w in enumerate(f.sheet.get("weapons", [])):
        if w["reach"] == "melee" and not _blocked(f, i):
            carried = _weapon(data, w)
            if natural is not None and _mean(natural.damage) > _mean(carried.damage) and \
                    data.figures.reading("natural-weapon-use") == "better die":
                return natural, None
            return carried, i
    if natural is not None:
        return natural, None
    return fists(data), None


@lru_cache(maxsize=64)
def _mean(damage: str) -> float:
    dice, const = terms(damage)
    return sum(count * (sides + 1) / 2 for count, sides in dice) + const


def ranged_weapon(data: GrimdarkData, f: Fighter) -> tuple[Weapon, int] | None:
    """His first ranged weapon at hand, else a throwable melee weapon; None: he has no
    ranged capability now."""
    throwable: tuple[Weapon, int] | None = None
    for i, w in enumerate(f.sheet.get("weapons", [])):
        if _blocked(f, i):
            continue
        if w["reach"] == "ranged":
            return _weapon(data, w), i
        weapon = _weapon(data, w)
        if throwable is None and any("die-step-when-thrown" in _rules(p)
                                     for p in weapon.properties):
            throwable = (weapon, i)
    return throwable


def weapon_for(data: GrimdarkData, f: Fighter, play: Play) -> tuple[Weapon, int | None]:
    """What he fights with for this move: nothing but his fists unless it is an attack
    (grimdark-rules `weapon-in-use`)."""
    if not play.attacks and data.figures.reading("weapon-in-use") == "attacks only":
        return fists(data), None
    if play.attack == "ranged":
        found = ranged_weapon(data, f)
        return found if found is not None else (fists(data), None)
    return melee_weapon(data, f)


def fists(data: GrimdarkData) -> Weapon:
    """His bare hands (the equipment table's unarmed blow), one object a table set."""
    found = data.memo.get("fists")
    if found is None:
        found = data.memo["fists"] = Weapon(str(data.unarmed().damage))
    return found


def has_weapon_property(data: GrimdarkData, f: Fighter, prop: str) -> bool:
    return any(prop in w.get("properties", []) for i, w in
               enumerate(f.sheet.get("weapons", [])) if not _blocked(f, i))


def never_disarmed(weapon: Weapon) -> bool:
    return "never-disarmed-or-broken" in weapon.rules()


# ------------------------------------------------------------------ abilities


def ability_rule(data: GrimdarkData, f: Fighter, rule: str) -> Rule | None:
    """The first effect `rule` among his abilities' effects, or None."""
    key = ("ability-rule", tuple(f.abilities), rule)
    if key not in data.memo:
        data.memo[key] = _ability_rule(data, f, rule)
    return data.memo[key]


def _ability_rule(data: GrimdarkData, f: Fighter, rule: str) -> Rule | None:
    for key in f.abilities:
        ability = data.abilities.get(key)
        if ability is None:
            continue
        for effect in ability.effects:
            if isinstance(effect, Rule) and effect.rule == rule:
                return effect
    return None


def is_huge(data: GrimdarkData, f: Fighter) -> bool:
    return ability_rule(data, f, "no-group-bonus-for-non-huge-enemies") is not None


def is_flying(data: GrimdarkData, f: Fighter) -> bool:
    return ability_rule(data, f, "melee-against-penalty") is not None


def move_rule(move: GrimdarkMoveEntry | None, rule: str) -> Rule | None:
    if move is None:
        return None
    return next((e for e in move.effects if isinstance(e, Rule) and e.rule == rule), None)


# ------------------------------------------------------------------ the stat


def stat_for(state: GrimdarkState, f: Fighter, play: Play, other: Play | None,
             rolled: Rolled) -> str:
    """The stat he rolls in a fight against `other`'s move: his move's stat, his AS
    ("active"), Face-Off's rolled stat; an opponent's Face-Off makes his AS moves use
    its stat, and an opponent's Unbalancing Distraction makes him defend with the
    better of Style and Mind."""
    if other is not None and move_rule(other.move, "opponents-defend-with-style-or-mind"):
        return max(("style", "mind"), key=lambda s: (f.stats[s], s == "style"))
    stat = "active" if play.move is None else play.move.stat or "active"
    if stat == "random":
        return rolled.random_stat.get(f.id, f.active_stat)
    if stat == "active":
        if not rolled.binds:  # no Face-Off this turn: the common case, asked first
            return f.active_stat
        if other is not None and other.who in rolled.binds:
            return rolled.binds[other.who]
        if state.data.figures.reading("face-off-binds") == "every opponent":
            for who, bound in rolled.binds.items():
                if state.fighter(who).team != f.team:
                    return bound
        return f.active_stat
    return stat


def _mod(amount: int, reason: str) -> Modifier:
    # The reasons past fight.Reason's own are the engine's (words.py names each).
    return Modifier(amount, reason)  # type: ignore[arg-type]


def passive_move(data: GrimdarkData) -> GrimdarkMoveEntry:
    """The stunned gladiator's non-move: a defence with his AS at the house bonus."""
    found = data.memo.get("passive-defence")
    if found is None:
        found = data.memo["passive-defence"] = _passive_move(data)
    return found


def _passive_move(data: GrimdarkData) -> GrimdarkMoveEntry:
    return GrimdarkMoveEntry(
        key="passive-defence", name="Passive Defence", category="universal",
        kind="support", attack=None, stat="active", asr=False, weapon=False,
        modifier=data.figures.value("stunned-defence-bonus"), bonus_damage=0,
        half_damage=False, cost=None, gain=[], cooldown=0, requires_ability=None,
        requirements=None, effects=[], special=True, basic=False,
        description="Stunned: no move, a passive defence with the active stat.")


class Standing(NamedTuple):
    """What a side takes from the gladiator himself against one opponent, whatever
    move either plays: his penalties and the chances that came (or may), Huge and
    Flying, what befell him last turn. The computer player works it out once a turn
    for each opponent and builds each move's side on it."""

    extra: tuple[Modifier, ...]
    chances: tuple[ChanceBonus, ...]
    struck_in_melee_last_turn: bool
    huge: bool
    flying: bool
    hit_last_turn: bool
    resistances: frozenset[str]
    out_of_position: bool  # his opponent is out of position against him


def standing(state: GrimdarkState, f: Fighter, other_f: Fighter, rolled: Rolled) -> Standing:
    data = state.data
    extra: list[Modifier] = []
    for c in f.has("penalty"):
        extra.append(_mod(c.amount, "knockback" if c.source == "knockback" else "penalty"))
    chances = my_chances(data, f, other_f)
    if rolled.known:
        came = rolled.bonuses.get(f.id, {})
        extra.extend(came[c.ability] for c in chances if c.ability in came)
        chances = ()
    return Standing(tuple(extra), chances, other_f.id in f.last_turn.struck_in_melee_by,
                    is_huge(data, f), is_flying(data, f), f.last_turn.hit,
                    frozenset(_resistances(f)),
                    any(c.against == f.id for c in other_f.has("out-of-position")))


def build_side(state: GrimdarkState, f: Fighter, play: Play, other_f: Fighter,
               other: Play, rolled: Rolled, pairing: Pairing,
               stands: Standing | None = None, weapon: Weapon | None = None) -> Side:
    """His side of a fight with `other_f`, for these two moves. Worked out before by
    the computer player: `stands`, `standing(state, f, other_f, rolled)`; `weapon`,
    `weapon_for(state.data, f, play)`."""
    data = state.data
    move = play.move or passive_move(data)
    if weapon is None:
        weapon, _ = weapon_for(data, f, play)
    stat = stat_for(state, f, play, other, rolled)
    stands = stands or standing(state, f, other_f, rolled)
    extra = list(stands.extra)
    if move.sets_active_stat and move.attack is not None and \
            ability_rule(data, f, "no-as-change-penalty") is not None:
        extra.append(_mod(-data.figures.value("as-change-penalty"), "tactician"))
    own = play.target == other_f.id or not data.bonuses_own_target
    if data.group_bonus_to_target:
        gang = pairing.gang if pairing.ganged is not None else 0
    else:
        gang = pairing.group[0 if f.id == pairing.first else 1]
    step = move_rule(move, "stacking-bonus-per-use")
    if step is not None and f.flurry:
        most = move_rule(move, "stacking-bonus-max")
        bonus = f.flurry * (step.amount or 0)
        if most is not None and most.amount is not None:
            bonus = min(bonus, most.amount)
        extra.append(_mod(bonus, "stacking"))
    return Side(
        move=move,
        stat_value=f.stat_value(stat),
        weapon=weapon,
        reach=play.reach,
        # Spent only on a move against him (turn._fight): unused, it waits.
        opponent_out_of_position=own and stands.out_of_position,
        gang=gang,
        targeted=pairing.ganged == f.id,
        struck_in_melee_last_turn=stands.struck_in_melee_last_turn,
        huge=stands.huge,
        huge_chance_won=False,  # Huge's chance is one of `chances`, rolled or mixed
        flying=stands.flying,
        hit_last_turn=stands.hit_last_turn,
        resistances=stands.resistances,
        cz_lead=f.cz - other_f.cz,
        extra=tuple(extra),
        init=f.init,
        cz=f.cz,
        active_stat=f.active_stat,
        chances=stands.chances,
        facing_target=play.target == other_f.id,
    )


def my_chances(data: GrimdarkData, f: Fighter, other: Fighter | None
               ) -> tuple[ChanceBonus, ...]:
    """His chance bonuses against this opponent (None: against any, for the roll)."""
    huge = other is not None and is_huge(data, other)
    key = ("chances", tuple(f.abilities.items()), huge, is_huge(data, f))
    found = data.memo.get(key)
    if found is None:
        found = data.memo[key] = chances_of(data, f.abilities, huge, key[3])
    return found


def _resistances(f: Fighter) -> set[str]:
    if f.has("resistant"):
        return {"acid", "electric", "fire", "ice"}
    return set()


# ------------------------------------------------------------------ the fights


def pair_fights(state: GrimdarkState, plays: Mapping[str, Play]) -> list[Pairing]:
    """The turn's fights, the higher Init's first: each attack against its target,
    two gladiators attacking each other one fight, not two."""
    init = {f.id: f.init for f in state.fighters}
    attackers = sorted((p for p in plays.values() if p.attacks and p.target is not None),
                       key=lambda p: (-init[p.who], p.who))
    count: dict[str, int] = {}
    for p in attackers:
        assert p.target is not None
        count[p.target] = count.get(p.target, 0) + 1
    out: list[Pairing] = []
    made: set[frozenset[str]] = set()
    for p in attackers:
        assert p.target is not None
        pair = frozenset((p.who, p.target))
        if pair in made:
            continue
        made.add(pair)
        back = plays.get(p.target)
        mutual = back is not None and back.attacks and back.target == p.who
        on_target, on_me = count.get(p.target, 0), count.get(p.who, 0) if mutual else 0
        group = (max(0, on_target - 1), max(0, on_me - 1))
        if on_target > 1 and on_target >= on_me:
            out.append(Pairing(p.who, p.target, mutual, on_target - 1, p.target, group))
        elif on_me > 1:
            out.append(Pairing(p.who, p.target, mutual, on_me - 1, p.who, group))
        else:
            out.append(Pairing(p.who, p.target, mutual, group=group))
    return out


def stat_names() -> tuple[str, ...]:
    return STATS


__all__ = ["Pairing", "Play", "Rolled", "build_side", "has_rule", "pair_fights"]
