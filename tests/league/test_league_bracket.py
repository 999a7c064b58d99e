"""The bracket as its picture shows it (`companion.league.bracket`), worked out from a
league's records: single elimination from the first round to the final with the
places still open, double elimination's winners' and losers' brackets to the
champion, and round robin's or Swiss's rounds as columns of pairings."""

from __future__ import annotations

from support.league_scene import CLOCK, CUP, EVENT, make_league

from companion.league import records
from companion.league.bracket import bracket
from companion.league.making import make_round
from companion.stable.store import Stable


def forfeit_round(stable: Stable, league: records.League) -> None:
    """Every open match of the league won by its first gladiator."""
    for m in records.matches(stable, league.id):
        if not m.done:
            records.forfeit(stable, m.id, [m.entries[1].gladiator_id], "absent")


def test_single_elimination_from_the_first_round_to_its_champion():
    make_league()
    with Stable.open() as stable:
        cup = records.league_named(stable, CUP)
        before = bracket(stable, cup)
        first, final = before.sections[0].columns
        assert before.sections[0].tree and (first.title, final.title) == ("Round 1", "Final")
        assert len(first.slots) == 2 and final.slots[0].names == ("", "")
        make_round(stable, cup, "", CLOCK)
        forfeit_round(stable, cup)
        after = bracket(stable, cup).sections[0].columns
        assert all(s.winner == 0 and s.note == "forfeit" for s in after[0].slots)
        assert after[1].slots[0].names == tuple(s.names[0] for s in after[0].slots)
        make_round(stable, cup, "", CLOCK)
        forfeit_round(stable, cup)
        done = bracket(stable, cup)
        assert done.champion == after[0].slots[0].names[0]


def test_double_elimination_has_a_losers_bracket_and_a_grand_final():
    make_league()
    with Stable.open() as stable:
        members = [g for g, _s in records.members(stable, records.league_named(
            stable, CUP).id)]
        event = records.new_league(stable, "Double", "battle", "double", home_away=False,
                                   folder=str(stable.path.parent / "double"), clock=CLOCK)
        records.add_members(stable, event, members)
        for _ in range(10):
            drawn = bracket(stable, event)
            if drawn.champion:
                break
            make_round(stable, event, "", CLOCK)
            forfeit_round(stable, event)
        titles = [s.title for s in drawn.sections]
        assert titles == ["Winners' bracket", "Losers' bracket"]
        assert drawn.sections[0].columns[-1].title == "Grand final"
        assert drawn.champion  # the top seed, who never lost


def test_a_swiss_event_is_its_rounds_pairings():
    make_league()
    with Stable.open() as stable:
        drawn = bracket(stable, records.league_named(stable, EVENT))
    (column,) = drawn.sections[0].columns
    assert column.title == "Round 1" and len(column.slots) == 4
    assert [s.winner for s in column.slots] == [1, 0, None, None]
