"""The projection of a Ticket to Ride position's final scores (``zuzlab.ttr.projection``),
which the expert's playouts stop at."""

from __future__ import annotations

import dataclasses
import json

import pytest

from zuzlab import ttr
from zuzlab.ttr import projection
from zuzlab.ttr.rules import VARIANTS


def test_a_players_facts_are_read_from_their_routes_tickets_and_cards():
    """Checked by hand on the USA board: Denver–Santa Fe–El Paso (2 + 2 trains) completes
    Denver–El Paso (4 points); the other player holds every route into Miami, so
    Boston–Miami can no longer be completed (12 points lost); Kansas City–Houston (5) is
    open, its cheapest way Kansas City–Oklahoma City–Dallas–Houston 2 + 2 + 1 trains."""
    game = ttr.new_game("usa", players=2, seed=1).set_up(
        claimed={("Denver", "Santa Fe"): 0, ("Santa Fe", "El Paso"): 0, ("Atlanta", "Miami"): 1,
                 ("Charleston", "Miami"): 1, ("Miami", "New Orleans"): 1},
        tickets={0: [("Denver", "El Paso"), ("Boston", "Miami"), ("Kansas City", "Houston")], 1: []},
        hands={0: {"red": 2, "locomotive": 1}}, current=0)
    facts = dict(zip(projection.FEATURES, projection.features(game, 0)))
    assert facts == {"route points": 2 + 2, "trains left": 45 - 4, "points of complete tickets": 4,
                     "points of open tickets": 5, "points lost on tickets that can no longer be completed": 12,
                     "trains the open tickets still need": 5, "cards in hand": 3, "stations left": 0}


def test_europe_counts_the_stations_left():
    game = ttr.new_game("europe", players=3, seed=1).set_up(stations={"Wien": 0}, current=0)
    facts = dict(zip(projection.FEATURES, projection.features(game, 0)))
    assert facts["stations left"] == VARIANTS["europe"].stations_per_player - 1


def test_the_stage_is_read_from_the_fewest_trains_left():
    game = ttr.new_game("usa", players=2, seed=1)
    assert projection.stage(game) == 0  # 45 trains each
    long_routes = [r.id for r in game.map.routes if r.length == 6][:4]  # 24 trains: 21 left
    game.set_up(claimed={route: 1 for route in long_routes}, current=0)
    assert game.trains[1] == 21 and projection.stage(game) == projection.STAGES.index(15)


def test_the_projection_stands_only_for_a_built_in_variants_own_rules():
    game = ttr.new_game("usa", players=4, seed=1)
    assert isinstance(projection.for_game(game), projection.Projection)
    changed = dataclasses.replace(VARIANTS["usa"], longest_route_bonus=20)
    assert projection.for_game(ttr.new_game(changed, players=4, seed=1)) is None
    assert projection.for_game(ttr.new_game("europe-seed", players=3, seed=1)) is None  # not fitted


def test_every_board_and_player_count_is_fitted_and_the_file_says_how():
    fitted = json.loads(projection.FITTED.read_text(encoding="utf-8"))
    assert fitted["features"] == list(projection.FEATURES) and fitted["stages"] == list(projection.STAGES)
    expected = {projection.key(variant, players) for variant in projection.FITTED_VARIANTS
                for players in range(VARIANTS[variant].min_players, VARIANTS[variant].max_players + 1)}
    assert set(fitted["fits"]) == expected
    assert fitted["games"] >= 500 and fitted["seed"]


def test_projected_scores_are_nearer_the_final_scores_than_the_scores_so_far():
    """On games the fit never saw (another seed), what the projection expects a player to
    end with is nearer their final score than their route points so far at every stage but
    the last (where the route points have nearly all been made), and nearer than the mean
    final score of those very games once the game is under way (at the start the cards to
    come decide nearly everything: the projection is hardly better than the mean there)."""
    weights = projection.for_game(ttr.new_game("usa", players=4, seed=1)).weights
    rows = projection.observed("usa", 4, games=30, seed="held out")
    for at in range(len(projection.STAGES) - 1):
        here = [(facts, final) for stage, facts, final in rows if stage == at]
        constant, *w = weights[at]
        projected = [constant + sum(a * b for a, b in zip(w, facts)) for facts, _ in here]
        finals = [final for _, final in here]
        mean = sum(finals) / len(finals)
        so_far = [facts[0] for facts, _ in here]
        assert squared_error(projected, finals) < squared_error(so_far, finals)
        if at > 0:
            assert squared_error(projected, finals) < squared_error([mean] * len(finals), finals)


def squared_error(guesses, finals):
    return sum((g - f) ** 2 for g, f in zip(guesses, finals)) / len(finals)


def test_the_fit_is_seeded():
    rows = projection.observed("switzerland", 2, games=6, seed="a")
    assert rows == projection.observed("switzerland", 2, games=6, seed="a")
    assert rows != projection.observed("switzerland", 2, games=6, seed="b")


def test_a_projection_with_the_wrong_weights_is_refused_by_name():
    with pytest.raises(ValueError, match="4 stages of 9 weights"):
        projection.Projection([[0.0] * 9] * 3)
    with pytest.raises(ValueError, match="too few positions at stage 0"):
        projection.fit([(0, [1.0] * len(projection.FEATURES), 50)])
