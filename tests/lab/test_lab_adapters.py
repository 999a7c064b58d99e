"""What each system's lab adapter reports of a bout, checked against the rules played
out by hand: who won from the row's side, how long it took, whether the loser died,
and a bout stopped at the lab's limit as a draw with no death. Also who picks the first
move, and which gladiators each system fields. Small pairings, a few seeds."""

from __future__ import annotations

import copy
import functools
import json
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from support.places import ROOT

from companion.dice.sources import SeededDice
from companion.errors import UserError
from companion.lab.system import system_for
from companion.rulesets.base import Ruleset
from companion.rulesets.battle.lab import BattleLab, ready, sheet_entrants
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.grimdark import lab as grimdark
from companion.rulesets.grimdark.lab import GrimdarkLab, roster_entrants, samples_folder, seen
from companion.rulesets.grimdark.lapses import Lapses
from companion.rulesets.grimdark.state import Condition
from companion.rulesets.grimdark.summary import summary
from companion.rulesets.labs import Bout, Entrant, Layout
from companion.rulesets.skirmish import lab as skirmish
from companion.rulesets.skirmish.lab import SkirmishLab, kit_entrants, type_entrants
from companion.rulesets.skirmish.sim import simulate_bout
from companion.rulesets.skirmish.state import KILLED
from companion.tables.loader import load_tables

TABLES = load_tables(include_user=False)
SAMPLES = ROOT / "assets" / "samples"
LAYOUTS = (Layout(False, True), Layout(True, True), Layout(False, False), Layout(True, False))


class Stalling:
    """The real rules, but every action the computer takes changes nothing (and a
    Grimdark turn only passes): a bout that would never end by itself."""

    def __init__(self, rules: Any, *, turns: bool = False, limit: int = 100_000) -> None:
        self.real, self.turns, self.limit = rules, turns, limit
        self.actions = 0

    def new_state(self, setup: dict[str, Any], tables: Any) -> Any:
        return self.real.new_state(setup, tables)

    def choose(self, state: Any) -> dict[str, str]:
        return {"type": "wait"}

    def apply(self, state: Any, action: dict[str, str], dice: Any) -> Any:
        if action.get("type") == "start":
            return self.real.apply(state, action, dice)
        self.actions += 1
        assert self.actions <= self.limit, "played on past the lab's limit"
        if self.turns:
            state.turn += 1
        return SimpleNamespace(events=[])


# --- the battle system --------------------------------------------------------------------
@functools.cache
def battle_sheets() -> dict[str, Entrant]:
    return {e.key: e for e in sheet_entrants([SAMPLES])}


def test_a_battle_duel_that_never_ends_is_stopped_after_5000_actions_as_a_draw() -> None:
    sheets = battle_sheets()
    lab = BattleLab()
    lab.rules = Stalling(lab.rules, limit=6000)  # type: ignore[assignment]
    bout = lab.play(sheets["spear-rookie"], sheets["hammer-rookie"], 1, Layout(False, True),
                    TABLES)
    assert lab.rules.actions == 5000  # type: ignore[attr-defined]
    assert bout == Bout(0, 0, False)  # no winner, nobody died, no turn finished


def _battle_by_hand(row: Entrant, col: Entrant, seed: int, layout: Layout) -> Bout:
    lab = BattleLab()
    state = lab.rules.new_state(lab.setup(row, col, layout), TABLES)
    dice = SeededDice(seed)
    while (action := lab.rules.choose(state)) is not None:
        lab.rules.apply(state, action, dice)
    result = state.result
    row_side = "b" if layout.row_second else "a"
    return Bout(1 if result.winner == row_side else -1, state.turn_count,
                result.loser in result.dead)


@pytest.mark.parametrize(("row", "col", "seed", "layout", "died"), [
    ("morning-star-brute", "dart-thrower", 2, Layout(False, True), True),  # killed
    ("dart-thrower", "morning-star-brute", 2, Layout(True, True), True),  # the same, seen back
    ("spear-rookie", "war-hammer-giant", 7, Layout(False, True), False),  # beaten, he lives
])
def test_a_battle_bout_says_whether_the_loser_died(row, col, seed, layout, died) -> None:
    sheets = battle_sheets()
    bout = BattleLab().play(sheets[row], sheets[col], seed, layout, TABLES)
    assert bout == _battle_by_hand(sheets[row], sheets[col], seed, layout)
    assert bout.loser_died is died and bout.outcome in (1, -1)


def test_the_battle_system_has_a_computer_player_and_the_lab_needs_one(monkeypatch) -> None:
    ready()  # it has one: no complaint
    monkeypatch.setattr(BattleRules, "choose", Ruleset.choose)
    with pytest.raises(UserError, match="the battle system has no computer player yet"):
        ready()


def test_battle_sheets_are_the_fit_ones_each_key_once_from_the_first_folder(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    shutil.copy(SAMPLES / "spear-rookie.json", first)
    dead = json.loads((SAMPLES / "hammer-rookie.json").read_text())
    (first / "the-dead-one.json").write_text(json.dumps({**dead, "status": "dead"}))
    other = json.loads((SAMPLES / "spear-rookie.json").read_text())
    (second / "spear-rookie.json").write_text(json.dumps({**other, "name": "Another Spear"}))
    shutil.copy(SAMPLES / "hammer-rookie.json", second)
    found = sheet_entrants([tmp_path / "missing", first, second])
    assert [(e.key, e.name) for e in found] == [("spear-rookie", "Spear Rookie"),
                                                ("hammer-rookie", "Hammer Rookie")]
    spec = found[0].spec
    assert spec["name"] == "Spear Rookie" and None not in spec.values()
    with pytest.raises(UserError, match="no battle-system sheets to play"):
        sheet_entrants([tmp_path / "missing"])
    with pytest.raises(UserError, match="no battle-system sheets to play"):
        sheet_entrants([tmp_path / "first" / "nothing-here"])


# --- who moves first ----------------------------------------------------------------------
def test_only_the_skirmish_lab_chooses_who_moves_first() -> None:
    assert system_for("skirmish").sets_first_move is True
    assert system_for("grimdark").sets_first_move is False
    assert system_for("battle").sets_first_move is False


def test_where_the_rules_choose_who_moves_first_the_labs_first_move_changes_nothing():
    sheets = battle_sheets()
    smash, beast = grimdark_entrants()["lord-smash"], grimdark_entrants()["sewer-beast"]
    for seed in (1, 2):
        for second in (False, True):
            assert BattleLab().play(sheets["spear-rookie"], sheets["dart-thrower"], seed,
                                    Layout(second, True), TABLES) == \
                BattleLab().play(sheets["spear-rookie"], sheets["dart-thrower"], seed,
                                 Layout(second, False), TABLES)
            assert GrimdarkLab().play(smash, beast, seed, Layout(second, True), TABLES) == \
                GrimdarkLab().play(smash, beast, seed, Layout(second, False), TABLES)


# --- Grimdark Gladiators ------------------------------------------------------------------
@functools.cache
def grimdark_entrants() -> dict[str, Entrant]:
    return {e.key: e for e in roster_entrants(samples_folder(), TABLES)[0]}


def test_a_grimdark_match_never_ending_is_stopped_at_turn_200_as_a_draw_with_no_death():
    found = grimdark_entrants()
    lab = GrimdarkLab()
    lab.rules = Stalling(lab.rules, turns=True, limit=250)  # type: ignore[assignment]
    bout = lab.play(found["lord-smash"], found["sewer-beast"], 1, Layout(False, True), TABLES)
    assert bout == Bout(0, 200, False, (Lapses(), Lapses()))


def test_a_grimdark_match_stopped_at_the_turn_limit_is_a_draw_with_no_death(monkeypatch):
    found = grimdark_entrants()
    monkeypatch.setattr(grimdark, "MAX_TURNS", 3)  # every sample match lasts longer
    for seed in range(4):
        bout = GrimdarkLab().play(found["lord-smash"], found["sewer-beast"], seed,
                                  Layout(seed % 2 == 1, True), TABLES)
        assert (bout.outcome, bout.turns, bout.loser_died) == (0, 3, False)
        assert bout.lapses is not None
        assert bout.lapses[0].turns + bout.lapses[1].turns > 0  # the turns were counted


def _grimdark_by_hand(row: Entrant, col: Entrant, seed: int, layout: Layout
                      ) -> tuple[int, int, bool]:
    lab = GrimdarkLab()
    state = lab.rules.new_state(lab.setup(row, col, layout), TABLES)
    dice = SeededDice(seed)
    lab.rules.apply(state, {"type": "start"}, dice)
    while not state.over:
        lab.rules.apply(state, lab.rules.choose(state), dice)
    team = state.result["winning_team"]
    row_team = "1"
    loser = next(f for f in state.fighters if f.team != team)
    return (1 if team == row_team else -1), state.turn, loser.dead


def test_a_grimdark_bout_is_the_match_played_out_told_from_the_rows_team():
    found = grimdark_entrants()
    smash, beast = found["lord-smash"], found["sewer-beast"]
    seen_deaths = set()
    outcomes = set()
    for seed in (0, 1, 3):  # the loser dies in 0 and 3, lives in 1
        for layout in (Layout(False, True), Layout(True, True)):
            for row, col in ((smash, beast), (beast, smash)):
                bout = GrimdarkLab().play(row, col, seed, layout, TABLES)
                assert (bout.outcome, bout.turns, bout.loser_died) == \
                    _grimdark_by_hand(row, col, seed, layout)
                seen_deaths.add(bout.loser_died)
                outcomes.add(bout.outcome)
    assert seen_deaths == {True, False} and outcomes == {1, -1}


def test_the_labs_quick_view_of_a_grimdark_turn_answers_as_the_summary_does():
    """`seen` stands in for the summary when the lapses are counted: the same active
    stat, stun and cards, playable or not, turn after turn."""
    found = grimdark_entrants()
    lab = GrimdarkLab()

    def read(view: dict[str, Any]) -> list[Any]:
        return [(g["id"], g["active_stat"],
                 any(c["key"] == "stunned" for c in g["conditions"]),
                 [(c["key"], c["playable"], c["always"]) for c in g["hand"]])
                for g in view["gladiators"] if not g.get("defeated")]

    stunned = unplayable = playable = 0
    pairs = [("lord-smash", "sewer-beast"), ("cinder-witch", "arena-robot"),
             ("sewer-beast", "cinder-witch")]
    for seed, (a, b) in enumerate(pairs * 2):
        state = lab.rules.new_state(lab.setup(found[a], found[b], Layout(seed % 2 == 1, True)),
                                    TABLES)
        dice = SeededDice(seed)
        lab.rules.apply(state, {"type": "start"}, dice)
        while not state.over and state.turn < 40:
            views = [state]
            if state.turn == 3:  # and the same turn with a stun, as a blow leaves one
                views.append(stunned_copy := copy.deepcopy(state))
                stunned_copy.fighters[seed % 2].conditions.append(Condition("stunned", fresh=False))
            for view in views:
                mine = read(seen(view))
                assert mine == read(summary(view))
                for _, _, stun, hand in mine:
                    stunned += stun
                    unplayable += sum(1 for _, ok, always in hand if not ok and not always)
                    playable += sum(1 for _, ok, always in hand if ok and not always)
            lab.rules.apply(state, lab.rules.choose(state), dice)
    assert stunned and unplayable and playable


def test_a_grimdark_roster_fields_the_living_with_their_coaching(tmp_path):
    folder = tmp_path / "roster"
    (folder / "coaching").mkdir(parents=True)
    for key in ("lord-smash", "sewer-beast", "cinder-witch"):
        shutil.copy(samples_folder() / f"{key}.json", folder)
    shutil.copy(samples_folder() / "coaching" / "lord-smash.json", folder / "coaching")
    witch = json.loads((folder / "cinder-witch.json").read_text())
    (folder / "cinder-witch.json").write_text(json.dumps({**witch, "dead": True}))
    entrants, notes = roster_entrants(folder, TABLES)
    assert [e.key for e in entrants] == ["lord-smash", "sewer-beast"]
    assert notes == [f"{witch['name']} is left out: he died in an earlier match"]
    smash, beast = entrants
    coaching = json.loads((samples_folder() / "coaching" / "lord-smash.json").read_text())
    assert smash.spec["coaching"] == coaching and beast.spec["coaching"] is None
    assert smash.spec["sheet"]["name"] == smash.name == "Lord Smash"
    assert None not in smash.spec["sheet"].values()


@pytest.mark.parametrize(("make", "words"), [
    (lambda root: root / "missing", "no such folder"),
    (lambda root: root, "no gladiator sheets"),
])
def test_a_grimdark_roster_with_nobody_to_field_is_refused(make, words, tmp_path):
    with pytest.raises(UserError, match=words):
        roster_entrants(make(tmp_path), TABLES)


# --- the hex skirmish ---------------------------------------------------------------------
def _skirmish_by_hand(row: Entrant, col: Entrant, seed: int, layout: Layout) -> Bout:
    specs = [col.spec, row.spec] if layout.row_second else [row.spec, col.spec]
    mine = "B" if layout.row_second else "A"
    theirs = "A" if mine == "B" else "B"
    state = simulate_bout({"gladiators": specs}, seed, tables=TABLES,
                          first=mine if layout.row_first else theirs)
    if state.winner is None:
        return Bout(0, state.turn_number, False)
    loser = state.glad(theirs if state.winner == mine else mine)
    return Bout(1 if state.winner == mine else -1, state.turn_number, loser.status == KILLED)


def test_a_skirmish_bout_is_the_bout_played_out_told_from_the_rows_side():
    samnite, velite = type_entrants(TABLES, ["samnite", "velite"])
    deaths, outcomes = set(), set()
    for seed in range(5):
        for layout in LAYOUTS:
            bout = SkirmishLab().play(samnite, velite, seed, layout, TABLES)
            assert bout == _skirmish_by_hand(samnite, velite, seed, layout)
            deaths.add(bout.loser_died)
            outcomes.add(bout.outcome)
    assert deaths == {True, False} and outcomes == {1, -1}


def test_a_skirmish_bout_with_no_winner_is_a_draw_with_no_death(monkeypatch):
    real = skirmish.simulate_bout
    monkeypatch.setattr(skirmish, "simulate_bout",
                        lambda state, seed, **kw: real(state, seed, max_turns=2, **kw))
    samnite, velite = type_entrants(TABLES, ["samnite", "velite"])
    for layout in LAYOUTS:
        bout = SkirmishLab().play(samnite, velite, 1, layout, TABLES)
        assert (bout.outcome, bout.loser_died) == (0, False) and 2 <= bout.turns <= 3


def test_skirmish_types_are_named_by_id_or_name_each_once():
    found = type_entrants(TABLES, ["velite", " Thracian or Secutor ", "VELITE", "samnite"])
    assert [e.key for e in found] == ["velite", "thracian", "samnite"]
    assert found[1] == Entrant("thracian", "Thracian or Secutor", {"type": "thracian"})
    assert len(type_entrants(TABLES)) == 13
    with pytest.raises(UserError, match="no gladiator type 'gladius'; the types are samnite, "
                       "retiarius"):
        type_entrants(TABLES, [" gladius "])


def _kit(folder: Path, stem: str, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}.json").write_text(json.dumps({
        "format": "companion-kit", "name": name,
        "kit": {"weapons": [{"weapon": "net", "side": "right"}]}}))


def test_saved_kits_are_named_by_name_or_file_each_once(tmp_path):
    folder = tmp_path / "kits"
    _kit(folder, "twin-nets", "Twin nets")
    _kit(folder, "lone-net", "A lone net")
    every = kit_entrants(TABLES, ["ALL "], folder)
    assert [e.key for e in every] == ["kit:lone-net", "kit:twin-nets"]
    assert every[0].spec["name"] == "A lone net" and set(every[0].spec) == {"name", "kit"}
    found = kit_entrants(TABLES, ["twin-NETS", "a lone net", "Twin nets"], folder)
    assert [e.name for e in found] == ["Twin nets", "A lone net"]
    with pytest.raises(UserError, match=r"no saved kit 'nets' \(A lone net, Twin nets\)"):
        kit_entrants(TABLES, ["nets"], folder)
    with pytest.raises(UserError, match="no saved kit 'nets' \\(none saved in "):
        kit_entrants(TABLES, ["nets"], tmp_path / "empty")
    with pytest.raises(UserError, match="--kits all: no saved kits in "):
        kit_entrants(TABLES, ["all"], tmp_path / "empty")
    with pytest.raises(UserError, match="no saved kit 'all'"):
        kit_entrants(TABLES, ["all", "twin-nets"], folder)


def test_a_broken_kit_file_is_refused_by_name_or_with_all(tmp_path):
    folder = tmp_path / "kits"
    _kit(folder, "twin-nets", "Twin nets")
    (folder / "broken.json").write_text("{")
    (folder / "worse.json").write_text("[")
    for wanted in (["all"], ["twin-nets"]):
        with pytest.raises(UserError, match=r"broken\.json"):
            kit_entrants(TABLES, wanted, folder)


def test_kits_come_from_the_users_kit_folder_by_default(tmp_path):
    from companion.rulesets.skirmish.kits import kits_dir

    _kit(kits_dir(), "twin-nets", "Twin nets")
    assert [e.key for e in kit_entrants(TABLES, ["all"])] == ["kit:twin-nets"]
