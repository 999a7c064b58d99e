"""The forum sheet: a Grimdark gladiator pasted from a roster thread in the seed's
format, and written back the same way."""

from __future__ import annotations

import pytest
from support.places import TESTS

from companion.rulesets.grimdark.build import points_spent, problems, slots_used
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import ForumError, read_forum, write_forum
from companion.rulesets.grimdark.sheet import Gladiator, load_gladiator, samples_dir
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))
# The seed's own Lord Smash passage, copied from its sample gladiators' post.
SEED_TEXT = (TESTS / "grimdark_forum" / "lord-smash-seed.txt").read_text(
    encoding="utf-8")


def read(text: str) -> Gladiator:
    return read_forum(text, DATA).gladiator


def test_lord_smash_imports_from_the_seeds_own_text_and_validates() -> None:
    imported = read_forum(SEED_TEXT, DATA)
    smash = imported.gladiator
    assert imported.notes == []
    assert smash.name == "Lord Smash" and not smash.starred
    assert smash.stats() == {"brutality": 6, "style": 3, "mind": 3, "weird": 3}
    assert (smash.fame, smash.wins, smash.losses) == (0, 0, 0)
    assert smash.abilities == {"berserker": 1, "combat-focus": 6, "endurance": 5,
                               "fierce-attack": 1}
    assert points_spent(smash, DATA) == 23 == 20 + smash.mind
    assert sum(smash.moves.values()) == 20 and smash.moves["flurry-of-blows"] == 5
    [axe] = smash.weapons
    assert (axe.name, axe.weight, axe.reach, axe.properties) == (
        "Oversized greataxe", "heavy", "melee", ["crushing", "tenacious"])
    assert slots_used(smash, DATA).total == 5
    assert problems(smash, DATA) == []


def test_the_story_around_the_sheet_becomes_his_description() -> None:
    smash = read(SEED_TEXT)
    assert smash.description.startswith("Lord Smash was once the lord of a mighty Greenskin")
    assert smash.description.endswith("with his gigantic axe.")
    assert "Brutality" not in smash.description


def test_the_shipped_sample_is_the_seeds_lord_smash() -> None:
    # The sample tells his story in our words; the rest is the seed's sheet, read.
    shipped = load_gladiator(samples_dir() / "lord-smash.json")
    assert shipped.model_copy(update={"description": ""}) == \
        read(SEED_TEXT).model_copy(update={"description": ""})
    assert "Greenskin warlord" in shipped.description


MESSY = """[quote][b]Lord Smash*[/b]
[i]An old Greenskin with a grudge.[/i]

  BRUTALITY : 6
[color=red]style:3[/color]
 Mind: 3
- Weird:   3

fame: 2
RECORD: 3 - 1
Active stat: style

[b]Abilities:[/b] (23 points)
• berserker
• COMBAT FOCUS (6)
• Endurance 5
• fierce attack

[spoiler]Moves: (20)
* 5x flurry of blows
* Brutal Bash × 4
* wild charge (2)
* grapple x 2
* Merciless Beating x2
* last stand
* basic melee: 4[/spoiler]

Equipment:
- Oversized greataxe (heavy, Crushing, TENACIOUS, melee)
Armour: 0 slots
[/quote]
He came back for more."""


def test_case_spacing_bullets_and_bbcode_are_read_through() -> None:
    g = read(MESSY)
    smash = read(SEED_TEXT)
    assert g.name == "Lord Smash" and g.starred
    assert g.stats() == smash.stats() and g.active_stat == "style"
    assert (g.fame, g.wins, g.losses) == (2, 3, 1)
    assert g.abilities == smash.abilities and g.moves == smash.moves
    assert g.weapons == smash.weapons
    assert g.description == "An old Greenskin with a grudge.\n\nHe came back for more."


def test_a_sheet_line_that_cannot_be_read_is_named_with_its_line_number() -> None:
    text = SEED_TEXT.replace("Style: 3", "Style: three").replace(
        "Grapple x2", "Grappel x2").replace("(Heavy crushing", "(Heavy crunching")
    with pytest.raises(ForumError) as err:
        read(text)
    assert err.value.problems == [
        "line 5: 'Style: three' needs a whole number after 'Style:'",
        "line 22: 'Grappel x2' is not a move in the Grimdark moves table",
        "line 28: 'Oversized greataxe (Heavy crunching tenacious melee)' names 'crunching', "
        "which is no weapon property",
    ]


def test_a_second_sheet_line_of_the_same_kind_is_named() -> None:
    with pytest.raises(ForumError) as err:
        read(SEED_TEXT.replace("Fame: 0", "Fame: 0\nBrutality: 7"))
    assert err.value.problems == ["line 10: 'Brutality: 7' gives Brutality a second time"]


def test_an_unknown_ability_in_the_list_is_named() -> None:
    with pytest.raises(ForumError, match="line 15: 'Kung Fu 3' is not an ability"):
        read(SEED_TEXT.replace("Endurance 5", "Kung Fu 3"))


def test_a_sheet_without_a_name_or_a_stat_says_what_it_lacks() -> None:
    text = SEED_TEXT.replace("[ic=Lord Smash]", "").replace("Weird: 3\n", "")
    with pytest.raises(ForumError) as err:
        read(text)
    assert err.value.problems == [
        "the sheet names no gladiator: copy the whole post, its [ic=Name] tag too, or "
        "add a line such as 'Name: Lord Smash'",
        "the sheet has no Weird line"]


def test_a_weapon_must_say_light_or_heavy_and_melee_or_ranged() -> None:
    with pytest.raises(ForumError, match="must say melee or ranged"):
        read(SEED_TEXT.replace("(Heavy crushing tenacious melee)", "(Heavy crushing)"))


def test_a_count_the_sheet_claims_wrongly_is_a_note_not_a_refusal() -> None:
    imported = read_forum(SEED_TEXT.replace("Moves: (20)", "Moves: (21)"), DATA)
    assert imported.notes == ["line 18: the sheet says 21 moves; it lists 20"]


def test_an_elemental_weapon_keeps_its_element() -> None:
    text = SEED_TEXT.replace("Oversized greataxe (Heavy crushing tenacious melee)",
                             "Flame knife (Light elemental fire melee)")
    [knife] = read(text).weapons
    assert (knife.properties, knife.element) == (["elemental"], "fire")


@pytest.mark.parametrize("changes", [
    {},
    {"starred": True, "active_stat": "mind", "fame": 4, "wins": 7, "losses": 2, "armour": 1,
     "description": "Two lines\nof story.\n\nAnd a second paragraph."},
    {"weapons": [{"name": "Twin knives", "weight": "light", "reach": "melee",
                  "properties": ["paired", "elemental"], "element": "ice"},
                 {"name": "Sling", "weight": "light", "reach": "ranged",
                  "properties": ["quickshot"]}],
     "abilities": {"combat-focus": 1, "jack-of-all-trades": 2}, "description": ""},
])
def test_any_gladiator_reads_back_from_his_forum_sheet_as_he_was(changes) -> None:
    base = read(SEED_TEXT).model_dump()
    g = Gladiator.model_validate({**base, **changes})
    assert read(write_forum(g, DATA)) == g


def test_the_written_sheet_is_the_seeds_format() -> None:
    text = write_forum(read(SEED_TEXT), DATA)
    for line in ("[ic=Lord Smash]", "Brutality: 6", "Abilities: (23 pts)", "Combat Focus 6",
                 "Fierce Attack", "Moves: (20)", "Flurry of Blows x5",
                 "Oversized greataxe (Heavy crushing tenacious melee)", "[/ic]"):
        assert line in text.splitlines()


def test_an_overlong_line_in_a_list_is_named_not_read() -> None:
    with pytest.raises(ForumError) as err:
        read(SEED_TEXT.replace("Grapple x2", "Grapple" + " x" * 150))
    assert err.value.problems == [
        "line 22: 'Grapple" + " x" * 25 + "...' is too long for a line of the list (307 "
        "characters; at most 200)"]


def test_a_house_npc_and_a_dead_gladiator_keep_their_status_on_the_forum_sheet():
    from companion.rulesets.grimdark.data import GrimdarkData
    from companion.rulesets.grimdark.forum import read_forum, write_forum
    from companion.rulesets.grimdark.sheet import load_gladiator, samples_dir

    data = GrimdarkData.load()
    robot = load_gladiator(samples_dir() / "arena-robot.json").model_copy(
        update={"dead": True})
    text = write_forum(robot, data)
    assert "Status: house NPC, dead" in text
    back = read_forum(text, data)
    assert back.gladiator.npc and back.gladiator.dead
