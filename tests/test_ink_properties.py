"""Railroad Ink properties (hypothesis) over random legal play: the step streams agree
with the fast scorer, saving never changes a score, placing never changes earlier tiles,
every position can be set up again."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zuzlab import ink
from zuzlab.core import seeded_random
from zuzlab.ink import steps
from zuzlab.ink.tiles import HIGHWAY, RAILWAY

games = st.tuples(st.integers(0, 10**6), st.sampled_from([None, "river", "lake"]))


def final(result_steps):
    *_, last = result_steps
    assert last.kind == "done"
    return last.result


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.sampled_from(["simple", "trail"]))
def test_step_streams_agree_with_the_fast_score(game_args, loop_rule):
    seed, expansion = game_args
    board = ink.play_random_game(expansion, seed=seed).boards[0]
    fast = ink.score(board, loop_rule=loop_rule)
    assert final(steps.network_steps(board)) == fast.networks
    assert final(steps.error_steps(board)) == fast.error_details
    assert final(steps.river_steps(board)) == fast.scored_river
    assert final(steps.lake_steps(board)) == fast.smallest_lake
    assert len(final(steps.centre_steps(board))) == fast.centre
    for kind, length in ((HIGHWAY, fast.longest_highway), (RAILWAY, fast.longest_railway)):
        path = final(steps.longest_path_steps(board, kind, loop_rule))
        assert len(path) == length
    all_steps = list(steps.score_steps(board, loop_rule))
    assert [s.part for s in all_steps if s.kind == "done"] == [
        "networks", "longest highway", "longest railway", "centre", "river", "lake", "errors"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_a_path_found_is_a_real_path(game_args):
    seed, expansion = game_args
    board = ink.play_random_game(expansion, seed=seed).boards[0]
    s = ink.score(board)
    for path, kind in ((s.highway_path, "H"), (s.railway_path, "R")):
        assert len(set(path)) == len(path)  # simple: no square twice
        for a, b in zip(path, path[1:]):
            i, j = ink.square_index(a), ink.square_index(b)
            side = {-7: 0, 1: 1, 7: 2, -1: 3}[j - i]
            assert board[a].edges[side] == kind and board[b].edges[(side + 2) % 4] == kind


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(1, 3))
def test_saving_and_placing(game_args, players):
    seed, expansion = game_args
    game = ink.new_game(expansion, players=players, seed=seed)
    rng = seeded_random(seed, "test")
    while not game.is_over:
        before = [b.copy() for b in game.boards]
        player = game.current_player
        game.apply(rng.choice(game.legal_actions()))
        # placing never changes earlier tiles (a water fill only fills empty squares)
        for square, placement in enumerate(before[player].squares):
            assert placement is None or game.boards[player].squares[square] == placement
        # saving and loading never change a score
        if rng.random() < 0.1:
            loaded = ink.load_game(game.to_json())
            assert loaded.to_dict() == game.to_dict()
            assert [loaded.score(p) for p in range(players)] == [game.score(p) for p in range(players)]
    assert ink.load_game(game.to_json()).final_scores().totals == game.final_scores().totals
    saved = json.loads(json.dumps([a.to_dict() for a in game.history]))
    again = ink.replay(game.rules, players=players, seed=seed, actions=saved)
    assert again.to_dict() == game.to_dict()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(1, 2))
def test_every_position_of_play_can_be_set_up_again(game_args, players):
    """The boards play gives pass the checks of ``set_up`` (an order of drawings, the
    dice and specials of the rounds finished), wherever a player is to draw."""
    seed, expansion = game_args
    game = ink.new_game(expansion, players=players, seed=seed)
    rng = seeded_random(seed, "test")
    while not game.is_over:
        if game.history and type(game.history[-1]) is ink.FinishRound:
            again = ink.new_game(expansion, players=players, seed=seed + 1).set_up(
                boards=dict(enumerate(game.boards)), round=game.round, roll=game.rolled + game.rolled_extra,
                current=game.current_player)
            assert again.boards == game.boards
            assert [sorted(used) for used in again.specials_used] == [sorted(used) for used in game.specials_used]
        game.apply(rng.choice(game.legal_actions()))


def test_the_same_seed_gives_the_same_game():
    assert ink.play_random_game(seed=7).to_dict() == ink.play_random_game(seed=7).to_dict()
    assert ink.play_random_game(seed=7).to_dict() != ink.play_random_game(seed=8).to_dict()


def test_all_players_get_the_same_roll():
    game = ink.new_game(players=3, seed=1)
    assert game.open_results[0] == game.open_results[1] == game.open_results[2]


def test_broken_saves_are_refused():
    import pytest

    with pytest.raises(ValueError, match="not a saved Railroad Ink game"):
        ink.load_game("{}")
    saved = ink.new_game(seed=1).to_dict()
    del saved["boards"]
    with pytest.raises(ValueError, match="not a saved game: the field 'boards' is missing"):
        ink.Game.from_dict(saved)
    saved = ink.new_game(seed=1).to_dict() | {"history": 7}
    with pytest.raises(ValueError, match="'history' must be a list of actions"):
        ink.Game.from_dict(saved)


def test_the_engine_imports_no_plotting_or_widgets():
    import subprocess
    import sys

    code = ("import sys, zuzlab.ink; "
            "print([m for m in sys.modules if m.split('.')[0] in ('bokeh', 'ipywidgets', 'ipycanvas')])")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
