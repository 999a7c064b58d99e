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
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.dice import ScriptedDice, SeededDice
from companion.errors import UserError
from companion.rulesets.base import Event, event
from companion.rulesets.battle import narrator as battle_narrator
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.sheet import samples_dir
from companion.rulesets.skirmish import narrator as skirmish_narrator
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.session import Session
from companion.tables.format import entry_block, entry_line, table_text
from companion.tables.loader import TableSet, load_tables
from companion.tables.lookup import quick_lookup
from companion.tables.words import entry_card, names_for, roll_words

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables()


# --- the markers ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def slugs(tables) -> frozenset[str]:
    return _slugs(tables)


def _slugs(tables: TableSet) -> frozenset[str]:
    """Table ids and entries' slugs with a hyphen, save those that are words too (a
    "contra-retiarius" is a Contra-Retiarius)."""
    found: set[str] = set()
    names: list[str] = []
    for table in tables.tables.values():
        found.add(table.id)
        names.append(table.title.lower())
        for entry in table.entries:
            keys = entry.key if isinstance(entry.key, list | tuple) else [entry.key]
            found.update(k for k in keys if isinstance(k, str) and "-" in k)
            # The skirmish names one of two swords "sword-left", "sword-right".
            found.update(f"{k}-{side}" for k in keys if isinstance(k, str)
                         for side in ("left", "right"))
            for text in (getattr(entry, "name", None), getattr(entry, "description", None)):
                if isinstance(text, str):
                    names.append(text.lower())
    words = " ".join(names)
    return frozenset(s for s in found if not re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])",
                                                       words))


_MARKERS: list[tuple[str, re.Pattern[str]]] = [
    ("key=value", re.compile(r"=")),
    ("True/False/None", re.compile(r"\b(True|False|None)\b")),
    ("underscore", re.compile(r"_")),
    ("brackets", re.compile(r"[\[\]{}]")),
    ("a (s) plural", re.compile(r"\w\((s|es)\)")),
    ("one dice", re.compile(r"(?<![\d.,/-])\b1 (?:[a-z]+ )?(dice|wounds|hexes|rounds|points)\b")),
    ("a repr", re.compile(r"object at 0x|<[\w.]+ |\b\w+\(\w+[:=]")),
]
_HYPHENED = re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")


def raw_markers(text: str, slugs: frozenset[str]) -> list[str]:
    found = [name for name, pattern in _MARKERS if pattern.search(text)]
    found += [f"the slug {word}" for word in _HYPHENED.findall(text)
              if word in slugs and not re.fullmatch(r"[\d-]+", word)]
    return found


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
        event("no_special_event", "A", face=3),
        event("no_weapon_to_lose", "A"),
        event("shield_kept", "A", shield="galerus"),
        event("no_save", "D", extra=1),
        event("dart_broken", "C"),
        event("dart_landed", "C", at="E5"),
        event("shredded", "A", target="B", weapon="net", tool="cone", cast=5, roll=6),
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
    assert set(skirmish_narrator.WORDS) <= set(skirmish_walk.kinds)
