"""Grimdark Gladiators' careers: what a match does to each gladiator's career in the
stable. A win gives the win's Fame and a loss the loss's (house figures in
grimdark-rules), a loss well fought a little Fame, every match one more on his record
(matches fought set the death die: a d6 from the fifth), death is on his sheet and
told with the blow, a starred gladiator lives, and an event moves money."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from support.grimdark_careers import record_state, sheet_file
from support.grimdark_kit import kinds, match, sheet, turn
from support.places import TESTS

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.grimdark import career
from companion.rulesets.grimdark.careers import CAREERS, WELL_FOUGHT
from companion.rulesets.grimdark.data import Figures, GrimdarkData
from companion.rulesets.grimdark.forum import read_forum, write_forum
from companion.rulesets.grimdark.sheet import parse_gladiator
from companion.rulesets.grimdark.state import Condition, GrimdarkState, Shared
from companion.stable.careers import careers_part
from companion.stable.store import Stable
from companion.tables.loader import load_tables

TABLES = load_tables(include_user=False)
DATA = GrimdarkData.load(TABLES)
MELEE = {"move": "basic-melee"}
KILL = [6, 2, 1]  # +4 and a 1 on the axe's d6: five damage, enough for one at 1 HP


def beaten(a: dict, b: dict, *, death_face: int | None = 2, **options
           ) -> tuple[GrimdarkState, list[Event]]:
    """`a` (with an axe) beats `b`, at 1 HP, in one turn, both playing Basic Melee;
    `b`'s death die shows `death_face` (None: none is rolled). The match's end, and
    its events."""
    rules, state = match(a, b, hands=[["basic-melee"], ["basic-melee"]])
    state.options.update(options)
    state.fighters[1].hp = 1
    faces = [*KILL] if death_face is None else [*KILL, death_face]
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, faces)
    assert state.over
    return state, events


def finished(a: dict, b: dict, *, death_face: int | None = 2, **options) -> GrimdarkState:
    return beaten(a, b, death_face=death_face, **options)[0]


def text(g: dict) -> str:
    return json.dumps(g, indent=2) + "\n"


def after(state: GrimdarkState, side: str, before: dict, events=()) -> tuple[dict, object]:
    """His sheet after the match, from `before` as the stable holds it, and his career."""
    told = CAREERS.careers(state, {side: text(before)}, events)
    mine = next(c for c in told.careers if c.side == side)
    return json.loads(mine.sheet), mine


# --- who goes in ----------------------------------------------------------------------
def test_grimdark_keeps_careers_through_the_registry():
    assert careers_part("grimdark") is CAREERS


def test_each_gladiator_goes_in_with_his_sheet_but_a_house_npc_has_no_career():
    state = finished(sheet("Rex", manager="Ann", starred=True), sheet("Robot", npc=True))
    [entry] = CAREERS.entries(state)
    assert (entry.side, entry.sheet.name, entry.sheet.manager, entry.sheet.starred) == (
        "a", "Rex", "Ann", True)
    assert parse_gladiator(json.loads(entry.sheet.text), "x").name == "Rex"
    assert [c.side for c in CAREERS.careers(state, {}).careers] == ["a"]


def test_a_match_not_over_is_not_recorded():
    _rules, state = match(sheet("Rex"), sheet("Vex"))
    with pytest.raises(UserError, match="the match is not over"):
        CAREERS.careers(state, {})


# --- Fame and record ------------------------------------------------------------------
def test_the_fame_of_a_win_a_loss_and_a_loss_well_fought_are_house_figures():
    rules = {e.key: e for e in TABLES.get("grimdark-rules").entries}
    for key, value in (("fame-win", 1), ("fame-loss", 0), (WELL_FOUGHT, 1)):
        assert rules[key].value == value
        assert rules[key].house == ["value"] and rules[key].source is None
    assert "he lives, and one who beat him ends the match wounded" in \
        rules[WELL_FOUGHT].description


def test_a_win_gives_one_fame_and_a_win_on_his_record():
    state = finished(sheet("Rex"), sheet("Vex"))
    rex, career_ = after(state, "a", sheet("Rex", fame=3, wins=2, losses=1))
    assert (rex["fame"], rex["wins"], rex["losses"]) == (4, 3, 1)
    assert career_.result == "win"
    assert career_.said[:3] == ("Fame 3 to 4 (a win)", "record 2-1 to 3-1",
                                "matches fought 3 to 4: a defeat in his next match rolls "
                                "a d6 for death, not a d4")


def test_a_loss_gives_no_fame_and_a_loss_on_his_record():
    state = finished(sheet("Rex"), sheet("Vex"))
    vex, career_ = after(state, "b", sheet("Vex", fame=2))
    assert (vex["fame"], vex["wins"], vex["losses"]) == (2, 0, 1)
    assert career_.result == "loss"
    assert career_.said[0] == "Fame stays 2 (a loss)"


def test_a_loss_well_fought_he_lives_and_leaves_his_victor_wounded_gives_one_fame():
    _rules, state = match(sheet("Rex"), sheet("Vex"))
    state.fighters[0].wounded = True
    state.fighters[1].hp = 1
    turn(_rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    vex, career_ = after(state, "b", sheet("Vex", fame=2))
    assert vex["fame"] == 3
    assert career_.said[0] == "Fame 2 to 3 (a loss well fought: Rex ends it wounded)"


def test_a_loss_he_does_not_live_through_is_no_loss_well_fought():
    _rules, state = match(sheet("Rex"), sheet("Vex"))
    state.fighters[0].wounded = True
    state.fighters[1].hp = 1
    turn(_rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 1])
    vex, _ = after(state, "b", sheet("Vex", fame=2))
    assert vex["fame"] == 2 and vex["dead"] is True


def test_a_rules_table_without_the_well_fought_figure_gives_the_losss_fame():
    _rules, state = match(sheet("Rex"), sheet("Vex"))
    figures = {k: v for k, v in DATA.figures.entries.items() if k != WELL_FOUGHT}
    state.shared = Shared(replace(DATA, figures=Figures(figures)))
    state.fighters[0].wounded = True
    state.fighters[1].hp = 1
    turn(_rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    assert after(state, "b", sheet("Vex"))[0]["fame"] == 0


def test_the_matchs_changes_are_added_to_his_sheet_in_the_stable_not_written_over_it():
    # The match was played from an old sheet (Fame 0, 0-0); the stable's has Fame 5, 4-1.
    state = finished(sheet("Rex"), sheet("Vex"))
    rex, career_ = after(state, "a", sheet("Rex", fame=5, wins=4, losses=1))
    assert (rex["fame"], rex["wins"], rex["losses"]) == (6, 5, 1)
    assert career_.said[-1] == ("the match was played with Fame 0 and a 0-0 record; his "
                                "sheet in the stable has Fame 5 and 4-1, and the match's "
                                "changes are added to it")


def test_his_sheet_keeps_its_own_fields_and_what_a_match_does_not_change():
    state = finished(sheet("Rex"), sheet("Vex"))
    before = sheet("Rex", description="A brute.", manager="Ann", fame=1)
    rex, _ = after(state, "a", before)
    assert list(rex) == [*before, "wins", "losses"]  # in its own order, the new last
    assert rex == {**before, "fame": 2, "wins": 1, "losses": 0}


# --- the death die, and death -----------------------------------------------------------
def test_his_fifth_match_rolls_the_d6_once_the_stable_has_four_of_his_matches(tmp_path):
    stable = Stable.open(tmp_path / "stable.sqlite3")
    stable.add_gladiator("grimdark", sheet_file(sheet("Vet", wins=2, losses=1)), manager="Ann")

    def defeated_from_his_stable_sheet() -> str:
        vet = json.loads(stable.named("Vet")[0].sheet)
        return kinds(beaten(sheet("Rex"), vet)[1], "death")[0].die

    assert defeated_from_his_stable_sheet() == "d4"  # his fourth match
    record_state(stable, finished(sheet("Vet", wins=2, losses=1), sheet("Rex")), path="4")
    assert json.loads(stable.named("Vet")[0].sheet)["wins"] == 3
    assert defeated_from_his_stable_sheet() == "d6"  # his fifth


def test_death_is_on_his_sheet_and_told_with_the_blow_and_the_die():
    state, events = beaten(sheet("Rex"), sheet("Vex"), death_face=1)
    vex, career_ = after(state, "b", sheet("Vex"), events)
    assert vex["dead"] is True and career_.dead
    told = "Vex died in turn 1: Rex's Basic Melee hit him by 4 for 5 damage; 1 on the d4, " \
        "the death die"
    assert told in career_.said
    assert CAREERS.careers(state, {}, events).result == f"Rex beat Vex; {told}"


def test_without_the_sessions_events_his_death_is_told_from_the_matchs_end():
    state = finished(sheet("Rex"), sheet("Vex"), death_face=1)
    assert CAREERS.careers(state, {}).result == ("Rex beat Vex; Vex died: defeated by Rex; "
                                                 "the death die, a d4")


def _gruesome(loser: dict) -> tuple[GrimdarkState, list[Event]]:
    rules, state = match(sheet("Rex"), loser, hands=[["basic-melee"], ["basic-melee"]])
    vex = state.fighters[1]
    vex.active_stat = "ineffective"
    vex.conditions.append(Condition("penalty", amount=-2, source="grapple", fresh=False))
    # 8 + 6 against 1 + 3 - 2: +12, severity 7 (read as the last, 6+); the table's 8.
    return state, turn(rules, state, {"a": MELEE, "b": MELEE}, [8, 1, 8])


def test_a_gruesome_demise_is_told_as_the_blow_and_no_die():
    state, events = _gruesome(sheet("Vex"))
    assert CAREERS.careers(state, {}, events).result == (
        "Rex beat Vex; Vex died in turn 1: Rex's Basic Melee: a gruesome demise for 11 "
        "damage")
    assert CAREERS.careers(state, {}).result == "Rex beat Vex; Vex died: a gruesome demise"


def test_the_crowds_execution_is_told_with_its_die():
    rules, state = match(sheet("Rex"), sheet("Vex"), hands=[["basic-melee"], ["basic-melee"]])
    state.fighters[0].cz = 4
    state.fighters[1].hp = 1
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 3])
    assert CAREERS.careers(state, {}, events).result.endswith(
        "Vex died in turn 1: Rex's Basic Melee hit him by 4 for 5 damage; the crowd "
        "demanded his execution (4 CZ behind): 3 on the d4")
    assert CAREERS.careers(state, {}).result.endswith(
        "Vex died: defeated by Rex; the crowd demanded his execution: the d4")


def test_a_starred_gladiator_defeated_lives_and_his_career_says_so():
    state = finished(sheet("Rex"), sheet("Vex", starred=True), death_face=None)
    vex, career_ = after(state, "b", sheet("Vex", starred=True))
    assert "dead" not in vex and not career_.dead
    assert "defeated, and starred: he lives, whatever the dice" in career_.said


# --- Veteran --------------------------------------------------------------------------
def test_a_veteran_comes_in_with_his_fame_and_wins_and_his_matches_add_to_them(tmp_path):
    post = (TESTS / "grimdark_forum" / "brannoc-veteran.txt").read_text(encoding="utf-8")
    brannoc, _ = career.make(read_forum(post, DATA).gladiator, DATA, ScriptedDice([4]))
    stable = Stable.open(tmp_path / "stable.sqlite3")
    stable.add_gladiator("grimdark", sheet_file(brannoc.model_dump(mode="json",
                                                                   exclude_none=True)))
    held = json.loads(stable.named("Old Brannoc")[0].sheet)
    assert (held["fame"], held["wins"], held["losses"]) == (1, 4, 0)
    # His four wins are four matches fought: defeated in his first match in the stable,
    # he rolls the d6 of a fifth.
    rules, state = match(sheet("Rex"), held, hands=[["basic-melee"], ["basic-melee"]])
    state.fighters[1].abilities = {"veteran": 1}  # no chance of his to roll for here
    state.fighters[1].hp = 1
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    assert kinds(events, "death")[0].die == "d6"
    record_state(stable, state, events)
    held = json.loads(stable.named("Old Brannoc")[0].sheet)
    assert (held["fame"], held["wins"], held["losses"]) == (1, 4, 1)
    assert held["career_start"] == {"veteran": [{"resource": "fame", "amount": 1},
                                                {"resource": "wins", "amount": 4,
                                                 "dice": "d6", "faces": [4]}]}


# --- events and purses ------------------------------------------------------------------
BLOOD_CUP = {"name": "The Blood Cup", "kind": "public", "entry_fee": 50, "prize": 200}
DUKES_GAMES = {"name": "The Duke's Games", "kind": "invitational", "appearance_fee": 100,
               "prize": 300}


def purses(state: GrimdarkState) -> dict[str, tuple]:
    return {c.side: c.purse for c in CAREERS.careers(state, {}).careers}


def test_a_public_event_takes_its_entry_fee_from_each_and_pays_its_prize_to_the_winner():
    state = finished(sheet("Rex"), sheet("Vex"), event=BLOOD_CUP)
    assert purses(state) == {
        "a": ((-50, "entry fee of The Blood Cup (Rex)"),
              (200, "prize of The Blood Cup (Rex won)")),
        "b": ((-50, "entry fee of The Blood Cup (Vex)"),)}
    assert CAREERS.careers(state, {}).result == "Rex beat Vex at The Blood Cup"


def test_an_invitational_event_pays_each_it_invites_and_its_prize_to_the_winner():
    state = finished(sheet("Rex"), sheet("Vex"), event=DUKES_GAMES)
    assert purses(state) == {
        "a": ((100, "appearance fee of The Duke's Games (Rex)"),
              (300, "prize of The Duke's Games (Rex won)")),
        "b": ((100, "appearance fee of The Duke's Games (Vex)"),)}


def test_a_match_with_no_event_moves_no_money_and_a_house_npc_neither_pays_nor_is_paid():
    assert purses(finished(sheet("Rex"), sheet("Vex"))) == {"a": (), "b": ()}
    state = finished(sheet("Rex"), sheet("Robot", npc=True), event=BLOOD_CUP)
    assert list(purses(state)) == ["a"]


@pytest.mark.parametrize(("event", "words"), [
    ({**BLOOD_CUP, "appearance_fee": 10}, "options.event: a public event pays no "
     "appearance fee"),
    ({**DUKES_GAMES, "entry_fee": 10}, "an invitational event takes no entry fee"),
    ({**BLOOD_CUP, "kind": "secret"}, "options.event.kind"),
    ({**BLOOD_CUP, "prize": -5}, "options.event.prize: at least 0"),
    ({**BLOOD_CUP, "bribe": 5}, "options.event.bribe"),
    ("The Blood Cup", "options.event"),
])
def test_an_event_the_seed_does_not_know_is_refused_in_words(event, words):
    state = finished(sheet("Rex"), sheet("Vex"), event=event)
    with pytest.raises(UserError, match=words.replace(".", r"\.")) as err:
        CAREERS.careers(state, {})
    assert "\n" not in str(err.value)


# --- starred --------------------------------------------------------------------------
def test_a_manager_may_have_three_starred_gladiators_and_a_star_is_on_his_sheet():
    assert CAREERS.starred_most() == 3
    starred = json.loads(CAREERS.with_starred(text(sheet("Rex")), True))
    assert starred == {**sheet("Rex"), "starred": True}
    assert json.loads(CAREERS.with_starred(json.dumps(starred), False))["starred"] is False


def test_the_forum_sheet_shows_his_fame_record_and_star_after_his_matches(tmp_path):
    stable = Stable.open(tmp_path / "stable.sqlite3")
    stable.add_gladiator("grimdark", sheet_file(sheet("Rex", starred=True)))
    record_state(stable, finished(sheet("Rex"), sheet("Vex")), path="1")
    record_state(stable, finished(sheet("Rex"), sheet("Nox")), path="2")
    rex = parse_gladiator(json.loads(stable.named("Rex")[0].sheet), "Rex")
    forum = write_forum(rex, DATA)
    assert forum.startswith("[ic=Rex*]")
    assert "\nFame: 2\nRecord: 2-0\n" in forum
