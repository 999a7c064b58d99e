"""Reports at their edges: dice dropped, lucky or of several kinds, a roll with no dice,
the lines a verifiable match adds after its outcome in every format, Discord's limit
met by a single word, pictures of moments the report has no section for, and the
bounds of a moment's turn number."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from companion.dice.rolls import Die, Roll, dice
from companion.errors import UserError
from companion.reports import discord
from companion.reports.formats import FORMATS
from companion.reports.html import render as html
from companion.reports.model import Report, ReportRoll, Sheet, Turn, dice_text
from companion.reports.moments import END, START, Moment, Picture, parse_moments

ATTACK = Roll(who=None, purpose="attack", total=11, detail="+2 weapon",
              dice=(Die(sides=6, face=6, success=True), Die(sides=6, face=2, kept=False),
                    Die(sides=6, face=5, luck=True)))
NOTHING = Roll(who="Nereus", purpose="luck", dice=())


def _report(**changed: object) -> Report:
    given: dict[str, object] = {
        "title": "Brutus against Nereus", "system": "skirmish",
        "sheets": (Sheet("Brutus", ("hp 8",)),),
        "turns": (Turn("Turn 1", ("- a line that begins with a dash",),
                       (ReportRoll(ATTACK), ReportRoll(NOTHING, typed=True))),),
        "outcome": ("Brutus wins.",), "footnotes": ("Seed: 5eed", "# not a heading"),
        **changed}
    return Report(**given)  # type: ignore[arg-type]


# --- the dice ----------------------------------------------------------------------------
def test_dice_are_said_by_kind_with_the_dropped_and_the_lucky_marked() -> None:
    assert dice_text(ATTACK.dice) == "3d6: 6 2 (dropped), luck 5"
    assert dice_text(()) == "no dice"
    assert dice_text(dice([4])) == "d6: 4"
    assert dice_text(dice([3, 4], 6) + dice([2], 8)) == "3 dice: 3 4 2"
    assert dice_text(dice([5], 6, luck=True)) == "d6: luck 5"


def test_a_rolls_line_has_its_modifiers_its_result_and_whether_it_was_typed() -> None:
    assert ReportRoll(ATTACK).text() == ("attack: 3d6: 6 2 (dropped), luck 5 → +2 weapon; "
                                         "result 11")
    assert ReportRoll(ATTACK).who == "The table"
    assert ReportRoll(NOTHING, typed=True).text() == "luck: no dice (typed at the table)"
    bare = Roll(who="Brutus", purpose="damage", dice=dice([3]), total=3)
    assert ReportRoll(bare).text() == "damage: d6: 3 → result 3"
    assert ReportRoll(bare).to_json()["text"] == "damage: d6: 3 → result 3"


def test_a_page_draws_each_die_by_its_kind() -> None:
    page = html(_report())
    assert ('<td><span class="die success" title="d6 success">6</span> '
            '<span class="die dropped" title="d6 dropped">2</span> '
            '<span class="die luck" title="d6 luck">5</span></td>'
            '<td><span class="total">11</span>; +2 weapon</td>') in page
    assert ("<tr><td>Nereus</td><td>luck</td><td>no dice</td>"
            '<td><span class="typed">typed at the table</span></td></tr>') in page


# --- the lines after the outcome ---------------------------------------------------------
def test_every_format_writes_the_footnotes_after_the_outcome_as_text() -> None:
    report = _report()
    markdown = FORMATS["markdown"](report)
    assert markdown.endswith("- Brutus wins.\n\nSeed: 5eed  \n\\# not a heading  \n")
    assert FORMATS["bbcode"](report).endswith(
        "[*]Brutus wins.\n[/list]\nSeed: 5eed\n# not a heading\n")
    assert FORMATS["discord"](report).endswith(
        "## Outcome\n- Brutus wins.\nSeed: 5eed\n\\# not a heading\n")
    assert html(report).endswith(
        '<div class="footnotes"><p>Seed: 5eed</p><p># not a heading</p></div>\n'
        "</body>\n</html>\n")
    plain = _report(footnotes=())
    assert FORMATS["markdown"](plain).endswith("- Brutus wins.\n")
    assert 'class="footnotes"' not in html(plain)


def test_a_running_sessions_report_ends_with_what_comes_next() -> None:
    report = _report(next_up="Brutus rolls for AP", footnotes=())
    closing = "To be continued: next, Brutus rolls for AP."
    assert FORMATS["markdown"](report).endswith(f"## Where it stands\n\n- Brutus wins.\n\n"
                                                f"*{closing}*\n")
    assert FORMATS["bbcode"](report).endswith(f"[/list]\n[i]{closing}[/i]\n")
    assert FORMATS["discord"](report).endswith(f"- Brutus wins.\n*{closing}*\n")
    assert "<h2>Where it stands</h2>" in html(report)
    assert f"<p><em>{closing}</em></p>" in html(report)


# --- Discord's limit ---------------------------------------------------------------------
def test_a_word_longer_than_a_message_is_cut_into_whole_messages() -> None:
    word = "A" * 4500
    report = _report(turns=(Turn("Turn 1", (f"short {word} end",)),), footnotes=())
    sent = discord.messages(report)
    assert all(len(m) <= 2000 for m in sent)
    joined = "".join(sent)
    assert joined.count("A") == 4500
    pieces = [m for m in sent if "A" * 100 in m]
    assert [m.count("A") for m in pieces] == [2000, 2000, 500]
    # The words around it stay on lines of their own: "short" ends the message before.
    assert pieces[0] == "A" * 2000 and sent[sent.index(pieces[0]) - 1].endswith("> short")
    assert pieces[2].startswith("A" * 500 + " end")


def test_a_line_of_many_words_is_cut_between_words() -> None:
    words = " ".join(f"w{i:04}" for i in range(700))  # 3,499 characters
    report = _report(turns=(Turn("Turn 1", (words,)),), footnotes=())
    sent = discord.messages(report)
    assert all(len(m) <= 2000 for m in sent)
    text = " ".join(" ".join(sent).split())
    assert all(f"w{i:04}" in text for i in range(700))
    assert not any(m.startswith(" ") or m.endswith(" ") for m in sent)
    limit = 2000
    assert max(len(m) for m in sent) > limit - 10  # filled up to the limit


def test_a_block_that_fits_beside_the_last_message_joins_it() -> None:
    ending = "\n\n## Outcome"
    alone = discord.messages(_report(turns=(), outcome=(), footnotes=()))
    assert len(alone) == 1 and alone[0].endswith(ending)
    head = alone[0].removesuffix(ending)
    room = 2000 - len(head) - len("\n\n## Turn 1\n> ")
    exactly = Turn("Turn 1", ("x" * room,))
    sent = discord.messages(_report(turns=(exactly,), outcome=(), footnotes=()))
    assert [len(m) for m in sent] == [2000, len("## Outcome")]
    over = Turn("Turn 1", ("x" * (room + 1),))
    sent = discord.messages(_report(turns=(over,), outcome=(), footnotes=()))
    assert sent[0] == head and sent[1].startswith("## Turn 1\n> x")


def test_a_turn_cut_between_its_lines_fills_a_message_to_exactly_2000() -> None:
    # "## Turn 1", a newline and "> " and 1,988 x: 2,000 to the character.
    full = "x" * 1988
    report = _report(turns=(Turn("Turn 1", (full, "more")),), outcome=(), footnotes=())
    sent = discord.messages(report)
    assert f"## Turn 1\n> {full}" in sent
    assert sent[sent.index(f"## Turn 1\n> {full}") + 1].startswith("> more")


def test_a_long_line_is_cut_after_the_word_that_brings_it_to_exactly_2000() -> None:
    # "> " and 998 a, a space and 999 b: 2,000; then " c" goes on a line of its own.
    line = "a" * 998 + " " + "b" * 999 + " c"
    sent = discord.messages(_report(turns=(Turn("Turn 1", (line,)),), outcome=(),
                                    footnotes=()))
    first = "> " + "a" * 998 + " " + "b" * 999
    assert first in sent and len(first) == 2000
    assert sent[sent.index(first) + 1].startswith("c")


def test_a_reports_parts_are_frozen() -> None:
    turn = Turn("Turn 1", ("a",))
    with pytest.raises(FrozenInstanceError):
        turn.title = "Turn 2"  # type: ignore[misc]


# --- pictures ----------------------------------------------------------------------------
def _picture(moment: Moment) -> Picture:
    return Picture(moment, b"\x89PNG", 4, 3)


def test_a_picture_of_a_turn_the_report_has_no_section_for_stands_after_the_turns() -> None:
    report = _report(turns=(Turn("Before the fight", ("a",)), Turn("Turn 1", ("b",))))
    page = html(report, [_picture(END), _picture(Moment(turn=7)), _picture(Moment(turn=1)),
                         _picture(START)])
    order = [page.index(f"<figcaption>{c}</figcaption>")
             for c in ("The start", "After turn 1", "After turn 7", "The end")]
    assert order == sorted(order)
    assert page.index("<h2>Before the fight</h2>") < order[0] or \
        page.index("The start</figcaption>") < page.index("<h2>Before the fight</h2>")
    assert page.index("<h2>Turn 1</h2>") < order[1] < page.index("<h2>Outcome</h2>")
    assert ('<img src="data:image/png;base64,iVBORw==" width="4" height="3" '
            'alt="After turn 7">') in page


def test_the_before_the_fight_section_is_no_turn_of_the_pictures() -> None:
    report = _report(turns=(Turn("Before the fight", ("a",)), Turn("Turn 1", ("b",)),
                            Turn("Turn 2", ("c",))))
    page = html(report, [_picture(Moment(turn=1))])
    assert page.index("<h2>Turn 1</h2>") < page.index("After turn 1") \
        < page.index("<h2>Turn 2</h2>")


@pytest.mark.parametrize(("text", "moments"), [
    ("99999", (Moment(turn=99999),)), ("00007", (Moment(turn=7),)),
    ("1,1,start,START", (Moment(turn=1), START))])
def test_a_turn_number_has_at_most_five_digits(text: str, moments: tuple[Moment, ...]
                                               ) -> None:
    assert parse_moments(text) == moments


@pytest.mark.parametrize("text", ["100000", "-1", "1.5", "00000"])
def test_a_turn_number_of_six_digits_or_no_number_is_refused(text: str) -> None:
    with pytest.raises(UserError, match=f"'{text}' is not start, end or a turn number"):
        parse_moments(text)


def test_a_moment_too_long_or_unprintable_to_show_is_called_that() -> None:
    with pytest.raises(UserError, match=r"^--pictures: 'that' is not start"):
        parse_moments("x" * 30)
    with pytest.raises(UserError, match=r"^--when: 'x{29}' is not start"):
        parse_moments("x" * 29, "--when")
    with pytest.raises(UserError, match=r"^--pictures: 'that' is not start"):
        parse_moments("a\tb")
    assert [m.caption for m in (START, END, Moment(turn=3))] == [
        "The start", "The end", "After turn 3"]


# --- a session no turn has begun in ------------------------------------------------------
def test_what_happened_before_any_turn_is_its_own_section() -> None:
    from support.report_sessions import NOW, _sample

    from companion.dice.sources import ScriptedDice
    from companion.reports.build import build_report
    from companion.rulesets.battle.rules import BattleRules
    from companion.session.session import Session
    from companion.tables.loader import load_tables

    setup = {"a": _sample("hammer-rookie"), "b": _sample("spear-rookie"),
             "options": {"started": NOW}}
    session = Session(BattleRules(), setup, load_tables())
    assert build_report(session).turns == ()
    session.act({"type": "adjust_health", "who": "a", "op": "-4"}, ScriptedDice([]))
    report = build_report(session)
    assert [t.title for t in report.turns] == ["What happened"]
    assert report.turns[0].lines == tuple(session.log)
