"""A league made in the test's data folder for the League screen: eight battle-system
gladiators with long names in a Swiss event with a long name, its first round made,
one match played by the computer, one forfeited, two to play; a second league (single
elimination of four) with no round yet."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from companion import paths
from companion.stable.parts import game_part
from companion.stable.store import Stable
from support.stable_scene import no_stable

GAME = "battle"  # a game that keeps sheets in the stable
EVENT = "The Winter Games of Capua, an invitational Swiss event of the long winter"
CUP = "Marcus's Cup"
NAMES = ["Aulus Cornelius of the Northern Gate", "Brutus", "Crixus the Undefeated Gaul",
         "Decimus", "Execus, who was a baker once and fights for bread",
         "Flamma", "Gannicus", "Hilarus the Smiling Thracian of Tarentum"]
CLOCK = "2026-12-05T10:00:00Z"


def make_league(played: bool = True, fmt: str = "swiss") -> None:
    """The stable with its leagues, made once a test run and copied after: the scenes
    of the fit test show it in a dozen windows each."""
    no_stable()
    paths.stable_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stable_path().write_bytes(_made(played, fmt))


@cache
def _made(played: bool, fmt: str) -> bytes:
    _make(played, fmt)
    return paths.stable_path().read_bytes()


def _make(played: bool, fmt: str) -> None:
    from companion.league import matches, records
    from companion.league.making import make_round

    no_stable()
    sheets = game_part(GAME)
    text = (paths.assets_dir() / "samples" / "hammer-rookie.json").read_text()
    folder = paths.stable_path().parent / "leagues"
    with Stable.open() as stable:
        ids = []
        for i, name in enumerate(NAMES):
            sheet = {**json.loads(text), "name": name}
            ids.append(stable.add_gladiator(GAME, sheets.parse(json.dumps(sheet), name),
                                            manager="Marcus" if i % 2 else "Lentulus").id)
        event = records.new_league(stable, EVENT, GAME, fmt, home_away=False,
                                   folder=str(folder / "winter"), clock=CLOCK)
        records.add_members(stable, event, ids)
        cup = records.new_league(stable, CUP, GAME, "single", home_away=False,
                                 folder=str(folder / "cup"), clock=CLOCK)
        records.add_members(stable, cup, ids[:4])
        make_round(stable, event, "Sunday 20:00", CLOCK)
        if played:
            first, second = records.matches(stable, event.id)[:2]
            path = Path(first.session_path)
            session = matches.play(path, 7)
            matches.apply(stable, session, path, first)
            matches.collect(stable, event)
            records.forfeit(stable, second.id, [second.entries[1].gladiator_id],
                            "he did not appear")
