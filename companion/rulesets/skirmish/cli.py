"""The hex skirmish on the command line: its own files that `companion check` reads
(saved kits, scenarios) and its folder of them. It has no verbs of its own: `new
skirmish`, `act`, `auto` and the rest are every game's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.errors import UserError
from companion.files.jsonfile import KIT, SCENARIO


def check_kit(path: Path) -> bool:
    from companion.rulesets.skirmish.kits import known_names, load_kit

    try:
        kit = load_kit(path, known_names())
    except UserError as err:
        print(err)
        return False
    print(f"{path}: ok (kit '{kit.name}')")
    return True


def check_scenario(path: Path) -> bool:
    from companion.files.jsonfile import read_json_object
    from companion.rulesets.skirmish.rules import SkirmishRules
    from companion.tables.loader import load_tables

    try:
        scenario = read_json_object(path, SCENARIO.name)
        SkirmishRules().new_state(scenario, load_tables())
    except UserError as err:
        print(err if str(err).startswith(str(path)) else f"{path}: {err}")
        return False
    print(f"{path}: ok (a scenario of the hex skirmish, "
          f"{len(scenario['gladiators'])} gladiators)")
    return True


def _kits_folder() -> Path:
    from companion.rulesets.skirmish.kits import kits_dir

    return kits_dir()


# What `companion check` reads as the skirmish's, by envelope format or kind.
FILE_CHECKS: dict[str, Callable[[Path], bool]] = {
    str(KIT.format): check_kit, SCENARIO.name: check_scenario}
# The folders of the user's own skirmish files that `companion check` reads.
USERS_FOLDERS: tuple[Callable[[], Path], ...] = (_kits_folder,)
