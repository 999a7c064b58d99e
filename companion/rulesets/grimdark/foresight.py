"""What one move would do for a gladiator this turn, by the exact odds of the fights it
makes (`odds.fight_odds`, counted in floats): the damage he deals his target and takes
from everyone, the chances that either falls, and the rest the chooser weighs.

It goes only on what the crowd can see. Nobody's hand is read but his own: each
opponent is taken to attack with a plain attack of his active stat and the weapon he
holds (the moves table's Basic Melee), his target at even odds among his enemies, and
the one his own move names certainly. Everything else is the engine's own: the sides
come from `sides.build_side` with the turn's chances not yet rolled, so every
modifier, weapon property, condition and reading counts as it will in the fight."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from companion.rulesets.grimdark.fight import Reach, Side, Weapon
from companion.rulesets.grimdark.odds import FightOdds, fight_odds
from companion.rulesets.grimdark.sides import (
    Pairing,
    Play,
    Rolled,
    Standing,
    build_side,
    standing,
    weapon_for,
)
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.table_models import GrimdarkMoveEntry
from companion.rulesets.grimdark.traits import traits
from companion.tables.effects import Rule

_UNKNOWN = Rolled(known=False)
_MEMO_MOST = 5_000  # what is kept for a set of tables before it is worked out afresh


class Outlook(NamedTuple):
    """One option's fights this turn, on average over the dice and the opponents'
    likely moves."""

    dealt: float  # damage his target takes
    taken: float  # damage he takes, from every fight he is in
    kill: float  # chance his target falls to it
    fall: float  # chance he falls (any fight)
    hit: float  # chance his move beats his target (a hit or a critical)
    critical: float  # chance of a critical on his target
    tie: float  # chance of an inconclusive exchange (the crowd's CZ)
    wounds: float  # chance his target ends the turn wounded who was not
    out_of_position: float  # chance his non-attack leaves an attacker out of position
    others_dealt: float  # damage he deals those who attack him, not his target


NOTHING = Outlook(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


class Foresight:
    """The outlooks of one gladiator's options this turn."""

    def __init__(self, state: GrimdarkState, me: Fighter) -> None:
        self.state, self.me = state, me
        data = state.data
        self.wounded_at = data.figures.value("wounded-at-hp")
        self.plain = _plain_attack(data.moves)
        self.foes = state.opponents(me)
        # Each foe's threat: a plain attack on him, and how likely it comes.
        self.threat: dict[str, Play] = {}
        self.chance: dict[str, float] = {}
        self.sides: dict[tuple[str, bool], Side] = {}
        self.stands: dict[str, Standing] = {}
        self.weapons: dict[tuple[bool, str | None], Weapon] = {}
        self.halves: dict[tuple[int, frozenset[str], bool], tuple[Any, ...]] = {}
        self.pairings = {o.id: Pairing(me.id, o.id, mutual=True) for o in self.foes}
        for o in self.foes:
            stunned = bool(o.has("stunned"))
            self.threat[o.id] = Play(o.id, None if stunned or self.plain is None
                                     else self.plain, me.id, "melee")
            enemies = len(state.opponents(o))
            self.chance[o.id] = 0.0 if stunned or self.plain is None else 1.0 / max(1, enemies)

    def outlook(self, move: GrimdarkMoveEntry, target: str | None, reach: str | None,
                as_stat: str | None = None) -> Outlook:
        me = self.me
        if move.sets_active_stat == "any" and as_stat is not None:
            me = replace(me, active_stat=as_stat)  # set before the fights (turn._before)
        way: Reach | None = "melee" if reach == "melee" else "ranged" if reach == "ranged" \
            else None
        play = Play(me.id, move, target, way, as_stat)
        # Beating someone else who attacks him, his move's extra damage does not reach
        # him (grimdark-rules `on-hit-affects`).
        aside = play
        if move.bonus_damage and not move.weapon and \
                self.state.data.figures.reading("on-hit-affects") == "target":
            aside = play._replace(move=self._without_extra(move))
        dealt = taken = others = kill = hit = critical = tie = wounds = oop = 0.0
        stand = 1.0
        for o in self.foes:
            mine = o.id == target
            weight = 1.0 if mine else self.chance[o.id]
            if weight <= 0.0:
                continue
            theirs = self.threat[o.id]
            if theirs.move is None and not mine:
                continue
            pairing = self.pairings[o.id]
            mine_play = play if mine else aside
            odds = self._odds(
                build_side(self.state, me, mine_play, o, theirs, _UNKNOWN, pairing,
                           self._standing(o), self._weapon(mine_play)),
                self._their_side(o, mine_play))
            mine_side, their_side = odds.sides
            taken += weight * float(mine_side.mean_damage)
            stand *= 1.0 - weight * float(mine_side.defeat_chance(me.hp))
            if mine:
                dealt = float(their_side.mean_damage)
                kill = float(their_side.defeat_chance(o.hp))
                hit = float(mine_side.hit + mine_side.critical)
                critical = float(mine_side.critical)
                tie = float(odds.inconclusive)
                if not o.wounded:
                    wounds = float(their_side.at_least(o.hp - self.wounded_at))
            else:
                others += weight * float(their_side.mean_damage)
                tie = max(tie, weight * float(odds.inconclusive))
            oop += weight * float(mine_side.out_of_position)
        return Outlook(dealt, taken, kill, 1.0 - stand, hit, critical, tie, wounds, oop, others)

    def _weapon(self, play: Play) -> Weapon:
        """What he fights with for this move (`sides.weapon_for`), once a turn."""
        key = (play.attacks, play.attack)
        found = self.weapons.get(key)
        if found is None:
            found = self.weapons[key] = weapon_for(self.state.data, self.me, play)[0]
        return found

    def _standing(self, o: Fighter) -> Standing:
        found = self.stands.get(o.id)
        if found is None:
            found = self.stands[o.id] = standing(self.state, self.me, o, _UNKNOWN)
        return found

    def _their_side(self, o: Fighter, mine: Play) -> Side:
        """The foe's side in a fight with him: the same whatever he plays, but for a
        move that makes his opponents defend otherwise (Unbalancing Distraction)."""
        odd = mine.move is not None and traits(self.state.data, mine.move).unbalances
        key = (o.id, odd)
        found = self.sides.get(key)
        if found is None:
            found = self.sides[key] = build_side(
                self.state, o, self.threat[o.id], self.me, mine, _UNKNOWN,
                Pairing(self.me.id, o.id, mutual=True))
        return found

    def _without_extra(self, move: GrimdarkMoveEntry) -> GrimdarkMoveEntry:
        memo = self.state.data.memo
        key = ("without-extra", move.key)
        found = memo.get(key)
        if found is None:
            found = memo[key] = move.model_copy(update={"bonus_damage": 0,
                                                        "key": f"{move.key}#aside"})
        return found

    def _odds(self, a: Side, b: Side) -> FightOdds:
        memo = self.state.data.memo
        reads = _reads(a.move, memo) | _reads(b.move, memo)
        # The foe's side is one object a choice, met by every option: its half once.
        half = (id(b), reads, a.flying)
        theirs = self.halves.get(half)
        if theirs is None:
            theirs = self.halves[half] = _side_key(b, a, reads)
        key = ("fight", (_side_key(a, b, reads), theirs))
        found = memo.get(key)
        if found is None:
            if len(memo) > _MEMO_MOST:
                memo.clear()
            found = memo[key] = fight_odds(self.state.data, (a, b), exact=False)
        return found


def _plain_attack(moves: Mapping[str, GrimdarkMoveEntry]) -> GrimdarkMoveEntry | None:
    """What an opponent is taken to play: Basic Melee, else the first plain melee
    attack of the active stat a house table has."""
    found = moves.get("basic-melee")
    if found is not None:
        return found
    return next((m for m in moves.values() if m.attack == "melee" and m.stat == "active"
                 and m.requirements is None and not m.special and m.cost is None), None)


def fight_key(a: Side, b: Side, memo: dict[Any, Any]) -> tuple[Any, ...]:
    """The two sides of a fight as a key for its odds: everything the odds read, and
    nothing they do not (a side's Init only when a move reads Init, and so on), so
    that the same fight met again in another turn or match is known."""
    reads = _reads(a.move, memo) | _reads(b.move, memo)
    return (_side_key(a, b, reads), _side_key(b, a, reads))


def _reads(move: GrimdarkMoveEntry, memo: dict[Any, Any]) -> frozenset[str]:
    """What of the two sides a move's own effects read: Init, CZ, the target's stat."""
    key = ("reads", move.key)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _reads_of(move)
    return found


def _reads_of(move: GrimdarkMoveEntry) -> frozenset[str]:
    rules = {e.rule for e in move.effects if isinstance(e, Rule)}
    out = set()
    if any("-init" in r for r in rules):
        out.add("init")
    if any("-cz" in r for r in rules):
        out.add("cz")
    if any(r.startswith("modifier-vs-target-as-") for r in rules):
        out.add("target-as")
    return frozenset(out)


def _side_key(side: Side, other: Side, reads: frozenset[str]) -> tuple[Any, ...]:
    move, weapon = side.move, side.weapon
    flying = side.flying or other.flying
    return (move.key, move.modifier, move.bonus_damage, move.half_damage, weapon.damage,
            tuple(p.key for p in weapon.properties), weapon.element, side.stat_value,
            side.reach, side.opponent_out_of_position, side.gang, side.targeted,
            side.struck_in_melee_last_turn if side.attack == "ranged" else None,
            side.huge, side.huge_chance_won, side.flying,
            side.hit_last_turn if flying else None, side.resistances,
            side.cz_lead if "crit-severity-at-least-cz-lead" in side.armed.rules() else None,
            tuple((m.amount, m.reason) for m in side.extra),
            side.init if "init" in reads else None,
            side.cz if "cz" in reads else None,
            side.active_stat if "target-as" in reads else None,
            # Plain figures: a tuple of them hashes faster than of dataclasses.
            tuple((c.ability, c.amount, c.chance.numerator, c.chance.denominator)
                  for c in side.chances),
            side.facing_target)


__all__ = ["NOTHING", "Foresight", "Outlook", "Reach", "fight_key"]
