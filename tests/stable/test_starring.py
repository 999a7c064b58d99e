"""The limit on starred gladiators (seed 000: "a player may have up to three starred
gladiators at any time"), wherever a gladiator becomes starred in the stable: added,
starred, or starred by a fight. Past it the change is refused in words naming those he
has, and nothing of it is written. A game without the limit (none of the others has
starred gladiators) is never refused; a gladiator with no manager is nobody's."""

from __future__ import annotations

import re

import pytest

from companion.stable.model import SheetFile
from companion.stable.starring import refusal, refusals, starred_most
from companion.stable.store import NewChange, NewFight, Refused, Stable

THREE = "Ann has three starred gladiators (Ajax, Brutus and Crixus)"


def star(name: str, manager: str = "Ann", *, dead: bool = False) -> SheetFile:
    return SheetFile(name, f'{{"name": "{name}"}}\n', manager=manager, starred=True, dead=dead)


def plain(name: str, manager: str = "Ann") -> SheetFile:
    return SheetFile(name, f'{{"name": "{name}"}}\n', manager=manager)


@pytest.fixture
def stable(tmp_path):
    with Stable.open(tmp_path / "stable.sqlite3") as opened:
        opened.add_gladiators([("grimdark", star(n), "") for n in ("Ajax", "Brutus",
                                                                    "Crixus")])
        yield opened


def test_grimdark_allows_three_and_the_other_games_have_no_limit():
    assert starred_most("grimdark") == 3
    assert starred_most("battle") is None and starred_most("skirmish") is None
    assert starred_most("a game no one knows") is None


def test_a_fourth_starred_gladiator_of_a_manager_is_refused_in_words(stable):
    with pytest.raises(Refused, match=re.escape(f"Lord Smash cannot be starred: {THREE}")):
        stable.add_gladiator("grimdark", star("Lord Smash"))
    assert [g.name for g in stable.gladiators()] == ["Ajax", "Brutus", "Crixus"]


def test_adding_several_is_refused_whole_when_one_is_past_the_limit(stable):
    with pytest.raises(Refused, match="Spartacus cannot be starred"):
        stable.add_gladiators([("grimdark", plain("Gannicus"), ""),
                               ("grimdark", star("Spartacus"), "")])
    assert len(stable.gladiators()) == 3


def test_not_counted_another_manager_no_manager_another_game_the_dead_the_unstarred(stable):
    stable.add_gladiators([("grimdark", star("Lord Smash", "Bea"), ""),
                           ("grimdark", star("Nobody's", ""), ""),
                           ("battle", star("Brenna"), ""),
                           ("grimdark", star("Old Bones", dead=True), ""),
                           ("grimdark", plain("Gannicus"), "")])
    assert len(stable.gladiators()) == 8


def test_the_dead_leave_room_for_another(stable):
    ajax = stable.named("Ajax")[0]
    stable.record_fight(NewFight("grimdark", "2026-01-01", "m.json", "m", "Ajax fell"),
                        [(ajax.id, "a", "loss")], [NewChange(ajax.id, "alive", False)])
    assert stable.add_gladiator("grimdark", star("Lord Smash")).starred


def test_starring_one_past_the_limit_is_refused_and_he_stays_as_he_was(stable):
    smash = stable.add_gladiator("grimdark", plain("Lord Smash"))
    with pytest.raises(Refused, match=re.escape(f"cannot be starred: {THREE}")):
        stable.set_starred(smash.id, True, '{"starred": true}\n')
    assert stable.gladiator(smash.id) == smash
    crixus = stable.named("Crixus")[0]
    stable.set_starred(crixus.id, False, '{"name": "Crixus", "starred": false}\n')
    again = stable.set_starred(smash.id, True, '{"starred": true}\n')
    assert again.starred and again.sheet == '{"starred": true}\n'


def test_a_fight_that_stars_one_past_the_limit_is_refused(stable):
    smash = stable.add_gladiator("grimdark", plain("Lord Smash"))
    fight = NewFight("grimdark", "2026-01-01", "m.json", "m", "Lord Smash won")
    with pytest.raises(Refused, match="Lord Smash cannot be starred"):
        stable.record_fight(fight, [(smash.id, "a", "win")],
                            [NewChange(smash.id, "starred", True)])
    assert stable.fight_of_session("m") is None and not stable.gladiator(smash.id).starred


def test_a_manager_already_past_the_limit_may_still_add_the_unstarred(stable):
    # A stable filled before the limit was checked keeps what it has.
    stable._db.execute("UPDATE gladiators SET starred = 1")  # type: ignore[union-attr]
    stable.add_gladiator("grimdark", plain("Gannicus"))
    assert len(stable.gladiators()) == 4


def test_planning_counts_those_in_the_stable_and_those_added_before_him():
    held = {("Ann", "grimdark"): ["Ajax", "Brutus"]}
    found = refusals([("grimdark", star("Crixus"), "Ann"), ("grimdark", star("Doris"), "ann"),
                      ("grimdark", plain("Eli"), "Ann"), ("battle", star("Fay"), "Ann"),
                      ("grimdark", star("Gus"), "")],
                     lambda manager, game: held.get((manager, game), []))
    assert found == [None, "Doris cannot be starred: ann has three starred gladiators "
                     "(Ajax, Brutus and Crixus)", None, None, None]


def test_the_refusal_counts_in_words():
    assert refusal("Rex", "Ann", ["Ajax"]) == \
        "Rex cannot be starred: Ann has one starred gladiator (Ajax)"
