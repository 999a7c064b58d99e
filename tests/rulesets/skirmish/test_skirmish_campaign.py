"""A campaign's gladiator comes out of the stable as his career holds him: his type,
his skills, the men he has beaten today and whether the crowd spared him earlier
today; and the arena's day counts how many the crowd has spared. Another day's bouts
count for nothing."""

from __future__ import annotations

from datetime import date, timedelta

from support.skirmish_careers import bout, gladiator

from companion.rulesets.skirmish.campaign import day_of, roll_call, spared_today, spec_of
from companion.stable.finding import lookup
from companion.stable.recording import preview, record
from companion.stable.store import Stable

QUINTUS_SPARES_JULIUS = 1  # both unskilled: Quintus wins, the crowd spares Julius


def recorded(session) -> None:
    with Stable.open() as stable:
        record(preview(session, stable, {}, "bout.json"), stable)


def test_a_gladiator_of_the_stable_is_his_type_his_skills_and_his_day():
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                   QUINTUS_SPARES_JULIUS)
    recorded(session)
    today = day_of(session.created)
    with Stable.open(create=False) as stable:
        quintus, julius = lookup(stable, "quintus", "skirmish"), lookup(stable, "#2", "skirmish")
        assert quintus is not None and julius is not None
        assert spec_of(stable, quintus, today) == {
            "name": "Quintus", "type": "samnite", "skills": ["extra-ap"],
            "defeated_today": 1}
        assert spec_of(stable, julius, today) == {
            "name": "Julius", "type": "myrmillo", "spared_today": True}
        # Mercy used up: the crowd has spared one man today.
        assert spared_today(stable, today) == 1


def test_the_bouts_of_another_day_are_not_today():
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                   QUINTUS_SPARES_JULIUS)
    recorded(session)
    tomorrow = day_of(session.created) + timedelta(days=1)
    with Stable.open(create=False) as stable:
        julius = lookup(stable, "Julius", "skirmish")
        assert julius is not None
        assert spec_of(stable, julius, tomorrow) == {"name": "Julius", "type": "myrmillo"}
        assert spared_today(stable, tomorrow) == 0


def test_the_start_screens_roll_call_offers_the_living_and_says_their_skills():
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                   QUINTUS_SPARES_JULIUS)
    recorded(session)
    roll = roll_call(day_of(session.created))
    assert [label for label, _ in roll.choices] == [
        "Julius (stable, 0 skills)", "Quintus (stable, 1 skill)"]
    assert roll.spared_today == 1 and roll.problem == ""


def test_a_broken_stable_is_one_line_and_no_choice(tmp_path):
    from companion import paths

    paths.stable_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stable_path().write_bytes(b"not a database at all" * 100)
    roll = roll_call(date(2026, 12, 5))
    assert roll.choices == () and roll.problem.startswith("the stable was not read: ")
    assert "\n" not in roll.problem


def test_a_dead_man_of_the_stable_is_not_offered():
    for seed in range(1, 80):
        session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
                       seed)
        if session.state.glad("B").status == "killed":
            break
    else:
        raise AssertionError("no seed from 1 to 79 kills Julius")
    recorded(session)
    roll = roll_call(day_of(session.created))
    assert [label for label, _ in roll.choices] == ["Quintus (stable, 1 skill)"]
    assert roll.spared_today == 0  # Julius died: the crowd spared no one
