"""A Grimdark GM records five matches of one gladiator (issue 26, "done when"): Ann's
Lord Smash fights five matches, each started from his sheet as the stable holds it,
each played out by the computer on both sides with seeded dice and recorded into his
career; his Fame, record, purse and death die follow the rules all the way, and he
ends in the hall of the fallen.

Until `companion career apply` records a session, the matches are recorded through
Grimdark's careers part and `Stable.record_fight` (`support.grimdark_careers`)."""

from __future__ import annotations

import json

from support.grimdark_careers import coaching, play, record, sample, sheet_file

from companion.cli import main
from companion.rulesets.grimdark.events import FateDecided
from companion.rulesets.grimdark.sheet import parse_gladiator
from companion.stable.store import Stable

BLOOD_CUP = {"name": "The Blood Cup", "kind": "public", "entry_fee": 50, "prize": 200}
DUKES_GAMES = {"name": "The Duke's Games", "kind": "invitational", "appearance_fee": 100,
               "prize": 300}
PIT = {"name": "The Pit of Ashes", "kind": "public", "entry_fee": 20, "prize": 80}

# His five matches: the opponent, the event, and the seed of the dice, chosen so that
# the journey meets every rule: a loss well fought, a win over another manager's
# gladiator, a plain loss, a win, and in his fifth match a defeat and the d6.
MATCHES = [
    ("sewer-beast", BLOOD_CUP, 1, "a loss well fought"),
    ("grimjaw", DUKES_GAMES, 3, "a win"),
    ("arena-robot", None, 4, "a loss"),
    ("cinder-witch", PIT, 2, "a win"),
    ("sewer-beast", BLOOD_CUP, 3, "a loss"),
]


def opponent(stable: Stable, key: str) -> dict:
    if key == "grimjaw":  # Bea's gladiator: his sheet as the stable holds it too
        return {"sheet": json.loads(stable.named("Grimjaw")[0].sheet), "team": "2",
                "coaching": coaching("lord-smash", "Grimjaw")}
    return {"sheet": sample(key), "team": "2", "coaching": coaching(key)}


def money(event: dict | None, won: bool) -> int:
    if event is None:
        return 0
    return (-event.get("entry_fee", 0) + event.get("appearance_fee", 0)
            + (event["prize"] if won else 0))


def test_a_gm_records_five_matches_and_fame_the_record_the_purse_and_the_death_die_follow_the_rules(
        capsys):
    stable = Stable.open()  # the user's own: the commands below read it
    smash = stable.add_gladiator("grimdark", sheet_file(sample("lord-smash")), manager="Ann")
    stable.add_gladiator("grimdark", sheet_file({**sample("lord-smash"), "name": "Grimjaw"}),
                         manager="Bea")
    fame = wins = losses = purse = 0
    dice, how = [], []
    for n, (key, event, seed, _how) in enumerate(MATCHES, 1):
        held = json.loads(stable.gladiator(smash.id).sheet)
        g = parse_gladiator(held, "Lord Smash")
        assert (g.fame, g.wins, g.losses) == (fame, wins, losses)
        options = {"started": f"2026-0{n}-01T20:00:00"}
        if event is not None:
            options["event"] = event
        session = play([{"sheet": held, "team": "1", "coaching": coaching("lord-smash")},
                        opponent(stable, key)], seed, **options)
        state = session.state
        him, other = state.fighters
        won = him.id in state.result["winners"]
        # The rules, by hand: a win 1 Fame, a loss well fought (he lives, and his victor
        # ends it wounded) 1, any other loss none; one more on his record.
        well_fought = not won and not him.dead and other.wounded
        fame += 1 if won or well_fought else 0
        wins, losses = wins + won, losses + (not won)
        purse += money(event, won)
        how.append("a win" if won else "a loss well fought" if well_fought else "a loss")
        for fate in (e for e in session.events if isinstance(e, FateDecided)
                     and e.who == him.id and e.rule == "defeat"):
            dice.append((n, fate.die))
        record(stable, session, f"match-{n}.json")
        if n == 2:
            stable.add_to_purse("Ann", 25, "bet on Lord Smash against Grimjaw")
            purse += 25
    assert how == [expected for *_rest, expected in MATCHES]
    # The death die: a d4 for his first four matches, a d6 from his fifth.
    assert dice == [(1, "d4"), (3, "d4"), (5, "d6")]
    g = parse_gladiator(json.loads(stable.gladiator(smash.id).sheet), "Lord Smash")
    assert (g.fame, g.wins, g.losses, g.dead) == (fame, wins, losses, True) == (3, 2, 3, True)
    assert not stable.gladiator(smash.id).alive
    assert [entrant.result for _fight, entrant in stable.fights_of(smash.id)] == [
        "loss", "win", "loss", "win", "loss"]

    ann = stable.manager_named("Ann")
    assert ann is not None
    assert sum(e.amount for e in stable.purse(ann.id)) == purse == 385
    assert main(["stable", "purse", "Ann"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ann's purse: 385\n")
    for reason in ("-50  entry fee of The Blood Cup (Lord Smash) (fight #1)",
                   "+300  prize of The Duke's Games (Lord Smash won) (fight #2)",
                   "+25  bet on Lord Smash against Grimjaw\n"):
        assert reason in out
    bea = stable.manager_named("Bea")
    assert bea is not None and [(e.amount, e.reason) for e in stable.purse(bea.id)] == [
        (100, "appearance fee of The Duke's Games (Grimjaw)")]

    assert main(["stable", "fallen"]) == 0
    out = capsys.readouterr().out
    assert "#1 Lord Smash (Grimdark Gladiators, dead): " in out
    assert ("Ann's; fell in fight #5, played 2026-05-01T20:00:00 (session match-5.json): "
            "Sewer Beast beat Lord Smash at The Blood Cup; Lord Smash died in turn 11: "
            "Sewer Beast's Powerful Attack hit him by 3 for 7 damage; 1 on the d6, the "
            "death die") in out
    stable.close()
