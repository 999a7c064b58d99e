"""The README and the manual in docs/: the README stays a README (short, with the two
quick-start commands), and every link in them leads to a page, and a heading, that
exists. Anchors follow GitHub's rules: the heading in lower case, spaces to hyphens,
punctuation dropped, and a second heading of the same words numbered -1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.places import ROOT

README = ROOT / "README.md"
PAGES = sorted([README, *(ROOT / "docs").rglob("*.md")])

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# [words](target) and ![words](target); the target ends at a space (a title) or ")".
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+).*?\1")


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks, with inline code taken out."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(INLINE_CODE.sub("", line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's words."""
    words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's words only
    words = re.sub(r"[^\w\- ]", "", words.strip().lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    lines, fenced = [], False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    for line in lines:
        match = HEADING.match(line)
        if match is None:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    return [m.group(1) for line in prose_lines(page.read_text(encoding="utf-8"))
            for m in LINK.finditer(line)]


def is_relative(target: str) -> bool:
    return bool(target) and not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target)


def test_the_readme_is_at_most_220_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 220, f"README.md has {len(lines)} lines; the manual is docs/"


def test_the_quick_start_names_scripts_run_and_scripts_test() -> None:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Quick start")
    end = text.find("\n## ", start + 1)
    section = text[start:end if end != -1 else len(text)]
    assert "scripts/run" in section
    assert "scripts/test" in section


def test_the_manual_has_its_four_parts() -> None:
    for part in ("play", "reference", "explain", "dev"):
        assert list((ROOT / "docs" / part).glob("*.md")), f"docs/{part}/ holds no page"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_in_the_manual_leads_to_a_page_that_exists(page: Path) -> None:
    broken = []
    for target in filter(is_relative, links(page)):
        path, _, anchor = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        if not goal.exists():
            broken.append(f"{target}: no such file")
        elif anchor and goal.suffix == ".md" and anchor not in anchors(goal):
            broken.append(f"{target}: no heading '{anchor}' in {goal.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_link_rules_themselves() -> None:
    # Checked here so that a slip in the checker cannot pass every page unnoticed.
    assert slug("The tables' cache") == "the-tables-cache"
    assert slug("A GM's walkthrough") == "a-gms-walkthrough"
    assert slug("House tables: overriding a table") == "house-tables-overriding-a-table"
    assert slug("The balance lab's choosers, 2026-12-04") == \
        "the-balance-labs-choosers-2026-12-04"
    assert links_of("see [the lab](play/lab.md) and ![a map](x.png)") == \
        ["play/lab.md", "x.png"]
    assert links_of("```\n[not](a.md)\n```\n`[nor](b.md)`") == []
    assert not is_relative("https://example.org/page")


def links_of(text: str) -> list[str]:
    return [m.group(1) for line in prose_lines(text) for m in LINK.finditer(line)]
