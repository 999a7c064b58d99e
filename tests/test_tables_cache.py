"""The loader validates a table file once for its content: an unchanged set is read
back from its record (the user's cache folder) without pydantic, and gives the same
tables; a changed, new or broken file is validated as ever."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion import paths
from companion.tables.cache import VALIDATION_SOURCES, cache_path
from companion.tables.loader import load_tables

ROOT = Path(__file__).resolve().parent.parent


def _fresh_process(code: str) -> str:
    """Run `code` in a new interpreter with this test's user folders; its output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def _user_table(name: str = "crit-slashing.json") -> dict:
    return json.loads((paths.builtin_tables_dir() / name).read_text())


def test_a_second_start_with_the_same_tables_reads_them_without_pydantic():
    code = ("import sys; from companion.tables.loader import load_tables; t = load_tables(); "
            "print(int('pydantic' in sys.modules), t.get('skirmish-types').fingerprint)")
    first = _fresh_process(code).split()
    second = _fresh_process(code).split()
    assert first[0] == "1" and second[0] == "0"
    assert first[1] == second[1]


def test_tables_read_back_are_the_tables_validated():
    validated = load_tables()  # the first load validates and writes the record
    assert cache_path().is_file()
    recalled = load_tables()
    assert sorted(recalled.tables) == sorted(validated.tables)
    for table_id, table in validated.tables.items():
        again = recalled.tables[table_id]
        assert again.id == table.id and again.title == table.title
        assert again.fingerprint == table.fingerprint
        assert again.raw_entries == table.raw_entries
        assert again.entries == table.entries  # made on first use, equal models
        assert again.file == table.file
    for roll in (3, 19, 40):  # past the open top key, its damage computed
        assert recalled.get("crit-slashing").lookup(roll).resolved(roll) == \
            validated.get("crit-slashing").lookup(roll).resolved(roll)


def test_a_user_table_changed_since_the_last_start_is_read_anew():
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True)
    data = _user_table()
    data["title"] = "Slashing, my way"
    (folder / "crit-slashing.json").write_text(json.dumps(data))
    assert load_tables().get("crit-slashing").title == "Slashing, my way"
    data["title"] = "Slashing, my new way"
    (folder / "crit-slashing.json").write_text(json.dumps(data))
    assert load_tables().get("crit-slashing").title == "Slashing, my new way"


def test_a_broken_user_table_is_reported_again_from_the_record_and_the_built_in_is_used():
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True)
    data = _user_table()
    data["entries"][0]["wounds"] = "many"
    (folder / "crit-slashing.json").write_text(json.dumps(data))
    first, second = load_tables(), load_tables()
    assert [str(p) for p in second.problems] == [str(p) for p in first.problems]
    assert len(second.problems) == 1 and "\n" not in str(second.problems[0])
    assert not second.overridden("crit-slashing")


def test_a_garbled_record_is_no_record():
    expected = load_tables().get("fate").fingerprint
    cache_path().write_text('{"format": 1, "code": "not ours", "files": [}')
    assert load_tables().get("fate").fingerprint == expected
    record = json.loads(cache_path().read_text())
    assert set(record["files"]) >= {str(paths.builtin_tables_dir() / "fate.json")}


def test_the_record_is_keyed_by_every_module_of_ours_the_models_are_made_of():
    code = ("import sys; import companion.tables.models, companion.tables.loader; "
            "print(' '.join(m for m in sys.modules if m.startswith('companion')))")
    imported = _fresh_process(code).split()
    for module in imported:
        parts = module.split(".")[1:]
        source = "/".join(parts) + ".py" if parts else "__init__.py"
        package = "/".join(parts) + "/__init__.py"
        assert source in VALIDATION_SOURCES or package in VALIDATION_SOURCES, module


def test_the_start_screen_of_a_second_start_builds_no_model_and_loads_no_rules():
    code = ("import sys; from companion.ui.app import App; app = App(); app.run(frames=2); "
            "print(type(app.screen).__name__, len(app.screen.types), "
            "int('pydantic' in sys.modules), "
            "int('companion.rulesets.skirmish.rules' in sys.modules)); app.close()")
    _fresh_process(code)  # the first start validates the tables
    assert _fresh_process(code).split() == ["SkirmishSetup", "13", "0", "0"]


def test_a_record_edited_by_hand_changes_no_table(tmp_path, monkeypatch):
    """The record keeps what validating a file's bytes gave; the table itself is read
    from those bytes, so a record whose copy of the data was tampered with is harmless."""
    import json as json_module

    from companion import paths
    from companion.tables.loader import load_tables

    load_tables(include_user=False)  # writes the record
    record = next(paths.user_cache_dir().rglob("tables.json"))
    data = json_module.loads(record.read_text())
    for path, entry in data["files"].items():
        if path.endswith("skirmish-types.json"):
            table = json_module.loads(entry["table"]["data"])
            table["entries"][0]["key"] = {"evil": [1, 2]}
            entry["table"]["data"] = json_module.dumps(table)
    record.write_text(json_module.dumps(data))
    types = load_tables(include_user=False).get("skirmish-types")
    assert types.entries[0].key == "samnite"
