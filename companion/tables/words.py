"""The words of table entries: what a player reads on a card, a row of the table browser
and `companion table show`.

An entry's fields are data for the rules ("stun": true, "cost_per_rank": 2, "weapons":
["sword", "dagger"]); here each becomes a short badge in the rules' own words ("stunned",
"2 points a rank", "for sword and dagger"), its effects short phrases ("drops his
weapon", "-2 defence dice (not armour) for the rest of the battle"), its key the roll as
people say it ("19", "35+", "4-6", "4-4" on a d66). Names of other entries come from
the tables themselves (`names_for`), never their slugs.

Each game says its own fields in its `table_words` module (`FACTS`, by field name or
"kind:field"; `RULES`, the words of its `rule` effects; `NAMES_FIRST`, tables whose
names win); here are the pieces they share, and the card."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.core.words import listed
from companion.games.registry import GAMES, part
from companion.tables.effects import describe
from companion.tables.loader import TableSet
from companion.tables.model import Entry
from companion.tables.table import Table

Names = Mapping[str, str]


# Fields told elsewhere on the card (its head, description, effects, sub-table).
_SHOWN_ELSEWHERE = frozenset({"key", "house", "description", "effects", "subtable", "name"})


# --- small pieces of words ------------------------------------------------------------------
def slug_words(slug: str) -> str:
    """A slug said in words, when no table names it: "opportune-strike" is "opportune
    strike"; "4-4" and "2d6" stay as they are."""
    text = str(slug)
    if any(c.isalpha() for c in text.replace("d", "")) or "_" in text:
        return text.replace("_", " ").replace("-", " ")
    return text


def name_of(names: Names | None, slug: Any) -> str:
    """The name the tables give a slug ("large-shield" is "Large shield")."""
    text = str(slug)
    if names and text in names:
        return names[text]
    return slug_words(text)


def signed(n: int | float) -> str:
    return f"{n:+d}" if isinstance(n, int) else f"{n:+g}"


def counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _dice(text: str) -> str:
    return str(text)






# --- keys -------------------------------------------------------------------------------
def format_key(key: Any, axes: int = 1, kinds: Sequence[str] = ()) -> str:
    """A key as people read it: "19", "35+", "4-6", "-18 to -17", "3 or less"; a d66
    key as "4-4"; a name key in words ("one 4"); two-axis keys as "5 / 3"."""
    if axes == 2:
        parts = key if isinstance(key, list | tuple) else [key, None]
        return " / ".join(format_key(k, 1, kinds[i:i + 1]) for i, k in enumerate(parts))
    kind = kinds[0] if kinds else ""
    if isinstance(key, list | tuple):
        if len(key) == 2 and all(isinstance(k, int | None) for k in key):
            low, high = key
            if low is None:
                return f"{high} or less"
            if high is None:
                return f"{low}+"
            if low == high:
                return str(low)
            return f"{low} to {high}" if low < 0 or high < 0 else f"{low}-{high}"
        return " / ".join(format_key(k) for k in key)
    if kind == "d66" and isinstance(key, int):
        return f"{key // 10}-{key % 10}"
    if isinstance(key, str):
        return RESULT_KEYS.get(key, slug_words(key))
    return str(key)


# The attack table's result columns, as players say them.
RESULT_KEYS = {"3-or-less": "3 or less", "three-6s": "three or more 6s", "one-4": "one 4",
               "one-5": "one 5", "one-6": "one 6"}


def table_key(table: Table, key: Any) -> str:
    """A key of `table`, in words."""
    return format_key(key, len(table.axes), [a.kind for a in table.axes])


# --- facts: one badge per field --------------------------------------------------------------
Fact = Callable[[Any, dict[str, Any], Names], str | None]


def _label(field: str) -> str:
    return FIELD_LABELS.get(field, field.replace("_", " "))


FIELD_LABELS: dict[str, str] = {
    "*": "the whole entry",
    "parry_dodge_bonus": "PARRY/DODGE bonus",
    "parry_dodge": "PARRY/DODGE",
    "weapon_parry_bonus": "the weapon's parry/dodge bonus",
    "crit_bonus": "critical bonus",
    "tf_divisor": "total fights divisor",
    "by_key": "figures",
    "by_face": "directions",
    "ap": "AP",
    "ap_cost": "AP",
    "pick_up_ap": "AP to pick up",
    "asr": "active stat required",
    "cz": "CZ",
}


def _generic(field: str) -> Fact:
    """A field no word list knows: its label, and its value in words."""
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        label = _label(field)
        if value is True:
            return label
        if isinstance(value, list):
            return f"{label}: {listed([_value_words(v, names) for v in value])}"
        if isinstance(value, dict):
            return f"{label}: " + ", ".join(f"{slug_words(str(k))} {_value_words(v, names)}"
                                            for k, v in value.items()
                                            if v not in (None, False, ""))
        return f"{label} {_value_words(value, names)}"
    return fact


def _value_words(value: Any, names: Names) -> str:
    if value is True:
        return "yes"
    if isinstance(value, dict):
        return " ".join(_value_words(v, names) for v in value.values()
                        if v not in (None, False, ""))
    if isinstance(value, str):
        return name_of(names, value)
    return str(value)


def when_set(text: str) -> Fact:
    """A flag: its words when true."""
    return lambda v, d, n: text if v else None










def unsaid(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return None














































































def outcome_words(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"whiff": "whiff", "hit": "hit", "critical": "critical", "spared": "spared",
            "killed": "killed"}.get(value, slug_words(value))














def source_words(source: str) -> str:
    """A seed file's name as the sources are called: "seed 002"."""
    text = str(source)
    return f"seed {text[:3]}" if text[:3].isdigit() and "_" in text else text


@dataclass(frozen=True)
class GameWords:
    """Every game's words for its tables, together."""

    facts: dict[str, Fact]
    rules: dict[str, str]
    names_first: tuple[str, ...]
    browsed_first: frozenset[str]  # games whose tables the browser lists first


def _game_words() -> GameWords:
    return _words_of(tuple((game_id, game.table_words) for game_id, game in GAMES.items()
                           if game.table_words))


@lru_cache(maxsize=4)
def _words_of(modules: tuple[tuple[str, str], ...]) -> GameWords:
    # Keyed by the modules named, so a game added (the tests' third) is read afresh.
    facts: dict[str, Fact] = {}
    rules: dict[str, str] = {}
    first: list[str] = []
    browsed: set[str] = set()
    for game_id, module in modules:
        facts.update(part(f"{module}:FACTS"))
        rules.update(part(f"{module}:RULES"))
        first += part(f"{module}:NAMES_FIRST")
        if part(f"{module}:BROWSED_FIRST"):
            browsed.add(game_id)
    return GameWords(facts, rules, tuple(first), frozenset(browsed))


def browsing_order(table: Table) -> tuple[bool, str]:
    """Where the table browser lists a table: the tables a player looks up mid-fight
    (the battle system's criticals, fate and insanities) first, then by id."""
    return table.file.system not in _game_words().browsed_first, table.id


def entry_facts(kind: str, data: dict[str, Any], names: Names | None = None) -> list[str]:
    """The entry's fields as badges ("11 damage", "stunned", "class B", "2 points a
    rank"), skipping those the card tells elsewhere and those that say nothing."""
    names = names or {}
    facts = _game_words().facts
    found: list[str] = []
    for field, value in data.items():
        if field in _SHOWN_ELSEWHERE or value in (None, "", [], {}):
            continue
        fact = facts.get(f"{kind}:{field}") or facts.get(field)
        if fact is None:
            if value is False:
                continue
            fact = _generic(field)
        text = fact(value, data, names)
        if text and text not in found:
            found.append(text)
    return found


def effect_words(effect: Any, names: Names | None = None) -> str:
    """An effect as a short phrase, with the rules' words for `rule` effects."""
    return describe(effect, rules=_game_words().rules, tables=names)


def house_words(house: Sequence[str]) -> str:
    """ "House values: cost a rank, weight", or "House entry" for the whole of it."""
    if not house:
        return ""
    if "*" in house:
        return "House entry: our own ruling, not the source's"
    return "House values: " + ", ".join(_label(f) for f in house)


# --- the card ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """An entry as the UI shows it: `head` (its key and name), the `description`,
    `facts` as badges, `effects` as phrases, the lines of its `subtable`, and which
    values are house rulings (`house`, empty if none)."""

    head: str
    description: str
    facts: tuple[str, ...]
    effects: tuple[str, ...]
    subtable: tuple[str, ...]
    house: str

    def badges(self) -> str:
        """The facts on one line: "11 damage · stunned"."""
        return " · ".join(self.facts)

    def lines(self) -> list[str]:
        """The card as plain text, a line each."""
        out = [self.head]
        if self.description:
            out.append(self.description)
        if self.facts:
            out.append(self.badges())
        out += [f"• {e}" for e in self.effects]
        out += self.subtable
        if self.house:
            out.append(self.house)
        return out


def entry_card(table: Table, entry: Entry, keys: Sequence[int | str] = (),
               names: Names | None = None) -> Card:
    """The card of `entry` for the roll `keys` (none: the entry as listed)."""
    data = entry.resolved(*keys) if keys else entry.model_dump(mode="json")
    head = table_key(table, entry.key)
    if keys and table.file.kind == "crit":
        head = " / ".join(str(k) for k in keys) if len(keys) > 1 else str(keys[0])
    if data.get("name"):
        head = f"{head}  {data['name']}" if _key_is_a_roll(table) else str(data["name"])
    facts = entry_facts(table.file.kind, data, names)
    effects = []
    subtable = getattr(entry, "subtable", []) or []
    for effect in getattr(entry, "effects", []) or []:
        if subtable and effect.type == "scar":
            continue  # the scar is the sub-table's: its roll says so
        phrase = effect_words(effect, names)
        if phrase not in facts and phrase not in effects:
            effects.append(phrase)
    sub = [_sub_line(table.file.kind, s, names) for s in subtable]
    return Card(head, str(data.get("description") or ""), tuple(facts), tuple(effects),
                tuple(sub), house_words(entry.house))


def _key_is_a_roll(table: Table) -> bool:
    """Whether a key says something a name does not: a roll, not a name."""
    return any(a.kind != "name" for a in table.axes)


def _sub_line(kind: str, sub: Any, names: Names | None) -> str:
    data = sub.model_dump(mode="json")
    facts = entry_facts(f"{kind}-sub", data, names)
    more = f" ({', '.join(facts)})" if facts else ""
    return f"{sub.key}: {data.get('description', '')}{more}"


def names_for(tables: TableSet, system: str | None = None) -> dict[str, str]:
    """The names the tables give slugs (entries' keys, and table ids by title), those
    of one rule system where it is given: what the card names other entries with."""
    found: dict[str, str] = {}
    for table in tables.tables.values():
        if system is not None and table.file.system != system:
            continue
        found.setdefault(table.id, table.title)
        for entry in table.entries:
            name = getattr(entry, "name", None)
            if isinstance(entry.key, str) and isinstance(name, str):
                found.setdefault(entry.key, name)
    # A game's tables may name things before another of its tables does (the
    # skirmish's kit names its shields and capes before its weapons table).
    for key in _game_words().names_first:
        if key in tables.tables and system in (None, tables.tables[key].file.system):
            for entry in tables.tables[key].entries:
                found[str(entry.key)] = str(getattr(entry, "name", entry.key))
    return found


def roll_words(faces: Sequence[int], keys: Sequence[Any], table: Table) -> str:
    """A roll as the browser and `table roll` say it: "rolled 3, 5 and 6: 14"."""
    shown = listed([str(f) for f in faces]) or "nothing"
    return f"rolled {shown}: {table_key(table, list(keys) if len(keys) > 1 else keys[0])}"
