"""`companion lab skirmish|grimdark|battle`: the balance lab. Every pairing of the
chosen gladiators played N times by the computer, sides and first moves balanced;
win rates with 95 % intervals, draws, the length of a bout, how often the loser died;
with --tables, the change a folder of house-rule tables makes, pairing by pairing;
with --against-chooser (Grimdark), the engine's chooser against another."""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from pathlib import Path
from typing import Any

from companion.errors import UserError

_EXAMPLES = """examples:
  companion lab skirmish
  companion lab skirmish --bouts 1000 --out lab-results
  companion lab skirmish --types samnite,retiarius,thracian --tables my-house-rules
  companion lab skirmish --kits all
  companion lab grimdark --roster my-league
  companion lab grimdark --against-chooser weights --bouts 1000
  companion lab skirmish --scheduler tcp://10.0.0.5:8786"""

def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "lab", help="the balance lab: every pairing played many times by the computer",
        description="The balance lab: the computer plays every pairing of the chosen "
        "gladiators N times (both sides, and who moves first, taken equally often) and "
        "reports each one's win rate against each other one, with its 95 %% Wilson "
        "interval, the draws, the mean length of a bout in turns and how often the "
        "loser died. --tables DIR plays the same bouts again with a folder of house-rule "
        "tables over the built-in ones and shows what changes, marking the pairings "
        "whose intervals do not overlap. The same seed gives the same results, with any "
        "number of workers.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="lab_system", metavar="SYSTEM", required=True)
    from companion.lab.system import lab_systems, system_for

    for system_id in lab_systems():
        part = system_for(system_id)
        p = sub.add_parser(system_id, help=part.help, description=part.help)
        for option in part.options:
            p.add_argument(option.flag, dest=option.dest, metavar=option.metavar,
                           type=Path if option.folder else str, help=option.help)
        p.add_argument("--bouts", type=int, default=None, metavar="N",
                       help="bouts a pairing (default 200)")
        p.add_argument("--workers", type=int, default=0, metavar="N",
                       help="processes to play on (default 0: one a core)")
        p.add_argument("--seed", type=int, default=None, metavar="S",
                       help="the seed every bout's dice come from (default 1)")
        p.add_argument("--out", type=Path, metavar="DIR", help="write results.csv, "
                       "results.json and heatmap.png (and heatmap-house.png) there, "
                       "replacing the old set whole; a run killed or stopped goes on "
                       "from its bouts played when given the same command again")
        p.add_argument("--fresh", action="store_true", help="with --out: drop the run "
                       "in progress there, if any, and start again")
        p.add_argument("--tables", type=Path, metavar="DIR", help="a folder of house-rule "
                       "tables: play again with them and report the change")
        p.add_argument("--scheduler", metavar="ADDRESS", help="play on this Dask "
                       "scheduler (needs pip install 'companion[lab]')")
        p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.lab.progress import Bar
    from companion.lab.report import change_lines, matrix_lines
    from companion.lab.results import changes
    from companion.lab.run import check_workers
    from companion.lab.setup import DEFAULT_BOUTS, DEFAULT_SEED, make_lab
    from companion.lab.system import system_for

    system_id = args.lab_system
    workers = check_workers(args.workers)
    if args.scheduler is not None and not args.scheduler.strip():
        raise UserError("--scheduler: give the scheduler's address, like tcp://host:8786")
    options = {option.dest: getattr(args, option.dest, None)
               for option in system_for(system_id).options}
    against = options.pop("against", None)
    lab, notes = make_lab(
        system_id, bouts=DEFAULT_BOUTS if args.bouts is None else args.bouts,
        seed=DEFAULT_SEED if args.seed is None else args.seed, house=args.tables,
        against=against, **options)
    for note in notes:
        print(f"companion: {note}", file=sys.stderr)
    out, journal = _claim(args, lab)
    try:
        if journal is None:
            matrices = lab.run(workers=workers, scheduler=args.scheduler, progress=Bar())
        else:
            matrices = lab.run(workers=workers, scheduler=args.scheduler, progress=Bar(),
                               played=journal.played, keep=journal.keep)
    except KeyboardInterrupt:
        if journal is not None:
            print(f"\ncompanion: stopped; the same command again goes on from the bouts "
                  f"played, kept in {args.out}", file=sys.stderr)
        raise
    finally:
        if journal is not None:
            journal.close()
    base = matrices[0]
    house = matrices[1] if len(matrices) > 1 else None
    diff = changes(base, house) if house is not None else None
    print("\n".join(matrix_lines(base)))
    _print_totals(base)
    if house is not None and diff is not None:
        print()
        print("\n".join(change_lines(house, diff)))
        _print_totals(house, f"With the tables of {house.tables}:")
    if out is not None:
        try:
            written = out.write(partial(_write, base=base, house=house, diff=diff))
        except OSError as err:
            raise UserError(f"--out {args.out}: cannot write the results ({err.strerror or err}"
                            "); the old set stands, and the same command again writes the "
                            "new one from the bouts played") from None
        for path in written:
            print(f"wrote {path}")
    return 0


def _claim(args: argparse.Namespace, lab: Any) -> tuple[Any, Any]:
    """The --out folder checked before any bout, and the run in progress there (or a
    new one); None and None without --out."""
    if args.out is None:
        if args.fresh:
            raise UserError("--fresh: it starts again the run in progress in an --out "
                            "folder; give --out DIR")
        return None, None
    from companion.lab.journal import open_journal
    from companion.lab.out import claim

    out = claim(args.out)
    journal, note = open_journal(out, lab, fresh=args.fresh)
    if note is not None:
        print(f"companion: {note}", file=sys.stderr)
    return out, journal


def _print_totals(matrix: Any, heading: str | None = None) -> None:
    """Two choosers' totals against each other and the computer's lapses, where the
    lab has them."""
    from companion.lab.report import lapse_lines, versus_lines

    blocks = [block for block in (versus_lines(matrix), lapse_lines(matrix)) if block]
    if blocks and heading is not None:
        print()
        print(heading)
    for block in blocks:
        print()
        print("\n".join(block))


def _write(folder: Path, *, base: Any, house: Any, diff: Any) -> list[str]:
    """The new set into `folder` (the one that takes --out's place); the names."""
    from companion.lab.files import write_results

    written = write_results(folder, base, diff, house)
    # pygame greets on import, on stdout, where the table goes.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.ui.lab.heatmap import save_heatmap

    save_heatmap(folder / "heatmap.png", base)
    written.append("heatmap.png")
    if house is not None:
        save_heatmap(folder / "heatmap-house.png", house, diff)
        written.append("heatmap-house.png")
    return written
