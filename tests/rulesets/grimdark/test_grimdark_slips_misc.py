"""Slips at the edges of the Grimdark rules: which chooser and engine a setup names,
the size a coaching file may be, the figures of a table set shared by every match."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from companion.errors import UserError
from companion.files.sheetfile import SheetError
from companion.rulesets.grimdark.coachfile import load_coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.engine import chooser_of, engine_of, stamped
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))


@pytest.mark.parametrize(("entry", "engine", "chooser"), [
    ({}, 2, "odds"), ({}, 1, "weights"), ({"chooser": "weights"}, 2, "weights"),
    ({"chooser": "odds"}, 1, "odds")])
def test_a_gladiator_plays_by_the_chooser_his_entry_names_else_his_engines(
        entry, engine, chooser) -> None:
    assert chooser_of(entry, engine, "gladiators[0]") == chooser


def test_a_chooser_of_no_such_name_is_refused() -> None:
    with pytest.raises(UserError, match=r"gladiators\[1\]\.chooser: .* not 'dice'"):
        chooser_of({"chooser": "dice"}, 2, "gladiators[1]")


def test_a_setup_names_engine_1_or_2_and_a_new_one_is_stamped_2() -> None:
    assert engine_of({}) == 1 and engine_of({"engine": 2}) == 2
    for bad in (3, 0, True, "2"):
        with pytest.raises(UserError, match=r"options\.engine"):
            engine_of({"engine": bad})
    assert stamped({"gladiators": []})["options"] == {"engine": 2}
    assert stamped({"options": {"engine": 1}})["options"] == {"engine": 1}


def test_a_coaching_file_of_a_million_bytes_is_read_and_one_more_byte_is_refused(
        tmp_path: Path) -> None:
    head = '{"format": "companion-grimdark-coaching", "version": 1}'
    fits = tmp_path / "fits.json"
    fits.write_text(head + " " * (1_000_000 - len(head)), encoding="utf-8")
    assert load_coaching(fits, DATA).posture == "balanced"
    big = tmp_path / "big.json"
    big.write_text(head + " " * (1_000_001 - len(head)), encoding="utf-8")
    with pytest.raises(SheetError, match="too large"):
        load_coaching(big, DATA)


def test_the_figures_a_table_set_gives_cannot_be_changed_by_a_match() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DATA.figures.entries = {}  # type: ignore[misc]
