"""The Ticket to Ride expert (``zuzlab.ttr.expert``) and the sampled worlds it plays on
(``GameState.from_observation``): a world agrees with everything its player sees, deals
the hidden parts from what that player has not seen, is seeded, and is made without the
real hidden cards; the expert answers every decision legally, finds the move that is
clearly best, and gives the same move for the same seed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ttr_helpers import full_deck
from zuzlab import ttr
from zuzlab.core import Estimate, HiddenInformation, PlayerView
from zuzlab.ttr import advice
from zuzlab.ttr.expert import ExpertBot, read_rival_tickets
from zuzlab.ttr.plans import open_graph, ticket_path
from zuzlab.ttr.state import Game

#: a budget that samples little: enough to exercise every part of the search quickly
SMALL = {"budget": 1, "candidates": 3, "first_worlds": 1, "max_worlds": 1}


def played(variant: str = "usa", players: int = 4, seed: int = 3, actions: int = 60) -> ttr.Game:
    """A game after ``actions`` random actions (events made: a save and a view work on it)."""
    game = ttr.new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(game.random_action(rng))
    return game


def unseen_cards(game: ttr.Game, player: int) -> Counter:
    """The train cards ``player`` has not seen: outside their hand, the face-up row, the
    discards and a tunnel's laid and revealed cards."""
    unseen = full_deck(game) - Counter(game.hands[player])
    unseen -= Counter(card for card in [*game.cards.face_up, *game.cards.discard] if card)
    if isinstance(game.pending, ttr.TunnelPayment):
        unseen -= Counter(dict(game.pending.laid)) + Counter(game.pending.revealed)
    return unseen


# --- the sampled worlds ---------------------------------------------------------------------------

@pytest.mark.parametrize("variant, players, actions", [("usa", 4, 0), ("usa", 4, 60), ("usa", 2, 150),
                                                       ("europe", 3, 2), ("europe", 5, 90)])
def test_a_world_agrees_with_everything_its_player_sees(variant, players, actions):
    game = played(variant, players, actions=actions)
    player = game.current_player
    seen = game.observation(player)
    world = Game.from_observation(seen, random.Random(1))
    assert world.observation(player) == seen
    assert world.legal_actions() == game.legal_actions()
    world.check_position()


@pytest.mark.parametrize("variant, actions", [("usa", 70), ("europe", 120)])
def test_a_world_deals_the_hidden_parts_from_what_its_player_has_not_seen(variant, actions):
    game = played(variant, 4, actions=actions)
    player = game.current_player
    world = Game.from_observation(game.observation(player), random.Random(2))
    dealt = Counter(world.cards.deck)
    for other in range(game.players):
        if other != player:
            dealt.update({card: n for card, n in world.hands[other].items() if n})
            assert sum(world.hands[other].values()) == sum(game.hands[other].values())
            assert len(world.tickets[other]) == len(game.tickets[other])
    assert dealt == unseen_cards(game, player)
    assert len(world.cards.deck) == len(game.cards.deck) and len(world.ticket_deck) == len(game.ticket_deck)
    hidden_tickets = [*world.ticket_deck, *world.removed_tickets,
                      *(t for other in range(game.players) if other != player
                        for t in [*world.tickets[other], *world.offers[other]])]
    real = [*game.ticket_deck, *game.removed_tickets, *(t for other in range(game.players) if other != player
                                                         for t in [*game.tickets[other], *game.offers[other]])]
    assert sorted(hidden_tickets) == sorted(real)  # the same tickets, dealt anew


def test_a_world_is_seeded_and_worlds_differ():
    game = played("usa", 4, actions=40)
    seen = game.observation(game.current_player)
    first, again = (Game.from_observation(seen, random.Random(7)) for _ in range(2))
    other = Game.from_observation(seen, random.Random(8))
    assert first.to_dict() == again.to_dict()
    assert first.cards.deck != other.cards.deck


def test_a_world_is_made_without_the_real_hidden_cards():
    """Two games that differ only in what player 0 cannot see (another hand, the deck's
    order, another player's tickets) give player 0 the very same worlds."""
    game = played("usa", 4, actions=41)
    while game.current_player != 0 or game.pending is not None:
        game.apply(game.random_action(random.Random(len(game.history))))
    other = game.copy()
    deck, hand = other.cards.deck, other.hands[1]
    given = next(card for card, count in hand.items() if count)
    taken = next(card for card in deck if card != given)
    hand[given] -= 1
    hand[taken] += 1
    deck[deck.index(taken)] = given
    random.Random(1).shuffle(deck)
    other.tickets[2][0], other.ticket_deck[0] = other.ticket_deck[0], other.tickets[2][0]
    other.check_position()
    assert other.cards.deck != game.cards.deck and other.hands[1] != game.hands[1]
    assert other.observation(0) == game.observation(0)
    worlds = [Game.from_observation(g.observation(0), random.Random(5)).to_dict() for g in (game, other)]
    assert worlds[0] == worlds[1]


def test_a_bot_may_ask_for_its_own_observation_only():
    game = played("usa", 4, actions=30)
    player = game.current_player
    view = PlayerView(game, player)
    assert view.observation() == view.observation(player) == game.observation(player)
    with pytest.raises(HiddenInformation, match=rf"may not see game.observation\({(player + 1) % 4}\)"):
        view.observation((player + 1) % 4)
    with pytest.raises(HiddenInformation, match="game.observation._method"):
        view.observation._method  # noqa: B018 (the read is the test)


def test_no_world_while_another_player_owes_a_decision():
    game = ttr.new_game("usa", players=4, seed=1)  # player 0 chooses opening tickets
    with pytest.raises(ValueError, match="player 0 owes a decision"):
        Game.from_observation(game.observation(1), random.Random(1))


def test_rivals_are_dealt_tickets_their_routes_suggest():
    """``read_rival_tickets`` deals each rival tickets whose cities their routes touch
    (of several ways to deal them, the best fitting), from the same hidden tickets, leaving
    the player's own untouched: a rival who has built from Seattle to Los Angeles is
    thought to hold tickets there far more often than a random deal would say."""
    game = ttr.new_game("usa", players=3, seed=2)
    board = game.map
    west = [r.id for r in board.routes if set(r.cities) in ({"Seattle", "Portland"}, {"Portland", "San Francisco"},
                                                           {"San Francisco", "Los Angeles"})][::2]
    game.set_up(claimed={route: 1 for route in west}, current=0)
    touched = {city for route in game.routes_of(1) for city in route.cities}
    seen = game.observation(0)

    def touching(world):
        return sum(any(city in touched for city in (board.ticket(t).origin, *board.ticket(t).destinations))
                   for t in world.tickets[1])

    read, random_deals = [], []
    for number in range(40):
        world = Game.from_observation(seen, random.Random(number))
        random_deals.append(touching(world))
        hidden = sorted([*world.tickets[1], *world.tickets[2], *world.ticket_deck])
        own = list(world.tickets[0])
        read_rival_tickets(world, random.Random(number))
        read.append(touching(world))
        assert sorted([*world.tickets[1], *world.tickets[2], *world.ticket_deck]) == hidden  # dealt anew
        assert world.tickets[0] == own and len(world.tickets[1]) == len(game.tickets[1])
        world.check_position()
    assert sum(read) > 1.5 * sum(random_deals)
    again = read_rival_tickets(Game.from_observation(seen, random.Random(3)), random.Random(3))
    assert again.tickets == read_rival_tickets(Game.from_observation(seen, random.Random(3)), random.Random(3)).tickets


# --- the expert -----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant, players, actions", [("usa", 4, 0), ("usa", 4, 35), ("usa", 4, 36),
                                                       ("usa", 2, 120), ("europe", 4, 4), ("europe", 3, 80)])
def test_the_expert_answers_with_a_legal_action(variant, players, actions):
    """At the opening's ticket choice, a turn, a second card, a later ticket offer."""
    game = played(variant, players, actions=actions)
    action, (reason, params) = ExpertBot(**SMALL).decide(PlayerView(game, game.current_player), random.Random(1))
    assert action in game.legal_actions()
    ttr_texts = __import__("zuzlab.texts", fromlist=["text"])
    for lang in ("en", "de"):
        assert ttr_texts.text(f"bot.{reason}", lang, **params)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["usa", "europe"])
def test_the_expert_plays_whole_games_legally(variant):
    """Every decision of whole games (tunnels and stations in Europe), in every seat."""
    for seat in range(3):
        bots: list = ["balanced", "tickets", "long_routes"]
        bots[seat] = ExpertBot(budget=1, candidates=2, first_worlds=1, max_worlds=1)
        game = ttr.play_game(variant, players=3, seed=seat, bots=bots)  # apply refuses an illegal action
        assert game.is_over and len(game.history) > 100


def last_turn_with_a_ticket_to_complete():
    """Player 0's last turn: one white 2-train route (New York–Pittsburgh) completes
    Seattle–New York (22 points); the hand also pays for a black 6-train route (15
    points), the most route points a claim can bring now."""
    game = ttr.new_game("usa", players=4, seed=2)
    ticket = game.map.ticket(25)
    path = ticket_path(open_graph(game, 0, lambda route: route.length), game.map, ticket)
    *owned, missing = path
    assert (missing.a, missing.b, missing.color, missing.length) == ("New York", "Pittsburgh", "white", 2)
    kept_free = {route.id for route in path} | {*missing.parallel, 45}
    claimed = {route.id: 0 for route in owned}
    trains = 0
    for route in sorted(game.map.routes, key=lambda route: -route.length):
        if route.id in kept_free or set(route.parallel) & set(claimed) or trains + route.length > 43:
            continue
        claimed[route.id] = 3
        trains += route.length
    assert trains == 43  # player 3 has two trains left: their turn ends the game's last round in
    game.set_up(claimed=claimed, tickets={0: [25]}, hands={0: {"white": 2, "black": 6}, 3: {}}, current=3)
    game.apply(ttr.DrawBlind())
    game.apply(ttr.DrawBlind())
    assert game.final_turns_left == 4 and game.current_player == 0
    return game, missing


def test_the_expert_completes_a_big_ticket_on_its_last_turn():
    game, missing = last_turn_with_a_ticket_to_complete()
    view = PlayerView(game, 0)
    balanced = ttr.make_bot("balanced")(view, random.Random(1))
    assert balanced.route == 45  # the strategy bots take the most route points
    expert = ExpertBot(budget=1, candidates=6, first_worlds=2, max_worlds=2)
    action, (reason, params) = expert.decide(view, random.Random(1))
    assert action.route == missing.id
    # 22 points won, not lost, less the 13 route points more of the black route
    assert [e.action.route for e in expert.last_estimates[:2]] == [missing.id, 45]
    assert expert.last_estimates[0].expected == expert.last_estimates[1].expected + 2 * 22 - 13


def test_the_expert_leaves_the_usual_move_only_for_a_clearly_better_one():
    """A lead within chance (compared world by world) keeps the balanced bot's move."""
    usual = Estimate("usual", 0.0, 4, (0.0, 0.0, 0.0, 0.0))
    lucky = Estimate("lucky", 2.5, 4, (20.0, -10.0, 10.0, -10.0))  # ahead by 2.5 ± 6.6
    steady = Estimate("steady", 2.5, 4, (2.0, 3.0, 2.0, 3.0))  # ahead by 2.5 ± 0.3
    expert = ExpertBot()
    assert expert._chosen([lucky, usual], "usual") is usual
    assert expert._chosen([steady, usual], "usual") is steady
    assert ExpertBot(doubt=0)._chosen([lucky, usual], "usual") is lucky


def test_the_same_seed_gives_the_same_move():
    game = played("usa", 4, actions=50)
    while game.pending is not None:  # a turn's start: a search among moves of every kind
        game.apply(game.random_action(random.Random(1)))
    view = PlayerView(game, game.current_player)
    kwargs = {"budget": 1, "candidates": 5, "first_worlds": 2, "max_worlds": 2}
    first, again = ExpertBot(**kwargs), ExpertBot(**kwargs)
    assert first.decide(view, random.Random(4)) == again.decide(view, random.Random(4))
    assert first.last_estimates == again.last_estimates
    assert len(first.last_estimates) > 1 and len({e.expected for e in first.last_estimates}) > 1


def test_the_expert_gives_the_strategy_bots_interface():
    """Called as every bot is, and ``decide`` with a ``[bot]`` reason as the strategy bots give
    (the hint's words and its planned way come from ``advice``, whichever bot advises)."""
    game = played("usa", 4, actions=44)
    view = PlayerView(game, game.current_player)
    expert = ExpertBot(**SMALL)
    action, (reason, params) = expert.decide(view, random.Random(2))
    assert expert(view, random.Random(2)) == action
    assert (reason, params) == advice.reason(view, action, advice.TicketPlan.for_move(view, action))


def test_the_expert_is_a_registered_bot_with_a_name_in_both_languages():
    from zuzlab import texts

    assert type(ttr.make_bot("expert")).__name__ == "ExpertBot" and "expert" not in ttr.ENGINE.strategies
    assert texts.bot_name("expert", "en") == "expert" and texts.bot_name("expert", "de") == "Experte"


class RecordingProjection:
    """A projection that projects the scores it is given and keeps the positions it saw."""

    def __init__(self, scores):
        self.given, self.seen = scores, []

    def scores(self, game):
        self.seen.append((game.is_over, game.pending, min(game.trains), len(game.history)))
        return self.given


def test_a_playout_stops_after_the_horizon_with_its_scores_projected():
    from zuzlab.ttr.expert import END_NEAR, PROJECTION_COST

    game = played("usa", 4, actions=30)
    world = game.copy()
    player, start = world.player_to_move(), len(world.history)
    recording = RecordingProjection([50.0, 61.0, 40.0, 58.0])
    expert = ExpertBot(horizon=20)
    action = game.legal_actions()[0]
    margin, decisions = expert._play_out(world, action, "policy", 0, recording)
    [(over, pending, fewest, moves)] = recording.seen
    assert not over and pending is None and fewest > END_NEAR
    played_on = moves - start - 1  # the policy's decisions after the candidate
    assert played_on in (20, 21)  # the horizon, then a turn's start (a second card may be owed)
    assert decisions == played_on + PROJECTION_COST
    assert margin == recording.given[player] - max(s for seat, s in enumerate(recording.given) if seat != player)
    assert len(world.history) == start  # played on a copy


def test_near_the_end_a_playout_is_played_to_the_end():
    from zuzlab.ttr.expert import END_NEAR

    game = played("usa", 4, actions=30)
    long_routes = [r.id for r in game.map.routes if r.length >= 5 and r.id not in game.claimed]
    claimed, trains = {}, 45
    for route in long_routes:  # player 1 down to END_NEAR trains or fewer, but above the last round's 2
        if trains - game.map.route(route).length < 3:
            break
        claimed[route] = 1
        trains -= game.map.route(route).length
        if trains <= END_NEAR:
            break
    game.set_up(claimed={**game.claimed, **claimed}, current=0)
    assert END_NEAR >= game.trains[1] > 2
    recording = RecordingProjection([0.0] * 4)
    world = game.copy()
    expert = ExpertBot(horizon=1)
    expert._play_out(world, game.legal_actions()[0], "policy", 0, recording)
    assert recording.seen == []


def test_without_a_projection_for_the_rules_every_playout_is_played_to_the_end(monkeypatch):
    import dataclasses

    from zuzlab.ttr import projection
    from zuzlab.ttr.rules import VARIANTS

    projected = []
    monkeypatch.setattr(projection.Projection, "scores", lambda self, game: projected.append(game) or [0.0] * 4)
    changed = dataclasses.replace(VARIANTS["usa"], longest_route_bonus=20)
    little = {"budget": 1, "candidates": 2, "first_worlds": 1, "max_worlds": 1}
    for rules, expected in ((VARIANTS["usa"], True), (changed, False)):
        game = ttr.new_game(rules, players=4, seed=2)
        for _ in range(40):
            game.apply(game.random_action(random.Random(2)))
        while game.pending is not None:
            game.apply(game.random_action(random.Random(1)))
        projected.clear()
        ExpertBot(**little, horizon=10)(PlayerView(game, game.current_player), random.Random(3))
        assert bool(projected) is expected
    projected.clear()
    ExpertBot(**little, horizon=None)(PlayerView(game, game.current_player), random.Random(3))
    assert projected == []


@pytest.mark.parametrize("wrong", [{"budget": 0}, {"first_worlds": 4, "max_worlds": 3}, {"doubt": -1}, {"horizon": 0}])
def test_a_wrong_search_setting_is_refused_by_name(wrong):
    with pytest.raises(ValueError, match="the expert needs .* a horizon of at least 1 or None"):
        ExpertBot(**wrong)
