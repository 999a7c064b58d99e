"""A stable made in the test's data folder for the Stable screen: Hammer Rookie
(Marcus's) and a copy of him (of no manager), duels between them that the copy lost,
the last killing him, money in Marcus's purse; a second manager with a long name."""

from __future__ import annotations

import json

from companion import paths
from companion.stable.parts import game_part
from companion.stable.store import NewChange, NewFight, Stable

GAME = "battle"  # a game that keeps sheets in the stable
LONG = "Marcus Aurelius Antoninus of the long winter's league, the third of that name"


def no_stable() -> None:
    """The data folder without a stable (a scene before may have made one)."""
    for path in paths.stable_path().parent.glob(paths.stable_path().name + "*"):
        path.unlink()


def make_stable(fights: int = 1) -> None:
    no_stable()
    sheets = game_part(GAME)
    text = (paths.assets_dir() / "samples" / "hammer-rookie.json").read_text()
    other, third = json.loads(text), json.loads(text)
    other["name"], third["name"] = "Second Rookie", "A gladiator whose name is long indeed"
    with Stable.open() as stable:
        rookie = stable.add_gladiator(GAME, sheets.parse(text, "rookie"), manager="Marcus")
        second = stable.add_gladiator(GAME, sheets.parse(json.dumps(other), "second"))
        stable.add_gladiator(GAME, sheets.parse(json.dumps(third), "third"), manager=LONG)
        for n in range(fights):
            last = n == fights - 1
            fight = stable.record_fight(
                NewFight(GAME, f"2026-12-{1 + n % 28:02d}T21:03:11Z", f"/tmp/duel{n}.json",
                         f"d{n}", "Hammer Rookie beat Second Rookie"
                         + (", who died of his wounds" if last else " on points")),
                [(rookie.id, "a", "win"), (second.id, "b", "death" if last else "loss")],
                [NewChange(second.id, "alive", False)] if last else [])
            stable.add_to_purse("Marcus", 40, "the prize", fight.id)
        stable.add_to_purse("Marcus", -5, "a surgeon")
        stable.add_to_purse(LONG, 1_000_000, "an inheritance")
