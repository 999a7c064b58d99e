"""The table-side experience's last defects (issue 29), each shown through the window:
real posted events, and the words the screen drew."""

from __future__ import annotations

import pygame

from companion.dice.sources import ScriptedDice
from companion.rulesets.skirmish.events import BlowRolled
from companion.ui.app import App
from companion.ui.skirmish.panel import blow_sum
from tools.shots import press, pump

BOUT = {"gladiators": [
    {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S",
     "strength": 8},
    {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
     "strength": 9},
]}


def key(app: App, k: int, text: str = "", mod: int = 0) -> None:
    press(k, text, mod)
    pump(app)


def drawn(app: App) -> list[str]:
    return [fit.text for layer in app.layers() for w in layer.widgets
            for fit in [w.fit()] if fit.text]


def test_the_blow_shows_every_term_of_its_margin_and_they_add_up(app: App) -> None:
    # Initiative 5 against 2, his AP 6, then the attack die 2 against the defence's 5.
    assert app.start_session("skirmish", BOUT, dice=ScriptedDice([5, 2, 6, 2, 5] + [3] * 40)) \
        is None
    pump(app)
    key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert "Attack 2, defence 5 (front +0): margin -3" in app.screen.session.log  # unchanged
    shown = [t for t in drawn(app) if t.startswith("Blow:")]
    assert shown == ["Blow: attack 2 - defence 5 + front 0 = margin -3"]
    # The line the issue quotes, and a defender's modifier, which counts against the attack.
    state = app.screen.session.state
    blow = BlowRolled("a", target="b", attack=2, defence=5,
                      modifiers=(("front", 0), ("disadvantaged", -1)),
                      defence_modifiers=(("skilled defender", 1),), margin=-5)
    words = blow_sum(state, blow)
    assert words == ("Blow: attack 2 - defence 5 + front 0 - disadvantaged 1 "
                     "- skilled defender 1 = margin -5")
    terms = words.split(": ", 1)[1].split(" = ")[0].split()
    total, sign = 0, 1
    for t in terms:
        if t in "+-":
            sign = 1 if t == "+" else -1
        elif t.isdigit():
            total, sign = total + sign * int(t), 1
    assert total == -5
