"""The size of the largest report: a played-out bout and its pictures."""

from __future__ import annotations

import time
from typing import Any

from tools.bench.measure import Figures
from tools.bench.undo import long_session


def played_out(rules: Any, setup: dict[str, Any], tables: Any, seed: int = 1) -> Any:
    """A session of `setup` played to its end by the computer, every action journaled."""
    from companion.dice.sources import SeededDice
    from companion.session.session import Session

    session, dice = Session(rules, setup, tables), SeededDice(seed)
    if rules.opening is not None:
        session.act(dict(rules.opening), dice)
    while not rules.is_over(session.state):
        action = rules.choose(session.state)
        assert action is not None
        session.act(action, dice)
    return session


def most_moments(session: Any) -> tuple[Any, ...]:
    """The most pictures a report takes: the start, the end and turns spread between."""
    from companion.reports.build import build_report
    from companion.reports.moments import END, MOST_MOMENTS, START, Moment

    over = [t for t in build_report(session).turns if t.title.startswith("Turn")]
    turns = len(over) - 1  # the last turn ended the fight: it is the end's picture
    chosen = sorted({1 + i * turns // (MOST_MOMENTS - 2) for i in range(MOST_MOMENTS - 2)})
    return (START, *(Moment(turn=t) for t in chosen if 0 < t <= turns), END)


def bench_report() -> Figures:
    """The size of the HTML report of a sixteen-gladiator skirmish, a sixteen-gladiator
    Grimdark match and a 5,000-action duel, each with the start and the end pictured,
    and each with the most pictures a report takes (goal: at most 5 MB)."""
    import json

    from companion.paths import assets_dir
    from companion.reports.moments import DEFAULT, parse_moments
    from companion.rulesets.grimdark.rules import GrimdarkRules
    from companion.rulesets.skirmish.rules import SkirmishRules
    from companion.tables.loader import load_tables
    from companion.ui.reports.export import report_text
    from tools.skirmish_bench import crowd_setup, crowded_tables

    tables = load_tables()
    folder = assets_dir() / "samples" / "grimdark"
    keys = ("lord-smash", "sewer-beast", "arena-robot", "cinder-witch")
    crowd = [{"sheet": json.loads((folder / f"{key}.json").read_text()), "team": str(i)}
             for i in range(16) for key in (keys[i % 4],)]
    sessions = {
        "skirmish": played_out(SkirmishRules(), crowd_setup(16), crowded_tables(tables, 16)),
        "grimdark": played_out(GrimdarkRules(), {
            "gladiators": crowd, "options": {"started": "2026-12-01T20:00:00",
                                             "engine": 2}}, tables),
        "long": long_session("battle", 5000, tables),
    }
    figures: Figures = {}
    for name, session in sessions.items():
        start = time.perf_counter()
        plain = len(report_text(session, "html", parse_moments(DEFAULT)).encode())
        plain_s = time.perf_counter() - start
        most = most_moments(session)
        start = time.perf_counter()
        full = len(report_text(session, "html", most).encode())
        full_s = time.perf_counter() - start
        what = {"skirmish": "16-gladiator skirmish", "grimdark": "16-gladiator Grimdark "
                "match", "long": "5,000-action duel"}[name]
        print(f"report of a {what} ({len(session.journal):,} actions): "
              f"{plain / 1e6:.2f} MB with the start and the end pictured ({plain_s:.1f} s), "
              f"{full / 1e6:.2f} MB with {len(most)} pictures ({full_s:.1f} s)")
        figures[f"report_mb_{name}"] = round(full / 1e6, 3)
    figures["report_mb"] = max(figures.values())
    print(f"the largest report: {figures['report_mb']:.2f} MB (goal <= 5)")
    return figures
