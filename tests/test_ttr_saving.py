"""Saving, loading and replaying games; rules as data; what ``import zuzlab.ttr`` pulls in."""

import json
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from zuzlab import ttr
from zuzlab.core import seeded_random


def half_played(seed=5, players=4, steps=120):
    game = ttr.new_game("usa", players=players, seed=seed)
    rng = seeded_random(seed, "half")
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_save_and_load_give_the_same_state():
    game = half_played()
    loaded = ttr.load_game(game.to_json())
    assert loaded.to_dict() == game.to_dict()
    assert loaded.legal_actions() == game.legal_actions()


def test_a_loaded_game_continues_exactly_like_the_original():
    game = half_played()
    loaded = ttr.load_game(game.to_json())
    rng_a, rng_b = seeded_random(1, "go on"), seeded_random(1, "go on")
    while not game.is_over:
        game.apply(rng_a.choice(game.legal_actions()))
        loaded.apply(rng_b.choice(loaded.legal_actions()))
    assert loaded.is_over and loaded.to_dict() == game.to_dict()
    assert loaded.final_scores().totals == game.final_scores().totals


def test_seed_and_action_list_replay_the_game():
    game = ttr.play_random_game("usa", players=3, seed=11)
    saved = [a.to_dict() for a in game.history]
    again = ttr.replay("usa", players=3, seed=11, actions=json.loads(json.dumps(saved)))
    assert again.to_dict() == game.to_dict()
    assert again.final_scores().totals == game.final_scores().totals


def test_changed_rules_are_saved_with_the_game():
    rules = replace(ttr.rules.USA, trains_per_player=20, longest_route_bonus=25,
                    route_points={1: 1, 2: 3, 3: 5, 4: 8, 5: 12, 6: 18})
    game = ttr.play_random_game(rules, players=2, seed=4)
    loaded = ttr.load_game(game.to_json())
    assert loaded.rules == rules
    assert loaded.final_scores().totals == game.final_scores().totals


def test_a_broken_save_is_refused_clearly():
    with pytest.raises(ValueError, match="not a saved Ticket to Ride game"):
        ttr.load_game('{"format": "something"}')
    saved = half_played().to_dict()
    del saved["deck"]
    with pytest.raises(ValueError, match="the field 'deck' is missing"):
        ttr.Game.from_dict(saved)
    with pytest.raises(ValueError, match="not a saved action"):
        ttr.replay("usa", players=2, seed=1, actions=[{"type": "Teleport"}])


def test_changed_rules_change_the_game():
    rules = replace(ttr.rules.USA, trains_per_player=12, initial_hand=6, longest_route_bonus=20)
    game = ttr.new_game(rules, players=3, seed=2)
    assert game.trains == [12, 12, 12]
    assert all(sum(h.values()) == 6 for h in game.hands)
    finished = ttr.play_random_game(rules, players=3, seed=2)
    assert max(s.longest_route_bonus for s in finished.final_scores().players) == 20
    assert ttr.rules.USA.trains_per_player == 45  # the original is untouched


def test_route_points_table_is_a_parameter():
    rules = replace(ttr.rules.USA, route_points={1: 2, 2: 4, 3: 6, 4: 8, 5: 10, 6: 12})
    assert rules.points_for_length(6) == 12
    assert hash(rules)  # still a frozen, hashable value
    with pytest.raises(ValueError, match="no points for a route of length 7"):
        rules.points_for_length(7)


@pytest.mark.parametrize("change, problem", [
    (dict(returned_tickets="fireplace"), "returned_tickets"),
    (dict(min_players=4, max_players=2), "not a range"),
    (dict(tie_breakers=("coin_toss",)), "unknown tie-breaker 'coin_toss'"),
    (dict(ticket_keep_min=4), "ticket_keep_min"),
])
def test_broken_rules_are_refused(change, problem):
    with pytest.raises(ValueError, match=problem):
        replace(ttr.rules.USA, **change)


@pytest.mark.parametrize("field, value, problem", [
    ("trains_per_player", "45", "trains_per_player must be a whole number ≥ 0, not '45'"),
    ("wild_only_on_tunnels", {}, "wild_only_on_tunnels must be True or False, not {}"),
    ("route_points", {"1": 1, "x": 2}, "a key of route_points must be a whole number ≥ 0, not 'x'"),
    ("colors", "red", "colors must be a list, not 'red'"),
])
@pytest.mark.parametrize("start", ["seed", "set-up"])
def test_a_save_whose_rules_hold_a_value_of_the_wrong_kind_names_the_field(field, value, problem, start):
    # "45" was refused only by Python's TypeError or as trains that disagree; {} loaded and
    # failed in play with a TypeError
    game = ttr.new_game("switzerland", players=2, seed=1)
    if start == "set-up":
        game.set_up(hands={0: {"red": 2}})
    data = json.loads(game.to_json())
    for rules in (data["rules"], data["start"]["rules"] if data["start"] else {}):
        rules[field] = value
    with pytest.raises(ValueError, match=re.escape(f"not a saved game: rules 'switzerland': {problem}")):
        ttr.load_game(json.dumps(data))


@pytest.mark.parametrize("data, problem", [
    ({"map": "usa"}, "missing rules fields: name"),
    (["usa"], "rules must be a dict, not ['usa']"),
])
def test_rules_from_data_that_lack_a_field_or_are_no_dict_are_refused(data, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):  # was a TypeError
        ttr.TtrRules.from_dict(data)


def test_engine_imports_no_plotting_or_widget_library():
    code = ("import sys, zuzlab.ttr; "
            "print([m for m in sys.modules if m.split('.')[0] in ('bokeh', 'ipywidgets', 'ipycanvas')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
