"""A gladiator of the stable found for a fight by his name or number (none without a
stable), and a broken stable said in one line with the way round it: his sheet file's
path, which is read without the stable."""

from __future__ import annotations

import pytest

from companion import paths
from companion.cli import main
from companion.errors import UserError
from companion.stable.finding import fighter


def test_no_stable_finds_no_one():
    assert fighter("Hammer Rookie", "battle") is None
    assert not paths.stable_path().exists()


def test_he_is_found_by_name_or_number_and_not_in_another_game():
    assert main(["stable", "add", "Hammer Rookie"]) == 0
    g = fighter("hammer rookie", "battle")
    assert g is not None and g.name == "Hammer Rookie"
    assert fighter(f"#{g.id}", "battle") == g
    assert fighter("Hammer Rookie", "skirmish") is None


def test_a_broken_stable_is_one_line_that_says_the_way_round(capsys):
    paths.stable_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stable_path().write_bytes(b"\x00not a database" * 300)
    with pytest.raises(UserError) as refused:
        fighter("Hammer Rookie", "battle")
    said = str(refused.value)
    assert "\n" not in said and said.endswith(
        "(to fight 'Hammer Rookie' without the stable, give his sheet file's path)")
    sample = paths.assets_dir() / "samples" / "hammer-rookie.json"
    duel = paths.stable_path().parent / "duel.json"
    assert main(["new", "battle", str(sample), str(sample), "--out", str(duel)]) == 0
