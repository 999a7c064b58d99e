"""The stable's store: one file in the user's data folder, made on the first change;
managers and gladiators of every game; a fight recorded once, with every field it
changed before and after, and taken back exactly; every change all or nothing."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion import paths
from companion.errors import UserError
from companion.stable.model import SheetFile
from companion.stable.schema import APPLICATION_ID, SCHEMA_VERSION
from companion.stable.store import NewChange, NewEntrant, NewFight, Stable

NOW = "2025-03-01T12:00:00Z"
BRENNA = SheetFile("Brenna", '{"format": "x", "name": "Brenna"}\n')
MARCUS = SheetFile("Marcus the Bull", '{"format": "x", "name": "Marcus the Bull"}\n',
                   manager="Livia")
DUEL = NewFight("battle", "2025-03-01", "/tmp/duel.json", "digest-1", "Brenna beat Marcus")


def stable(path=None) -> Stable:
    return Stable.open(path, clock=lambda: NOW)


def test_the_stable_is_one_file_in_the_users_data_folder_made_at_the_first_change():
    path = paths.stable_path()
    assert path.parent == paths.user_data_dir()
    with Stable.open(create=False) as empty:
        assert empty.gladiators() == [] and empty.managers() == []
    assert not path.exists()  # looking made nothing
    with stable() as s:
        s.add_manager("Livia")
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    head = path.read_bytes()[:100]
    assert int.from_bytes(head[68:72], "big") == APPLICATION_ID
    assert int.from_bytes(head[60:64], "big") == SCHEMA_VERSION


def test_a_gladiator_keeps_his_game_his_sheet_as_given_and_the_manager_his_sheet_names():
    with stable() as s:
        brenna, marcus = s.add_gladiators([("battle", BRENNA, "/roster/brenna.json"),
                                           ("grimdark", MARCUS, "")])
        assert (brenna.game, brenna.sheet, brenna.manager_id, brenna.source) == \
            ("battle", BRENNA.text, None, "/roster/brenna.json")
        livia = s.manager_named("livia")
        assert livia is not None and marcus.manager_id == livia.id
        assert s.gladiators(game="grimdark") == [marcus]
        assert s.gladiators(manager_id=livia.id) == [marcus]
        assert s.named("BRENNA") == [brenna] and s.named("Brenna", "grimdark") == []
        assert s.holds("battle", BRENNA.text, None) == brenna
        assert s.holds("battle", BRENNA.text, livia.id) is None


def test_a_manager_named_on_adding_wins_over_the_one_his_sheet_names():
    with stable() as s:
        marcus = s.add_gladiator("grimdark", MARCUS, manager="Quintus")
        quintus = s.manager_named("Quintus")
        assert quintus is not None and marcus.manager_id == quintus.id
        assert s.manager_named("Livia") is None


def test_a_dead_or_starred_sheet_makes_a_dead_or_starred_gladiator():
    with stable() as s:
        g = s.add_gladiator("grimdark", SheetFile("Ghost", "{}", dead=True, starred=True))
        assert (g.alive, g.starred) == (False, True)


def test_managers_names_are_unique_whatever_their_case():
    with stable() as s:
        s.add_manager("Livia")
        with pytest.raises(UserError, match="Livia is in the stable already"):
            s.add_manager("LIVIA")
        with pytest.raises(UserError, match="1 to 80"):
            s.add_manager("  ")


def test_a_fight_changes_careers_and_taking_it_back_restores_every_field_exactly():
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA, manager="Quintus")
        marcus = s.add_gladiator("battle", MARCUS)
        before = s.gladiators()
        fight = s.record_fight(
            DUEL, [(brenna.id, "a", "win"), (marcus.id, "b", "died")],
            [NewChange(brenna.id, "sheet", '{"wins": 1}'),
             NewChange(brenna.id, "sheet", '{"wins": 1, "points": 50}'),
             NewChange(marcus.id, "alive", False),
             NewChange(brenna.id, "starred", True)],
            purse=[(s.manager_named("Livia").id, 100, "the prize")])
        after = {g.id: g for g in s.gladiators()}
        assert after[brenna.id].sheet == '{"wins": 1, "points": 50}'
        assert after[brenna.id].starred and not after[marcus.id].alive
        assert [e.result for _f, e in s.fights_of(marcus.id)] == ["died"]
        assert [c.field for c in s.changes(fight.id)] == ["sheet", "sheet", "alive",
                                                           "starred"]
        assert json.loads(s.changes(fight.id)[0].before) == BRENNA.text
        assert [p.amount for p in s.purse(s.manager_named("Livia").id)] == [100]
        s.take_back(fight.id)
        assert s.gladiators() == before
        assert s.fights_of(brenna.id) == [] and s.changes(fight.id) == []
        assert s.purse(s.manager_named("Livia").id) == []


def test_a_session_is_recorded_once():
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA)
        s.record_fight(DUEL, [(brenna.id, "a", "win")], [NewChange(brenna.id, "name", "B")])
        with pytest.raises(UserError, match="is in the stable already"):
            s.record_fight(DUEL, [(brenna.id, "a", "win")],
                           [NewChange(brenna.id, "name", "C")])
        assert s.gladiator(brenna.id).name == "B"  # the refused one changed nothing


def test_a_fight_is_taken_back_only_while_its_changes_are_the_latest():
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA)
        first = s.record_fight(DUEL, [(brenna.id, "a", "win")],
                               [NewChange(brenna.id, "sheet", "{}")])
        second = s.record_fight(NewFight("battle", "2025-03-02", "/tmp/2.json", "digest-2",
                                         "again"), [(brenna.id, "a", "win")],
                                [NewChange(brenna.id, "sheet", "[]")])
        with pytest.raises(UserError, match="take back the later fight first"):
            s.take_back(first.id)
        s.take_back(second.id)
        s.take_back(first.id)
        assert s.gladiator(brenna.id).sheet == BRENNA.text
        with pytest.raises(UserError, match="no fight #1"):
            s.take_back(first.id)


def test_his_sheet_rewritten_between_fights_only_over_the_sheet_it_was_read_from():
    trained = SheetFile("Brenna the Red", '{"format": "x", "name": "Brenna the Red"}\n')
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA, manager="Livia")
        with pytest.raises(UserError, match="changed while it was being read"):
            s.rewrite_sheet(brenna.id, "{}", trained)
        assert s.gladiator(brenna.id) == brenna
        after = s.rewrite_sheet(brenna.id, BRENNA.text, trained)
        assert (after.name, after.sheet, after.manager_id, after.alive) == \
            ("Brenna the Red", trained.text, brenna.manager_id, True)
        with pytest.raises(UserError, match="no gladiator #99"):
            s.rewrite_sheet(99, BRENNA.text, trained)


def test_a_change_that_fails_half_way_leaves_nothing_of_itself():
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA)
        with pytest.raises(UserError, match="no gladiator #99"):
            s.record_fight(DUEL, [(brenna.id, "a", "win")],
                           [NewChange(brenna.id, "name", "Changed"),
                            NewChange(99, "name", "Nobody")])
        assert s.gladiator(brenna.id).name == "Brenna"
        assert s.fights_of(brenna.id) == [] and s.fight_of_session("digest-1") is None
        with pytest.raises(UserError, match="1 to 80"):
            s.add_gladiators([("battle", BRENNA, ""), ("battle", MARCUS, "")],
                             manager="x" * 81)
        assert len(s.gladiators()) == 1


def test_removing_a_gladiator_with_a_career_needs_asking_and_takes_his_part_of_it():
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA)
        marcus = s.add_gladiator("battle", MARCUS)
        fight = s.record_fight(DUEL, [(brenna.id, "a", "win"), (marcus.id, "b", "loss")],
                               [NewChange(brenna.id, "name", "B")])
        with pytest.raises(UserError, match="has 1 fight in his career"):
            s.remove_gladiator(brenna.id)
        s.remove_gladiator(brenna.id, with_career=True)
        assert s.changes(fight.id) == []
        assert [f.id for f, _e in s.fights_of(marcus.id)] == [fight.id]
        s.remove_gladiator(marcus.id, with_career=True)
        assert s.fight(fight.id) is None  # no one left in it


def test_a_manager_is_removed_only_with_nothing_left_in_his_name():
    with stable() as s:
        marcus = s.add_gladiator("grimdark", MARCUS)
        livia = s.manager_named("Livia")
        with pytest.raises(UserError, match="Livia still has 1 gladiator"):
            s.remove_manager(livia.id)
        s.remove_gladiator(marcus.id)
        s.add_to_purse("Livia", -20, "the entry fee")
        with pytest.raises(UserError, match="1 entry in his purse"):
            s.remove_manager(livia.id)
        with pytest.raises(UserError, match="needs its reason"):
            s.add_to_purse("Livia", 5, " ")


def test_text_a_hand_stored_as_bytes_is_read_as_text(tmp_path):
    path = tmp_path / "stable.sqlite3"
    with stable(path) as s:
        s.add_gladiator("battle", BRENNA)
    db = sqlite3.connect(path)
    db.execute("UPDATE gladiators SET name = ?", (b"Bren\xffna",))
    db.commit()
    db.close()
    with stable(path) as s:
        assert s.gladiators()[0].name == "Bren\ufffdna"


def test_a_fight_brings_its_newcomers_in_and_taking_it_back_takes_them_out_again():
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA)
        before = s.gladiators()
        fight, ids = s.record_fight_of(DUEL, [
            NewEntrant("a", "win", gladiator_id=brenna.id, sheet=BRENNA.text,
                       after=(("sheet", '{"wins": 1}'),)),
            NewEntrant("b", "loss", newcomer=MARCUS, source="/tmp/duel.json",
                       after=(("sheet", '{"losses": 1}'), ("alive", False)),
                       purse=((-10, "the doctor"),))])
        assert ids[0] == brenna.id
        marcus = s.gladiator(ids[1])
        assert (marcus.name, marcus.sheet, marcus.alive, marcus.source) == \
            ("Marcus the Bull", '{"losses": 1}', False, "/tmp/duel.json")
        livia = s.manager_named("Livia")  # his sheet's manager came in with him
        assert marcus.manager_id == livia.id
        assert [p.amount for p in s.purse(livia.id)] == [-10]
        assert [(e.gladiator_id, e.side, e.result) for e in s.entrants(fight.id)] == \
            [(brenna.id, "a", "win"), (marcus.id, "b", "loss")]
        assert s.take_back(fight.id) == [marcus.id]
        assert s.gladiators() == before and s.purse(livia.id) == []
        assert s.manager_named("Livia") is not None  # a manager stays


def test_a_newcomer_with_a_later_fight_stays_when_the_first_is_taken_back():
    with stable() as s:
        first, (brenna_id,) = s.record_fight_of(DUEL, [NewEntrant("a", "win",
                                                                  newcomer=BRENNA)])
        later = NewFight("battle", "2025-03-02", "/tmp/2.json", "digest-2", "again")
        s.record_fight_of(later, [NewEntrant("a", "loss", gladiator_id=brenna_id)])
        assert s.take_back(first.id) == []
        assert s.gladiator(brenna_id).name == "Brenna"


def test_a_fight_worked_out_from_a_sheet_changed_since_is_refused_whole():
    with stable() as s:
        brenna = s.add_gladiator("battle", BRENNA)
        s.add_gladiator("battle", SheetFile("Quintus", "{}"))
        entrants = [NewEntrant("a", "win", newcomer=MARCUS),
                    NewEntrant("b", "loss", gladiator_id=brenna.id, sheet="{}",
                               after=(("sheet", "[]"),))]
        with pytest.raises(UserError, match="Brenna's sheet in the stable changed"):
            s.record_fight_of(DUEL, entrants)
        with pytest.raises(UserError, match="Quintus has no manager to take"):
            s.record_fight_of(DUEL, [NewEntrant("a", "win", gladiator_id=2,
                                                purse=((5, "a prize"),))])
        assert [g.name for g in s.gladiators()] == ["Brenna", "Quintus"]
        assert s.fight_of_session(DUEL.session_digest) is None
