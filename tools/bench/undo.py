"""Undo in constant time: long sessions, and undo against an action, in the
session, on the command line and in the app."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from tools.bench.measure import Figures, median_ms, whole_process
from tools.bench.play import _bout_setups
from tools.bench.window import _companion_command

# --- undo in constant time (issue 24) ---------------------------------------------------
UNDO_LENGTHS = (50, 5000)


# Grimdark's one action every gladiator may always play: a match of nothing else never ends.
_ASSESS = {"type": "turn", "moves": {"a": {"move": "assess-the-situation"},
                                     "b": {"move": "assess-the-situation"}}}


def long_session(system: str, count: int, tables: Any) -> Any:
    """A session of `count` actions that never ends: a skirmish's two gladiators walk,
    turn and roll for AP but never strike; a duel's gladiators wait, one's health goes
    down and up again; a Grimdark match's two gladiators assess the situation turn
    after turn. Such cheap actions make a copy of the state and a replay weigh the most
    against one action."""
    import json
    import random

    from companion.dice.sources import SeededDice
    from companion.paths import assets_dir
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import Session

    if system == "battle":
        folder = assets_dir() / "samples"
        setup: dict[str, Any] = {
            "a": json.loads((folder / "hammer-rookie.json").read_text()),
            "b": json.loads((folder / "spear-rookie.json").read_text()),
            "options": {"started": "2025-05-01T20:00:00"}}
        rules = get_ruleset("battle")
    else:
        rules, setup = _bout_setups()[system]
    session, dice, pick = Session(rules, setup, tables), SeededDice(1), random.Random(1)
    assert rules.opening is not None
    session.act(dict(rules.opening), dice)
    down = False
    while len(session.journal) < count:
        if system == "grimdark":
            action: dict[str, Any] = dict(_ASSESS)
        elif system == "battle" and pick.random() < 0.2:
            down = not down
            action = {"type": "adjust_health", "who": "a", "op": "-1" if down else "+1"}
        else:
            legal = rules.legal_actions(session.state)
            action = dict(pick.choice([a for a in legal
                                       if a["type"] not in ("attack", "quit")] or legal))
        session.act(action, dice)
    assert not rules.is_over(session.state)
    return session


def _made_ms(make: Callable[[], object]) -> float:
    """The time of `make` alone, in ms: garbage from before collected first, and what it
    made thrown away after the clock stops (a 5,000-action session takes a while)."""
    import gc

    gc.collect()
    start = time.perf_counter()
    made = make()
    took = time.perf_counter() - start
    del made
    return took * 1000


def _undo_us(session: Any, count: int) -> tuple[float, float]:
    """One undo, then one redo, in microseconds: the mean of `count` in a row (as many
    as there are places between two states kept), then back as many."""
    start = time.perf_counter()
    for _ in range(count):
        session.undo()
    undone = time.perf_counter()
    for _ in range(count):
        session.redo()
    return ((undone - start) / count * 1e6, (time.perf_counter() - undone) / count * 1e6)


def _act_us(session: Any, count: int) -> float:
    """One action through the session (no autosave), in microseconds: the session's own
    last `count` actions taken again on their own dice, the copies of the state due on
    the way included."""
    from companion.dice.sources import ScriptedDice

    entries = session.journal[-count:]
    dice = [ScriptedDice([f for r in e.rolls for f in r["faces"]]) for e in entries]
    session.undo(count)
    session.redo_stack.clear()
    start = time.perf_counter()
    for entry, faces in zip(entries, dice, strict=True):
        session.act(entry.action, faces)
    return (time.perf_counter() - start) / count * 1e6


def bench_undo(repeat: int = 7) -> Figures:
    """Undo in constant time (issue 24), for each rule system on a session that never
    ends (`long_session`), at 50 and at 5,000 actions, by turns in the same run:
    `undo_growth`, the undo at 5,000 over the undo at 50 (the worst system); and
    `undo_act_ratio`, an undo over one action of the same session (the worst system and
    length); each the median of the ratios of turns. Then opening a 5,000-action file
    (reading it, replaying and checking every entry, keeping a copy of the state every
    SNAPSHOT_EVERY) over the same without the copies, `open_ratio`; `companion undo
    FILE` as whole processes at both lengths, `cli_undo_growth`; and Ctrl+Z in the app,
    a key handled and the frame drawn, `app_undo_ms_more`, what it costs at 5,000 over
    50 (goal: within one frame of 60 Hz, 16.7 ms)."""
    import copy
    import tempfile

    from companion.session.session import SNAPSHOT_EVERY, Session, read_session_file
    from companion.tables.loader import load_tables

    tables = load_tables()
    every = SNAPSHOT_EVERY
    figures: Figures = {}
    sessions = {system: long_session(system, max(UNDO_LENGTHS), tables)
                for system in ("skirmish", "battle", "grimdark")}
    growth, ratio = {}, {}
    for system, long in sessions.items():
        rules = long.ruleset
        by_length = {n: Session(rules, long.setup, tables, long.journal[:n])
                     for n in UNDO_LENGTHS}
        undo: dict[int, list[float]] = {n: [] for n in UNDO_LENGTHS}
        redo: dict[int, list[float]] = {n: [] for n in UNDO_LENGTHS}
        act: dict[int, list[float]] = {n: [] for n in UNDO_LENGTHS}
        for _ in range(repeat):  # by turns: a slow spell falls on both lengths
            for n, session in by_length.items():
                undone, redone = _undo_us(session, every)
                undo[n].append(undone)
                redo[n].append(redone)
                act[n].append(_act_us(session, every))
        us = {n: statistics.median(undo[n]) for n in UNDO_LENGTHS}
        act_us = {n: statistics.median(act[n]) for n in UNDO_LENGTHS}
        low, high = UNDO_LENGTHS
        # Medians of the ratios of each turn, whose parts ran within a few ms of each
        # other: a slow spell of the shared machine falls on both.
        growth[system] = statistics.median(h / w for h, w in zip(undo[high], undo[low],
                                                                  strict=True))
        per_act = {n: statistics.median(u / a for u, a in zip(undo[n], act[n], strict=True))
                   for n in UNDO_LENGTHS}
        ratio[system] = max(per_act.values())
        states = by_length[high].snapshots
        live = by_length[high].state
        frozen = states.freeze(live)
        copies = {"freeze": median_ms(partial(states.freeze, live), 51) * 1000,
                  "thaw": median_ms(frozen.thaw, 51) * 1000,
                  "deepcopy": median_ms(partial(copy.deepcopy, live), 51) * 1000}
        figures[f"snapshot_us_{system}"] = round(copies["freeze"], 1)
        for n in UNDO_LENGTHS:
            figures[f"undo_us_{system}_{n}"] = round(us[n], 1)
            figures[f"act_us_{system}_{n}"] = round(act_us[n], 1)
        figures[f"redo_us_{system}"] = round(statistics.median(redo[high]), 1)
        figures[f"snapshots_kb_{system}"] = round(states.size / 1024, 1)
        print(f"undo {system}: {us[high]:.0f} us at {high:,} actions, {us[low]:.0f} at "
              f"{low} ({growth[system]:.2f}x, goal <= 2); one action {act_us[high]:.1f} us "
              f"(an undo {per_act[high]:.1f}x it; at {low}: {act_us[low]:.1f} us, "
              f"{per_act[low]:.1f}x; goal <= 20); a redo "
              f"{statistics.median(redo[high]):.0f} us; the states kept at {high:,} actions "
              f"{len(states.counts)}, {states.size / 1024:.0f} KB; a state kept "
              f"{copies['freeze']:.0f} us (pickled, {frozen.size:,} bytes), copied back "
              f"{copies['thaw']:.0f} us; copy.deepcopy {copies['deepcopy']:.0f} us")
    figures["undo_growth"] = round(max(growth.values()), 2)
    figures["undo_act_ratio"] = round(max(ratio.values()), 1)

    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for system, long in sessions.items():
            paths[system] = Path(folder) / f"{system}.json"
            long.save(paths[system])
        opens = {}
        for system, path in paths.items():
            rules = sessions[system].ruleset

            def opened(every: int, path: Path = path, rules: Any = rules) -> object:
                parsed = read_session_file(path)
                return Session(rules, parsed.setup, tables, parsed.journal, parsed.redo,
                               snapshot_every=every)

            def bare(long: Any = sessions[system]) -> object:
                from companion.dice.sources import ScriptedDice

                rules = long.ruleset
                state = rules.new_state(long.setup, tables)
                for e in long.journal:
                    faces = ScriptedDice([f for r in e.rolls for f in r["faces"]])
                    rules.apply(state, rules.parse_action(e.action), faces)
                return state

            kept: list[float] = []
            plain: list[float] = []
            floor: list[float] = []
            for turn in range(max(5, repeat // 2)):
                for snapshots in ((every, 0) if turn % 2 else (0, every)):
                    (kept if snapshots else plain).append(
                        _made_ms(partial(opened, snapshots)))
                floor.append(_made_ms(bare))
            opens[system] = statistics.median(kept) / statistics.median(plain)
            figures[f"open_ms_{system}"] = round(statistics.median(kept), 1)
            print(f"open {system}: a {max(UNDO_LENGTHS):,}-action file read and replayed, "
                  f"every entry checked, {statistics.median(kept):.0f} ms keeping the states, "
                  f"{statistics.median(plain):.0f} ms without ({opens[system]:.2f}x, goal "
                  f"<= 2); the rules alone {statistics.median(floor):.0f} ms")
        figures["open_ratio"] = round(max(opens.values()), 2)
        figures.update(_cli_undo(sessions, Path(folder), repeat))
    figures.update(_app_undo(sessions, repeat))
    return figures


def _first(session: Any, count: int) -> str:
    """The file of `session` had it stopped after `count` actions."""
    from companion.session.session import file_text

    journal = session.journal[:count]
    return file_text(session.to_file().model_copy(update={"journal": journal, "redo": []}))


def _cli_undo(sessions: dict[str, Any], folder: Path, repeat: int) -> Figures:
    """`companion undo FILE` and `companion show FILE` (which replays it), as whole
    processes, at each length; the file put back between runs."""
    env = dict(os.environ)
    figures: Figures = {}
    growth = {}
    for system, long in sessions.items():
        paths = {n: folder / f"cli-{system}-{n}.json" for n in UNDO_LENGTHS}
        texts = {n: _first(long, n) for n in UNDO_LENGTHS}

        def run(command: str, n: int, paths: dict[int, Path] = paths,
                texts: dict[int, str] = texts) -> float:
            paths[n].write_text(texts[n])  # put back, untimed
            return median_ms(whole_process([*_companion_command(), command, str(paths[n])], env), 1)

        run("undo", min(UNDO_LENGTHS))  # the bytecode written, the tables' record made
        times: dict[str, list[float]] = {f"{c} {n}": [] for c in ("undo", "show")
                                         for n in UNDO_LENGTHS}
        for _ in range(max(3, repeat // 2)):
            for n in UNDO_LENGTHS:
                for command in ("undo", "show"):
                    times[f"{command} {n}"].append(run(command, n))
        ms = {k: statistics.median(v) for k, v in times.items()}
        low, high = UNDO_LENGTHS
        growth[system] = ms[f"undo {high}"] / ms[f"undo {low}"]
        figures[f"cli_undo_ms_{system}_{low}"] = round(ms[f"undo {low}"], 1)
        figures[f"cli_undo_ms_{system}_{high}"] = round(ms[f"undo {high}"], 1)
        print(f"companion undo {system}: {ms[f'undo {high}']:.0f} ms at {high:,} actions, "
              f"{ms[f'undo {low}']:.0f} ms at {low} ({growth[system]:.2f}x); companion show, "
              f"which replays, {ms[f'show {high}']:.0f} and {ms[f'show {low}']:.0f} ms")
    figures["cli_undo_growth"] = round(max(growth.values()), 2)
    return figures


def _app_undo(sessions: dict[str, Any], repeat: int) -> Figures:
    """Ctrl+Z in the app on each length of session (`tools.shots.ctrl_z_ms`), by
    turns; the app's folders are a temporary one's."""
    import tempfile

    from companion.session.session import SNAPSHOT_EVERY

    figures: Figures = {}
    more = {}
    with tempfile.TemporaryDirectory() as home:
        saved = {k: os.environ.get(k) for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
        os.environ["XDG_DATA_HOME"] = str(Path(home) / "data")
        os.environ["XDG_CONFIG_HOME"] = str(Path(home) / "config")
        try:
            from tools.shots import ctrl_z_ms

            for system, long in sessions.items():
                files = {n: _first(long, n) for n in UNDO_LENGTHS}
                times = ctrl_z_ms(files, SNAPSHOT_EVERY, max(3, repeat // 2))
                ms = {n: statistics.median(times[n]) for n in UNDO_LENGTHS}
                low, high = UNDO_LENGTHS
                more[system] = ms[high] - ms[low]
                figures[f"app_undo_ms_{system}_{low}"] = round(ms[low], 2)
                figures[f"app_undo_ms_{system}_{high}"] = round(ms[high], 2)
                print(f"Ctrl+Z in the app, {system}: {ms[high]:.1f} ms at {high:,} actions, "
                      f"{ms[low]:.1f} ms at {low} ({ms[high] - ms[low]:+.1f} ms; goal within "
                      f"a frame, 16.7 ms), the autosave and a frame included")
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    figures["app_undo_ms_more"] = round(max(more.values()), 2)
    return figures
