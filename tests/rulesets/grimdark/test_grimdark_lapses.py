"""The chooser's lapses counted from a turn (issue 23 wants none): Ineffective with a
way back in hand and not taking it, holding only cards he cannot play and not
assessing; each by a coaching rule or by the chooser's score. Small situations built
by hand, then the lab's quick view of a turn held to the summary's answers."""

from __future__ import annotations

from typing import Any

from companion.dice.sources import SeededDice
from companion.rulesets.base import Event
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.events import MoveChosen, TurnBegan
from companion.rulesets.grimdark.lab import GrimdarkLab, roster_entrants, samples_folder, seen
from companion.rulesets.grimdark.lapses import Lapses, lapse_moves, turn_lapses
from companion.rulesets.grimdark.summary import summary
from companion.rulesets.labs import Layout
from companion.tables.loader import load_tables

TABLES = load_tables(include_user=False)
MOVES = lapse_moves(GrimdarkData.load(TABLES))
ASSESS = "assess-the-situation"


def card(key: str, playable: bool = True, always: bool = False) -> dict[str, Any]:
    return {"key": key, "playable": playable, "always": always}


def glad(gid: str, hand: list[dict[str, Any]], *, stat: str = "brutality",
         stunned: bool = False) -> dict[str, Any]:
    return {"id": gid, "active_stat": stat, "hand": [*hand, card(ASSESS, always=True)],
            "conditions": [{"key": "stunned"}] if stunned else []}


def choice(who: str, move: str | None, *why: str) -> MoveChosen:
    return MoveChosen(who, move=move, target=None, reach=None, active_stat=None, why=why,
                      by="rules" if move is None else "coaching")


def lapses(*gladiators: dict[str, Any], events: list[Event]) -> dict[str, Lapses]:
    return turn_lapses({"gladiators": list(gladiators)}, events, MOVES)


def test_the_moves_that_set_the_active_stat_are_the_ways_back() -> None:
    assert {"brutal-bash", "stylish-strike", "basic-adjustment"} <= MOVES.setters
    assert ASSESS not in MOVES.setters and "basic-melee" not in MOVES.setters
    assert MOVES.assess == {ASSESS}


def test_ineffective_with_a_way_back_and_playing_another_is_a_lapse_of_the_score() -> None:
    me = glad("a", [card("brutal-bash"), card("basic-melee")], stat="ineffective")
    found = lapses(me, events=[choice("a", "basic-melee", "aggressive")])
    assert found == {"a": Lapses(turns=1, way_back=1, ineffective_by_score=1)}


def test_the_same_lapse_made_by_a_coaching_rule_is_counted_apart() -> None:
    me = glad("a", [card("brutal-bash"), card("basic-melee")], stat="ineffective")
    found = lapses(me, events=[choice("a", ASSESS, "rule:hand-has-no-attack:assess")])
    assert found["a"] == Lapses(turns=1, way_back=1, ineffective_by_rule=1)
    assert found["a"].ineffective == 1


def test_taking_any_way_back_is_no_lapse() -> None:
    me = glad("a", [card("stylish-strike"), card("basic-adjustment")], stat="ineffective")
    for move in ("stylish-strike", "basic-adjustment"):
        found = lapses(me, events=[choice("a", move, "balanced")])
        assert found["a"] == Lapses(turns=1, way_back=1)


def test_a_way_back_he_cannot_play_or_a_stat_that_works_is_no_lapse() -> None:
    locked = glad("a", [card("brutal-bash", playable=False), card("basic-melee")],
                  stat="ineffective")
    fine = glad("b", [card("brutal-bash"), card("basic-melee")], stat="style")
    found = lapses(locked, fine, events=[choice("a", "basic-melee"),
                                         choice("b", "basic-melee")])
    assert found == {"a": Lapses(turns=1), "b": Lapses(turns=1)}


def test_holding_only_cards_he_cannot_play_he_assesses() -> None:
    stuck = [card("brutal-bash", playable=False), card("last-stand", playable=False)]
    found = lapses(glad("a", stuck), events=[choice("a", ASSESS, "only-move")])
    assert found["a"] == Lapses(turns=1, unplayable_two=1)


def test_holding_only_cards_he_cannot_play_and_not_assessing_is_a_lapse() -> None:
    # Only a second move open to every hand (a house table's) makes it possible.
    me = glad("a", [card("last-stand", playable=False)])
    me["hand"].append(card("taunt", always=True))
    by_score = lapses(me, events=[choice("a", "taunt", "cautious")])
    by_rule = lapses(me, events=[choice("a", "taunt", "rule:always:defend")])
    assert by_score["a"] == Lapses(turns=1, stuck_by_score=1)
    assert by_rule["a"] == Lapses(turns=1, stuck_by_rule=1)
    assert by_rule["a"].stuck == 1


def test_a_target_rule_alone_is_the_score_choosing() -> None:
    me = glad("a", [card("brutal-bash"), card("basic-melee")], stat="ineffective")
    found = lapses(me, events=[choice("a", "basic-melee", "aggressive", "target:weakest")])
    assert found["a"].ineffective_by_score == 1


def test_the_stunned_and_those_who_chose_nothing_are_left_out() -> None:
    stunned = glad("a", [card("brutal-bash", playable=False)], stat="ineffective",
                   stunned=True)
    defeated = glad("b", [card("basic-melee", playable=False)])
    found = lapses(stunned, defeated,
                   events=[TurnBegan(None, turn=3), choice("a", None, "stunned")])
    assert found == {}


def test_lapses_add_up_field_by_field() -> None:
    one = Lapses(turns=3, way_back=1, ineffective_by_score=1, unplayable_two=2)
    two = Lapses(turns=4, stuck_by_rule=1)
    assert one.plus(two) == Lapses(turns=7, way_back=1, ineffective_by_score=1,
                                   stuck_by_rule=1, unplayable_two=2)


def test_the_labs_quick_view_of_a_turn_answers_as_the_summary_does() -> None:
    """The lab reads `seen` instead of the whole summary every turn: the two give the
    same active stat, stun and playable cards, turn after turn of real matches."""
    lab = GrimdarkLab()
    entrants, _ = roster_entrants(samples_folder(), TABLES)
    rules = lab.rules

    def read(view: dict[str, Any]) -> list[Any]:
        return [(g["id"], g["active_stat"],
                 any(c["key"] == "stunned" for c in g["conditions"]),
                 [(c["key"], c["playable"], c["always"]) for c in g["hand"]])
                for g in view["gladiators"] if not g.get("defeated")]

    checked = 0
    for seed, (row, col) in enumerate(zip(entrants, [*entrants[1:], entrants[0]],
                                          strict=True)):
        state = rules.new_state(lab.setup(row, col, Layout(seed % 2 == 1, True)), TABLES)
        dice = SeededDice(seed)
        rules.apply(state, {"type": "start"}, dice)
        while not state.over and state.turn < 60:
            assert read(seen(state)) == read(summary(state))
            checked += 1
            action = rules.choose(state)
            assert action is not None
            rules.apply(state, action, dice)
    assert checked > 20
