"""A gladiator's name is shown as itself in every report format (issue 24): a `|` never
opens a Discord spoiler, a star or an underscore never makes Markdown italic, a bracket
never opens a forum tag, a backtick never starts code, a `<` never starts HTML."""

from __future__ import annotations

import re

import pytest
from support.grimdark_kit import setup, sheet

from companion.dice.sources import SeededDice
from companion.reports.build import build_report
from companion.reports.formats import FORMATS
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.session.session import Session
from companion.tables.loader import load_tables

NAME = "Max|Power *the* _Bold_ [b]Red[/b] `x` <i>"


@pytest.fixture(scope="module")
def report():  # type: ignore[no-untyped-def]
    session = Session(GrimdarkRules(), setup(sheet(NAME), sheet("Vex")), load_tables())
    dice = SeededDice(3)
    session.act({"type": "start"}, dice)
    while not session.state.over:
        session.act({"type": "turn"}, dice)
    return build_report(session)


def test_markdown_and_discord_escape_every_character_that_would_format(report):
    for fmt in ("markdown", "discord"):
        text = FORMATS[fmt](report)
        shown = r"Max\|Power \*the\* \_Bold\_ \[b\]Red\[/b\] \`x\` \<i\>"
        assert shown in text, fmt
        # Nowhere does the name stand unescaped.
        assert "Max|Power" not in text and "*the*" not in text and "`x`" not in text


def test_discord_spoilers_open_and_close_only_where_the_report_puts_them(report):
    text = FORMATS["discord"](report)
    unescaped_bars = re.findall(r"(?<!\\)\|", text)
    assert len(unescaped_bars) % 4 == 0  # each spoiler is ||...||


def test_bbcode_never_lets_a_bracket_in_a_name_open_a_tag(report):
    text = FORMATS["bbcode"](report)
    assert "[b]Red[/b]" not in text.replace(f"[b]{NAME}", "")
    assert "[[i][/i]b]Red[[i][/i]/b]" in text


def test_the_html_page_shows_the_name_as_text(report):
    from companion.reports import html

    page = html.render(report, [])
    assert "&lt;i&gt;" in page and "<i>" not in page.split("<body>", 1)[1]
