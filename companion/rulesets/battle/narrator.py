"""The battle's words: the log lines of its events, the state as `companion show`
prints it, and the due roll below 0 in words.

Rules return events (`companion.rulesets.base.Event`); this module alone turns them
into sentences, in the words a player reads aloud: gladiators by `display_name` (two
of the same name are told apart), weapons, skills, tables and insanities by their
names in the tables, never by their keys. Every line keeps the dice and the figures
that made it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.rulesets.base import Event
from companion.rulesets.battle.pools import below_zero_roll
from companion.rulesets.battle.state import BattleState, display_name, due
from companion.rulesets.battle.table_models import crit_entry
from companion.tables.effects import Scar, dice_modifier_words


def show(faces: Sequence[int]) -> str:
    """Dice faces as the log shows them: "6 4 1", or "-" for no dice."""
    return " ".join(map(str, faces)) if faces else "-"


def _dice_word(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _some(n: int, one: str, many: str) -> str:
    """ "no luck dice", "1 luck die", "3 luck dice"."""
    return f"no {many}" if n == 0 else f"{n} {one if n == 1 else many}"


def _sixes(n: int) -> str:
    """ "no 6s", "one 6", "2 6s": never "six(es)"."""
    return "no 6s" if n == 0 else "one 6" if n == 1 else f"{n} 6s"


# The attack table's result columns (`pools.read_key`) as players say them.
RESULT_WORDS = {"3-or-less": "3 or less", "three-6s": "three or more 6s"}


def result_words(key: str) -> str:
    """ "one-6" is "one 6", "6-6" stays, "three-6s" is "three or more 6s"."""
    return RESULT_WORDS.get(key, key.replace("one-", "one "))


# What is due next (`state.due`), in words.
DUE_WORDS = {
    "initiative": "roll initiative",
    "fate_choice": "choose one of his fate rolls",
    "fate": "the fate roll",
    "stay_conscious": "the roll to stay conscious",
    "death_door": "the roll at death's door",
    "focus": "the focus roll",
    "act": "his action",
    "over": "nothing: the battle is over",
}


def due_words(step: str) -> str:
    return DUE_WORDS.get(step, step.replace("_", " "))


# How a battle ends (`Result.how`), as "... X {how}" says it.
_HOW = {"killed": "was killed"}


def due_roll_text(stage: str, dice: int) -> str:
    """The roll below 0 in words, for the tracker cards and `describe`."""
    if stage == "weakly-alive":
        return f"weakly alive: roll {_dice_word(dice)} for a 6 to stay conscious"
    if stage == "dead":
        return "dead"
    if stage == "deaths-door":
        if not dice:
            return "at death's door: no dice to roll for the 6 he needs; only luck can save him"
        return f"at death's door: roll {_dice_word(dice)} for a 6 or die"
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
        return display_name(self.state, who)

    def weapon(self, key: str) -> str:
        return self.tables.weapon(key).name

    def item(self, key: str) -> str:
        """A weapon by its key, or "shield"."""
        return "shield" if key == "shield" else self.weapon(key)

    def table(self, table_id: str) -> str:
        """A table as the log names it: "slashing critical" for crit-slashing, else
        its title."""
        if table_id.startswith("crit-"):
            return f"{table_id.removeprefix('crit-')} critical"
        if table_id in self.tables.tables.tables:
            return self.tables.table(table_id).title
        return table_id.replace("-", " ")

    def source(self, source: str) -> str:
        """Where a modifier came from: "crit-slashing 21" is "slashing critical 21"."""
        table, _, key = source.rpartition(" ")
        return f"{self.table(table)} {key}" if table else source

    def rule(self, key: str) -> str:
        """The defence table's rule by its key, as the start of its description says it
        ("attacked berserk last turn"); nothing for the normal rule."""
        if key == "normal":
            return ""
        entry = self.tables.table("pool-defence").lookup(key)
        text = str(getattr(entry, "description", key)).split(":")[0].rstrip(".")
        return text[:1].lower() + text[1:]

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
            source = term.get("source")
            return f"{term['amount']:+d} {self.source(source) if source else 'wound'}"
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
    return ["Initiative: " + ", ".join(f"{w.name(s)} rolls {show(faces[s])} ({totals[s]})"
                                       for s in ("a", "b"))]


def _attack_rolled(w: _Words, e: Event) -> list[str]:
    d = e.data
    what = "disarm" if d["disarm"] else (
        "signature move" if d["signature"] else f"{d['stance']} attack")
    return [f"{w.name(e.who)}: {what} with the {w.weapon(d['weapon'])} "
            f"(class {d['weapon_class']}{', thrown' if d['thrown'] else ''}), "
            f"{w.pool(d['pool'])} dice: {show(d['faces'])}" + _luck(e)]


def _defence_rolled(w: _Words, e: Event) -> list[str]:
    d = e.data
    rule = w.rule(d["rule"])
    how = f" ({rule})" if rule else ""
    return [f"{w.name(e.who)} defends{how} with {w.pool(d['pool'])} dice: "
            f"{show(d['faces'])}" + _luck(e) + f": {_sixes(d['sixes'])}"]


def _attack_landed(w: _Words, e: Event) -> list[str]:
    d = e.data
    label = "a critical" if d["critical"] else f"a hit ({result_words(d['result'])})"
    if d["needed"] is None:
        return [f"{w.name(e.who)} lands {label}."]
    return [f"{w.name(e.who)} lands {label}; {w.name(d['target'])} needs "
            f"{_sixes(d['needed'])} to block."]


def _critical_damage(w: _Words, e: Event) -> list[str]:
    d = e.data
    dice = f"{_dice_word(d['dice'])}, {show(d['faces'])}" if d["dice"] > 0 else "no dice"
    return [f"Critical damage: {dice}, +{d['bonus']} for the weapon: {d['total']} in all"]


def _critical_entry(w: _Words, e: Event) -> list[str]:
    d = e.data
    entry = crit_entry(w.tables.table(d["table"]), d["entry"])
    table = w.table(d["table"])
    return [f"{table[:1].upper()}{table[1:]} {d['total']}: {entry.description}"]


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
    return [f"{w.name(e.who)}: " + dice_modifier_words(
        d["target"], d["amount"], d["duration"], d.get("armor_exempt", False)) + "."]


def _battle_over(w: _Words, e: Event) -> list[str]:
    how = _HOW.get(e.data["how"], e.data["how"])
    return [f"{w.name(e.who)} wins: {w.name(e.data['loser'])} {how}."]


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
    return [f"{w.name(e.who)} rolls {d['dice']} heal {'die' if d['dice'] == 1 else 'dice'}: "
            f"{show(d['faces'])}, he heals {d['amount']} ({d['left']} heal "
            f"{'die' if d['left'] == 1 else 'dice'} left)."]


def _focus_rolled(w: _Words, e: Event) -> list[str]:
    d = e.data
    if d["focused"]:
        return [f"{w.name(e.who)} focuses: {show(d['faces'])}: he shakes off the stun "
                "and acts."]
    if not d["faces"]:
        return [f"{w.name(e.who)} has no FOCUS dice to shake off the stun."]
    return [f"{w.name(e.who)} tries to focus: {show(d['faces'])}: {_sixes(d['sixes'])}, "
            f"he needed {_sixes(d['needed'])}."]


def _stunned(w: _Words, e: Event) -> list[str]:
    turns = e.data.get("turns", 1)
    more = f" for {turns} rounds" if turns and turns > 1 else ""
    return [f"{w.name(e.who)} is stunned{more}."]


def _weapon_thrown(w: _Words, e: Event) -> list[str]:
    left = e.data["left"]
    more = "none left" if left == 0 else f"{left} more"
    return [f"{w.name(e.who)} throws his {w.weapon(e.data['weapon'])} ({more} in hand)."]


def _turn_lost(w: _Words, e: Event) -> list[str]:
    if e.data["still_stunned"]:
        return [f"{w.name(e.who)} loses his turn and stays stunned."]
    return [f"{w.name(e.who)} loses his turn; the stun ends."]


def _dice_changed(name: str, kind: str, change: int, now: int) -> str:
    """"Brenna spends 1 luck die: 1 left." for a tracker's step, either way."""
    n = abs(change)
    dice = "die" if n == 1 else "dice"
    verb = "spends" if change < 0 else "gains"
    return f"{name} {verb} {n} {kind} {dice}: {now} left."


def _line(template: str) -> Formatter:
    """A formatter of one line: `template` with {name} (the gladiator the event is
    about) and the event's data fields."""
    def formatter(w: _Words, e: Event) -> list[str]:
        return [template.format(name=w.name(e.who), **e.data)]
    return formatter


FORMATTERS: dict[str, Formatter] = {
    # initiative and turns
    "initiative_rolled": _initiative_rolled,
    "initiative_tied": _line("A tie: both roll again."),
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
    "weapon_thrown": _weapon_thrown,
    "attack_landed": _attack_landed,
    "defence_rolled": _defence_rolled,
    "blocked": _line("{name} blocks it."),
    "missed": _line("{name} misses."),
    "whiffed": _line("{name} whiffs: no PARRY/DODGE on his next defence."),
    "fumbled": _line("{name} fumbles (Butterfingers):"),
    "critical_damage": _critical_damage,
    "disarm_failed": _line("{name}'s disarm fails: a whiff; no PARRY/DODGE on his next "
                           "defence."),
    "disarm_landed": lambda w, e: [f"The whip wraps round; {w.name(e.data['target'])} needs "
                                   f"{_sixes(e.data['needed'])} to keep his weapon."],
    "disarm_blocked": _line("{name} keeps his weapon."),
    # weapons and shields
    "weapon_dropped": lambda w, e: [f"{w.name(e.who)} drops his {w.weapon(e.data['weapon'])}."],
    "no_weapon_to_drop": _line("{name} has no weapon in hand to drop."),
    "shield_dropped": _line("{name}'s shield falls to the ground."),
    "no_shield_to_drop": _line("{name} has no shield in hand to drop."),
    "retrieve_rolled": lambda w, e: [f"{w.name(e.who)} reaches for his "
                                     f"{w.item(e.data['item'])}: {show(e.data['faces'])}"],
    "weapon_lodged": lambda w, e: [f"{w.name(e.data['owner'])}'s "
                                   f"{w.weapon(e.data['weapon'])} stays lodged in "
                                   f"{w.name(e.who)} for the rest of the battle."],
    "picked_up": lambda w, e: [f"{w.name(e.who)} picks up his {w.item(e.data['item'])}."],
    "left_lying": lambda w, e: [f"No 6: his {w.item(e.data['item'])} stays where it lies."],
    # health
    "wounded": _line("{name} takes {damage} damage (health {health})."),
    "healed": _line("{name} heals {amount} (health {health})."),
    "died": _line("{name} is at {health}: dead."),
    "will_to_live": _line("{name}'s will to live snaps him into focus: no more stuns."),
    "bled": _line("{name} bleeds (Thin Blooded)."),
    "life_line": _line("{name} clings on (Life Line): +{amount} health."),
    "stunned": _stunned,
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
    "note_for_players": _line("For the players: {rule}."),
    "insanity_rolled": _insanity_rolled,
    "insanity_gained": lambda w, e: [f"{w.name(e.who)} gains an insanity: "
                                     f"{w.tables.insanity(e.data['key']).name}."],
    "insanity_due": _line("{name} gains an insanity: roll it and apply the entry."),
    # the end
    "battle_over": _battle_over,
    "died_of_wounds": _line("{name} did not win, and dies of his wounds."),
    # the trackers
    "health_set": _line("{name}'s health: {before} to {health}."),
    "luck_changed": lambda w, e: [_dice_changed(w.name(e.who), "luck", e.data["change"],
                                                e.data["luck"])],
    "heal_dice_changed": lambda w, e: [_dice_changed(w.name(e.who), "heal",
                                                     e.data["change"], e.data["heal_dice"])],
    "ammo_changed": lambda w, e: [f"{w.name(e.who)} carries {e.data['count']} "
                                  f"{w.weapon(e.data['weapon'])} now ({e.data['before']} "
                                  "before)."],
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
def _held(w: _Words, counts: dict[str, int]) -> list[str]:
    return [w.weapon(k) if n == 1 else f"{w.weapon(k)} ({n})" for k, n in counts.items() if n]


def describe(state: BattleState) -> list[str]:
    """The duel as `companion show` prints it: each gladiator's trackers and the roll
    he owes below 0, then who won or whose turn it is and what is due."""
    w = _Words(state)
    lines: list[str] = []
    for side, f in state.fighters.items():
        marks = [m for m, on in (("stunned", f.stunned), ("cannot be stunned", f.awake),
                                 ("armour destroyed", f.armour_destroyed)) if on]
        held = _held(w, f.carried) + (["shield"] if f.shield == "held" else [])
        lying = _held(w, f.dropped) + (["shield"] if f.shield == "dropped" else [])
        lodged = _held(w, f.lodged)
        lines.append(f"{side}: {w.name(side)}: health {f.health} of {f.max_health}, "
                     f"{_some(f.luck, 'luck die', 'luck dice')}, "
                     f"{_some(f.heal_dice, 'heal die', 'heal dice')}; holds "
                     f"{', '.join(held) or 'nothing'}"
                     + (f"; on the ground: {', '.join(lying)}" if lying else "")
                     + (f"; lodged in his opponent: {', '.join(lodged)}" if lodged else "")
                     + (f"; {', '.join(marks)}" if marks else ""))
        roll = below_zero_roll(f, state.tables) if state.phase != "over" else None
        if roll is not None:
            lines.append(f"   {due_roll_text(roll[0], roll[1])}")
    if state.result is not None:
        r = state.result
        dead = [w.name(d) for d in r.dead]
        lines.append(f"The battle is over: {w.name(r.winner)} won; {w.name(r.loser)} "
                     f"{_HOW.get(r.how, r.how)}"
                     + (f"; dead: {', '.join(dead)}" if dead and r.how != "killed" else ""))
    elif state.turn is not None:
        lines.append(f"Turn {state.turn_count}: {w.name(state.turn)}; next: "
                     f"{due_words(due(state))}")
    else:
        lines.append("Next: roll initiative")
    return lines
