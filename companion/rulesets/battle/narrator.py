"""The battle's words: the log lines of its events, the state as `companion show`
prints it, and the due roll below 0 in words.

Rules return events (`companion.rulesets.base.Event`); this module alone turns them
into sentences, in the words a player reads aloud: gladiators by `display_name` (two
of the same name are told apart), weapons, skills, tables and insanities by their
names in the tables, never by their keys. Every line keeps the dice and the figures
that made it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from companion.rulesets.base import Event
from companion.rulesets.battle import events as ev
from companion.rulesets.battle.pools import below_zero_roll
from companion.rulesets.battle.state import BattleState, display_name, due
from companion.rulesets.battle.table_models import crit_entry
from companion.tables.effects import Scar, dice_modifier_words

# The version of the words below. A report's text is checked against the replay's
# narration (`companion.reports.verify`), so a report written in earlier words must
# still find them: 2 says at death's door whose roll it is and that failing is death
# (1 wrote "-: no 6." when he had no dice).
WORDS = 2
EARLIER_WORDS = (1,)


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

    def __init__(self, state: BattleState, version: int = WORDS) -> None:
        self.state = state
        self.tables = state.tables
        self.version = version

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

    def term(self, term: Mapping[str, Any]) -> str:
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

    def pool(self, pool: Mapping[str, Any]) -> str:
        terms = pool["terms"]
        if not terms:
            return str(pool["dice"])
        return f"{pool['dice']} ({', '.join(self.term(t) for t in terms)})"


def _luck(luck_faces: Sequence[int]) -> str:
    return f" + luck {show(luck_faces)}" if luck_faces else ""


def _luck_line(name: str, faces: Sequence[int], lost: int, left: int) -> str:
    return (f"{name}'s luck dice {show(faces)}: {lost} lost, {len(faces) - lost} back "
            f"({left} left)")


def _six_roll(w: _Words, e: ev.RolledForASix) -> str:
    """The faces of a roll for one 6, with its luck dice and what became of them."""
    text = show(e.faces) + _luck(e.luck_faces)
    if e.luck_faces and e.luck_lost is not None and e.luck_left is not None:
        text += "; " + _luck_line(w.name(e.who), e.luck_faces, e.luck_lost, e.luck_left)
    return text


# --- one formatter per kind of event ---------------------------------------------------------
E = TypeVar("E", bound=Event)
# A formatter reads the fields of its own kind: `_on` pairs the two, so that mypy checks
# every formatter against the record it is given.
Formatter = Callable[[_Words, Any], list[str]]


def _on(kind: type[E], formatter: Callable[[_Words, E], list[str]]) -> tuple[type[Event],
                                                                             Formatter]:
    return kind, formatter


def _initiative_rolled(w: _Words, e: ev.InitiativeRolled) -> list[str]:
    return ["Initiative: " + ", ".join(f"{w.name(s)} rolls {show(e.faces[s])} ({e.totals[s]})"
                                       for s in ("a", "b"))]


def _attack_rolled(w: _Words, e: ev.AttackRolled) -> list[str]:
    what = "disarm" if e.disarm else (
        "signature move" if e.signature else f"{e.stance} attack")
    return [f"{w.name(e.who)}: {what} with the {w.weapon(e.weapon)} "
            f"(class {e.weapon_class}{', thrown' if e.thrown else ''}), "
            f"{w.pool(e.pool)} dice: {show(e.faces)}" + _luck(e.luck_faces)]


def _defence_rolled(w: _Words, e: ev.DefenceRolled) -> list[str]:
    rule = w.rule(e.rule)
    how = f" ({rule})" if rule else ""
    return [f"{w.name(e.who)} defends{how} with {w.pool(e.pool)} dice: "
            f"{show(e.faces)}" + _luck(e.luck_faces) + f": {_sixes(e.sixes)}"]


def _attack_landed(w: _Words, e: ev.AttackLanded) -> list[str]:
    label = "a critical" if e.critical else f"a hit ({result_words(e.result)})"
    if e.needed is None:
        return [f"{w.name(e.who)} lands {label}."]
    return [f"{w.name(e.who)} lands {label}; {w.name(e.target)} needs "
            f"{_sixes(e.needed)} to block."]


def _critical_damage(w: _Words, e: ev.CriticalDamageRolled) -> list[str]:
    dice = f"{_dice_word(e.dice)}, {show(e.faces)}" if e.dice > 0 else "no dice"
    return [f"Critical damage: {dice}, +{e.bonus} for the weapon: {e.total} in all"]


def _critical_entry(w: _Words, e: ev.CriticalEntryFound) -> list[str]:
    entry = crit_entry(w.tables.table(e.table), e.entry)
    table = w.table(e.table)
    return [f"{table[:1].upper()}{table[1:]} {e.total}: {entry.description}"]


def _scarred(w: _Words, e: ev.Scarred) -> list[str]:
    entry = crit_entry(w.tables.table(e.table), e.key)
    if e.sub_key is not None:
        scar = next(s for s in entry.subtable if s.key == e.sub_key).scar
    else:
        assert e.effect is not None
        effect = entry.effects[e.effect]
        assert isinstance(effect, Scar)
        scar = effect
    return [f"{w.name(e.who)} is scarred for life: {scar.scar}."]


def _dice_modifier(w: _Words, e: ev.DiceModifierGained) -> list[str]:
    return [f"{w.name(e.who)}: " + dice_modifier_words(
        e.target, e.amount, e.duration, e.armor_exempt) + "."]


def _battle_over(w: _Words, e: ev.BattleOver) -> list[str]:
    how = _HOW.get(e.how, e.how)
    return [f"{w.name(e.who)} wins: {w.name(e.loser)} {how}."]


def _insanity_rolled(w: _Words, e: ev.InsanityRolled) -> list[str]:
    kind = "permanent" if e.permanent else "temporary"
    return [f"{w.name(e.who)} rolls {e.key // 10}-{e.key % 10} for insanity: "
            f"{w.tables.insanity(e.key).name} ({kind})."]


def _stay_conscious_rolled(w: _Words, e: ev.StayConsciousRolled) -> list[str]:
    end = "he stays on his feet." if e.saved else "no 6."
    return [f"{w.name(e.who)} tries to stay conscious: {_six_roll(w, e)}: {end}"]


def _death_door_rolled(w: _Words, e: ev.DeathDoorRolled) -> list[str]:
    if w.version < 2:
        end = "he lives; now the fate roll." if e.saved else "no 6."
        return [f"{w.name(e.who)} at death's door: {_six_roll(w, e)}: {end}"]
    who = w.name(e.who)
    end = "he lives; now the fate roll." if e.saved else "no 6, he dies."
    if not e.faces and not e.luck_faces:
        return [f"{who} at death's door has no dice to roll for the 6 he needs: he dies."]
    if not e.faces:
        rolled = "has no dice of his own; " + (
            _luck_line(who, e.luck_faces, e.luck_lost, e.luck_left)
            if e.luck_lost is not None and e.luck_left is not None
            else f"his luck dice {show(e.luck_faces)}")
    else:
        rolled = f"rolls {_six_roll(w, e)}"
    return [f"{who} at death's door {rolled}: {end}"]


def _fate_applied(w: _Words, e: ev.FateApplied) -> list[str]:
    return [f"{w.name(e.who)}'s fate: {e.face}: {w.tables.fate(e.face).description}"]


def _heal_rolled(w: _Words, e: ev.HealRolled) -> list[str]:
    return [f"{w.name(e.who)} rolls {e.dice} heal {'die' if e.dice == 1 else 'dice'}: "
            f"{show(e.faces)}, he heals {e.amount} ({e.left} heal "
            f"{'die' if e.left == 1 else 'dice'} left)."]


def _focus_rolled(w: _Words, e: ev.FocusRolled) -> list[str]:
    if e.focused:
        return [f"{w.name(e.who)} focuses: {show(e.faces)}: he shakes off the stun "
                "and acts."]
    if not e.faces:
        return [f"{w.name(e.who)} has no FOCUS dice to shake off the stun."]
    return [f"{w.name(e.who)} tries to focus: {show(e.faces)}: {_sixes(e.sixes)}, "
            f"he needed {_sixes(e.needed)}."]


def _stunned(w: _Words, e: ev.Stunned) -> list[str]:
    more = f" for {e.turns} rounds" if e.turns > 1 else ""
    return [f"{w.name(e.who)} is stunned{more}."]


def _weapon_thrown(w: _Words, e: ev.WeaponThrown) -> list[str]:
    more = "none left" if e.left == 0 else f"{e.left} more"
    return [f"{w.name(e.who)} throws his {w.weapon(e.weapon)} ({more} in hand)."]


def _turn_lost(w: _Words, e: ev.TurnLost) -> list[str]:
    if e.still_stunned:
        return [f"{w.name(e.who)} loses his turn and stays stunned."]
    return [f"{w.name(e.who)} loses his turn; the stun ends."]


def _dice_changed(name: str, kind: str, change: int, now: int) -> str:
    """"Brenna spends 1 luck die: 1 left." for a tracker's step, either way."""
    n = abs(change)
    dice = "die" if n == 1 else "dice"
    verb = "spends" if change < 0 else "gains"
    return f"{name} {verb} {n} {kind} {dice}: {now} left."


def _line(template: str) -> Callable[[_Words, Event], list[str]]:
    """A formatter of one line: `template` with {name}, the gladiator the event is
    about (for the kinds that say nothing more)."""
    def formatter(w: _Words, e: Event) -> list[str]:
        return [template.format(name=w.name(e.who))]
    return formatter


FORMATTERS: dict[type[Event], Formatter] = dict([
    # initiative and turns
    _on(ev.InitiativeRolled, _initiative_rolled),
    _on(ev.InitiativeTied, _line("A tie: both roll again.")),
    _on(ev.InitiativeWon, _line("{name} wins the initiative and attacks first.")),
    _on(ev.TurnBegan, lambda w, e: [f"-- turn {e.turn}: {w.name(e.who)} (health {e.health}) --"]),
    _on(ev.TurnLost, _turn_lost),
    _on(ev.Waited, _line("{name} waits.")),
    _on(ev.EyesCleared, _line("{name} gives up his attack to clear his eyes.")),
    # attacks
    _on(ev.TwoHandedGrip, _line("{name} attacks two-handed:")),
    _on(ev.AttackRolled, _attack_rolled),
    _on(ev.ZenCalm, lambda w, e: [f"{w.name(e.who)}'s calm (Zen Buddha) takes away {e.sixes} "
                               "of the 6s."]),
    _on(ev.LuckSettled, lambda w, e: [_luck_line(w.name(e.who), e.faces, e.lost, e.left)]),
    _on(ev.WeaponThrown, _weapon_thrown),
    _on(ev.AttackLanded, _attack_landed),
    _on(ev.DefenceRolled, _defence_rolled),
    _on(ev.Blocked, _line("{name} blocks it.")),
    _on(ev.Missed, _line("{name} misses.")),
    _on(ev.Whiffed, _line("{name} whiffs: no PARRY/DODGE on his next defence.")),
    _on(ev.Fumbled, _line("{name} fumbles (Butterfingers):")),
    _on(ev.CriticalDamageRolled, _critical_damage),
    _on(ev.DisarmFailed, _line("{name}'s disarm fails: a whiff; no PARRY/DODGE on his next "
                            "defence.")),
    _on(ev.DisarmLanded, lambda w, e: [f"The whip wraps round; {w.name(e.target)} needs "
                                    f"{_sixes(e.needed)} to keep his weapon."]),
    _on(ev.DisarmBlocked, _line("{name} keeps his weapon.")),
    # weapons and shields
    _on(ev.WeaponDropped, lambda w, e: [f"{w.name(e.who)} drops his {w.weapon(e.weapon)}."]),
    _on(ev.NoWeaponToDrop, _line("{name} has no weapon in hand to drop.")),
    _on(ev.ShieldDropped, _line("{name}'s shield falls to the ground.")),
    _on(ev.NoShieldToDrop, _line("{name} has no shield in hand to drop.")),
    _on(ev.RetrieveRolled, lambda w, e: [f"{w.name(e.who)} reaches for his {w.item(e.item)}: "
                                      f"{show(e.faces)}"]),
    _on(ev.WeaponLodged, lambda w, e: [f"{w.name(e.owner)}'s {w.weapon(e.weapon)} stays lodged "
                                    f"in {w.name(e.who)} for the rest of the battle."]),
    _on(ev.PickedUp, lambda w, e: [f"{w.name(e.who)} picks up his {w.item(e.item)}."]),
    _on(ev.LeftLying, lambda w, e: [f"No 6: his {w.item(e.item)} stays where it lies."]),
    # health
    _on(ev.Wounded, lambda w, e: [f"{w.name(e.who)} takes {e.damage} damage (health "
                               f"{e.health})."]),
    _on(ev.Healed, lambda w, e: [f"{w.name(e.who)} heals {e.amount} (health {e.health})."]),
    _on(ev.Died, lambda w, e: [f"{w.name(e.who)} is at {e.health}: dead."]),
    _on(ev.WillToLive, _line("{name}'s will to live snaps him into focus: no more stuns.")),
    _on(ev.Bled, _line("{name} bleeds (Thin Blooded).")),
    _on(ev.ClungOn, lambda w, e: [f"{w.name(e.who)} clings on (Life Line): +{e.amount} "
                               "health."]),
    _on(ev.Stunned, _stunned),
    _on(ev.StunResisted, _line("{name} cannot be stunned.")),
    _on(ev.StunCleared, _line("{name} is no longer stunned.")),
    _on(ev.HealRolled, _heal_rolled),
    _on(ev.FocusBarred, _line("{name} may not focus this turn.")),
    _on(ev.FocusRolled, _focus_rolled),
    _on(ev.StayConsciousRolled, _stay_conscious_rolled),
    _on(ev.Declined, _line("{name} lets himself drop.")),
    _on(ev.DeathDoorRolled, _death_door_rolled),
    _on(ev.FateChoicesRolled, lambda w, e: [f"{w.name(e.who)} is blessed: fate rolls "
                                         f"{show(e.faces)}; he picks one."]),
    _on(ev.FateApplied, _fate_applied),
    # the lasting effects of a table entry
    _on(ev.CriticalEntryFound, _critical_entry),
    _on(ev.WideAwake, _line("{name} is wide awake: he cannot be stunned this battle.")),
    _on(ev.DiceModifierGained, _dice_modifier),
    _on(ev.ArmourDestroyed, _line("{name}'s armour is destroyed.")),
    _on(ev.ShieldArmUseless, _line("{name} can use no shield and no two-handed weapon.")),
    _on(ev.DiesUnlessHeWins, _line("{name} will die after the fight unless he wins it.")),
    _on(ev.Scarred, _scarred),
    _on(ev.NoteForPlayers, lambda w, e: [f"For the players: {e.rule}."]),
    _on(ev.InsanityRolled, _insanity_rolled),
    _on(ev.InsanityGained, lambda w, e: [f"{w.name(e.who)} gains an insanity: "
                                      f"{w.tables.insanity(e.key).name}."]),
    _on(ev.InsanityDue, _line("{name} gains an insanity: roll it and apply the entry.")),
    # the end
    _on(ev.BattleOver, _battle_over),
    _on(ev.DiedOfWounds, _line("{name} did not win, and dies of his wounds.")),
    # the trackers
    _on(ev.HealthSet, lambda w, e: [f"{w.name(e.who)}'s health: {e.before} to {e.health}."]),
    _on(ev.LuckChanged, lambda w, e: [_dice_changed(w.name(e.who), "luck", e.change, e.luck)]),
    _on(ev.HealDiceChanged, lambda w, e: [_dice_changed(w.name(e.who), "heal", e.change,
                                                     e.heal_dice)]),
    _on(ev.AmmoChanged, lambda w, e: [f"{w.name(e.who)} carries {e.count} "
                                   f"{w.weapon(e.weapon)} now ({e.before} before)."]),
    _on(ev.Placed, lambda w, e: [f"{w.name(e.who)} stands on {e.at}."]),
    _on(ev.LeftBoard, _line("{name} leaves the board.")),
])


def narrate(state: BattleState, events: Sequence[Event], version: int = WORDS) -> list[str]:
    """The log lines of `events`, which happened in the duel now at `state`, in the
    words of `version` (an earlier one for a report written before)."""
    words = _Words(state, version)
    lines: list[str] = []
    for e in events:
        lines += FORMATTERS[type(e)](words, e)
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
