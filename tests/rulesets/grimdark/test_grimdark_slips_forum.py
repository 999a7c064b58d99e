"""Slips in reading a forum sheet the forum tests did not catch: the house lines a
sheet may carry (Name:, Manager:, Status:), each read or named when it cannot be, and a
list that goes on after a blank line."""

from __future__ import annotations

import pytest
from support.places import TESTS

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import ForumError, read_forum
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))
POST = (TESTS / "grimdark_forum" / "brannoc-veteran.txt").read_text(
    encoding="utf-8")
UNNAMED = POST.replace("[b]Old Brannoc[/b]\n", "")


def problems(text: str) -> list[str]:
    with pytest.raises(ForumError) as err:
        read_forum(text, DATA)
    return err.value.problems


def test_a_name_line_names_him_when_no_bold_line_does() -> None:
    g = read_forum("Name: Brannoc the Slow\n" + UNNAMED, DATA).gladiator
    assert g.name == "Brannoc the Slow"
    assert "Name" not in g.description


def test_an_empty_name_or_manager_line_is_named() -> None:
    found = problems("Name:\nManager:\n" + UNNAMED)
    assert any("line 1" in p and "needs the gladiator's name" in p for p in found)
    assert any("line 2" in p and "needs the manager's name" in p for p in found)


def test_a_manager_line_says_whose_he_is() -> None:
    assert read_forum(POST + "\nManager: Ostia\n", DATA).gladiator.manager == "Ostia"


@pytest.mark.parametrize(("status", "npc", "dead"), [
    ("house NPC", True, False), ("dead", False, True), ("NPC and dead", True, True)])
def test_a_status_line_marks_a_house_npc_or_a_dead_gladiator(status, npc, dead) -> None:
    g = read_forum(POST + f"\nStatus: {status}\n", DATA).gladiator
    assert (g.npc, g.dead) == (npc, dead)


def test_a_status_of_anything_else_is_named() -> None:
    assert any("should be 'Status: house NPC'" in p
               for p in problems(POST + "\nStatus: retired\n"))


def test_a_long_line_after_a_list_and_a_blank_line_is_his_story() -> None:
    tale = "He once fought " + "a very long fight " * 14 + "and won."
    assert len(tale) > 200
    g = read_forum(POST + "\n" + tale + "\n", DATA).gladiator
    assert g.description.endswith(tale)
    # Right under the list, with no blank line, it is an entry of the list, and too long.
    assert any("too long for a line of the list" in p for p in problems(POST + tale + "\n"))
