"""Properties of random legal play (hypothesis): what must hold after every action."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttr_helpers import all_cards, full_deck
from zuzlab import ttr
from zuzlab.core import seeded_random
from zuzlab.ttr.claim_rules import tracks_open
from zuzlab.ttr import (
    BuildStation, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, GiveUpTunnel, KeepTickets, Pass, PayTunnel,
    RuleViolation,
)

#: (variant, players, seed) for every board and player count
games = st.sampled_from([("usa", n) for n in range(2, 6)] + [("europe", n) for n in range(2, 6)]
                        + [("switzerland", n) for n in (2, 3)]).flatmap(
    lambda game: st.tuples(st.just(game[0]), st.just(game[1]), st.integers(min_value=0, max_value=10**6)))
MAX_ACTIONS = 3000  # a 5-player game of random play takes about 300–500


def check_invariants(game: ttr.Game) -> None:
    rules = game.rules
    # the 110 train cards are all somewhere: piles, face up, hands, a tunnel's laid and revealed cards
    assert all_cards(game) == full_deck(game)
    assert all(n >= 0 for hand in game.hands for n in hand.values())
    assert all(game.stations_built(p) <= rules.stations_per_player for p in range(game.players))
    assert all(game.map.cities[city].kind == "city" for city in game.stations)

    ticket_places = game.ticket_deck + game.removed_tickets + sum(game.tickets, []) + sum(game.offers, [])
    assert sorted(ticket_places) == sorted(t.id for t in game.map.tickets)

    for player in range(game.players):
        own = game.routes_of(player)
        assert game.trains[player] == rules.trains_per_player - sum(r.length for r in own) >= 0
        assert game.scores[player] == sum(rules.points_for_length(r.length) for r in own)
    for route_id in game.claimed:
        route = game.map.route(route_id)
        taken = [track for track in route.tracks if track in game.claimed]
        assert len({game.claimed[track] for track in taken}) == len(taken)  # nobody holds two tracks
        assert len(taken) <= tracks_open(rules, game.players, len(route.tracks))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_play_keeps_every_invariant_and_ends(game_args):
    variant, players, seed = game_args
    game = ttr.new_game(variant, players=players, seed=seed)
    rng = seeded_random(seed, "test")
    for _ in range(MAX_ACTIONS):
        check_invariants(game)
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert game.is_over, "the game did not end"
    check_invariants(game)
    scores = game.final_scores()
    for score in scores.players:
        assert score.total == (score.route_points + score.ticket_points + score.longest_route_bonus
                               + score.station_points)
        assert score.longest_route.length <= sum(r.length for r in game.routes_of(score.player))
        assert len(score.borrowed) <= score.stations_built
    assert set(scores.winners) <= set(range(players)) and scores.winners


def candidate_actions(game: ttr.Game, rng) -> list:
    """A wide net of actions, legal or not, to test that refusals match legal_actions()."""
    board, rules = game.map, game.rules
    candidates = [DrawBlind(), DrawTickets(), Pass(), PayTunnel(0), PayTunnel(1), GiveUpTunnel()]
    candidates += [DrawFaceUp(c) for c in (*rules.colors, rules.wild)]
    for city in rng.sample(sorted(board.cities), 3):
        candidates += [BuildStation(city, rng.choice(rules.colors), rng.randint(0, 2)), BuildStation(city, None, 1)]
    for route in rng.sample(board.routes, 8):
        for color in (route.color if not route.is_gray else rng.choice(rules.colors), None, "red"):
            candidates.append(ClaimRoute(route.id, color, rng.randint(0, route.length)))
            candidates.append(ClaimRoute(route.id, color, route.length))
    offer = list(game.pending.tickets) if isinstance(game.pending, ttr.ChooseTickets) else \
        rng.sample([t.id for t in board.tickets], 3)
    candidates += [KeepTickets(()), KeepTickets(tuple(offer)), KeepTickets(tuple(offer[:1]))]
    return candidates


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_an_action_is_accepted_exactly_when_it_is_legal(game_args):
    variant, players, seed = game_args
    game = ttr.new_game(variant, players=players, seed=seed)
    rng = seeded_random(seed, "test")
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        if step % 7 == 0:  # a sample of states (tests/test_conformance.py checks every one)
            before = game.copy()
            for action in candidate_actions(game, rng):
                if action in legal:
                    trial = game.copy()
                    trial.apply(action)
                else:
                    try:
                        game.apply(action)
                    except RuleViolation:
                        pass
                    else:
                        raise AssertionError(f"{action} was accepted but is not in legal_actions()")
                    assert game == before
        game.apply(rng.choice(legal))
        step += 1


@settings(max_examples=10, deadline=None)
@given(games)
def test_the_same_seed_gives_the_same_game(game_args):
    variant, players, seed = game_args
    first = ttr.play_random_game(variant, players=players, seed=seed)
    second = ttr.play_random_game(variant, players=players, seed=seed)
    assert first == second
    assert first.final_scores().totals == second.final_scores().totals


odd_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=8),
                       st.sampled_from(["red", "locomotive", "gray", "pink"]), st.floats(allow_nan=False))


@settings(max_examples=300, deadline=None)
@given(steps=st.integers(0, 150), kind=st.sampled_from(["face_up", "claim", "keep"]),
       a=odd_values, b=odd_values, c=odd_values)
def test_garbage_actions_are_refused_cleanly(steps, kind, a, b, c):
    game = ttr.new_game("usa", players=3, seed=steps)
    rng = seeded_random(steps, "fuzz")
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before, legal = game.copy(), game.legal_actions()
    try:
        action = {"face_up": lambda: DrawFaceUp(a), "claim": lambda: ClaimRoute(a, b, c),
                  "keep": lambda: KeepTickets((a, b))}[kind]()
    except RuleViolation as error:
        assert error.rule == "malformed_action"
        return
    try:
        game.apply(action)
    except RuleViolation:
        assert action not in legal and game == before
    else:
        assert action in legal
