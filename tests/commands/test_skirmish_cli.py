"""`companion new skirmish`, `companion auto` and `companion replay`, in process."""

from __future__ import annotations

import json

import pytest

from companion.cli import main


def new(tmp_path, *extra):
    out = tmp_path / "bout.json"
    code = main(["new", "skirmish", "--gladiators", "samnite,retiarius", "--seed", "3",
                 "--out", str(out), *extra])
    assert code == 0
    return out


def test_new_writes_a_started_session(tmp_path, capsys):
    out = new(tmp_path)
    assert f"wrote {out}" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["ruleset"] == "skirmish"
    assert [e["action"]["type"] for e in data["journal"]] == ["start"]
    assert [g["type"] for g in data["setup"]["gladiators"]] == ["samnite", "retiarius"]


def test_new_writes_to_the_current_folder_by_default(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["new", "skirmish", "--gladiators", "samnite,velite", "--no-start"]) == 0
    [made] = list(tmp_path.glob("skirmish-*.json"))
    assert made.name in capsys.readouterr().out
    assert json.loads(made.read_text())["journal"] == []


def test_new_from_a_scenario_file(tmp_path):
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"gladiators": [
        {"name": "Brutus", "type": "samnite", "at": "E7", "facing": "SW"},
        {"name": "Nereus", "type": "retiarius", "at": "C3", "human": False}]}))
    out = tmp_path / "s.json"
    assert main(["new", "skirmish", "--scenario", str(scenario), "--out", str(out)]) == 0
    assert json.loads(out.read_text())["setup"]["gladiators"][0]["name"] == "Brutus"


@pytest.mark.parametrize(("args", "words"), [
    (["--gladiators", "samnite"], "at least two"),
    (["--gladiators", "samnite,dragon"], "no gladiator type 'dragon'"),
    (["--gladiators", "samnite,velite", "--sides", "red"], "--sides"),
    (["--gladiators", "samnite,velite", "--board", "big"], "--board"),
])
def test_new_refuses_bad_arguments_on_one_line(tmp_path, capsys, args, words):
    code = main(["new", "skirmish", *args, "--out", str(tmp_path / "x.json")])
    err = capsys.readouterr().err
    assert code != 0 and words in err and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()


def test_auto_plays_some_turns_then_to_the_end(tmp_path, capsys):
    out = new(tmp_path)
    assert main(["auto", str(out), "--turns", "2", "--seed", "1"]) == 0
    data = json.loads(out.read_text())
    turns = sum(1 for e in data["journal"] if e["action"]["type"] == "roll_ap")
    assert turns == 2
    assert main(["auto", str(out), "--seed", "1"]) == 0
    assert "winner" in capsys.readouterr().out
    assert main(["replay", str(out), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)
    assert final["phase"] == "over" and final["winner"] in ("A", "B")


def test_replay_prints_places_facings_and_the_log(tmp_path, capsys):
    out = new(tmp_path)
    main(["auto", str(out), "--turns", "3", "--seed", "2"])
    capsys.readouterr()
    before = out.read_text()
    assert main(["replay", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Samnite" in text and "facing" in text and "log:" in text
    assert main(["replay", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for g in data["gladiators"]:
        assert g["at"][0].isalpha() and g["facing"] in ("N", "NE", "SE", "S", "SW", "NW")
    assert data["turn"]["number"] >= 3 and data["log"]
    assert out.read_text() == before  # replay never writes


@pytest.mark.parametrize("content", ['{"format": "companion-session"', "[]", ""])
def test_replay_of_a_broken_file_fails_on_one_line(tmp_path, capsys, content):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code = main(["replay", str(bad)])
    err = capsys.readouterr().err
    assert code != 0 and err.count("\n") == 1 and "Traceback" not in err
    assert bad.read_text() == content


def test_replay_of_a_journal_that_does_not_replay(tmp_path, capsys):
    out = new(tmp_path)
    data = json.loads(out.read_text())
    data["journal"].append({"action": {"type": "move", "to": "Z99"}, "rolls": [], "log": []})
    out.write_text(json.dumps(data))
    assert main(["replay", str(out)]) != 0
    assert "journal[1]" in capsys.readouterr().err


def test_replay_of_a_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) != 0
    assert "no such file" in capsys.readouterr().err


def test_act_takes_a_short_form_and_the_faces_of_your_own_dice(tmp_path, capsys):
    out = tmp_path / "bout.json"
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"gladiators": [
        {"name": "Brutus", "type": "samnite", "at": "E6", "facing": "S", "strength": 8},
        {"name": "Nereus", "type": "retiarius", "at": "E7", "facing": "N", "strength": 9}]}))
    assert main(["new", "skirmish", "--scenario", str(scenario), "--no-start",
                 "--out", str(out)]) == 0
    assert main(["act", str(out), "start", "--dice", "5,2"]) == 0
    assert main(["act", str(out), "roll_ap", "--dice", "6"]) == 0
    capsys.readouterr()
    # Attack 5, defence 2, then his save die 1: 3 wounds.
    assert main(["act", str(out), "attack B sword", "--dice", "5 2 1"]) == 0
    assert "Nereus takes 3 wounds" in capsys.readouterr().out
    assert main(["show", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["gladiators"][1]["strength"] == 6


@pytest.mark.parametrize(("faces", "words"), [
    ("6,6", "too many faces: 1 left over after the action (6)"),
    ("7", "7 is impossible on a d6"),
    ("x", "'x' is not a die face"),
])
def test_faces_that_do_not_fit_the_action_change_nothing(tmp_path, capsys, faces, words):
    out = new(tmp_path)
    before = out.read_text()
    assert main(["act", str(out), "roll_ap", "--dice", faces]) == 2
    assert words in capsys.readouterr().err
    assert out.read_text() == before


def test_too_few_faces_name_the_roll_still_wanted(tmp_path, capsys):
    out = new(tmp_path, "--no-start")
    before = out.read_text()
    assert main(["act", str(out), "start", "--dice", "3,4"]) == 2
    assert "too few faces" in capsys.readouterr().err
    assert out.read_text() == before
