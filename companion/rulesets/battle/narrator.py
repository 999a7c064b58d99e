"""The battle's words: the log lines of its events, the state as `companion show`
prints it, and the due roll below 0 in words.

Rules return events (`companion.rulesets.base.Event`); this module alone turns them
into sentences. Gladiators are named from the state's fighters, weapons and table
entries from the state's tables, so an event holds only ids, keys and figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.rulesets.base import Event
from companion.rulesets.battle.pools import below_zero_roll
from companion.rulesets.battle.state import BattleState, due
from companion.tables.effects import Scar
from companion.tables.models.battle import crit_entry


def show(faces: Sequence[int]) -> str:
    """Dice faces as the log shows them: "6 4 1", or "-" for no dice."""
    return " ".join(map(str, faces)) if faces else "-"


def _dice_word(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def due_roll_text(stage: str, dice: int) -> str:
    """The roll below 0 in words, for the tracker cards and `describe`."""
    if stage == "weakly-alive":
        return f"weakly alive: roll {_dice_word(dice)} for a 6 to stay conscious"
    if stage == "dead":
        return "dead"
    if stage == "deaths-door":
        extra = "" if dice else " (no dice: only luck can save him)"
        return f"at death's door: roll {_dice_word(dice)} for a 6 or die{extra}"
    return f"struggling: roll {_dice_word(dice)} for a 6 to stay conscious"


# --- pools ---------------------------------------------------------------------------------
# The words of the additive terms of a pool (`pools.Pool.add`), by their "why".
_TERM_WORDS = {
    "throw_bonus": "throw bonus",
    "berserk": "berserk",
    "no_fear_of_death": "No Fear of Death",
    "defensive": "defensive",
    "infatuation": "infatuation",
    "mighty_blow": "Mighty Blow",
    "shield": "SHIELD",
    "parry_dodge": "PARRY/DODGE",
    "weapon_parry_bonus": "weapon's parry bonus",
    "phobia": "phobia",
    "survival_instinct": "Survival Instinct",
    "two_handed_against_disarm": "two-handed against a disarm",
    "reflex_to_live": "Reflex to Live",
}


class _Words:
    """What the formatters need: names from the state, texts from its tables."""

    def __init__(self, state: BattleState) -> None:
        self.state = state
        self.tables = state.tables

    def name(self, who: str | None) -> str:
        return self.state.fighters[who].name if who is not None else ""

    def weapon(self, key: str) -> str:
        return self.tables.weapon(key).name

    def term(self, term: dict[str, Any]) -> str:
        why = term["why"]
        if why == "base":
            return (f"{term['dice']} from ATTACK {term['attack']} and "
                    f"{self.weapon(term['weapon'])} {term['ranks']}")
        if why == "signature_move":
            return f"SIGNATURE MOVE {term['ranks']}"
        if why == "armor":
            return f"ARMOR {term['ranks']}"
        if why == "halved_for_disarm":
            return f"halved for the disarm: {term['dice']}"
        if why == "modifier":
            # A modifier names the table entry it came from; one without is a wound.
            return f"{term['amount']:+d} {term.get('source') or 'wound'}"
        return f"{term['amount']:+d} {_TERM_WORDS[why]}"

    def pool(self, pool: dict[str, Any]) -> str:
        terms = pool["terms"]
        if not terms:
            return str(pool["dice"])
        return f"{pool['dice']} ({', '.join(self.term(t) for t in terms)})"


def _luck(e: Event) -> str:
    return f" + luck {show(e.data['luck_faces'])}" if e.data["luck_faces"] else ""


def _luck_line(name: str, faces: Sequence[int], lost: int, left: int) -> str:
    return (f"{name}'s luck dice {show(faces)}: {lost} lost, {len(faces) - lost} back "
            f"({left} left)")


def _six_roll(w: _Words, e: Event) -> str:
    """The faces of a roll for one 6, with its luck dice and what became of them."""
    text = show(e.data["faces"]) + _luck(e)
    if e.data["luck_faces"]:
        text += "; " + _luck_line(w.name(e.who), e.data["luck_faces"], e.data["luck_lost"],
                                  e.data["luck_left"])
    return text


# --- one formatter per kind of event ---------------------------------------------------------
Formatter = Callable[[_Words, Event], list[str]]


def _initiative_rolled(w: _Words, e: Event) -> list[str]:
    faces, totals = e.data["faces"], e.data["totals"]
    return [" vs ".join(f"{w.name(s)} {show(faces[s])} = {totals[s]}" for s in ("a", "b"))]


def _attack_rolled(w: _Words, e: Event) -> list[str]:
    d = e.data
    what = "disarm" if d["disarm"] else (
        "signature move" if d["signature"] else f"{d['stance']} attack")
    return [f"{w.name(e.who)}: {what} with the {w.weapon(d['weapon'])} "
            f"(class {d['weapon_class']}{', thrown' if d['thrown'] else ''}), "
            f"{w.pool(d['pool'])} dice: {show(d['faces'])}" + _luck(e)]


def _defence_rolled(w: _Words, e: Event) -> list[str]:
    d = e.data
    return [f"{w.name(e.who)} defends ({d['rule']}) with {w.pool(d['pool'])} dice: "
            f"{show(d['faces'])}" + _luck(e) + f": {d['sixes']} six(es)"]


def _attack_landed(w: _Words, e: Event) -> list[str]:
    d = e.data
    label = "a critical" if d["critical"] else f"a hit ({d['result']})"
    return [f"{w.name(e.who)} lands {label}; {w.name(d['target'])} needs {d['needed']} "
            "six(es) to block."]


def _critical_damage(w: _Words, e: Event) -> list[str]:
    d = e.data
    return [f"critical damage: {d['dice']} dice {show(d['faces'])} + {d['bonus']} bonus = "
            f"{d['total']}"]


def _critical_entry(w: _Words, e: Event) -> list[str]:
    d = e.data
    entry = crit_entry(w.tables.table(d["table"]), d["entry"])
    return [f"{d['table']} {d['total']}: {entry.description}"]


def _scarred(w: _Words, e: Event) -> list[str]:
    d = e.data
    entry = crit_entry(w.tables.table(d["table"]), d["key"])
    if d["sub_key"] is not None:
        scar = next(s for s in entry.subtable if s.key == d["sub_key"]).scar
    else:
        effect = entry.effects[d["effect"]]
        assert isinstance(effect, Scar)
        scar = effect
    return [f"{w.name(e.who)} is scarred for life: {scar.scar}."]


def _dice_modifier(w: _Words, e: Event) -> list[str]:
    d = e.data
    return [f"{w.name(e.who)}: {d['amount']:+d} {d['target'].replace('_', ' ')} dice "
            f"({d['duration'].replace('_', ' ')})."]


def _battle_over(w: _Words, e: Event) -> list[str]:
    return [f"{w.name(e.who)} wins: {w.name(e.data['loser'])} {e.data['how']}."]


def _insanity_rolled(w: _Words, e: Event) -> list[str]:
    key = e.data["key"]
    kind = "permanent" if e.data["permanent"] else "temporary"
    return [f"{w.name(e.who)} rolls {key // 10}-{key % 10} for insanity: "
            f"{w.tables.insanity(key).name} ({kind})."]


def _stay_conscious_rolled(w: _Words, e: Event) -> list[str]:
    end = "he stays on his feet." if e.data["saved"] else "no 6."
    return [f"{w.name(e.who)} tries to stay conscious: {_six_roll(w, e)}: {end}"]


def _death_door_rolled(w: _Words, e: Event) -> list[str]:
    end = "he lives; now the fate roll." if e.data["saved"] else "no 6."
    return [f"{w.name(e.who)} at death's door: {_six_roll(w, e)}: {end}"]


def _fate_applied(w: _Words, e: Event) -> list[str]:
    face = e.data["face"]
    return [f"{w.name(e.who)}'s fate: {face}: {w.tables.fate(face).description}"]


def _heal_rolled(w: _Words, e: Event) -> list[str]:
    d = e.data
    return [f"{w.name(e.who)} rolls {d['dice']} heal dice: {show(d['faces'])} = "
            f"{d['amount']} ({d['left']} left)."]


def _focus_rolled(w: _Words, e: Event) -> list[str]:
    if e.data["focused"]:
        return [f"{w.name(e.who)} focuses: {show(e.data['faces'])}: he shakes off the stun "
                "and acts."]
    return [f"{w.name(e.who)} tries to focus: {show(e.data['faces'])}: not enough 6s."]


def _turn_lost(w: _Words, e: Event) -> list[str]:
    if e.data["still_stunned"]:
        return [f"{w.name(e.who)} loses his turn and stays stunned."]
    return [f"{w.name(e.who)} loses his turn; the stun ends."]


def _line(template: str) -> Formatter:
    """A formatter of one line: `template` with {name} (the gladiator the event is
    about) and the event's data fields."""
    def formatter(w: _Words, e: Event) -> list[str]:
        return [template.format(name=w.name(e.who), **e.data)]
    return formatter


FORMATTERS: dict[str, Formatter] = {
    # initiative and turns
    "initiative_rolled": _initiative_rolled,
    "initiative_tied": _line("a tie: both roll again"),
    "initiative_won": _line("{name} wins the initiative and attacks first."),
    "turn_began": _line("-- turn {turn}: {name} (health {health}) --"),
    "turn_lost": _turn_lost,
    "waited": _line("{name} waits."),
    "eyes_cleared": _line("{name} gives up his attack to clear his eyes."),
    # attacks
    "two_handed_grip": _line("{name} attacks two-handed:"),
    "attack_rolled": _attack_rolled,
    "zen_calm": _line("{name}'s calm (Zen Buddha) takes away {sixes} of the 6s."),
    "luck_settled": lambda w, e: [_luck_line(w.name(e.who), e.data["faces"], e.data["lost"],
                                             e.data["left"])],
    "weapon_thrown": lambda w, e: [f"{w.name(e.who)} has {e.data['left']} "
                                   f"{w.weapon(e.data['weapon'])} left."],
    "attack_landed": _attack_landed,
    "defence_rolled": _defence_rolled,
    "blocked": _line("{name} blocks it."),
    "missed": _line("{name} misses."),
    "whiffed": _line("{name} whiffs: no PARRY/DODGE on {name}'s next defence."),
    "fumbled": _line("{name} fumbles (Butterfingers):"),
    "critical_damage": _critical_damage,
    "disarm_failed": _line("{name}'s disarm fails: a whiff; no PARRY/DODGE on his next "
                           "defence."),
    "disarm_landed": lambda w, e: [f"The whip wraps round; {w.name(e.data['target'])} needs "
                                   f"{e.data['needed']} six(es) to keep his weapon."],
    "disarm_blocked": _line("{name} keeps his weapon."),
    # weapons and shields
    "weapon_dropped": _line("{name} drops his {weapon}."),
    "no_weapon_to_drop": _line("{name} has no weapon in hand to drop."),
    "shield_dropped": _line("{name}'s shield falls to the ground."),
    "no_shield_to_drop": _line("{name} has no shield in hand to drop."),
    "retrieve_rolled": lambda w, e: [f"{w.name(e.who)} reaches for his {e.data['item']}: "
                                     f"{show(e.data['faces'])}"],
    "picked_up": _line("{name} picks up his {item}."),
    "left_lying": _line("no 6: it stays where it lies."),
    # health
    "wounded": _line("{name} takes {damage} damage (health {health})."),
    "healed": _line("{name} heals {amount} (health {health})."),
    "died": _line("{name} is at {health}: dead."),
    "will_to_live": _line("{name}'s will to live snaps him into focus: no more stuns."),
    "bled": _line("{name} bleeds (Thin Blooded)."),
    "life_line": _line("{name} clings on (Life Line): +{amount} health."),
    "stunned": _line("{name} is stunned."),
    "stun_resisted": _line("{name} cannot be stunned."),
    "stun_cleared": _line("{name} is no longer stunned."),
    "heal_rolled": _heal_rolled,
    "focus_barred": _line("{name} may not focus this turn."),
    "focus_rolled": _focus_rolled,
    "stay_conscious_rolled": _stay_conscious_rolled,
    "declined": _line("{name} lets himself drop."),
    "death_door_rolled": _death_door_rolled,
    "fate_choices_rolled": lambda w, e: [f"{w.name(e.who)} is blessed: fate rolls "
                                         f"{show(e.data['faces'])}; he picks one."],
    "fate_applied": _fate_applied,
    # the lasting effects of a table entry
    "critical_entry": _critical_entry,
    "wide_awake": _line("{name} is wide awake: he cannot be stunned this battle."),
    "dice_modifier": _dice_modifier,
    "armour_destroyed": _line("{name}'s armour is destroyed."),
    "shield_arm_useless": _line("{name} can use no shield and no two-handed weapon."),
    "dies_unless_wins": _line("{name} will die after the fight unless he wins it."),
    "scarred": _scarred,
    "note_for_players": _line("(for the players: {rule})"),
    "insanity_rolled": _insanity_rolled,
    "insanity_gained": lambda w, e: [f"{w.name(e.who)} gains an insanity: "
                                     f"{w.tables.insanity(e.data['key']).name}."],
    "insanity_due": _line("{name} gains an insanity: roll it and apply the entry."),
    # the end
    "battle_over": _battle_over,
    "died_of_wounds": _line("{name} did not win, and dies of his wounds."),
    # the trackers
    "health_set": _line("{name}'s health: {before} -> {health}."),
    "luck_changed": _line("{name}'s luck dice: {luck}."),
    "heal_dice_changed": _line("{name}'s heal dice: {heal_dice}."),
    "ammo_changed": _line("{name}'s {weapon}: {count}."),
    "placed": _line("{name} stands on {at}."),
    "left_board": _line("{name} leaves the board."),
}


def narrate(state: BattleState, events: Sequence[Event]) -> list[str]:
    """The log lines of `events`, which happened in the duel now at `state`."""
    words = _Words(state)
    lines: list[str] = []
    for e in events:
        lines += FORMATTERS[e.kind](words, e)
    return lines


# --- the state in words ------------------------------------------------------------------------
def describe(state: BattleState) -> list[str]:
    """The duel as `companion show` prints it: each gladiator's trackers and the roll
    he owes below 0, then who won or whose turn it is and what is due."""
    lines: list[str] = []
    for side, f in state.fighters.items():
        marks = [m for m, on in (("stunned", f.stunned), ("awake", f.awake),
                                 ("armour destroyed", f.armour_destroyed)) if on]
        held = ", ".join(f"{k} x{n}" for k, n in f.carried.items() if n) or "nothing"
        lying = ", ".join(k for k, n in f.dropped.items() if n)
        lines.append(f"{side}: {f.name}: health {f.health}/{f.max_health}, luck {f.luck}, "
                     f"heal dice {f.heal_dice}; holds {held}"
                     + (", shield" if f.shield == "held" else "")
                     + (f"; on the ground: {lying}" if lying else "")
                     + (f" [{', '.join(marks)}]" if marks else ""))
        roll = below_zero_roll(f, state.tables)
        if roll is not None:
            lines.append(f"   {due_roll_text(roll[0], roll[1])}")
    if state.result is not None:
        r = state.result
        lines.append(f"over: {state.fighters[r.winner].name} won; "
                     f"{state.fighters[r.loser].name} {r.how}")
    elif state.turn is not None:
        lines.append(f"turn {state.turn_count}: {state.current.name}; due: {due(state)}")
    else:
        lines.append("due: initiative")
    return lines
