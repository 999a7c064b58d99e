"""What the screens draw reads in the rules' words: every text every widget of every
scene of the fit test drew, walked for the raw markers of the words test (`=` as
key=value, True/False, underscores, brackets, slugs, "(s)" plurals, reprs)."""

from __future__ import annotations

import re

import pytest
from support.raw_words import _slugs, raw_markers
from test_ui_fit import SCENES

from companion.rulesets.playable import playable_tables
from companion.rulesets.registry import get_ruleset, ruleset_ids
from companion.tables.loader import load_tables
from companion.ui.app import App

# What a player types is shown as he types it: dice notation ("4d6>=5"), the trackers'
# "=12" (set health to 12), the keys "[" and "]" (alone, or named in F1's list: "[: one
# heal die fewer"), and a file's path (whose name is his) are his words, not code;
# "front-left" is English.
TYPED = re.compile(r"\b\d*d\d+\S*|(?<![\w=])=-?\d+\b|\(?\[ and \]|(?<!\S)[\[\]](?=:)|\S*/\S*"
                   r"|\b(?:front|rear)-(?:left|right)\b")


@pytest.fixture(scope="module")
def tables() -> object:
    return playable_tables(load_tables(), [get_ruleset(r) for r in ruleset_ids()])


def drawn_texts(app: App) -> list[str]:
    return [fit.text for layer in app.layers() for w in layer.widgets
            for fit in [w.fit()] if fit.text]


def test_every_text_on_every_screen_reads_in_the_rules_words(tables: object) -> None:
    slugs = _slugs(load_tables())
    bad: dict[str, tuple[str, list[str]]] = {}
    for name, scene in SCENES.items():
        app = App(size=(1280, 800), scale=1.0)
        app.library.use(tables)
        try:
            app.draw()
            scene(app)
            app.draw()
            for text in drawn_texts(app):
                found = raw_markers(TYPED.sub("", text), slugs)
                if found:
                    bad.setdefault(text, (name, found))
        finally:
            app.close()
    shown = "\n".join(f"  {where}: {text!r}: {', '.join(m)}"
                      for text, (where, m) in sorted(bad.items())[:40])
    assert not bad, f"{len(bad)} texts on the screens show raw markers:\n{shown}"
