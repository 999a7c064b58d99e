"""Every card of every built-in table, word for word, as a player reads it in the table
browser and `companion table show`: the key and name, the badges, the effects, the
sub-table and the house values. Each game says its own fields (its `table_words`);
a change to any word shows here. When a change is meant, regenerate the file with

    REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/tables/test_cards.py

and read the difference (`git diff tests/golden/cards.txt`) before committing it."""

from __future__ import annotations

import os

import pytest
from support.places import TESTS

from companion.tables.loader import load_tables
from companion.tables.words import browsing_order, entry_card, names_for

GOLDEN = TESTS / "golden" / "cards.txt"


def every_card() -> str:
    tables = load_tables(include_user=False)
    names = names_for(tables)
    lines: list[str] = []
    for table in sorted(tables.tables.values(), key=browsing_order):
        lines.append(f"## {table.title} ({table.id}, {table.file.system})")
        for entry in table.entries:
            lines += [f"    {line}" for line in entry_card(table, entry, (), names).lines()]
            lines.append("")
    return "\n".join(lines) + "\n"


def test_every_card_of_every_built_in_table_reads_as_reviewed():
    shown = every_card()
    if os.environ.get("REGENERATE_GOLDEN"):
        GOLDEN.write_text(shown, encoding="utf-8")
        pytest.skip("golden file regenerated: review it with git diff")
    assert shown == GOLDEN.read_text(encoding="utf-8")


def test_the_browser_lists_the_tables_looked_up_mid_fight_first():
    tables = load_tables(include_user=False)
    order = [t.file.system for t in sorted(tables.tables.values(), key=browsing_order)]
    assert order[0] == "battle" and order.index("skirmish") > order.index("battle")
    assert order == sorted(order, key=lambda system: system != "battle")
