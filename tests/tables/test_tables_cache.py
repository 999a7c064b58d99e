"""The loader validates a table file once for its content: an unchanged set is read
back from its record (the user's cache folder) without pydantic, and gives the same
tables; a changed, new or broken file is validated as ever."""

from __future__ import annotations

import json
import os

from support.fresh_process import _fresh_process

from companion import paths
from companion.tables.cache import VALIDATION_SOURCES, cache_path
from companion.tables.loader import load_tables


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
    code = ("import sys; import companion.tables.loader; "
            "companion.tables.loader.entry_models(); "
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


def test_the_record_keeps_no_copy_of_a_table_its_data_is_the_files_own():
    load_tables(include_user=False)  # writes the record
    record = json.loads(cache_path().read_text())
    for entry in record["files"].values():
        assert set(entry) <= {"sha", "stat", "table", "problems"}
        assert set(entry.get("table", {})) <= {"id", "title", "fingerprint"}
    types = load_tables(include_user=False).get("skirmish-types")
    assert types.raw_entries == _user_table("skirmish-types.json")["entries"]
    assert types.entries[0].key == "samnite"


def _later(monkeypatch, seconds: float = 10.0) -> None:
    """Every load from now on happens `seconds` after the files were written: their
    stamps are old enough to be trusted."""
    from companion.tables import cache

    now = cache._now() + int(seconds * 1e9)
    monkeypatch.setattr(cache, "_now", lambda: now)


def test_an_unchanged_table_file_whose_stamp_is_old_is_not_hashed_again(monkeypatch):
    from companion.tables import cache

    _later(monkeypatch)
    load_tables(include_user=False)  # validates, and writes down each file's stamp
    hashed = []
    real = cache.file_key
    monkeypatch.setattr(cache, "file_key", lambda raw: hashed.append(raw) or real(raw))
    load_tables(include_user=False)
    assert hashed == []


def test_a_file_just_written_is_hashed_at_every_start_until_its_stamp_is_old(monkeypatch):
    from companion.tables import cache

    folder = paths.user_tables_dir()
    folder.mkdir(parents=True)
    (folder / "fate.json").write_text(json.dumps(_user_table("fate.json")))
    written = (folder / "fate.json").stat().st_ctime_ns
    monkeypatch.setattr(cache, "_now", lambda: written + 1_000_000)  # 1 ms later
    load_tables()
    hashed = []
    real = cache.file_key
    monkeypatch.setattr(cache, "file_key", lambda raw: hashed.append(raw) or real(raw))
    load_tables()
    assert (folder / "fate.json").read_bytes() in hashed  # within its clock tick: hashed


def test_a_file_changed_and_given_back_its_old_time_is_read_anew(monkeypatch):
    """Same size, same modification time (as `cp -p` or `touch -d` leave it): the
    change time still moved, so the file is hashed and validated again."""
    _later(monkeypatch)
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True)
    target = folder / "crit-slashing.json"
    data = _user_table()
    data["title"] = "Slashing, take A"
    target.write_text(json.dumps(data))
    before = target.stat()
    assert load_tables().get("crit-slashing").title == "Slashing, take A"
    data["title"] = "Slashing, take B"
    while target.stat().st_ctime_ns == before.st_ctime_ns:  # a tick of the file clock
        target.write_text(json.dumps(data))
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert target.stat().st_size == before.st_size
    assert load_tables().get("crit-slashing").title == "Slashing, take B"


def test_a_validation_source_changed_is_a_new_key_even_with_its_old_time(monkeypatch,
                                                                        tmp_path):
    import shutil

    from companion.tables import cache

    for name in VALIDATION_SOURCES:  # a copy of our code, to edit
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(cache._PACKAGE / name, tmp_path / name)
    monkeypatch.setattr(cache, "_PACKAGE", tmp_path)
    cache.code_key.cache_clear()
    _later(monkeypatch)
    first = cache.Memo.open()
    first.changed = True
    first.save()
    assert cache.Memo.open().code == first.code
    model = tmp_path / "tables" / "model.py"
    before = model.stat()
    while model.stat().st_ctime_ns == before.st_ctime_ns:
        model.write_text(model.read_text().replace("the", "THE", 1))
    assert model.stat().st_size == before.st_size
    os.utime(model, ns=(before.st_atime_ns, before.st_mtime_ns))
    cache.code_key.cache_clear()
    try:
        assert cache.Memo.open().code != first.code
    finally:
        cache.code_key.cache_clear()
