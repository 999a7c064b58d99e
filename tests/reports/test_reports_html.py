"""The HTML report: one standalone page (inline style, pictures as data: URIs, nothing
fetched from elsewhere, every text escaped), its pictures drawn headless at the
moments asked for, and `companion export --format html --pictures`.

The page of a known bout is compared with a reviewed file, its pictures' bytes
replaced by a placeholder (font rendering differs between machines); the pictures
are checked to decode as PNGs of their stated size. After a change to the page,
regenerate the file with

    REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/reports/test_reports_html.py

and read the difference (`git diff tests/golden/reports/`) before committing it."""

from __future__ import annotations

import base64
import io
import json
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from support.places import TESTS

from companion.cli import main
from companion.dice.sources import SeededDice
from companion.errors import UserError
from companion.reports import html
from companion.reports.build import build_report
from companion.reports.formats import FORMATS
from companion.reports.moments import END, START, Moment, parse_moments, states_at
from companion.rulesets.registry import get_ruleset
from companion.session.session import Session, load_session
from companion.ui.reports.pictures import ARENA_SIZE, CARDS_WIDTH, pictures

HERE = TESTS
BOUT = HERE / "sessions" / "v1-skirmish.json"
DUEL = HERE / "sessions" / "v1-battle.json"
GOLDEN = HERE / "golden" / "reports" / "v1-skirmish.html"
IMAGE = re.compile(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def bout() -> Session:
    return load_session(BOUT, get_ruleset)


def images(page: str) -> list[pygame.Surface]:
    return [pygame.image.load(io.BytesIO(base64.b64decode(data)), "x.png")
            for data in IMAGE.findall(page)]


def test_the_page_of_a_known_bout_is_the_reviewed_one() -> None:
    session = bout()
    page = html.render(build_report(session), pictures(session, parse_moments("start,2,end")))
    shown = IMAGE.sub('src="data:image/png;base64,PICTURE"', page)
    if os.environ.get("REGENERATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(shown, encoding="utf-8")
        pytest.skip("golden file regenerated: review it with git diff")
    assert shown == GOLDEN.read_text(encoding="utf-8")
    assert [s.get_size() for s in images(page)] == [ARENA_SIZE] * 3


@pytest.mark.parametrize("name", ["skirmish", "duel", "trackers", "grimdark"])
def test_the_page_of_each_systems_known_session_is_the_reviewed_one(name: str) -> None:
    """The same sessions as the text formats' golden files
    (tests/support/report_sessions.py), pictured at the start and the end."""
    from support.report_sessions import SESSIONS

    session = SESSIONS[name]()
    page = html.render(build_report(session), pictures(session, parse_moments("start,end")))
    shown = IMAGE.sub('src="data:image/png;base64,PICTURE"', page)
    golden = GOLDEN.with_name(f"{name}.html")
    if os.environ.get("REGENERATE_GOLDEN"):
        golden.write_text(shown, encoding="utf-8")
        pytest.skip("golden file regenerated: review it with git diff")
    assert shown == golden.read_text(encoding="utf-8")
    assert len(images(page)) == 2


def test_the_pictures_stand_where_their_moments_fall() -> None:
    session = bout()
    page = html.render(build_report(session), pictures(session, parse_moments("end,2,start")))
    captions = re.findall(r"<figcaption>([^<]*)</figcaption>", page)
    assert captions == ["The start", "After turn 2", "The end"]
    # After turn 2: below its section, above turn 3's.
    assert page.index("Turn 2: Sagittarius") < page.index("After turn 2") \
        < page.index("Turn 3: Gaetulian")
    assert page.index("The end</figcaption>") < page.index("<h2>Outcome</h2>")


def test_the_page_needs_nothing_beside_itself() -> None:
    session = bout()
    page = html.render(build_report(session), pictures(session, (START, END)))
    assert "<script" not in page and "http" not in page and "url(" not in page
    assert re.findall(r'src="([^"]{0,22})', page) == ["data:image/png;base64,"] * 2
    assert page.count("<style>") == 1 and 'rel="stylesheet"' not in page


def test_every_text_is_escaped() -> None:
    setup = {"gladiators": [
        {"name": '<b>Brutus</b> & "Sons"', "type": "samnite", "side": "red", "at": "E6",
         "facing": "N", "strength": 8},
        {"name": "Nereus</td>", "type": "retiarius", "side": "blue", "at": "E9",
         "facing": "N", "strength": 9}]}
    session = Session(get_ruleset("skirmish"), setup)
    session.act({"type": "start"}, SeededDice(4))
    page = html.render(build_report(session))
    assert "&lt;b&gt;Brutus&lt;/b&gt; &amp; &quot;Sons&quot;" in page
    assert "<b>Brutus" not in page and "Nereus</td>" not in page


def test_rolls_show_each_die_with_the_result_and_the_typed_ones_are_marked() -> None:
    page = html.render(build_report(bout()))
    assert ('<tr><td>Gaetulian</td><td>action points</td><td><span class="die" title="d6">'
            '4</span></td><td><span class="total">5</span>; light +1</td></tr>') in page
    assert "typed at the table" not in page
    report = build_report(bout())
    first = report.turns[0]
    typed = replace(first, rolls=tuple(replace(r, typed=True) for r in first.rolls))
    page = html.render(replace(report, turns=(typed, *report.turns[1:])))
    assert page.count('<span class="typed">typed at the table</span>') == len(first.rolls)
    assert "Some dice were typed in at the table" in page


def test_html_is_a_format_of_the_registry() -> None:
    page = FORMATS["html"](build_report(bout()))
    assert page.startswith("<!DOCTYPE html>") and "<img" not in page


# --- the moments --------------------------------------------------------------------
def test_moments_are_read_as_written() -> None:
    assert parse_moments("start,3,end") == (START, Moment(turn=3), END)
    assert parse_moments(" End , start, end") == (END, START)
    assert parse_moments("none") == ()


@pytest.mark.parametrize(("text", "message"), [
    ("start,middle", "--pictures: 'middle' is not start, end or a turn number (e.g. start,3,end)"),
    ("0", "--pictures: '0' is not start, end or a turn number (e.g. start,3,end)"),
    ("start,,end", "--pictures: an empty moment between commas (e.g. start,3,end)"),
])
def test_a_moment_that_is_none_is_refused_on_one_line(text: str, message: str) -> None:
    with pytest.raises(UserError) as err:
        parse_moments(text)
    assert str(err.value) == message


def test_a_report_pictures_at_most_twenty_moments() -> None:
    twenty = ",".join(["start", *map(str, range(1, 19)), "end"])
    assert len(parse_moments(twenty)) == 20
    assert len(parse_moments(twenty + ",1,end")) == 20  # a moment named twice is one
    with pytest.raises(UserError) as err:
        parse_moments(twenty + ",19")
    assert str(err.value) == ("--pictures: 21 moments; a report pictures at most 20 "
                              "(choose the turns that matter, e.g. start,3,9,end)")


def test_a_turn_is_pictured_as_it_ended_and_a_turn_never_played_is_refused() -> None:
    session = bout()
    (_, after_1), (_, end) = states_at(session, (Moment(turn=1), END))
    assert after_1.turn_number == 1 and after_1.current().name == "Gaetulian"
    assert end is session.state or end.turn_number == session.state.turn_number
    with pytest.raises(UserError, match=r"^--pictures: turn 9 was never played \(4 turns "
                                        r"begun\)$"):
        states_at(session, (Moment(turn=9),))
    running = Session(session.ruleset, session.setup, session.tables, session.journal[:5])
    begun = sum(1 for t in build_report(running).turns if t.title.startswith("Turn"))
    with pytest.raises(UserError, match=f"turn {begun} is not over yet"):
        states_at(running, (Moment(turn=begun),))


def test_the_start_is_pictured_before_anyone_acts_and_the_last_turn_as_the_end() -> None:
    session = bout()
    (_, start), (_, last), (_, end) = states_at(session, (START, Moment(turn=4), END))
    assert start.turn_number <= 1 and end.turn_number == 4
    assert last.turn_number == end.turn_number
    assert [(g.strength, g.hex) for g in last.gladiators] == \
        [(g.strength, g.hex) for g in end.gladiators]


def test_the_session_pictured_is_left_as_it_was() -> None:
    session = bout()
    before = session.to_file().model_dump(exclude={"saved"})
    pictures(session, (START, Moment(turn=2), END))
    assert session.to_file().model_dump(exclude={"saved"}) == before


def test_a_duel_is_pictured_by_its_tracker_cards() -> None:
    duel = load_session(DUEL, get_ruleset)
    shots = pictures(duel, (START, END))
    assert [p.moment.caption for p in shots] == ["The start", "The end"]
    for shot in shots:
        surface = pygame.image.load(io.BytesIO(shot.png), "x.png")
        assert surface.get_size() == (shot.width, shot.height) and shot.width == CARDS_WIDTH
        assert shot.png.startswith(b"\x89PNG\r\n\x1a\n")


def grimdark_match() -> Session:
    from companion.rulesets.grimdark.coaching import samples_dir as coaching_dir
    from companion.rulesets.grimdark.sheet import samples_dir

    def entry(key: str, team: str) -> dict[str, Any]:
        return {"sheet": json.loads((samples_dir() / f"{key}.json").read_text()),
                "team": team,
                "coaching": json.loads((coaching_dir() / f"{key}.json").read_text())}

    rules = get_ruleset("grimdark")
    session = Session(rules, {"gladiators": [entry("lord-smash", "1"),
                                             entry("cinder-witch", "2")], "options": {}})
    dice = SeededDice(3)
    while (action := rules.choose(session.state)) is not None:
        session.act(action, dice)
    return session


def test_a_grimdark_match_is_pictured_by_its_cards_and_its_coaching_stays_behind_a_click(
) -> None:
    session = grimdark_match()
    page = html.render(build_report(session), pictures(session, (START, Moment(turn=1), END)))
    assert len(images(page)) == 3
    assert all(s.get_width() == CARDS_WIDTH for s in images(page))
    secrets = build_report(session).secrets
    assert secrets
    start, end = page.index("<details>"), page.index("</details>")
    hidden, shown = page[start:end], page[:start] + page[end:]
    for secret in secrets:
        for line in secret.lines:
            assert html.escape(line) in hidden and html.escape(line) not in shown


# --- the command line ---------------------------------------------------------------
def test_export_html_writes_the_page_with_the_pictures_asked_for(tmp_path: Path,
                                                                 capsys: Any) -> None:
    out = tmp_path / "bout.html"
    assert main(["export", str(BOUT), "--format", "html", "--pictures", "start,2,end",
                 "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert len(images(page)) == 3 and capsys.readouterr().out == ""
    assert main(["export", str(BOUT), "--format", "html", "--pictures", "none"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("<!DOCTYPE html>") and "<img" not in printed
    assert main(["export", str(BOUT), "--format", "html"]) == 0
    assert re.findall(r"<figcaption>([^<]*)</figcaption>", capsys.readouterr().out) == [
        "The start", "The end"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--format", "markdown", "--pictures", "start"],
     "--pictures goes with --format html only, not markdown"),
    (["--format", "html", "--pictures", "start,12"],
     "--pictures: turn 12 was never played (4 turns begun)"),
])
def test_export_refuses_pictures_it_cannot_make_on_one_line(argv: list[str], message: str,
                                                            capsys: Any) -> None:
    assert main(["export", str(BOUT), *argv]) != 0
    err = capsys.readouterr().err
    assert err.strip().endswith(message) and len(err.strip().splitlines()) == 1


def test_the_page_of_a_sixteen_gladiator_match_with_every_picture_it_takes_is_small(
) -> None:
    """Issue 24: at most 5 MB; the bench measures it for each system (`report_mb`)."""
    from companion.tables.loader import load_tables
    from companion.ui.reports.export import report_text
    from tools.bench.report import most_moments, played_out
    from tools.skirmish_bench import crowd_setup, crowded_tables

    session = played_out(get_ruleset("skirmish"), crowd_setup(16),
                         crowded_tables(load_tables(), 16))
    moments = most_moments(session)
    page = report_text(session, "html", moments)
    assert len(moments) == 20 and len(IMAGE.findall(page)) == 20
    assert len(page.encode()) < 1_000_000  # 5 MB is the goal; 0.47 MB measured
    assert all(len(base64.b64decode(data)) < 30_000 for data in IMAGE.findall(page))
