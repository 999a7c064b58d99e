"""`companion train` as a player and a script use it, on a sheet file and in the stable;
and what bars a gladiator from `companion new battle`: a coma until it ends, the new
name Identity Crisis asks for, and Brute Complex's opponents with no more wins. A saved
duel still replays whatever its gladiators have become."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion import paths
from companion.cli import main
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session
from companion.stable.store import Stable

SAMPLES = paths.assets_dir() / "samples"
TABLES = BattleTables.load(include_user=False)


def brenna(folder: Path, points: int = 50, *, insanities: tuple[int, ...] = (),
           **changes: Any) -> Path:
    data: dict[str, Any] = json.loads((SAMPLES / "hammer-rookie.json").read_text())
    data.update(name="Brenna", development_points=points, **changes)
    data["insanities"] = [{"key": k, "name": TABLES.insanity(k).name,
                           "permanent": TABLES.insanity(k).permanent} for k in insanities]
    path = folder / "brenna.json"
    path.write_text(json.dumps(data, indent=2))
    return path


def run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def refused_in_one_line(code: int, err: str, words: str) -> None:
    assert code == 1, err
    assert err.count("\n") == 1 and err.startswith("companion: "), err
    assert words in err, err


# --- a sheet file --------------------------------------------------------------------------
def test_train_spends_the_points_and_writes_the_sheet(capsys, tmp_path):
    path = brenna(tmp_path)
    code, out, err = run(capsys, "train", path, "attack", "hammer", "health", "3")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Brenna trains ATTACK: 2 to 3 (5 development points)",
        "Brenna trains Hammer: 2 to 3 (1 development point)",
        "Brenna trains HEALTH: 9 to 12 (3 development points)",
        "Brenna: 50 development points earned, 49 spent, 1 left",
        f"wrote {path}"]
    data = json.loads(path.read_text())
    assert (data["skills"]["attack"], data["weapons"]["hammer"], data["skills"]["health"]) \
        == (3, 3, 12)
    assert run(capsys, "check", path)[0] == 0


def test_with_nothing_to_buy_it_says_his_points_and_writes_nothing(capsys, tmp_path):
    path = brenna(tmp_path)
    before = path.read_bytes()
    code, out, _ = run(capsys, "train", path)
    assert (code, out) == (0, "Brenna: 50 development points earned, 40 spent, 10 left\n")
    assert path.read_bytes() == before


def test_a_rank_he_cannot_afford_is_refused_and_the_sheet_file_is_unchanged(capsys, tmp_path):
    path = brenna(tmp_path)
    before = path.read_bytes()
    code, out, err = run(capsys, "train", path, "health", "6", "attack")
    refused_in_one_line(code, err, "ATTACK rank 3 costs 5 development points and Brenna has "
                        "4 left (50 earned, 46 spent)")
    assert out == "" and path.read_bytes() == before


def test_dry_run_says_it_all_and_writes_nothing(capsys, tmp_path):
    path = brenna(tmp_path)
    before = path.read_bytes()
    code, out, _ = run(capsys, "train", path, "parry-dodge", "2", "--dry-run")
    assert code == 0 and out.splitlines()[-1] == "--dry-run: nothing written"
    assert "Brenna trains PARRY/DODGE: 4 to 6 (8 development points)" in out
    assert path.read_bytes() == before


def test_json_for_a_script(capsys, tmp_path):
    path = brenna(tmp_path)
    code, out, _ = run(capsys, "train", path, "attack", "--json")
    got = json.loads(out)
    assert code == 0 and got["file"] == str(path) and got["written"] is True
    assert got["bought"] == [{"key": "attack", "name": "ATTACK", "weapon": False,
                              "rank": 3, "cost": 5}]
    assert got["development_points"] == {"earned": 50, "spent_before": 40, "spent": 45,
                                         "left": 5}
    assert got["sheet"]["skills"]["attack"] == 3 and got["renamed_from"] is None


def test_an_insanity_refuses_in_words(capsys, tmp_path):
    path = brenna(tmp_path, insanities=(26,))
    code, _, err = run(capsys, "train", path, "armor")
    refused_in_one_line(code, err, "Claustrophobia: Brenna may take no more ARMOR")


def test_a_shipped_sample_is_never_changed_but_out_writes_a_copy(capsys, tmp_path):
    sample = SAMPLES / "hammer-rookie.json"
    before = sample.read_bytes()
    code, _, err = run(capsys, "train", "Hammer Rookie", "health")
    refused_in_one_line(code, err, "a sample shipped with the companion is never changed")
    code, out, _ = run(capsys, "train", "Hammer Rookie", "--out", tmp_path / "mine.json")
    assert code == 0 and out.endswith(f"wrote {tmp_path / 'mine.json'}\n")
    assert json.loads((tmp_path / "mine.json").read_text())["name"] == "Hammer Rookie"
    assert sample.read_bytes() == before


def test_a_mistake_in_the_command_is_exit_2(capsys, tmp_path):
    path = brenna(tmp_path)
    code, _, err = run(capsys, "train", path, "2", "attack")
    assert code == 2 and "a number of ranks follows the skill" in err
    code, _, err = run(capsys, "train")
    assert code == 2 and "name the SHEET to train" in err


# --- the stable ------------------------------------------------------------------------------
def test_in_the_stable_his_sheet_and_name_change_in_one_transaction(capsys, tmp_path):
    path = brenna(tmp_path, insanities=(56,))
    assert run(capsys, "stable", "add", path, "--manager", "Livia")[0] == 0
    before = path.read_bytes()
    code, out, _ = run(capsys, "train", "--stable", "Brenna", "attack", "--rename",
                       "Brenna the Red")
    assert code == 0
    assert out.splitlines()[-1] == (f"changed #1 Brenna the Red in the stable "
                                    f"({paths.stable_path()})")
    assert "Brenna is now Brenna the Red" in out
    with Stable.open(create=False) as stable:
        [g] = stable.gladiators()
    sheet = json.loads(g.sheet)
    assert (g.name, sheet["name"], sheet["skills"]["attack"]) == ("Brenna the Red",) * 2 + (3,)
    assert sheet["insanities"][0]["renamed_from"] == "Brenna"
    assert path.read_bytes() == before  # the file he was read from is left as it was


def test_in_the_stable_a_refusal_or_a_dry_run_changes_nothing(capsys, tmp_path):
    run(capsys, "stable", "add", brenna(tmp_path, 44))
    with Stable.open(create=False) as stable:
        [was] = stable.gladiators()
    code, _, err = run(capsys, "train", "--stable", "#1", "attack")
    refused_in_one_line(code, err, "ATTACK rank 3 costs 5")
    assert run(capsys, "train", "--stable", "1", "health", "--dry-run")[0] == 0
    with Stable.open(create=False) as stable:
        assert stable.gladiators() == [was]


def test_in_the_stable_only_a_battle_gladiator_trains(capsys):
    run(capsys, "stable", "add", "Lord Smash")
    code, _, err = run(capsys, "train", "--stable", "#1", "health")
    refused_in_one_line(code, err, "#1 Lord Smash is a gladiator of Grimdark Gladiators: "
                        "only the battle system's gladiators train")
    code, _, err = run(capsys, "train", "--stable", "Lord Smash", "health")
    refused_in_one_line(code, err, "no gladiator called 'Lord Smash' of the battle system")


# --- what bars the next fight ------------------------------------------------------------
def new_battle(capsys, tmp_path, a: Path, b: str = "Spear Rookie") -> tuple[int, str, str]:
    return run(capsys, "new", "battle", a, b, "--out", tmp_path / "duel.json")


def test_a_coma_bars_a_new_battle_until_the_time_it_ends(capsys, tmp_path):
    ends = (datetime.now(UTC) + timedelta(hours=5)).isoformat(timespec="seconds")
    path = brenna(tmp_path, status="coma", coma_until=ends)
    code, _, err = new_battle(capsys, tmp_path, path)
    refused_in_one_line(code, err, f"Brenna is in a coma until {ends}: no fights until then")
    assert not (tmp_path / "duel.json").exists()
    ended = (datetime.now(UTC) - timedelta(minutes=1)).isoformat(timespec="seconds")
    path = brenna(tmp_path, status="coma", coma_until=ended)
    assert new_battle(capsys, tmp_path, path)[0] == 0


def test_identity_crisis_bars_his_next_fight_until_he_takes_a_new_name(capsys, tmp_path):
    path = brenna(tmp_path, insanities=(56,))
    code, _, err = new_battle(capsys, tmp_path, path)
    refused_in_one_line(code, err, "Identity Crisis: Brenna must take a new name before "
                        "his next fight (companion train SHEET --rename NEW)")
    code, out, _ = run(capsys, "train", path, "--rename", "Brenna the Red")
    assert code == 0 and "Brenna is now Brenna the Red" in out
    assert new_battle(capsys, tmp_path, path)[0] == 0


def test_train_notes_what_bars_his_next_fight(capsys, tmp_path):
    path = brenna(tmp_path, insanities=(56,))
    code, out, _ = run(capsys, "train", path, "health")
    assert code == 0 and "note: Identity Crisis: Brenna must take a new name" in out


def test_brute_complex_fights_only_opponents_with_more_wins(capsys, tmp_path):
    path = brenna(tmp_path, insanities=(43,), wins=2)
    foe = json.loads((SAMPLES / "spear-rookie.json").read_text()) | {"wins": 2}
    (tmp_path / "foe.json").write_text(json.dumps(foe))
    code, _, err = new_battle(capsys, tmp_path, path, str(tmp_path / "foe.json"))
    refused_in_one_line(code, err, "Brute Complex: Brenna (2 wins) fights only opponents "
                        "with more wins; Spear Rookie has 2")
    (tmp_path / "foe.json").write_text(json.dumps(foe | {"wins": 3}))
    assert new_battle(capsys, tmp_path, path, str(tmp_path / "foe.json"))[0] == 0


def test_a_saved_duel_replays_whatever_its_gladiators_have_become(tmp_path):
    """The bars stand at a new duel only: a duel's setup with an Identity Crisis not yet
    answered (a file saved before this rule) still opens."""
    data = json.loads(brenna(tmp_path, insanities=(56, 43)).read_text())
    foe = json.loads((SAMPLES / "spear-rookie.json").read_text())
    session = Session(BattleRules(), {"a": data, "b": foe,
                                      "options": {"started": "2025-05-01T20:00:00"}})
    assert session.state.fighters["a"].name == "Brenna"


def test_the_command_of_the_old_name_refuses_the_same(capsys, tmp_path):
    path = brenna(tmp_path, insanities=(56,))
    code, _, err = run(capsys, "duel", "new", path, "Spear Rookie", "--out",
                       tmp_path / "d.json")
    refused_in_one_line(code, err, "Identity Crisis: Brenna must take a new name")
