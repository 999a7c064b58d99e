"""The hex skirmish's careers, as the seed's experience rule reads, on bouts the
computer plays to their end on seeded dice: a gladiator who beats one with as many
skills gains a skill, never more than five; a bout that kills him ends his career;
house extras (named only after their type) have none."""

from __future__ import annotations

import json

import pytest
from support.skirmish_careers import bout, gladiator

from companion.errors import UserError
from companion.rulesets.skirmish.career_sheet import SkirmishGladiator, gladiator_text
from companion.rulesets.skirmish.careers import CAREERS
from companion.rulesets.skirmish.stable import SHEETS
from companion.session.session import Session

ALL = ["extra-ap", "attack-die", "defence-die", "base-strength", "popular"]

# Seeds whose bout ends as a test needs (found by playing them).
QUINTUS_SPARES_JULIUS = 1  # both unskilled: Quintus wins, the crowd spares Julius
JULIUS_KILLS_QUINTUS = 2  # both unskilled
SKILLED_QUINTUS_WINS = 1  # Quintus (one skill) beats unskilled Julius, who dies
FIVE_QUINTUS_WINS = 3  # both with all five skills: Quintus wins
QUINTUS_BEATS_EXTRA = 3  # Quintus beats an unnamed Retiarius


def careers(session: Session, sheets: dict[str, str] | None = None) -> dict[str, dict]:
    """Each named gladiator's result and sheet after the bout, by name."""
    entries = CAREERS.entries(session.state)
    given = {e.side: e.sheet.text for e in entries} | (sheets or {})
    fight = CAREERS.careers(session.state, given, session.events)
    names = {g.id: g.name for g in session.state.gladiators}
    return {names[c.side]: {"result": c.result, "dead": c.dead, "said": list(c.said),
                            "sheet": json.loads(c.sheet)} for c in fight.careers}


def test_a_gladiator_who_beats_one_with_as_many_skills_gains_a_skill():
    done = careers(bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                        QUINTUS_SPARES_JULIUS))
    quintus, julius = done["Quintus"], done["Julius"]
    assert quintus["result"] == "win" and quintus["sheet"]["wins"] == 1
    assert quintus["sheet"]["skills"] == ["extra-ap"]
    assert "a skill: Quick, for beating a gladiator with at least as many skills (1 of 5)" \
        in quintus["said"]
    assert julius["result"] == "loss" and julius["sheet"]["losses"] == 1
    assert "skills" not in julius["sheet"] and julius["sheet"]["spared"] == 1
    assert "spared by the crowd" in julius["said"]


def test_beating_a_gladiator_with_fewer_skills_gains_none():
    """The seed's example: Quintus, with a skill now, beats Julius again."""
    done = careers(bout([gladiator("Quintus", "samnite", ["extra-ap"]),
                         gladiator("Julius", "myrmillo")], SKILLED_QUINTUS_WINS))
    quintus = done["Quintus"]
    assert quintus["result"] == "win" and quintus["sheet"]["skills"] == ["extra-ap"]
    assert "no new skill: everyone he beat had fewer skills than his 1" in quintus["said"]


def test_never_more_than_five_skills():
    done = careers(bout([gladiator("Quintus", "samnite", ALL),
                         gladiator("Julius", "myrmillo", ALL)], FIVE_QUINTUS_WINS))
    quintus = done["Quintus"]
    assert quintus["result"] == "win" and quintus["sheet"]["skills"] == ALL
    assert "no new skill: he has 5, the most a gladiator can have" in quintus["said"]


def test_the_skill_goes_to_the_sheet_the_stable_holds_each_skill_once():
    """He was made popular by hand since the setup was written: he keeps it, and the
    skill he earns is the first he lacks."""
    sheet = gladiator_text(SkirmishGladiator(name="Quintus", type="samnite",
                                             skills=["extra-ap"], wins=3, losses=2))
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                   QUINTUS_SPARES_JULIUS)
    done = careers(session, {"A": sheet})
    assert done["Quintus"]["sheet"]["skills"] == ["extra-ap", "attack-die"]
    assert done["Quintus"]["said"][:1] == ["wins 3 to 4"]


def test_a_bout_that_kills_him_ends_his_career():
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                   JULIUS_KILLS_QUINTUS)
    done = careers(session)
    assert done["Quintus"]["dead"] and done["Quintus"]["sheet"]["dead"] is True
    assert done["Quintus"]["said"][-1] == "dead" and "skills" not in done["Quintus"]["sheet"]
    assert done["Julius"]["sheet"]["kills"] == 1
    dead = gladiator_text(SkirmishGladiator.model_validate(done["Quintus"]["sheet"]))
    assert SHEETS.parse(dead, "quintus.json").dead
    with pytest.raises(UserError, match="a dead man's career takes no more fights"):
        careers(session, {"A": dead})


def test_a_house_extra_named_after_his_type_has_no_career():
    session = bout([gladiator("Quintus", "samnite"), gladiator(None, "retiarius")],
                   QUINTUS_BEATS_EXTRA)
    assert [e.sheet.name for e in CAREERS.entries(session.state)] == ["Quintus"]
    done = careers(session)
    assert list(done) == ["Quintus"] and done["Quintus"]["sheet"]["skills"] == ["extra-ap"]


def test_a_bout_not_over_is_refused():
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                   QUINTUS_SPARES_JULIUS, most=3)
    with pytest.raises(UserError, match="the bout is not over yet"):
        careers(session)


def test_a_kit_in_the_stable_under_his_name_becomes_his_sheet():
    kit = json.dumps({"format": "companion-kit", "name": "Quintus",
                      "kit": {"weapons": [{"weapon": "sword"}], "armour": "light-armour"}})
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                   QUINTUS_SPARES_JULIUS)
    sheet = careers(session, {"A": kit})["Quintus"]["sheet"]
    assert sheet["kit"]["armour"] == "light-armour" and "type" not in sheet
    assert sheet["wins"] == 1 and sheet["skills"] == ["extra-ap"]


@pytest.mark.parametrize(("fields", "words"), [
    ({"type": "samnite", "skills": [*ALL, "extra-ap"]}, "skills: at most 5 items"),
    ({"type": "samnite", "skills": ["popular", "popular"]}, "only have each skill once"),
    ({}, "give his type or his kit"),
    ({"type": "samnite", "skills": ["lucky"]}, "'lucky' is not in skirmish-experience"),
    ({"type": "gaul"}, "'gaul' is not in skirmish-types"),
])
def test_a_sheet_breaking_the_seeds_rules_is_refused_in_words(fields, words):
    text = json.dumps({"format": "companion-skirmish-gladiator", "name": "Quintus",
                       **fields})
    with pytest.raises(UserError, match=words):
        SHEETS.parse(text, "quintus.json")


def test_a_named_gladiators_sheet_in_words_names_his_type_and_skills_as_the_tables_do():
    text = gladiator_text(SkirmishGladiator(name="Quintus", type="samnite",
                                            skills=["popular"], wins=2, losses=1,
                                            spared=1))
    assert SHEETS.parse(text, "q.json").name == "Quintus"
    assert SHEETS.export(text) == text
    # The tables' names, never their keys ("contra-retiarius", "extra-ap").
    assert SHEETS.summary(text) == "Samnite; Popular; 2 wins, 1 loss"
    assert SHEETS.lines(text) == ["Type: Samnite", "Skills: Popular",
                                  "Record: 2 wins, 1 loss", "Spared by the crowd: 1 time",
                                  "Status: alive"]


def test_a_hyphenated_type_and_skill_read_as_their_names():
    text = gladiator_text(SkirmishGladiator(name="Q", type="contra-retiarius",
                                            skills=["extra-ap"]))
    assert SHEETS.lines(text)[:2] == ["Type: Contra-Retiarius", "Skills: Quick"]
