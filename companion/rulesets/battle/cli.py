"""`companion battle odds|sheets` and `companion train`: the battle system's own
commands, the exact odds of an attack, the results of a duel written to the sheets, and
development points spent between fights. Its sessions use the commands every system
shares (`new battle`, `show`, `act`, ...).

`companion duel ...`, the name this system had before, still works: `duel new`,
`duel show` and `duel act` are `new battle`, `show` and `act`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import session as sessions
from companion.errors import UserError
from companion.files.jsonfile import SHEET

# The rules (pydantic models, tables) load when a command runs, not when the parser is
# built: opening the app must not pay for them.
if TYPE_CHECKING:
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.state import BattleState
    from companion.rulesets.battle.training import Order, Trained
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable

# The game's id in the registry: the stable's gladiators of this game train.
GAME = "battle"

_ODDS_EXAMPLES = """examples:
  companion battle odds --class B --attack-dice 3 --defence-dice 2
  companion battle odds --class C --attack-dice 5 --defence-dice 4 --json
  companion battle odds --class A --attack-dice 4 --defence-dice 3 --stance defensive \\
      --attack-ranks 9"""

_TRAIN_EXAMPLES = """examples:
  companion train brenna.json                   # his points: earned, spent, left
  companion train brenna.json attack hammer health 3
  companion train brenna.json parry-dodge 2 --dry-run
  companion train --stable Brenna attack 2 hammer 2 --json
  companion train brenna.json --rename "Brenna the Red"
  companion train "Hammer Rookie" --rename Brenna --out brenna.json"""


def register(subparsers: argparse._SubParsersAction) -> None:
    _register_train(subparsers)
    parser = subparsers.add_parser(
        "battle",
        aliases=["duel"],
        help="the dice-pool battle system: odds of an attack, results to the sheets",
        description="The dice-pool battle system: the exact odds of an attack, and a "
        "finished duel's results written to both sheets. Start a duel with `companion new "
        "battle SHEET SHEET`; play it with `companion act`, look at it with `companion "
        "show`.",
    )
    sub = parser.add_subparsers(dest="battle_command", metavar="ACTION", required=True)

    p_odds = sub.add_parser(
        "odds",
        help="exact chances of whiff, block, hit and critical",
        description="The exact chances of one attack: whiff (or miss), blocked, hit (by "
        "damage) and a critical not fully blocked. The attack reads the pool's highest "
        "face and how many dice show it; three or more 6s are a critical. One 6 blocks a "
        "single-die result, two a double, and a critical needs as many 6s as the "
        "attacker rolled.",
        epilog=_ODDS_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p_odds.add_argument("--class", dest="weapon_class", required=True,
                        type=str.upper, choices=list("ABCD"), help="weapon class")
    p_odds.add_argument("--attack-dice", type=int, required=True, metavar="N",
                        help="attack dice, luck dice included")
    p_odds.add_argument("--defence-dice", type=int, required=True, metavar="N",
                        help="the defender's dice")
    p_odds.add_argument("--stance", choices=["normal", "berserk", "defensive"],
                        default="normal", help="defensive caps the best result and never "
                        "whiffs (the dice counts are given as rolled)")
    p_odds.add_argument("--attack-ranks", type=int, default=1, metavar="N",
                        help="ATTACK ranks, for the defensive cap (default 1)")
    p_odds.add_argument("--defensive-cap", type=int, metavar="SIXES",
                        help="cap the best result at this many 6s")
    p_odds.add_argument("--no-whiff", action="store_true",
                        help="a whiff is only a miss (thrown weapons, whip)")
    p_odds.add_argument("--json", action="store_true", help="print one JSON object")
    p_odds.set_defaults(func=_odds)

    p_sheets = sub.add_parser("sheets", help="write a finished duel's results to the sheets",
                              description="Write both sheets as they stand after the "
                              "battle into the roster folder (or --dir).")
    p_sheets.add_argument("session", type=Path, metavar="SESSION")
    p_sheets.add_argument("--dir", type=Path, help="folder (default: the roster folder)")
    p_sheets.set_defaults(func=_sheets)

    # The commands of the old name, kept working as the README once gave them.
    p_new = sub.add_parser("new", help="start a duel between two sheets (companion new "
                           "battle)", description="Create a duel session file from two "
                           "gladiator sheets (paths, or names in the roster folder).")
    p_new.add_argument("sheets", nargs=2, metavar="SHEET")
    p_new.add_argument("--out", type=Path, help="session file (default A-vs-B.json here)")
    p_new.add_argument("--seed", type=int, help="roll the initiative now with this seed")
    p_new.set_defaults(func=_new)

    p_show = sub.add_parser("show", help="print a duel's state (companion show)")
    p_show.add_argument("file", type=Path, metavar="SESSION")
    p_show.add_argument("--json", action="store_true", help="print the state as JSON")
    p_show.add_argument("--log", action="store_true", help="print the whole log too")
    p_show.set_defaults(func=sessions.cmd_show)

    p_act = sub.add_parser(
        "act", help="take an action in a duel (companion act)",
        description='Apply one action (JSON or short form) to a duel and save it, e.g. '
        '\'{"type": "attack", "weapon": "hammer", "stance": "berserk", "luck": 1}\'.')
    p_act.add_argument("file", type=Path, metavar="SESSION")
    p_act.add_argument("action", metavar="ACTION")
    p_act.add_argument("--seed", type=int, help="seed for the dice")
    p_act.set_defaults(func=sessions.cmd_act, dice=None)


def _odds(args: argparse.Namespace) -> int:
    from companion.commands.odds import percent
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.odds import attack_odds
    from companion.tables.loader import load_tables

    if args.attack_dice < 0 or args.defence_dice < 0:
        raise UserError("dice counts cannot be negative")
    tables = BattleTables(load_tables())
    cap, no_whiff = args.defensive_cap, args.no_whiff
    if args.stance == "defensive":
        row = tables.stance(args.attack_ranks)
        cap = cap if cap is not None else row.defensive_max_sixes
        no_whiff = no_whiff or row.defensive_cannot_whiff
    odds = attack_odds(tables, args.weapon_class, args.attack_dice, args.defence_dice,
                       max_sixes=cap, cannot_whiff=no_whiff)
    if args.json:
        print(json.dumps(odds.to_json()))
        return 0
    print(f"class {args.weapon_class}, {args.attack_dice} attack dice against "
          f"{args.defence_dice} defence dice" + (f", capped at {cap} sixes" if cap else ""))
    rows = [("whiff", odds.whiff), ("miss", odds.miss), ("blocked", odds.blocked),
            ("hit", odds.hit)]
    rows += [(f"  {damage} damage", p) for damage, p in sorted(odds.hit_by_damage.items())]
    rows.append(("critical", odds.critical))
    rows += [(f"  {n} damage dice", p) for n, p in sorted(odds.critical_dice.items())]
    width = max(len(str(p)) for _, p in rows)
    for name, p in rows:
        if name == "miss" and not p:
            continue
        print(f"{name:16s} {p!s:>{width}}  {percent(p):>8}")
    return 0


def _new(args: argparse.Namespace) -> int:
    from companion.rulesets.registry import get_ruleset

    rules = get_ruleset("battle")
    return sessions.create(rules, {"sheets": args.sheets}, start=args.seed is not None,
                           seed=args.seed, out=args.out, setup_file=None)


def _sheets(args: argparse.Namespace) -> int:
    from companion.rulesets.battle.sheet import parse_sheet, save_sheet, slug

    state: BattleState = sessions.load(args.session).state
    if state.sheets_after is None:
        raise UserError("the duel is not over yet")
    for side in ("a", "b"):
        sheet = parse_sheet(state.sheets_after[side], f"sheet {side}")
        path = save_sheet(sheet, args.dir / f"{slug(sheet.name)}.json" if args.dir else None)
        print(f"{path}: {sheet.name}: {sheet.wins} wins, {sheet.losses} losses, "
              f"{sheet.status}")
    return 0


def _register_train(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "train", help="spend a battle-system gladiator's development points",
        description="Spend development points rank by rank at the sheet's costs: each "
        "SKILL (attack, parry-dodge, ...) or weapon (hammer), then how many ranks (1 when "
        "no number follows). Each rank is checked as `companion check` checks a sheet, and "
        "against the insanities that bind training (Claustrophobia, the Impulsive "
        "Trainings, Health Nut); the first refused is named and nothing is changed. "
        "--rename gives him a new name (Identity Crisis). The sheet file is written in "
        "place (or to --out); with --stable, his sheet in the stable, in one transaction.",
        epilog=_TRAIN_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("sheet", nargs="?", metavar="SHEET",
                   help="a sheet file, or a name in the roster folder or of a sample")
    p.add_argument("orders", nargs="*", metavar="SKILL [RANKS]",
                   help="a skill or weapon, then how many ranks of it (1 if left out)")
    p.add_argument("--stable", metavar="NAME", help="train the gladiator of this name "
                   "(or number, #3) in the stable instead of a sheet file")
    p.add_argument("--rename", metavar="NEW", help="his new name")
    p.add_argument("--out", type=Path, metavar="FILE",
                   help="write the trained sheet here, not over SHEET")
    p.add_argument("--dry-run", action="store_true", help="say what it would do; write "
                   "nothing")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_train)


def _train(args: argparse.Namespace) -> int:
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.training import parse_orders

    words = list(args.orders)
    if args.stable is not None:
        words = [args.sheet, *words] if args.sheet is not None else words
        if args.out is not None:
            raise UserError("--out writes a sheet file; with --stable the stable is changed")
    elif args.sheet is None:
        raise UserError("name the SHEET to train, or --stable NAME")
    orders = parse_orders(words)
    tables = BattleTables.load()
    if args.stable is not None:
        return _train_in_stable(args, tables, orders)
    return _train_file(args, tables, orders)


def _train_file(args: argparse.Namespace, tables: BattleTables, orders: list[Order]) -> int:
    from companion.rulesets.battle.sheet import (
        find_sheet,
        load_sheet,
        samples_dir,
        save_sheet,
    )
    from companion.rulesets.battle.training import train

    path = find_sheet(args.sheet)
    sheet = load_sheet(path)
    if args.out is None and not args.dry_run and (orders or args.rename is not None) \
            and path.resolve().parent == samples_dir().resolve():
        raise UserError(f"{path}: a sample shipped with the companion is never changed; "
                        "--out FILE writes the trained sheet elsewhere", exit_code=1)
    trained = train(sheet, tables, orders, rename=args.rename)
    target = args.out or path
    written = None
    if (trained.after != sheet or args.out is not None) and not args.dry_run:
        save_sheet(trained.after, target)
        written = f"wrote {target}"
    _say_trained(args, tables, trained, written, {"file": str(target)})
    return 0


def _train_in_stable(args: argparse.Namespace, tables: BattleTables,
                     orders: list[Order]) -> int:
    from companion.files.jsonfile import parse_json
    from companion.rulesets.battle.sheet import parse_sheet, sheet_json
    from companion.rulesets.battle.stable import SHEETS
    from companion.rulesets.battle.training import train
    from companion.stable.store import Stable

    with Stable.open(create=False) as stable:
        g = _in_stable(stable, args.stable)
        where = f"#{g.id} {g.name}"
        sheet = parse_sheet(parse_json(Path(where), g.sheet, SHEET), where)
        trained = train(sheet, tables, orders, rename=args.rename)
        written = None
        if trained.after != sheet and not args.dry_run:
            stable.rewrite_sheet(g.id, g.sheet, SHEETS.parse(sheet_json(trained.after), where))
            written = f"changed #{g.id} {trained.after.name} in the stable ({stable.path})"
    _say_trained(args, tables, trained, written, {"stable_id": g.id})
    return 0


def _in_stable(stable: Stable, who: str) -> Gladiator:
    """The battle-system gladiator `who` names; one of another game is refused."""
    from companion.commands.stable import find
    from companion.stable.parts import title

    number = who.removeprefix("#")
    if number.isdigit():
        other = stable.gladiator(int(number))
        if other is not None and other.game != GAME:
            raise UserError(f"#{other.id} {other.name} is a gladiator of "
                            f"{title(other.game)}: only the battle system's gladiators "
                            "train with development points", exit_code=1)
    return find(stable, who, GAME)


def _say_trained(args: argparse.Namespace, tables: BattleTables, trained: Trained,
                 written: str | None, where: dict[str, Any]) -> None:
    from companion.rulesets.battle.fight_bars import bars
    from companion.rulesets.battle.sheet import points_spent

    after = trained.after
    spent_before = points_spent(trained.before, tables)
    spent = points_spent(after, tables)
    notes = bars(after, tables, datetime.now(UTC))
    if args.json:
        print(json.dumps({
            **where, "name": after.name, "renamed_from": trained.renamed_from,
            "bought": [{"key": r.key, "name": r.name, "weapon": r.weapon, "rank": r.rank,
                        "cost": r.cost} for r in trained.bought],
            "development_points": {"earned": after.development_points,
                                   "spent_before": spent_before, "spent": spent,
                                   "left": after.development_points - spent},
            "bars": notes, "dry_run": args.dry_run, "written": written is not None,
            "sheet": after.model_dump(mode="json", exclude_none=True)}, indent=2))
        return
    for name, first, last, cost in _runs(trained):
        print(f"{trained.before.name} trains {name}: {first - 1} to {last} "
              f"({cost} development point{'' if cost == 1 else 's'})")
    if trained.renamed_from is not None:
        print(f"{trained.renamed_from} is now {after.name}")
    print(f"{after.name}: {after.development_points} development points earned, {spent} "
          f"spent, {after.development_points - spent} left")
    for note in notes:
        print(f"note: {note}")
    if args.dry_run and (trained.bought or trained.renamed_from):
        print("--dry-run: nothing written")
    elif written is not None:
        print(written)


def _runs(trained: Trained) -> list[tuple[str, int, int, int]]:
    """The ranks bought, a run of one skill or weapon at a time: (its name, the first
    rank bought, the last, their cost)."""
    runs: list[tuple[str, int, int, int]] = []
    for r in trained.bought:
        if runs and runs[-1][0] == r.name and runs[-1][2] + 1 == r.rank:
            name, first, _, cost = runs[-1]
            runs[-1] = (name, first, r.rank, cost + r.cost)
        else:
            runs.append((r.name, r.rank, r.rank, r.cost))
    return runs


def check_sheet(path: Path) -> bool:
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.sheet import (
        SheetError,
        load_sheet,
        points_spent,
        sheet_problems,
        sheet_warnings,
    )

    try:
        sheet = load_sheet(path)
    except SheetError as err:
        for problem in err.problems:
            print(problem)
        return False
    from companion.commands.check import verdict

    tables = BattleTables.load()
    return verdict(path, sheet_problems(sheet, tables), sheet_warnings(sheet, tables),
                   f"gladiator '{sheet.name}', {points_spent(sheet, tables)} of "
                   f"{sheet.development_points} development points spent")


# What `companion check` reads as the battle system's, by envelope format.
FILE_CHECKS: dict[str, Callable[[Path], bool]] = {str(SHEET.format): check_sheet}
