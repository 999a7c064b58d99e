"""The games the lab can play: each game's lab part (a `LabSystem`, see
`companion.rulesets.labs`), found by the game's id in the games' registry where it is
needed, in this process or in a worker's (`system_for`)."""

from __future__ import annotations

from companion.errors import UserError
from companion.games.registry import GAMES, part
from companion.rulesets.labs import LabSystem


def lab_systems() -> list[str]:
    """The ids of the games the lab can play (a game added later included)."""
    return [game_id for game_id, game in GAMES.items() if game.lab]


def system_for(system_id: str) -> LabSystem:
    game = GAMES.get(system_id)
    if game is None or not game.lab:
        raise UserError(f"the lab knows no system '{system_id}' ({', '.join(lab_systems())})")
    found: LabSystem = part(game.lab)()
    return found
