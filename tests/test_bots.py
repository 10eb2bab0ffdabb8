"""The strategy bots: they always act legally, they play their strategies, and the
Railroad Ink look-ahead is worked out as the hand count says."""

import statistics

import pytest

from position_helpers import checked
from zuzlab import ink, ttr
from zuzlab.ink import bots as ink_bots
from zuzlab.ttr.actions import ClaimRoute, GiveUpTunnel

STRATEGIES = ["tickets", "long_routes", "balanced"]


@pytest.mark.parametrize("variant,players", [("usa", 4), ("europe", 5), ("switzerland", 3), ("usa", 2)])
def test_strategy_bots_only_choose_legal_actions_and_finish(variant, players):
    names = (STRATEGIES * 2)[:players]
    game = ttr.play_game(variant, players=players, seed=5, bots=[checked(ttr.make_bot(name)) for name in names])
    assert game.is_over and len(game.final_scores().players) == players


def test_a_seed_gives_the_same_bot_game():
    def played():
        return ttr.play_game("usa", players=3, seed=9, bots=STRATEGIES).history

    assert played() == played()


def games_of(names, count=12):
    """(seat name, player score, game) for ``count`` 4-player USA games, bots moving round."""
    for seed in range(count):
        seats = names[seed % len(names):] + names[:seed % len(names)]
        game = ttr.play_game("usa", players=len(seats), seed=seed, bots=seats)
        scores = game.final_scores()
        for seat, name in enumerate(seats):
            yield name, scores[seat], game


def test_each_strategy_plays_to_its_idea():
    by_bot = {}
    for name, score, game in games_of(["tickets", "long_routes", "balanced", "random"]):
        lengths = [r.length for r in game.routes_of(score.player)]
        by_bot.setdefault(name, []).append((score, statistics.mean(lengths) if lengths else 0))
    mean = {name: {"length": statistics.mean(length for _, length in rows),
                   "completed": statistics.mean(s.completed_tickets / max(1, len(s.tickets)) for s, _ in rows),
                   "total": statistics.mean(s.total for s, _ in rows)} for name, rows in by_bot.items()}
    assert mean["long_routes"]["length"] > mean["tickets"]["length"] + 1  # long routes, as its name says
    assert mean["tickets"]["completed"] > mean["long_routes"]["completed"]  # tickets first
    for name in STRATEGIES:  # every strategy beats random play by far
        assert mean[name]["total"] > mean["random"]["total"] + 50


def test_the_ticket_bot_keeps_cheap_tickets_and_claims_its_plan():
    game = ttr.new_game("usa", players=2, seed=3)
    bot = ttr.make_bot("tickets")
    keep = bot(game, None)
    assert isinstance(keep, ttr.KeepTickets) and len(keep.tickets) >= game.pending.keep_min
    game.apply(keep)
    game.apply(ttr.KeepTickets(game.pending.tickets))
    planned = bot.planned_routes(game)
    for ticket_id, path in zip(game.tickets[0], bot.plan(game)):
        ticket = game.map.ticket(ticket_id)
        ends = {c for r in path for c in r.cities}
        assert ticket.origin in ends and ticket.destinations[0] in ends  # a path between the ticket's cities
    assert planned and all(r.id not in game.claimed for r in planned)


def test_unknown_bot_names_are_refused():
    with pytest.raises(ValueError, match="no Ticket to Ride bot called 'cheater'; known: random, tickets"):
        ttr.make_bot("cheater")
    with pytest.raises(ValueError, match="no Railroad Ink bot called 'x'"):
        ink.make_bot("x")
    with pytest.raises(ValueError, match="3 players need 3 bots, not 2"):
        ttr.play_game("usa", players=3, bots=["random"] * 2)


# --- Railroad Ink ------------------------------------------------------------------------------

def test_next_round_mends_by_hand():
    # A highway straight at A1 joins the top exit; its south end faces the empty B1.
    # Drawable at B1 with a highway north: highway T, straight and curve (3 of 6 faces of a
    # route die) and every special-die face (straight station, curved station, overpass).
    board = ink.Board()
    board.place("A4", "A1", 0)
    route_dice = (ink.rules.ROUTE_DIE,) * 3
    assert ink_bots.next_round_mends(board, route_dice) == pytest.approx(1 - 0.5 ** 3)
    assert ink_bots.next_round_mends(board, route_dice + (ink.rules.SPECIAL_DIE,)) == pytest.approx(1.0)
    assert ink_bots.next_round_mends(ink.Board(), route_dice) == 0  # no open ends


@pytest.mark.slow
def test_lookahead_bot_is_legal_and_scores_more_than_greedy():
    def mean_total(bot, seeds):
        return statistics.mean(ink.play_game(seed=s, bots=bot).final_scores().totals[0] for s in seeds)

    game = ink.play_game(seed=1, bots=checked(ink_bots.lookahead_action))
    assert game.is_over
    seeds = range(2, 10)
    assert mean_total(ink_bots.lookahead_action, seeds) > mean_total(ink_bots.greedy_action, seeds)


def plan_cost(path):
    return sum(route.length for route in path) if path is not None else None


@pytest.mark.parametrize("variant,players", [("usa", 4), ("europe", 3), ("switzerland", 3)])
def test_a_plan_kept_up_to_date_is_as_cheap_as_one_made_anew(variant, players):
    """The planner keeps its graph between turns and searches again only the plans that a
    claim crossed: at every turn each ticket's kept plan must cost what a new one costs."""
    from zuzlab.ttr.plans import Planner

    bots = [ttr.make_bot(name) for name in (STRATEGIES * 2)[:players]]
    compared = caught_up = 0

    def comparing(bot):
        def choose(game, rng):
            player = game.current_player
            kept_before = bot._planner
            kept = bot.planner(game)
            fresh = Planner(game, player, bot.route_cost)
            for ticket in game.tickets[player]:
                assert plan_cost(kept.path(game, ticket)) == plan_cost(fresh.path(game, ticket))
            assert kept.graph == fresh.graph  # the same open routes at the same costs
            nonlocal compared, caught_up
            compared += 1
            caught_up += kept is kept_before  # brought up to date, not made anew
            return bot(game, rng)
        return choose

    ttr.play_game(variant, players=players, seed=11, bots=[comparing(bot) for bot in bots])
    assert compared > 50 and caught_up > 20


def test_after_its_own_claim_a_planner_is_kept_and_orders_its_graph_as_a_new_one():
    """The player's own claim makes its route free and leaves fewer trains: the planner is
    brought up to date, not made anew, and its graph lists cities and neighbours in the
    order a new graph would (networkx's searches, which the agents use, break ties by it)."""
    import random

    from zuzlab.ttr.plans import Planner

    game, rng = ttr.new_game("usa", players=2, seed=5), random.Random(5)
    bot, other = ttr.make_bot("balanced"), ttr.make_bot("long_routes")
    own_claims = 0
    while not game.is_over and own_claims < 8:
        player = game.current_player
        if player == 0 and game.pending is None:
            before, trains_before = bot._planner, bot._planner.trains if bot._planner else None
            kept = bot.planner(game)
            if before is not None and game.trains[0] < trains_before:
                own_claims += 1
                assert kept is before
                fresh = Planner(game, 0, bot.route_cost)
                assert [(city, list(neighbours.items())) for city, neighbours in kept.graph.items()] == \
                    [(city, list(neighbours.items())) for city, neighbours in fresh.graph.items()]
                assert all(kept.path(game, t) == fresh.path(game, t) for t in game.tickets[0])
        game.apply((bot if player == 0 else other)(game, rng))
    assert own_claims == 8


def test_a_planner_starts_again_after_an_undo():
    import random

    game, rng = ttr.new_game("usa", players=2, seed=4), random.Random(4)
    bot, other = ttr.make_bot("tickets"), ttr.make_bot("balanced")
    while len(game.claimed) < 3:
        game.apply((bot if game.current_player == 0 else other)(game, rng))
    before = bot.planner(game)
    game.rewind(len(game.history) - 1)  # the last claim is taken back: a new `claimed`
    again = bot.planner(game)
    assert again is not before and again.graph == type(before)(game, game.current_player, bot.route_cost).graph


def test_the_claim_reason_names_the_ticket_the_way_was_planned_for():
    """New York–Pittsburgh lies on the way planned for Montréal–Atlanta; Denver–Pittsburgh
    also ends in Pittsburgh, but its way runs west: it is not the reason (the trial's
    position, where the hint named it)."""
    import random

    game = ttr.new_game("usa", players=4, seed=21)
    game.set_up(hands={0: {"green": 2}}, tickets={0: [("Denver", "Pittsburgh"), ("Montréal", "Atlanta")],
                                                  1: [], 2: [], 3: []}, claimed={6: 0}, current=0)
    action, (reason, params) = ttr.make_bot("balanced").decide(game, random.Random(0))
    assert set(game.map.route(action.route).cities) == {"New York", "Pittsburgh"}
    assert reason == "planned" and str(params["ticket"]).startswith("Montréal–Atlanta")


def test_explaining_a_move_does_not_change_what_a_bot_plays():
    """The hint asks for reasons (``explain``); the simulations do not: both play alike."""
    import random

    game = ttr.new_game("usa", players=3, seed=6)
    while not game.is_over and len(game.history) < 120:
        explained = ttr.make_bot("balanced").decide(game.copy(), random.Random(len(game.history)))[0]
        silent = ttr.make_bot("balanced")(game.copy(), random.Random(len(game.history)))
        assert explained == silent
        game.apply(silent)


@pytest.mark.parametrize("variant,players", [("usa", 2), ("usa", 4), ("switzerland", 2), ("switzerland", 3)])
def test_plans_and_long_targets_use_the_routes_the_claim_check_leaves_open(variant, players):
    """The ticket plans and the long route a bot saves up for ask the same double-route
    rule as the claim check: at every third turn of a game, two cities are joined in the
    plans' graph exactly when the player holds a track between them or the check refuses
    a claim of one for the cards only (not as taken, a closed double route or too long)."""
    import random
    from collections import Counter

    from zuzlab.ttr.plans import open_graph, route_pairs

    def refusal(game, route):
        try:
            game.copy().apply(ttr.ClaimRoute(route.id, None, route.length))
        except ttr.RuleViolation as refused:
            return refused.rule
        return None

    def open_to_claim(game, route):
        return refusal(game, route) not in ("route_taken", "double_route", "not_enough_trains")

    game, rng, refusals = ttr.new_game(variant, players=players, seed=3), random.Random(3), Counter()
    bots = [ttr.make_bot(name) for name in (STRATEGIES * 2)[:players]]
    while not game.is_over:
        if game.pending is None and game.turn % 3 == 0:
            player = game.current_player
            graph = open_graph(game, player, lambda route: route.length)
            for tracks in route_pairs(game.map).values():
                usable = [route for route in tracks
                          if game.claimed.get(route.id) == player or open_to_claim(game, route)]
                a, b = tracks[0].cities
                assert (b in graph.get(a, {})) == bool(usable)
                refusals.update(refusal(game, route) for route in tracks)
            for route in bots[player].long_targets(game):
                assert open_to_claim(game, route)
        game.apply(bots[game.current_player](game, rng))
    assert refusals["double_route"]  # the rule kept someone off a free track


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_long_route_the_double_route_rule_closes_is_not_saved_up_for(players):
    """Portland–San Francisco (5 green, 5 pink), the pink track held by another player,
    the other long green routes taken, five green cards in hand: the bot saves up for the
    green track where the rule leaves it open (from 4 players), else for the next long
    route a green hand pays (Sault St. Marie–Winnipeg, 6 gray)."""
    game = ttr.new_game("usa", players=players, seed=2)
    game.set_up(hands={0: {"green": 5}}, claimed={88: 1, 44: 1, 83: 1}, tickets={p: [] for p in range(players)},
                current=0)
    targets = [route.id for route in ttr.make_bot("long_routes").long_targets(game)]
    assert targets == ([87] if players >= game.rules.double_routes_min_players else [96])


def test_tunnel_cards_count_towards_a_long_tunnel_only():
    """Switzerland: five tunnel cards pay for a 6-train tunnel (Brig–Locarno) but for no
    other route, so that tunnel is the long route closest to affordable, not the 6-train
    gray route Genève–Yverdon: the bot asks the payment rule which cards pay."""
    game = ttr.new_game("switzerland", players=2, seed=2)
    game.set_up(hands={0: {"tunnel": 5}}, tickets={0: [], 1: []}, current=0)
    assert [route.id for route in ttr.make_bot("long_routes").long_targets(game)] == [58]


def test_a_bot_plans_once_a_decision_and_anew_after_it():
    """The plan a decision works out is not kept past it: once another player claims a
    route of the plan, the bot plans round it."""
    import random

    from zuzlab.core import PlayerView

    game = ttr.new_game("usa", players=2, seed=11)
    game.set_up(tickets={0: [("Los Angeles", "New York")], 1: []}, current=0)
    bot = ttr.make_bot("tickets")
    bot.decide(PlayerView(game, 0), random.Random(1))
    planned = [route.id for path in bot.plan(PlayerView(game, 0)) for route in path]
    assert planned
    blocked = next(route_id for route_id in planned if not game.map.route(route_id).parallel)
    game.set_up(claimed={blocked: 1}, current=0)
    bot.decide(PlayerView(game, 0), random.Random(1))
    replanned = [route.id for path in bot.plan(PlayerView(game, 0)) for route in path]
    assert blocked not in replanned and replanned


def test_a_strategy_bot_does_not_try_again_a_tunnel_it_gave_up_with_the_same_hand():
    """München–Venezia is a 2-train blue tunnel: the deck turns up three blue cards, which
    a hand of two blue cards and a red one cannot pay, so the bot gives the tunnel up. With
    the same hand it no longer counts the tunnel among its claims (the same cards would fail
    again: with the deck run down, every time, and 5-player games of such bots never ended);
    once its hand has changed, it does."""
    import random

    game = ttr.new_game("europe", players=2, seed=1)
    tunnel = game.map.route(16)
    assert tunnel.cities == ("München", "Venezia") and tunnel.color == "blue"
    bot = ttr.make_bot("long_routes")
    game.set_up(hands={0: {"blue": 2, "red": 1}}, deck_top=["blue", "blue", "blue"], current=0)
    assert [claim.route for claim in bot._claims_of(game, [16])] == [16]
    game.apply(ClaimRoute(16, "blue", 0))  # laid down, three blue cards turned over
    assert bot(game, random.Random(1)) == GiveUpTunnel()
    game.apply(GiveUpTunnel())
    game.set_up(current=0)
    assert {card: n for card, n in game.hands[0].items() if n} == {"blue": 2, "red": 1}  # the same hand
    assert bot._claims_of(game, [16]) == []
    assert all(claim.route != 16 for claim in bot._worth_trying(game, game.legal_actions().of_type(ClaimRoute)))
    game.set_up(hands={0: {"blue": 3, "red": 1}}, current=0)  # another hand: worth a try
    assert [claim.route for claim in bot._claims_of(game, [16])] == [16]


def test_five_player_europe_games_of_strategy_bots_end():
    """The seeded game that never ended before bots stopped trying a given-up tunnel again."""
    import random

    from zuzlab.ttr.expert import STYLES

    number = 299
    game = ttr.new_game("europe", players=5, seed=f"projection/europe/5/{number}")
    seats = [STYLES[(number + seat) % len(STYLES)]() for seat in range(5)]
    rng = random.Random(f"projection/europe/5/policy/{number}")
    for _ in range(3000):
        if game.is_over:
            break
        game.apply(seats[game.current_player](game, rng), events=False)
    assert game.is_over
