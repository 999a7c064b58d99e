"""The battle system's part in careers (RULES.md 2, seeds 001 and 002): who fought a
duel, and what it did to each one's sheet as the stable holds it, from duels played to
their end. A win gives ten development points and a loss five (house figures, in the
battle's tables); the fight joins his record; a kill, death, a coma until a day later,
scars and insanities are written; each change is said in the battle's words."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from support.career_duels import (
    BRENNA_SCARRED,
    NOW,
    VARRO_DIES,
    brenna,
    played,
    rookies,
    varro,
)

from companion import paths
from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session
from companion.stable.careers import FightCareers, careers_part
from companion.tables.loader import load_tables

CAREERS = careers_part("battle")


def text(sheet: dict[str, Any]) -> str:
    return json.dumps(sheet, indent=2) + "\n"


def careers(session: Session, **sheets: dict[str, Any]) -> FightCareers:
    """The fight's careers from the stable's sheets given by side (by default, each
    side's sheet as the duel began)."""
    held = {e.side: e.sheet.text for e in CAREERS.entries(session.state)}
    return CAREERS.careers(session.state, {**held, **{s: text(d) for s, d in sheets.items()}})


def after(fight: FightCareers, side: str) -> dict[str, Any]:
    return json.loads(next(c for c in fight.careers if c.side == side).sheet)


def said(fight: FightCareers, side: str) -> list[str]:
    return list(next(c for c in fight.careers if c.side == side).said)


@pytest.fixture(scope="module")
def rookies_duel() -> Session:
    return rookies()


def test_the_entries_are_the_two_sheets_the_duel_began_with(rookies_duel):
    entries = CAREERS.entries(rookies_duel.state)
    assert [(e.side, e.sheet.name) for e in entries] == [("a", "Hammer Rookie"),
                                                         ("b", "Spear Rookie")]
    assert json.loads(entries[0].sheet.text) == rookies_duel.setup["a"]
    managed = played({**brenna(), "player": "Livia"}, varro(), BRENNA_SCARRED)
    assert CAREERS.entries(managed.state)[0].sheet.manager == "Livia"


def test_a_win_gives_ten_development_points_and_a_loss_five(rookies_duel):
    fight = careers(rookies_duel)
    assert fight.result == "Spear Rookie beat Hammer Rookie, who fell unconscious"
    assert [(c.side, c.result, c.dead) for c in fight.careers] == [("a", "loss", False),
                                                                   ("b", "win", False)]
    assert said(fight, "b") == ["development points 40 to 50", "wins 0 to 1",
                                "total fights 0 to 1"]
    assert said(fight, "a") == ["development points 40 to 45", "losses 0 to 1",
                                "total fights 0 to 1"]
    assert after(fight, "b")["fights"] == [{"opponent": "Hammer Rookie", "result": "win",
                                            "how": "falls unconscious",
                                            "date": "2025-05-01"}]


def test_the_sheet_after_is_the_one_the_duel_writes_to_its_own_sheets(rookies_duel):
    fight = careers(rookies_duel)
    for side in "ab":
        assert after(fight, side) == rookies_duel.state.sheets_after[side]


def test_the_points_are_the_house_figures_of_the_battles_tables(tmp_path):
    rules = json.loads((paths.builtin_tables_dir() / "pool-rules.json").read_text("utf-8"))
    for entry in rules["entries"]:
        if entry["key"] == "points-for-win":
            entry["value"] = 12
    paths.user_tables_dir().mkdir(parents=True)
    (paths.user_tables_dir() / "pool-rules.json").write_text(json.dumps(rules), "utf-8")
    fight = careers(rookies())
    assert said(fight, "b")[0] == "development points 40 to 52"


def test_the_career_goes_on_from_the_sheet_the_stable_holds_now(rookies_duel):
    # Since the duel began he has two more wins in the stable and has trained HEALTH.
    start = rookies_duel.setup["b"]
    trained = {**start, "development_points": 60, "wins": 2,
               "skills": {**start["skills"], "health": start["skills"]["health"] + 10}}
    fight = careers(rookies_duel, b=trained)
    sheet = after(fight, "b")
    assert (sheet["wins"], sheet["development_points"]) == (3, 70)
    assert sheet["skills"]["health"] == start["skills"]["health"] + 10
    assert said(fight, "b")[:3] == ["development points 60 to 70", "wins 2 to 3",
                                    "total fights 2 to 3"]


def test_a_scar_is_written_on_his_sheet():
    fight = careers(played(brenna(), varro(), BRENNA_SCARRED))
    assert fight.result == "Brenna beat Varro, who fell unconscious"
    [scar] = after(fight, "a")["scars"]
    assert said(fight, "a")[-1] == f"a scar: {scar['scar']}"


def test_death_sets_dead_and_gives_the_winner_a_kill():
    fight = careers(played(brenna(), varro(), VARRO_DIES))
    assert fight.result == "Brenna beat Varro, who died at death's door"
    dead = next(c for c in fight.careers if c.side == "b")
    assert dead.dead and after(fight, "b")["status"] == "dead"
    assert said(fight, "b") == ["losses 0 to 1", "total fights 0 to 1", "dead"]
    assert "kills 0 to 1" in said(fight, "a") and after(fight, "a")["kills"] == 1


def fate_two() -> Session:
    """A veteran lives through death's door and rolls a 2 for his fate: a day in a coma,
    which loses him the duel, and an insanity (6-5: Superior Luck)."""
    session = Session(BattleRules(), {"a": brenna(wins=10), "b": varro(),
                                      "options": {"started": NOW}}, load_tables())
    for action, faces in (({"type": "initiative"}, [1, 1, 6, 6]),
                          ({"type": "adjust_health", "who": "a", "op": "=-11"}, []),
                          ({"type": "attack"}, [1] * 6),
                          ({"type": "death_door"}, [6]),
                          ({"type": "fate", "now": "2025-05-01T21:30:00"}, [2, 6, 5])):
        session.act(action, ScriptedDice(faces))
    assert session.state.phase == "over"
    return session


def test_a_coma_until_a_day_later_and_an_insanity_are_written_and_said():
    fight = careers(fate_two())
    sheet = after(fight, "a")
    until = datetime.fromisoformat("2025-05-01T21:30:00") + timedelta(hours=24)
    assert sheet["status"] == "coma"
    assert datetime.fromisoformat(sheet["coma_until"]) == until
    assert said(fight, "a")[-2:] == ["an insanity: Superior Luck",
                                     f"in a coma until {sheet['coma_until']}"]


def test_a_duel_not_over_is_refused():
    session = Session(BattleRules(), {"a": brenna(), "b": varro()}, load_tables())
    with pytest.raises(UserError, match="the duel is not over yet"):
        careers(session)


def test_a_dead_man_in_the_stable_takes_no_more_fights(rookies_duel):
    with pytest.raises(UserError, match="Spear Rookie is dead on his sheet in the stable"):
        careers(rookies_duel, b={**rookies_duel.setup["b"], "status": "dead"})


def test_a_broken_sheet_in_the_stable_is_refused_in_one_line(rookies_duel):
    held = {e.side: e.sheet.text for e in CAREERS.entries(rookies_duel.state)}
    with pytest.raises(UserError, match="Spear Rookie's sheet in the stable"):
        CAREERS.careers(rookies_duel.state, {**held, "b": '{"format": '})
