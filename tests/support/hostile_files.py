"""Files of every kind the companion reads, broken every way a hand or a hostile user
could: the built-in ones to start from, a fuzzer's mutations, hand-picked hostile
contents, and the loader of each kind."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from companion import paths
from companion.dice.sources import SeededDice
from companion.files.jsonfile import (
    MAX_DEPTH,
)
from companion.files.settings import UI_SCALES, Settings, load_settings
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.sheet import (
    load_sheet,
    points_spent,
    quick_sheet,
    sheet_problems,
    sheet_warnings,
)
from companion.rulesets.grimdark.coaching import load_coaching
from companion.rulesets.grimdark.sheet import load_gladiator
from companion.rulesets.registry import get_ruleset
from companion.rulesets.skirmish.kits import known_names, load_kit
from companion.session.session import Session, load_session, read_session_file
from companion.tables.loader import load_table_file, load_tables
from support.places import TESTS

SESSIONS = TESTS / "sessions"


KIT_DATA = {"format": "companion-kit", "name": "Net fighter",
            "kit": {"weapons": [{"weapon": "sword", "side": "right"},
                                {"weapon": "net", "side": "left"}],
                    "armour": "light-armour", "darts": 2}}


SETTINGS_DATA = {"ui_scale": 1.5, "recent_files": ["/tmp/saturday.json", "/tmp/duel.json"]}


# Values put in place of any value of a file (as JSON text).
HOSTILE_VALUES = [
    "[" * 100_000 + "]" * 100_000,
    "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5),
    '{"a": ' * 2000 + "1" + "}" * 2000,
    "1" * 10_000, "9" * 4301, str(2**64), "10000000", "1000000000000001",
    "1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1e308",
    "-1", "0", "1.5", "[]", "{}", "null", "true", '""',
    json.dumps("x" * 100_000), '"\\u0000"', '"a\\u0000b"', '"\\ud800"', '"\\u001b[31m"',
    '"line\\nbreak"', '"tab\\there"', '"\\u0085"', '"=999999999"',
    "[" + ",".join(["1"] * 10_000) + "]",
]


# Bytes put anywhere in a file.
HOSTILE_BYTES = [b"\xff", b"\x00", b"\xc3", b"\xed\xa0\x80", b'"', b"{", b"[", b",", b"\\",
                 b"\x1b", b"\xef\xbb\xbf", b"\n", b"}", b"]", b"\\u0000"]


SENTINEL = "@@hostile@@"


# --- the files mutated --------------------------------------------------------------
@cache
def base_files() -> dict[str, bytes]:
    """One good file of every kind, by kind: sessions of both systems in both versions,
    a sheet, a kit, tables of one and of two axes, the settings. Made with the built-in
    tables only: this runs outside any test's own user folders."""
    tables = load_tables(include_user=False)
    skirmish = Session(get_ruleset("skirmish"),
                       {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]}, tables)
    skirmish.act({"type": "start"}, SeededDice(3))
    rules = skirmish.ruleset
    dice = SeededDice(1)
    for _ in range(6):
        action = rules.choose(skirmish.state)
        if action is None or rules.is_over(skirmish.state):
            break
        skirmish.act(action, dice)
    battle_tables = BattleTables(tables)
    duel = Session(get_ruleset("battle"), {
        "a": quick_sheet("Aulus", 12, 2, 1, 0, tables=battle_tables),
        "b": quick_sheet("Brenna", 12, 2, 1, 3, tables=battle_tables),
        "options": {"started": "2026-01-01T20:00:00+00:00"}}, tables)
    duel.act({"type": "initiative"}, SeededDice(2))
    duel.act({"type": "adjust_health", "who": "a", "op": "-3"}, SeededDice(2))
    grimdark_samples = paths.assets_dir() / "samples" / "grimdark"
    match = Session(get_ruleset("grimdark"), {"gladiators": [
        {"sheet": json.loads((grimdark_samples / f"{key}.json").read_text()), "team": team,
         "coaching": json.loads((grimdark_samples / "coaching" / f"{key}.json").read_text())}
        for key, team in (("lord-smash", "1"), ("sewer-beast", "2"))],
        "options": {"started": "2026-01-01T20:00:00"}}, tables)
    match.act({"type": "start"}, SeededDice(4))
    for _ in range(3):
        match.act(match.ruleset.choose(match.state) or {}, SeededDice(5))
    builtin = paths.builtin_tables_dir()
    return {
        "session-v1-battle": (SESSIONS / "v1-battle.json").read_bytes(),
        "session-v1-skirmish": (SESSIONS / "v1-skirmish.json").read_bytes(),
        "session-v2-skirmish": skirmish.to_file().model_dump_json(indent=1).encode(),
        "session-v2-battle": duel.to_file().model_dump_json(indent=1).encode(),
        "session-v2-grimdark": match.to_file().model_dump_json(indent=1).encode(),
        "grimdark-gladiator": (grimdark_samples / "lord-smash.json").read_bytes(),
        "coaching": (grimdark_samples / "coaching" / "lord-smash.json").read_bytes(),
        "sheet": (paths.assets_dir() / "samples" / "hammer-rookie.json").read_bytes(),
        "kit": json.dumps(KIT_DATA).encode(),
        "table": (builtin / "fate.json").read_bytes(),
        "table-two-axes": (builtin / "grimdark-crit.json").read_bytes(),
        "settings": json.dumps(SETTINGS_DATA).encode(),
    }


def bases(prefix: str) -> list[bytes]:
    return [content for name, content in base_files().items() if name.startswith(prefix)]


def _places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _places(child, (*at, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _places(child, (*at, i))
    return found


def _replaced(data: Any, at: tuple[Any, ...], new: Any) -> Any:
    if not at:
        return new
    copy = json.loads(json.dumps(data))
    node = copy
    for part in at[:-1]:
        node = node[part]
    node[at[-1]] = new
    return copy


@st.composite
def mutated(draw: st.DrawFn, prefix: str) -> bytes:
    """A base file of the kind, spoilt one way: cut short, bytes flipped or put in, a
    value replaced by a hostile one, a field added, or a file of another kind."""
    base = draw(st.sampled_from(bases(prefix)))
    how = draw(st.sampled_from(["cut", "flip", "insert", "value", "value", "field", "other"]))
    if how == "cut":
        return base[: draw(st.integers(0, len(base)))]
    if how == "flip":
        spoilt = bytearray(base)
        for _ in range(draw(st.integers(1, 3))):
            spoilt[draw(st.integers(0, len(base) - 1))] ^= draw(st.integers(1, 255))
        return bytes(spoilt)
    if how == "insert":
        at = draw(st.integers(0, len(base)))
        return base[:at] + draw(st.sampled_from(HOSTILE_BYTES)) + base[at:]
    if how == "other":
        return draw(st.sampled_from(list(base_files().values())))
    data = json.loads(base)
    places = list(_places(data))
    at = places[draw(st.integers(0, len(places) - 1))]
    if how == "field":
        while at and not isinstance(_at(data, at), dict):
            at = at[:-1]
        name = draw(st.sampled_from(["zz", "\u0000", "x\ny", "\ud800", "format"]))
        text = json.dumps(_replaced(data, at, {**_at(data, at), name: SENTINEL}))
    else:
        text = json.dumps(_replaced(data, at, SENTINEL))
    return text.replace(json.dumps(SENTINEL), draw(st.sampled_from(HOSTILE_VALUES))).encode()


def _at(data: Any, at: tuple[Any, ...]) -> Any:
    for part in at:
        data = data[part]
    return data


def _user_home() -> Path:
    """The test's own user folders (conftest's), which may sit in its tmp_path."""
    return Path(os.environ["XDG_CACHE_HOME"]).parent


def write(folder: Path, content: bytes, name: str = "file.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        if old != _user_home():
            old.unlink()
    path = folder / name
    path.write_bytes(content)
    return path


def replay_session(path: Path) -> None:
    session = load_session(path, get_ruleset, tables=load_tables())
    session.ruleset.describe(session.state)
    json.dumps(session.ruleset.summary(session.state))
    assert isinstance(session.log, list)


def check_sheet_file(path: Path) -> None:
    sheet = load_sheet(path)
    tables = BattleTables.load()
    sheet_problems(sheet, tables)
    sheet_warnings(sheet, tables)
    points_spent(sheet, tables)


def read_kit(path: Path) -> None:
    load_kit(path, known_names())


def usable_settings(path: Path) -> None:
    found = load_settings(path)  # never raises
    assert isinstance(found, Settings) and found.ui_scale in UI_SCALES
    assert not isinstance(found.ui_scale, bool)
    # Each is drawn as a button and opened: no control characters, no NUL.
    assert all(isinstance(r, str) and not re.search("[\x00-\x1f\x7f-\x9f\ud800-\udfff]", r)
               for r in found.recent_files)


LOADERS: dict[str, tuple[str, Callable[[Path], object]]] = {
    "sessions (read)": ("session", read_session_file),
    "sessions (replayed)": ("session", replay_session),
    "sheets": ("sheet", check_sheet_file),
    "kits": ("kit", read_kit),
    "Grimdark gladiators": ("grimdark-gladiator", load_gladiator),
    "coaching": ("coaching", load_coaching),
    "tables": ("table", load_table_file),
    "settings": ("settings", usable_settings),
}


FUZZ = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])


# --- the reader, case by case -------------------------------------------------------
def _with_name(value: str) -> bytes:
    return json.dumps(dict(KIT_DATA, name=SENTINEL)).replace(
        json.dumps(SENTINEL), value).encode()


HOSTILE_FILES = {
    "100,000 nested lists": (b"[" * 100_000 + b"]" * 100_000, "nested too deep"),
    "deep objects in a field": (_with_name('{"a": ' * 900 + "1" + "}" * 900),
                                "nested too deep"),
    "a 10,000-digit number": (_with_name("1" * 10_000), "a number of 10000 digits"),
    "1e999": (_with_name("1e999"), "1e999 is too large"),
    "NaN": (_with_name("NaN"), "NaN is not a number"),
    "not UTF-8": (b'{"name":\n "Net \xff fighter"}', "line 2, column 7: not UTF-8"),
    "a NUL in a name": (_with_name('"Net\\u0000fighter"'), "U+0000"),
    "a raw NUL byte": (b'{"name": "Net\x00fighter"}', "not valid JSON"),
    "half a character pair": (_with_name('"\\udc00"'), "half of a character pair"),
    "a terminal escape": (_with_name('"\\u001b[2J"'), "U+001B"),
    "cut short": (json.dumps(KIT_DATA).encode()[:30], "not valid JSON"),
    "empty": (b"", "the file is empty"),
}

