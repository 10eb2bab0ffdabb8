"""Card Game properties over random legal play (hypothesis), and saving/replaying."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgame_helpers import all_cards, full_deck
from zuzlab import cardgame
from zuzlab.cardgame.scoring import settle_game
from zuzlab.core import seeded_random

games = st.tuples(st.integers(2, 4), st.integers(0, 10**6), st.sampled_from(["cardgame", "cardgame-printed"]))


def check_invariants(game: cardgame.Game) -> None:
    assert all_cards(game) == full_deck(game)  # the 96 train cards are all somewhere
    assert all(n >= 0 for hand in game.hands for n in hand.values())
    assert all(n >= 0 and sum(laid) > 0 for yard in game.yards for sets in yard.values() for laid in sets for n in laid)
    scored = ([t for r in (game.first_round or []) for t in r["tickets"]]
              if not game.rules.first_round_tickets_stay else [])
    places = game.ticket_deck + sum(game.tickets, []) + sum(game.offers, []) + scored
    assert sorted(places) == sorted(t.id for t in game.data.tickets)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_play_keeps_every_card_and_ends(args):
    players, seed, rules = args
    game = cardgame.new_game(rules, players=players, seed=seed)
    rng = seeded_random(seed, "test")
    for _ in range(5000):
        check_invariants(game)
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert game.is_over
    assert game.round == (2 if players == 4 else 1)
    scores = game.final_scores()
    for score in scores.players:
        assert score.total == score.first_round + score.ticket_points + score.bonus_points
    assert scores.winners


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_refusals_match_legal_actions(args):
    players, seed, rules = args
    game = cardgame.new_game(rules, players=players, seed=seed)
    rng = seeded_random(seed, "test")
    colours = list(game.data.colors)
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        if step % 9 == 0:
            before = game.to_dict()
            candidates = [cardgame.DrawBlind(), cardgame.DrawTickets(), cardgame.Pass()]
            candidates += [cardgame.DrawFaceUp(c) for c in colours + ["locomotive"]]
            candidates += [cardgame.PlaySet(rng.choice(colours), rng.randint(1, 4), rng.randint(0, 2))
                           for _ in range(6)]
            candidates += [cardgame.PlayMixed(tuple(rng.sample(colours, 3))) for _ in range(4)]
            offer = game.offers[game._current]
            candidates += [cardgame.KeepTickets(()), cardgame.KeepTickets(tuple(offer[:1]))]
            for action in candidates:
                if action in legal:
                    game.copy().apply(action)
                else:
                    try:
                        game.apply(action)
                    except cardgame.RuleViolation:
                        pass
                    else:
                        raise AssertionError(f"{action} was accepted but is not in legal_actions()")
                    assert game.to_dict() == before
        game.apply(rng.choice(legal))
        step += 1


def test_same_seed_same_game_and_replay():
    first = cardgame.play_random_game(players=4, seed=9)
    second = cardgame.play_random_game(players=4, seed=9)
    assert first.to_dict() == second.to_dict()
    saved = json.loads(json.dumps([a.to_dict() for a in first.history]))
    again = cardgame.replay("cardgame", players=4, seed=9, actions=saved)
    assert again.to_dict() == first.to_dict()
    assert cardgame.play_random_game(players=4, seed=10).to_dict() != first.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_endings_count_the_best_choice_against_the_others_in_any_hand_order(players):
    settled_games = 0
    for seed in range(12):
        game = cardgame.play_random_game(players=players, seed=seed)
        settled = settle_game(game)
        if not settled.came_back:  # each counted choice is the best against the others' counted choices
            settled_games += 1
            for player in range(players):
                others = settled.fulfilments[:player] + settled.fulfilments[player + 1:]
                to_win = {city: (points, max([1] + [sum(city in t.cities for t in f.fulfilled) for f in others]))
                          for city, points in game.data.big_cities.items()}
                held = [game.data.ticket(t) for t in game.tickets[player]]
                assert cardgame.best_fulfilment(held, game.track[player], to_win) == settled.fulfilments[player]
        totals = game.final_scores().totals
        for hand in game.tickets:
            hand.reverse()
        assert game.final_scores().totals == totals
    assert settled_games >= 10


def test_save_and_load_mid_game_then_go_on():
    game = cardgame.new_game(players=3, seed=4)
    rng = seeded_random(4, "half")
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    loaded = cardgame.load_game(game.to_json())
    assert loaded.to_dict() == game.to_dict()
    a, b = seeded_random(1, "on"), seeded_random(1, "on")
    while not game.is_over:
        game.apply(a.choice(game.legal_actions()))
        loaded.apply(b.choice(loaded.legal_actions()))
    assert loaded.to_dict() == game.to_dict()
    assert loaded.final_scores().totals == game.final_scores().totals


def test_broken_saves_are_refused():
    import pytest

    with pytest.raises(ValueError, match="not a saved Card Game"):
        cardgame.load_game('{"format": "zuzlab-ttr-game/1"}')
    saved = cardgame.new_game(players=2, seed=1).to_dict()
    del saved["yards"]
    with pytest.raises(ValueError, match="the field 'yards' is missing"):
        cardgame.Game.from_dict(saved)


def test_the_engine_imports_no_plotting_or_widgets():
    import subprocess
    import sys

    code = ("import sys, zuzlab.cardgame; "
            "print([m for m in sys.modules if m.split('.')[0] in ('bokeh', 'ipywidgets', 'ipycanvas')])")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
