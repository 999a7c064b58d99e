"""`companion` opens the window; subcommands work in the terminal."""

from __future__ import annotations

import os
import sys

from companion import APP_NAME, __version__

# `--version` answers with no more than this module, the package and the tables'
# loader imported (the tables' version comes from the loader's record, unvalidated):
# not typing here (TYPE_CHECKING is spelt here; mypy treats any name TYPE_CHECKING as
# true), not collections (collections.abc), not argparse; companion.errors imports
# collections.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

# Each name is a module under companion/commands with a `register(subparsers)`.
# The verbs every game shares, in the order `--help` lists them; a game's own verbs
# (its `verbs` module in `companion.games.registry`) come after "session".
COMMAND_MODULES: tuple[str, ...] = ("roll", "odds", "table", "check", "session", "export",
                                     "verify", "fair", "lab", "stable", "career",
                                     "league", "event", "desktop")


def build_parser() -> argparse.ArgumentParser:
    # Imported here: `--version` and the window need neither (see main).
    import argparse
    import importlib

    parser = argparse.ArgumentParser(
        prog="companion",
        description=f"{APP_NAME}: hex arena, trackers, dice and rules tables for gladiator "
        "arena games. With no command, opens the app window.",
    )
    parser.add_argument("--version", action="version", version=version_text())
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="start as for real with the current video driver (the first frame, then the "
        "start screen, which reads your tables and kits), then exit: 0, or 1 and why",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    from companion.games.registry import GAMES

    games = [game.verbs for game in GAMES.values() if game.verbs]
    for name in COMMAND_MODULES:
        importlib.import_module(f"companion.commands.{name}").register(subparsers)
        if name == "session":
            for module in games:
                verbs = importlib.import_module(module)
                if hasattr(verbs, "register"):
                    verbs.register(subparsers)
    return parser


def version_line() -> str:
    return f"companion {__version__}"


def version_text() -> str:
    """The app's release, and the version of the built-in tables it plays by."""
    from companion.tables.version import builtin_tables_version

    return f"{version_line()}\nbuilt-in tables {builtin_tables_version()}"


def main(argv: Sequence[str] | None = None) -> int:
    args_given = list(sys.argv[1:] if argv is None else argv)
    if args_given == ["--version"]:
        # Answered before building the parser, whose subcommands import the dice, the
        # notation and the odds; the same line and exit as argparse's version action.
        print(version_text())
        raise SystemExit(0)
    from companion.errors import UserError, one_line

    if args_given in ([], ["--smoke"]):
        # Opening the window needs none of the subcommands: skip building them, so
        # the window appears as fast as a bare pygame program's.
        from companion.ui.launch import launch

        return launch(smoke=bool(args_given))
    parser = build_parser()
    args = parser.parse_args(argv)
    _write_names_as_given()
    try:
        if args.command is None:
            # Imported late: the terminal commands must not pay for pygame.
            from companion.ui.launch import launch

            return launch(smoke=args.smoke)
        return int(args.func(args))
    except UserError as err:
        print(f"companion: {one_line(str(err))}", file=sys.stderr)
        return err.exit_code
    except BrokenPipeError:  # before OSError, of which it is one
        # The reader (`| head`) went away: not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        # A file the command writes (a session, a sheet) that the system refuses.
        from companion.files.pathwords import os_problem

        print(f"companion: {one_line(os_problem(err))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _write_names_as_given() -> None:
    """A file name that is not UTF-8 (café.json in Latin-1) is printed back as the
    bytes it was given, where the terminal's encoding would refuse it (a UTF-8 locale's
    stdout is strict): "wrote NAME" comes once the file is written, and a traceback
    then would say it was not."""
    # The process's own stdout only: one a caller put in its place keeps its ways.
    out = sys.stdout
    reconfigure = getattr(out, "reconfigure", None)
    if out is sys.__stdout__ and reconfigure is not None \
            and getattr(out, "errors", None) == "strict":
        reconfigure(errors="surrogateescape")


if __name__ == "__main__":
    sys.exit(main())
