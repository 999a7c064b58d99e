"""Table files: the schema rejects broken tables; users can override and add tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import paths
from companion.cli import main
from companion.dice.sources import ScriptedDice
from companion.tables.loader import TableFileError, load_table_file, load_tables
from companion.tables.roll import roll_table


def fate_like(**changes) -> dict:
    data = json.loads((paths.builtin_tables_dir() / "fate.json").read_text())
    data.update(changes)
    return data


def write(folder: Path, name: str, data) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(TableFileError) as err:
        load_table_file(path)
    return [f"{p.where}: {p.message}" for p in err.value.problems]


def test_every_built_in_table_loads():
    tables = load_tables(include_user=False)
    assert "fate" in tables.tables
    assert not tables.problems


def test_a_gap_in_the_keys_is_rejected(tmp_path):
    data = fate_like()
    data["entries"] = [e for e in data["entries"] if e["key"] != 4]
    found = problems_of(write(tmp_path, "t.json", data))
    assert any("gap" in p and "4..4" in p for p in found), found


def test_overlapping_keys_are_rejected(tmp_path):
    data = fate_like()
    data["entries"][0]["key"] = [5, 6]
    found = problems_of(write(tmp_path, "t.json", data))
    assert any("overlaps" in p for p in found), found


def test_a_key_outside_the_dice_is_rejected(tmp_path):
    data = fate_like()
    data["entries"][0]["key"] = [6, 7]
    found = problems_of(write(tmp_path, "t.json", data))
    assert any("past its maximum" in p for p in found), found


def test_an_unknown_field_is_rejected_with_its_place(tmp_path):
    data = fate_like()
    data["entries"][2]["colour"] = "red"
    found = problems_of(write(tmp_path, "t.json", data))
    assert any(p.startswith("entries[2].colour") for p in found), found


def test_a_missing_field_is_rejected_with_its_place(tmp_path):
    data = fate_like()
    del data["entries"][1]["heal"]
    found = problems_of(write(tmp_path, "t.json", data))
    assert any(p.startswith("entries[1].heal") and "required" in p.lower() for p in found), found


def test_a_d66_table_with_35_keys_is_rejected(tmp_path):
    data = fate_like(axes=[{"name": "roll", "kind": "d66", "dice": "d66"}])
    data["entries"] = [
        {"key": 10 * t + u, "heal": 0, "description": "x"} for t in range(1, 7) for u in range(1, 7)
    ][:-1]
    found = problems_of(write(tmp_path, "t.json", data))
    assert any("36 keys" in p and "66" in p for p in found), found


def test_broken_json_names_the_line_and_column(tmp_path):
    found = problems_of(write(tmp_path, "t.json", '{"id": "x",\n  "title": }'))
    assert found and found[0].startswith("line 2, column")


def test_a_user_table_with_a_built_in_id_replaces_it():
    data = fate_like(title="Our fate")
    data["entries"][0]["heal"] = 12
    write(paths.user_tables_dir(), "my-fate.json", data)
    tables = load_tables()
    assert tables.get("fate").title == "Our fate"
    assert tables.get("fate").lookup(6).heal == 12
    assert tables.overridden("fate")


def test_a_user_table_with_a_new_id_is_added():
    write(paths.user_tables_dir(), "omens.json", fate_like(id="omens", title="Omens"))
    tables = load_tables()
    assert tables.get("omens").title == "Omens"
    assert tables.get("fate").title == "Fate roll"


def test_a_broken_user_file_is_reported_skipped_and_left_untouched():
    text = '{"id": "fate", "title": 3'
    path = write(paths.user_tables_dir(), "fate.json", text)
    tables = load_tables()
    assert tables.get("fate").title == "Fate roll"  # the built-in still loads
    assert len(tables.problems) == 1 and tables.problems[0].file == path
    assert path.read_text() == text


def test_table_list_json_lists_every_table_by_id(capsys):
    assert main(["table", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert "fate" in {r["id"] for r in rows}


def test_table_show_one_fate_entry_as_json(capsys):
    assert main(["table", "show", "fate", "1", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)
    assert entry["heal"] == 8


def test_a_bad_key_is_a_clear_error_not_a_traceback(capsys):
    assert main(["table", "show", "fate", "banana"]) != 0
    err = capsys.readouterr().err
    assert "give the roll as a number" in err and "Traceback" not in err
    assert main(["table", "show", "fate", "7"]) != 0
    assert "above 6" in capsys.readouterr().err


def test_a_bad_table_id_is_a_clear_error(capsys):
    assert main(["table", "show", "no-such-table"]) != 0
    assert "no table 'no-such-table'" in capsys.readouterr().err


def test_a_fate_of_3_rolls_an_insanity_too():
    tables = load_tables(include_user=False)
    if "insanity" not in tables.tables:
        pytest.skip("insanity table not yet written")
    outcome = roll_table(tables, "fate", ScriptedDice([3, 4, 4]))
    assert outcome.entry.key == 3
    assert [f.table.id for f in outcome.follow] == ["insanity"]
    assert outcome.follow[0].keys == (44,)


def test_check_passes_good_files_and_lists_every_problem_of_bad_ones(tmp_path, capsys):
    good = paths.builtin_tables_dir() / "fate.json"
    data = fate_like()
    data["entries"][0]["colour"] = "red"
    del data["entries"][1]["heal"]
    bad = write(tmp_path, "bad.json", data)
    assert main(["check", str(good)]) == 0
    assert main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "entries[0].colour" in out and "entries[1].heal" in out
