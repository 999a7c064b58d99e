"""Every word a player reads from the rules is in the rules' words: every entry of
every built-in table as the browser's card and `companion table` show it, every kind
of event of both systems as its narrator tells it, the state as `companion show`
prints it, what is due, and why an action is refused. None of it shows a raw marker:
`=`, True/False/None, an underscore, brackets or braces, a table id or an entry's
slug ("lightly-wounded", "war-dart"), a "step(s)" plural, "1 dice", an action's name
or an object's repr.

Ruling: a pair of faces written "4-4" is the source's own way of saying it (the
attack table's columns, a d66 roll), so digits joined by a hyphen are words.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from support.raw_words import _slugs, raw_markers

from companion.cli import main
from companion.dice.sources import SeededDice
from companion.errors import UserError
from companion.rulesets.base import Event, parse_action_text
from companion.rulesets.battle import events as be
from companion.rulesets.battle import narrator as battle_narrator
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.sheet import samples_dir
from companion.rulesets.skirmish import events as sk
from companion.rulesets.skirmish import narrator as skirmish_narrator
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.session.session import Session
from companion.tables.format import entry_block, entry_line, table_text
from companion.tables.loader import TableSet, load_tables
from companion.tables.lookup import quick_lookup
from companion.tables.words import entry_card, names_for, roll_words


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables()


# --- the markers ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def slugs(tables) -> frozenset[str]:
    return _slugs(tables)


def assert_clean(texts: Iterable[str], slugs: frozenset[str], what: str) -> None:
    bad = {}
    for text in texts:
        found = raw_markers(text, slugs)
        if found:
            bad[text] = found
    shown = "\n".join(f"  {text!r}: {', '.join(m)}" for text, m in sorted(bad.items())[:40])
    assert not bad, f"{len(bad)} of {what} show raw markers:\n{shown}"


def test_the_walk_catches_every_kind_of_raw_marker(slugs):
    for raw in ("hp=3", "stunned: True", "roll_ap", "faces [3, 5, 6]", "{'a': 1}",
                "takes 2 step(s)", "rolls 1 dice", "<Fighter object at 0x7f>",
                "Scar(scar='x')", "he is lightly-wounded", "his war-dart", "crit-slashing 19"):
        assert raw_markers(raw, slugs), raw
    for fine in ("Contra-Retiarius attacks", "his extra-large shield", "a hit (4-4)",
                 "rolls 4-4 for insanity", "1 die", "2 dice", "-2 defence dice"):
        assert not raw_markers(fine, slugs), fine


# --- the tables ------------------------------------------------------------------------------
def _table_texts(tables: TableSet) -> list[str]:
    texts: list[str] = []
    for table in tables.tables.values():
        names = names_for(tables, table.file.system)
        texts += table_text(table, names).splitlines()
        for entry in table.entries:
            texts.append(entry_line(entry, table=table, names=names))
            texts += entry_block(entry, table=table, names=names).splitlines()
            card = entry_card(table, entry, (), names)
            texts += [*card.lines(), card.badges()]
        if table.file.kind == "crit":
            for total in range(0, 40):
                keys: tuple[int, ...] = (total,)
                try:
                    entry = table.lookup(total)
                except (KeyError, UserError, ValueError):
                    continue
                texts += entry_card(table, entry, keys, names).lines()
                texts.append(roll_words([total], list(keys), table))
    return [t for t in texts if t.strip()]


def test_every_entry_of_every_table_reads_in_the_rules_words(tables, slugs):
    texts = _table_texts(tables)
    assert len(texts) > 1000
    assert_clean(texts, slugs, "the table lines and cards")


def test_table_show_and_roll_on_the_command_line_read_in_the_rules_words(tables, slugs, capsys):
    texts: list[str] = []
    for table_id in tables.tables:
        assert main(["table", "show", table_id]) == 0
        # A reference table refuses to be rolled: that refusal is read too.
        main(["table", "roll", table_id, "--seed", "2", "--dice", "3"])
        main(["table", "roll", table_id, "--seed", "1"])
        out, err = capsys.readouterr()
        texts += out.splitlines() + err.splitlines()
    assert_clean([t for t in texts if t.strip()], slugs, "the table commands' lines")


def test_a_look_up_the_table_refuses_says_why_in_the_rules_words(tables, slugs):
    messages: list[str] = []
    for table_id in tables.tables:
        for typed in ("99", "-5", "0", "xyz", "1 2 3", "7 9", "s", "q 3", "hammer 3"):
            try:
                quick_lookup(typed, tables, table_id)
            except UserError as err:
                messages.append(str(err))
    assert len(messages) > 50
    assert_clean(messages, slugs, "the look-up refusals")


# --- the events -------------------------------------------------------------------------------
class Walk:
    """What a walk through seeded sessions saw: the kinds of event, and every text a
    player reads (log lines, the state in words, what is due, refusals)."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.texts: list[str] = []
        self.refusals: set[str] = set()

    def narrate(self, rules: Any, state: Any, events: Iterable[Event]) -> None:
        events = list(events)
        self.kinds.update(e.kind for e in events)
        self.texts += rules.narrate(state, events)

    def refuse(self, rules: Any, state: Any, actions: Iterable[Any]) -> None:
        """Try actions the rules should refuse, on a copy; keep why. A refused action
        changes nothing (the contract), so one copy serves them all."""
        probe = copy.deepcopy(state)
        for action in actions:
            try:
                rules.apply(probe, rules.parse_action(action), SeededDice(0))
            except UserError as err:
                self.refusals.add(str(err))
            else:
                probe = copy.deepcopy(state)


def _skirmish_bad_actions(state: Any, rng: random.Random) -> list[Any]:
    ids = [g.id for g in state.gladiators]
    foe = rng.choice(ids)
    return [
        "move north", {"type": "fly"}, {"type": "move"}, {"type": "move", "to": 3},
        {"type": "move", "speed": 1}, {"type": "move", "to": "Z99"},
        {"type": "move", "to": rng.choice(["A1", "J12", "E6", "C9"])},
        {"type": "turn", "steps": 5}, {"type": "turn", "facing": "Q"}, {"type": "turn"},
        {"type": "attack", "target": "Z"}, {"type": "attack", "target": foe},
        {"type": "attack", "target": foe, "weapon": rng.choice(["trident", "net", "xyz"])},
        {"type": "attack", "target": foe, "hexside": 9},
        {"type": "cut_free"}, {"type": "pick_up", "item": 99}, {"type": "pick_up"},
        {"type": "kick", "item": 99, "to": "A1"}, {"type": "discard_shield"},
        {"type": "appeal"}, {"type": "roll_ap"}, {"type": "start"}, {"type": "end_turn"},
        {"type": "end_turn", "gladiator": rng.choice([*ids, "Z"])},
    ]


def _skirmish_walk(tables: TableSet) -> Walk:
    rules = SkirmishRules()
    types = [str(e.key) for e in tables.get("skirmish-types").entries]
    rng = random.Random(7)
    walk = Walk()
    for n in range(150):
        count = rng.choice([2, 2, 3, 4])
        setup = {"options": {"fatigue": rng.random() < 0.5, "experience": rng.random() < 0.5},
                 "gladiators": [{"type": rng.choice(types), "side": "red" if i % 2 else "blue"}
                                for i in range(count)]}
        for g in setup["gladiators"]:
            if rng.random() < 0.2:
                g["strength"] = rng.randint(5, 10)
        state, dice = Session(rules, setup, tables).state, SeededDice(n)
        for step in range(300):
            if rules.is_over(state):
                break
            if step % 60 == 3:
                walk.refuse(rules, state, _skirmish_bad_actions(state, rng))
                walk.texts += rules.describe(state)
            legal = rules.legal_actions(state)
            action = rules.choose(state) if rng.random() < 0.7 else rng.choice(legal)
            if action is None:
                break
            walk.narrate(rules, state, rules.apply(state, action, dice).events)
        walk.texts += rules.describe(state)
        walk.refuse(rules, state, _skirmish_bad_actions(state, rng))
    _skirmish_rare(tables, walk)
    return walk


def _skirmish_rare(tables: TableSet, walk: Walk) -> None:
    """Branches seeded play seldom or never reaches, crafted as the rules make them: a
    double the tables give no event (none, with the built-in tables), a shield the
    event cannot take, a two-handed blow through no save, a dart lost to a double, a
    net torn by the cone."""
    rules = SkirmishRules()
    setup = {"gladiators": [{"type": "retiarius", "side": "blue"},
                            {"type": "contra-retiarius", "side": "red"},
                            {"type": "gaetulian", "side": "blue"},
                            {"type": "thracian", "side": "red"}]}
    state = Session(rules, setup, tables).state
    walk.narrate(rules, state, [
        sk.NoSpecialEvent("A", face=3),
        sk.NoWeaponToLose("A"),
        sk.ShieldKept("A", shield="galerus"),
        sk.NoSave("D", extra=1),
        sk.DartBroken("C"),
        sk.DartLanded("C", at="E5"),
        sk.Shredded("A", target="B", weapon="net", tool="cone", cast=5, roll=6),
    ])


@pytest.fixture(scope="module")
def skirmish_walk(tables) -> Walk:
    return _skirmish_walk(tables)


def test_every_skirmish_log_line_and_state_reads_in_the_rules_words(tables, slugs, skirmish_walk):
    assert_clean(skirmish_walk.texts, slugs, "the skirmish's lines")


def test_a_refused_skirmish_action_says_why_in_the_rules_words(tables, slugs, skirmish_walk):
    assert len(skirmish_walk.refusals) > 30
    assert_clean(skirmish_walk.refusals, slugs, "the skirmish's refusals")


def test_the_walk_tells_every_kind_of_skirmish_event(skirmish_walk):
    assert {kind.kind for kind in skirmish_narrator.WORDS} <= set(skirmish_walk.kinds)


# --- the battle ---------------------------------------------------------------------------------
def _battle_sheets() -> list[dict[str, Any]]:
    """The samples, and two more: a whip, which disarms, and a bastard sword, which
    is held one- or two-handed."""
    sheets = [json.loads(p.read_text(encoding="utf-8"))
              for p in sorted(samples_dir().glob("*.json"))]
    base = {"format": "companion-gladiator", "name": "", "skills": {"attack": 3, "health": 8}}
    sheets.append({**base, "name": "Whip Lasher", "weapons": {"whip": 3},
                   "carried": {"whip": 1, "dagger": 1}})
    sheets.append({**base, "name": "Bastard Blade", "weapons": {"bastard-sword": 2},
                   "carried": {"bastard-sword": 1}, "shield": True})
    return sheets


def _dressed(sheet: dict[str, Any], insanity: Any, rng: random.Random) -> dict[str, Any]:
    """A sheet with luck, heal and focus dice, a signature move and an insanity."""
    s = copy.deepcopy(sheet)
    s["luck"] = rng.randint(0, 4)
    more = rng.randint(0, 4)  # a veteran's pools roll criticals
    s["skills"] = {**s["skills"], "heal": rng.randint(0, 2), "focus": rng.randint(0, 2),
                   "signature-move": rng.randint(0, 1), "attack": s["skills"]["attack"] + more}
    s["weapons"] = {k: n + more for k, n in s["weapons"].items()}
    s["development_points"] = 1000
    s["wins"], s["losses"] = rng.randint(0, 3), rng.randint(0, 3)
    record: dict[str, Any] = {"key": insanity.key, "name": insanity.name, "permanent": True}
    if "Class" in insanity.name:
        record["remembers"] = "A"
    elif "Weapon" in insanity.name:
        record["remembers"] = next(iter(s["weapons"]))
    s["insanities"] = [record]
    return s


def _attack_variant(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return {**action, "stance": rng.choice(["normal", "berserk", "defensive"]),
            "luck": rng.randint(0, 2), "thrown": rng.random() < 0.3,
            "two_handed": rng.random() < 0.3,
            "called_shot": rng.choice([None, "disarm", "disarm", "critical"]),
            "signature": rng.random() < 0.2, "mighty_blow": rng.random() < 0.2,
            "defence_luck": rng.randint(0, 1), "reflex": rng.random() < 0.2}


def _battle_bad_actions(state: Any) -> list[Any]:
    return [
        {"type": "dance"}, {}, {"type": "attack", "weapon": "trident"},
        {"type": "attack", "weapon": "xyz"}, {"type": "attack", "stance": "wild"},
        {"type": "attack", "luck": 99}, {"type": "attack", "two_handed": True},
        {"type": "attack", "called_shot": "disarm"}, {"type": "heal", "dice": 50},
        {"type": "heal"}, {"type": "retrieve", "item": "net"}, {"type": "retrieve"},
        {"type": "clear_eyes"}, {"type": "focus"}, {"type": "initiative"},
        {"type": "choose_fate", "face": 3}, {"type": "fate"}, {"type": "death_door"},
        {"type": "stay_conscious"}, {"type": "decline"}, {"type": "quit"},
        {"type": "adjust_health", "who": "a", "op": "x"},
        {"type": "adjust_health", "who": "c", "op": "-3"},
        {"type": "spend_luck", "who": "a", "n": 99}, {"type": "spend_heal", "who": "b", "n": 99},
        {"type": "ammo", "who": "a", "weapon": "war-dart", "op": "-99"},
        {"type": "ammo", "who": "a", "weapon": "banana", "op": "+1"},
        {"type": "place", "who": "a", "at": "Z99"},
        {"type": "apply_entry", "who": "a", "table": "pool-weapons", "keys": ["hammer"]},
        {"type": "apply_entry", "who": "a", "table": "crit-slashing", "keys": [1, 2]},
        {"type": "apply_entry", "who": "a", "table": "insanity", "keys": [99]},
        {"type": "apply_entry", "who": "a", "table": "fate", "keys": [3], "sub_key": 2},
        {"type": "apply_entry", "who": "a", "table": "no-such-table", "keys": [3]},
        {"type": "apply_entry", "who": "b", "table": "crit-piercing", "keys": [19],
         "sub_key": 9},
    ]


def _trackers(state: Any, rng: random.Random) -> list[dict[str, Any]]:
    who = rng.choice(["a", "b"])
    return [{"type": "adjust_health", "who": who, "op": rng.choice(["-3", "+2", "=-4"])},
            {"type": "restore_luck", "who": who, "n": 1}, {"type": "spend_luck", "who": who},
            {"type": "restore_heal", "who": who, "n": 1}, {"type": "spend_heal", "who": who},
            {"type": "ammo", "who": who, "weapon": "war-dart", "op": "+2"},
            {"type": "set_stun", "who": who, "stunned": True},
            {"type": "set_stun", "who": who, "stunned": False},
            {"type": "place", "who": who, "at": "E7"}, {"type": "place", "who": who}]


def _battle_walk(tables: TableSet) -> Walk:
    rules = BattleRules()
    sheets = _battle_sheets()
    insanities = list(tables.get("insanity").entries)
    rng = random.Random(5)
    walk = Walk()
    for n in range(50):
        a, b = rng.sample(sheets, 2)
        if n % 5 == 0:  # the whip, which disarms, against the others in turn
            a, b = sheets[-2], sheets[(n // 5) % (len(sheets) - 2)]
        setup = {"a": _dressed(a, insanities[n % len(insanities)], rng),
                 "b": _dressed(b, insanities[(n * 7 + 3) % len(insanities)], rng),
                 "options": {"started": "2026-05-01T20:00:00"}}
        state, dice = Session(rules, setup, tables).state, SeededDice(n)
        walk.texts += rules.describe(state)
        for step in range(300):
            if rules.is_over(state):
                break
            due = rules.due(state)
            walk.texts.append(battle_narrator.due_words(due.step))
            if step % 50 == 7:
                walk.refuse(rules, state, _battle_bad_actions(state))
                walk.texts += rules.describe(state)
            if step == 11 and n % 3 == 0:
                for tracker in _trackers(state, rng):
                    if not rules.is_over(state):
                        walk.narrate(rules, state, rules.apply(state, tracker, dice).events)
                continue
            action = _next_battle_action(rules, state, due.choices, rng)
            if action["type"] == "attack" and rng.random() < 0.6:
                probe = copy.deepcopy(state)
                try:
                    events = rules.apply(probe, _attack_variant(action, rng), dice).events
                except UserError as err:
                    walk.refusals.add(str(err))
                else:
                    state = probe
                    walk.narrate(rules, state, events)
                    continue
            walk.narrate(rules, state, rules.apply(state, action, dice).events)
        walk.texts += rules.describe(state) + _summary_texts(rules.summary(state))
        walk.refuse(rules, state, _battle_bad_actions(state))
    _every_entry_applied(rules, tables, walk)
    _battle_rare(rules, tables, walk)
    for stage in ("struggling", "weakly-alive", "deaths-door", "dead"):
        walk.texts += [battle_narrator.due_roll_text(stage, n) for n in (0, 1, 3)]
    return walk


def _next_battle_action(rules: BattleRules, state: Any, choices: Iterable[str],
                        rng: random.Random) -> dict[str, Any]:
    """A plain action of a type open now, tried on a copy (cheaper than asking for all
    the legal actions); the legal ones when the rules refuse it. Seldom a quit."""
    kinds = [k for k in choices if k != "quit" or rng.random() < 0.01]
    rng.shuffle(kinds)
    for kind in kinds:
        action: dict[str, Any] = {"type": kind, **({"dice": 1} if kind == "heal" else {})}
        try:
            rules.apply(copy.deepcopy(state), action, SeededDice(0))
            return action
        except UserError:
            pass
    legal = [x for x in rules.legal_actions(state) if x["type"] != "quit"]
    return dict(rng.choice(legal)) if legal else {"type": "quit"}


def _summary_texts(summary: dict[str, Any]) -> list[str]:
    """What the summary holds for a player to read, not for the UI to look up: names,
    and the notes a critical leaves for the players."""
    fighters = summary["fighters"].values()
    return [f["name"] for f in fighters] + [note for f in fighters for note in f["notes"]]


def _every_entry_applied(rules: BattleRules, tables: TableSet, walk: Walk) -> None:
    """Every critical, fate and insanity entry applied to a gladiator in the fight, as
    the table browser's "Apply to ..." does, each sub-table roll too."""
    rng = random.Random(3)
    fresh = _fighting(rules, tables)
    for table_id in ("crit-slashing", "crit-bludgeoning", "crit-piercing", "fate", "insanity"):
        for entry in tables.get(table_id).entries:
            key = entry.key[0] if isinstance(entry.key, list) else entry.key
            subs = [s.key for s in getattr(entry, "subtable", []) or []] or [None]
            for sub in subs:
                action = {"type": "apply_entry", "who": "b", "table": table_id, "keys": [key]}
                if sub is not None:
                    action["sub_key"] = sub
                state = copy.deepcopy(fresh)
                walk.narrate(rules, state, rules.apply(state, action, SeededDice(3)).events)
                walk.texts += rules.describe(state) + _summary_texts(rules.summary(state))
                for _ in range(3):  # play on a little: what the entry does later
                    if rules.is_over(state):
                        break
                    legal = [x for x in rules.legal_actions(state) if x["type"] != "quit"]
                    if not legal:
                        break
                    walk.narrate(rules, state,
                                 rules.apply(state, rng.choice(legal), SeededDice(4)).events)


def _fighting(rules: BattleRules, tables: TableSet) -> Any:
    """Hammer Rookie against War Hammer Giant (who has no shield), initiative rolled."""
    sheets = {json.loads(p.read_text(encoding="utf-8"))["name"]: json.loads(
        p.read_text(encoding="utf-8")) for p in samples_dir().glob("*.json")}
    setup = {"a": sheets["Hammer Rookie"], "b": sheets["War Hammer Giant"],
             "options": {"started": "2026-05-01T20:00:00"}}
    state = Session(rules, setup, tables).state
    rules.apply(state, {"type": "initiative"}, SeededDice(1))
    return state


def _battle_rare(rules: BattleRules, tables: TableSet, walk: Walk) -> None:
    """Branches a few seeded duels seldom reach, crafted as the rules make them."""
    state = _fighting(rules, tables)
    walk.narrate(rules, state, [
        be.DiedOfWounds("b"),
        be.EyesCleared("a", cleared=1),
        be.FateChoicesRolled("b", faces=(2, 5)),
        be.InsanityRolled("b", faces=(6, 3), key=63, permanent=True, remembers=None),
        be.InsanityRolled("b", faces=(2, 1), key=21, permanent=False, remembers="hammer"),
        be.NoShieldToDrop("b"),
        be.NoWeaponToDrop("b"),
        be.StunResisted("b"),
        be.WeaponLodged("b", weapon="war-dart", owner="a"),
        be.WillToLive("b", damage=7),
        be.ZenCalm("b", sixes=1, removed=1),
        be.DisarmLanded("a", target="b", needed=2),
        be.DisarmBlocked("b", sixes=2, needed=2),
        be.ClungOn("b", amount=2, health=-3),
    ])


@pytest.fixture(scope="module")
def battle_walk(tables) -> Walk:
    return _battle_walk(tables)


def test_every_battle_log_line_and_state_reads_in_the_rules_words(tables, slugs, battle_walk):
    assert_clean(battle_walk.texts, slugs, "the battle's lines")


def test_a_refused_battle_action_says_why_in_the_rules_words(tables, slugs, battle_walk):
    assert len(battle_walk.refusals) > 30
    assert_clean(battle_walk.refusals, slugs, "the battle's refusals")


def test_the_walk_tells_every_kind_of_battle_event(battle_walk):
    assert {kind.kind for kind in battle_narrator.FORMATTERS} <= set(battle_walk.kinds)


def test_a_typed_action_the_command_line_cannot_read_says_why_in_words(tables, slugs):
    messages = []
    for rules in (SkirmishRules(), BattleRules()):
        for typed in ("", "{bad", "[1]", "move E6 E7 E8", "roll-ap 3", "end-turn now",
                      "stay-conscious 1 2", "attack hammer 3 4", "heal 1 2", "wait 5"):
            try:
                rules.parse_action(parse_action_text(typed, rules.short_forms))
            except UserError as err:
                messages.append(str(err))
    assert len(messages) >= 15
    assert_clean(messages, slugs, "the refusals of typed actions")


@pytest.mark.parametrize(("key", "fact"), [("experience-attack", "+1 to the attack die"),
                                           ("experience-defence", "+1 to the defence die")])
def test_a_skirmish_modifier_s_card_says_which_die_it_is_for(tables, key, fact):
    table = tables.get("skirmish-attack-modifiers")
    entry = next(e for e in table.entries if e.key == key)
    assert fact in entry_card(table, entry, (), names_for(tables)).facts
