"""What a gladiator may play now, and why not, in a player's words: the hand entries
of the summary, and the check a turn's moves pass before any die is rolled."""

from __future__ import annotations

from typing import Any

from companion.errors import UserError
from companion.rulesets.grimdark.data import name_key
from companion.rulesets.grimdark.fight import Reach
from companion.rulesets.grimdark.sides import Play, has_weapon_property, ranged_weapon
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.table_models import STATS, GrimdarkMoveEntry
from companion.rulesets.grimdark.words import move_name, stat_words

_RESOURCE_WORDS = {"arcane-essence": "arcane essence", "quantum-energy": "quantum energy"}


def always_open(state: GrimdarkState) -> list[GrimdarkMoveEntry]:
    """Moves every gladiator may play from any hand (assess the situation)."""
    return [m for m in state.data.moves.values() if m.always_available]


def is_stunned(f: Fighter) -> bool:
    return bool(f.has("stunned"))


def reaches(state: GrimdarkState, f: Fighter, move: GrimdarkMoveEntry) -> list[Reach]:
    """The ways he can make this attack now: melee always (fists at worst), ranged
    with a ranged weapon at hand or a move that is its own weapon."""
    if move.attack is None:
        return []
    if move.attack == "melee":
        return ["melee"]
    can_shoot = move.weapon or ranged_weapon(state.data, f) is not None
    if move.attack == "ranged":
        return ["ranged"] if can_shoot else []
    return ["melee", "ranged"] if can_shoot else ["melee"]


def _target_problem(state: GrimdarkState, f: Fighter, move: GrimdarkMoveEntry,
                    target: Fighter) -> str | None:
    need = move.requirements
    if need is None:
        return None
    if need.cz_above_target is not None and f.cz < target.cz + need.cz_above_target:
        return (f"needs Crowd Zeal {need.cz_above_target} above {state.display_name(target.id)}"
                f"'s ({f.cz} against {target.cz})")
    if need.target_wounded and not target.wounded:
        return f"needs {state.display_name(target.id)} wounded"
    return None


def own_problem(state: GrimdarkState, f: Fighter, move: GrimdarkMoveEntry) -> str | None:
    if move.cost is not None and f.resources.get(move.cost.resource, 0) < move.cost.amount:
        words = _RESOURCE_WORDS.get(move.cost.resource, move.cost.resource)
        return f"needs {move.cost.amount} {words}; he has {f.resources.get(move.cost.resource, 0)}"
    resting = [c for c in f.has("cooldown") if c.move == move.key]
    if resting:
        turns = max(c.turns for c in resting)
        return f"not usable again for {turns} more turn{'s' if turns != 1 else ''}"
    if move.asr and f.active_stat != move.stat:
        return (f"needs {stat_words(move.stat)} as his active stat; it is "
                f"{stat_words(f.active_stat)}")
    need = move.requirements
    if need is not None:
        if need.self_wounded and not f.wounded:
            return "needs him wounded"
        if need.damage_taken_last_turn is not None and \
                f.last_turn.damage_taken < need.damage_taken_last_turn:
            return (f"needs {need.damage_taken_last_turn} damage taken last turn; he took "
                    f"{f.last_turn.damage_taken}")
        if need.weapon_property is not None and \
                not has_weapon_property(state.data, f, need.weapon_property):
            prop = state.data.property_named(need.weapon_property)
            return f"needs a {prop.name if prop else need.weapon_property} weapon"
    if move.attack is not None and not reaches(state, f, move):
        return "needs a ranged weapon"
    return None


def targets_for(state: GrimdarkState, f: Fighter, move: GrimdarkMoveEntry) -> list[str]:
    if move.attack is None:
        return []
    return [o.id for o in state.opponents(f) if _target_problem(state, f, move, o) is None]


def why_not(state: GrimdarkState, f: Fighter, move: GrimdarkMoveEntry) -> str | None:
    """Why he cannot play this move now (in words), or None."""
    own = own_problem(state, f, move)
    if own is not None:
        return own
    if move.attack is not None and not targets_for(state, f, move):
        foes = state.opponents(f)
        if not foes:
            return "has no one to attack"
        problems = [p for o in foes if (p := _target_problem(state, f, move, o))]
        return problems[0] if problems else "has no one to attack"
    return None


def hand_entries(state: GrimdarkState, f: Fighter) -> list[dict[str, Any]]:
    """His hand for the summary, then the moves always open, each with whether he may
    play it now, why not, the targets it may have and the ways it can be made."""
    out = []
    moves = [state.data.moves[k] for k in f.hand if k in state.data.moves]
    for move in [*moves, *always_open(state)]:
        reason = why_not(state, f, move) if f.standing else "he is defeated"
        if reason is None and is_stunned(f):
            reason = "he is stunned"
        out.append({
            "key": move.key, "name": move.name, "kind": move.kind, "attack": move.attack,
            "modifier": move.modifier, "playable": reason is None, "why_not": reason,
            "targets": targets_for(state, f, move) if reason is None else [],
            "reaches": list(reaches(state, f, move)),
            "always": move.always_available,
        })
    return out


def playable_cards(state: GrimdarkState, f: Fighter) -> list[dict[str, Any]]:
    """His hand as the computer player reads it, then the moves always open: each
    card's key, whether he may play it now, its targets and its ways (as `hand_entries`
    says them, without the words, each asked once)."""
    out = []
    moves = [state.data.moves[k] for k in f.hand if k in state.data.moves]
    for move in [*moves, *always_open(state)]:
        targets = []
        playable = own_problem(state, f, move) is None
        if playable and move.attack is not None:
            targets = targets_for(state, f, move)
            playable = bool(targets)
        out.append({"key": move.key, "playable": playable, "targets": targets,
                    "reaches": list(reaches(state, f, move))
                    if playable and move.attack == "melee-or-ranged" else [],
                    "always": move.always_available})
    return out


def check_play(state: GrimdarkState, f: Fighter, given: Any) -> Play:
    """One gladiator's move of a `turn` action, checked: UserError in words naming him
    and the move, nothing changed."""
    who = state.display_name(f.id)
    if not isinstance(given, dict):
        raise UserError(f"{who}: a move is an object like {{\"move\": \"basic-melee\"}}")
    raw = given.get("move")
    if not isinstance(raw, str) or not raw.strip():
        raise UserError(f"{who}: name the move he plays")
    key = name_key(raw)
    move = state.data.moves.get(key)
    if move is None:
        raise UserError(f"{who}: '{raw}' is not a move of the Grimdark moves table")
    name = move.name
    if not move.always_available and key not in f.hand:
        held = ", ".join(move_name(state.data, k) for k in f.hand) or "nothing"
        raise UserError(f"{who} cannot play {name}: it is not in his hand (he holds {held})")
    reason = why_not(state, f, move)
    if reason is not None:
        verb = "is " if reason.startswith("not ") else ""
        raise UserError(f"{who} cannot play {name}: it {verb}{reason}")
    target = given.get("target")
    if move.attack is not None:
        allowed = targets_for(state, f, move)
        if target is None:
            if len(state.opponents(f)) > 1:
                names = ", ".join(f"{t} ({state.display_name(t)})" for t in allowed)
                raise UserError(f"{who}: say whom {name} is against: {names}")
            target = allowed[0]
        else:
            found = state.fighter(target)
            if found.id not in allowed:
                problem = _target_problem(state, f, move, found) \
                    if found.team != f.team and found.standing else None
                because = f"it {problem}" if problem else \
                    f"{state.display_name(found.id)} is not an enemy still standing"
                raise UserError(f"{who} cannot play {name} against "
                                f"{state.display_name(found.id)}: {because}")
            target = found.id
    else:
        target = None
    reach: Reach | None = None
    if move.attack == "melee-or-ranged":
        ways = reaches(state, f, move)
        raw_reach = given.get("reach") or ways[0]
        if raw_reach not in ways:
            raise UserError(f"{who} cannot make {name} a {raw_reach} attack: he can make it "
                            f"{' or '.join(ways)}")
        reach = raw_reach
    elif move.attack in ("melee", "ranged"):
        reach = move.attack
    as_stat = None
    if move.sets_active_stat == "any":
        as_stat = given.get("as")
        if as_stat is None:
            stats = f.stats
            as_stat = max(STATS, key=lambda s: (stats[s], -STATS.index(s)))
        if as_stat not in STATS:
            raise UserError(f"{who}: {name} sets his active stat to Brutality, Style, Mind "
                            f"or Weird, not '{as_stat}'")
    why = given.get("why")
    why_codes = tuple(str(c) for c in why) if isinstance(why, list) else ()
    # A move given with the coaching's reasons is the coaching's; without, the GM's.
    return Play(f.id, move, target, reach, as_stat, why_codes,
                "coaching" if why_codes else "gm")
