"""The specification is the program: a table's fingerprint and the tables digest a
commitment binds, recomputed from the table files alone as docs/explain/verifiable.md
writes them (plain json and hashlib, no pydantic model), are the program's."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from companion import paths
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.session.commitment import committed_tables, tables_digest
from companion.session.session import Session
from companion.tables.loader import load_tables

# The fields a table file may leave out, with the values the fingerprint gives them
# (docs/explain/verifiable.md, "A table's fingerprint").
ENVELOPE = {"notes": "", "house": False}
AXIS = {"min": None, "max": None, "open_above": False, "open_below": False,
        "outside": "error", "dice": "", "house_outside": False}


def fingerprint(data: dict[str, Any]) -> str:
    """A table's fingerprint from its file's JSON, as the docs say it."""
    whole = {**ENVELOPE, **data, "axes": [{**AXIS, **axis} for axis in data["axes"]]}
    text = json.dumps(whole, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(fingerprints: dict[str, str]) -> str:
    """The tables digest T, as the docs say it: ids sorted, no spaces."""
    text = json.dumps(dict(sorted(fingerprints.items())), separators=(",", ":"),
                      ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def files() -> list[Path]:
    return sorted(paths.builtin_tables_dir().glob("*.json"))


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_a_tables_fingerprint_is_recomputed_from_its_file_alone(path: Path) -> None:
    tables = load_tables(include_user=False)
    data = json.loads(path.read_text("utf-8"))
    assert fingerprint(data) == tables.get(data["id"]).fingerprint


def test_a_house_table_that_leaves_out_what_it_may_is_recomputed_too(tmp_path: Path) -> None:
    path = next(p for p in files() if p.stem == "grimdark-moves")
    data = json.loads(path.read_text("utf-8"))
    for key in ENVELOPE:
        data.pop(key, None)
    for axis in data["axes"]:
        for key in AXIS:
            axis.pop(key, None)
    # The keys in another order, and spaces: they change nothing.
    shuffled = dict(reversed(list(data.items())))
    (tmp_path / "mine.json").write_text(json.dumps(shuffled, indent=3), "utf-8")
    tables = load_tables(tmp_path)
    assert fingerprint(json.loads((tmp_path / "mine.json").read_text("utf-8"))) == \
        tables.get(data["id"]).fingerprint


def test_the_tables_digest_of_a_commitment_is_recomputed_from_the_files_alone() -> None:
    rules = GrimdarkRules()
    by_id = {}
    for path in files():
        data = json.loads(path.read_text("utf-8"))
        if data["id"] in rules.table_ids:
            by_id[data["id"]] = fingerprint(data)
    assert set(by_id) == set(rules.table_ids)
    session = Session(rules, _setup(),
                      load_tables(include_user=False))
    assert digest(by_id) == tables_digest(session.fingerprints) == committed_tables(session)


def _setup() -> dict[str, Any]:
    return GrimdarkRules().new_setup(GrimdarkRules().make_setup(
        {"gladiators": "Lord Smash,Sewer Beast"}))
