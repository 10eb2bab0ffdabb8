"""Ticket to Ride Europe, rule by rule (README: rules decisions): long tickets, tunnels,
ferries, 8-train routes, stations and their end-game choice, the German rule text's presets."""


from ttr_helpers import (
    all_cards, empty_deck_into_hands, finished, full_deck, kinds, refused, route_id, set_face_up, set_hand, stack_deck,
    started, ticket_id,
)
from zuzlab import ttr
from zuzlab.ttr import BuildStation, ClaimRoute, DrawBlind, GiveUpTunnel, KeepTickets, PayTunnel

L = "locomotive"
MUNICH_VENICE = 16  # 2 blue, tunnel
PARIS_ZURICH = 92  # 3 gray, tunnel
PETROGRAD_STOCKHOLM = 100  # 8 gray, tunnel
AMSTERDAM_LONDON = 67  # 2 gray ferry, 2 locomotives
DIEPPE_LONDON = 65  # 2 gray ferry, 1 locomotive


def europe(players=4, seed=1):
    return started("europe", players=players, seed=seed)


def turn_comes_back(game, player):
    """The other players draw two cards each until it is ``player``'s turn again."""
    while game.current_player != player:
        game.apply(DrawBlind())
        game.apply(DrawBlind())


# --- setup: one long and three regular tickets ----------------------------------------

def test_each_player_gets_one_long_and_three_regular_tickets():
    game = ttr.new_game("europe", players=3, seed=2)
    board = game.map
    for offer in game.offers:
        assert [board.ticket(t).deck for t in offer] == ["long", "regular", "regular", "regular"]
    assert game.pending.keep_min == 2
    undealt_long = [t.id for t in board.tickets if t.deck == "long" and not any(t.id in o for o in game.offers)]
    assert sorted(game.removed_tickets) == sorted(undealt_long) and len(undealt_long) == 3
    assert len(game.ticket_deck) == 40 - 9


def test_unkept_long_ticket_leaves_the_game_unkept_regular_goes_under_the_deck():
    game = ttr.new_game("europe", players=2, seed=2)
    long, *regular = game.pending.tickets
    refused(game, KeepTickets((regular[0],)), "keep_min")
    events = game.apply(KeepTickets((regular[0], regular[1])))
    assert events[0].returned == [long, regular[2]]
    assert long in game.removed_tickets and long not in game.ticket_deck
    assert game.ticket_deck[-1] == regular[2]


def test_seed_preset_deals_three_regular_tickets_and_no_long_ones():
    game = ttr.new_game("europe-seed-tickets", players=4, seed=2)
    assert all(len(offer) == 3 for offer in game.offers)
    assert all(game.map.ticket(t).deck == "regular" for offer in game.offers for t in offer)
    assert sorted(game.removed_tickets) == sorted(t.id for t in game.map.tickets if t.deck == "long")
    assert game.pending.keep_min == 2


def test_seed_preset_resets_only_on_five_locomotives():
    game = started("europe-seed-reset", players=2)
    set_face_up(game, [L, L, "red", "blue", "green"])
    stack_deck(game, [L])
    events = game.apply(ttr.DrawFaceUp("red"))
    assert "face_up_reset" not in kinds(events) and game.cards.face_up.count(L) == 3
    assert ttr.rulesets.get("europe-seed").face_up_reset_wilds == 5
    assert ttr.rulesets.EUROPE.face_up_reset_wilds == 3


# --- tunnels ---------------------------------------------------------------------------

def test_tunnel_reveals_three_cards_and_asks_for_the_extra():
    game = europe()
    set_hand(game, 0, blue=4, **{L: 1})
    stack_deck(game, ["blue", L, "red"])
    events = game.apply(ClaimRoute(MUNICH_VENICE, "blue", 0))
    assert events[0] == ttr.Event("tunnel_revealed", 0, route=MUNICH_VENICE, revealed=["blue", L, "red"], extra=2)
    assert game.pending == ttr.TunnelPayment(0, route=MUNICH_VENICE, color="blue", laid=(("blue", 2),),
                                             revealed=("blue", L, "red"), extra=2)
    assert set(game.legal_actions()) == {PayTunnel(0), PayTunnel(1), GiveUpTunnel()}
    assert all_cards(game) == full_deck(game)
    refused(game, DrawBlind(), "pending_tunnel")
    events = game.apply(PayTunnel(1))
    assert kinds(events)[:2] == ["tunnel_paid", "route_claimed"]
    assert events[1].paid == {"blue": 3, L: 1}
    assert game.claimed[MUNICH_VENICE] == 0 and game.hands[0]["blue"] == 1 and game.hands[0][L] == 0
    assert game.cards.discard.count("blue") >= 4 and "red" in game.cards.discard  # laid, extra and revealed cards
    assert game.pending is None and game.current_player == 1
    assert all_cards(game) == full_deck(game)


def test_tunnel_without_extra_is_claimed_at_once():
    game = europe()
    set_hand(game, 0, blue=2)
    stack_deck(game, ["red", "green", "white"])
    events = game.apply(ClaimRoute(MUNICH_VENICE, "blue", 0))
    assert kinds(events)[:2] == ["tunnel_revealed", "route_claimed"]
    assert game.claimed[MUNICH_VENICE] == 0 and game.pending is None
    assert game.cards.discard[-5:] == ["red", "green", "white", "blue", "blue"]  # revealed, then paid


def test_giving_up_returns_the_cards_and_discards_the_revealed_ones():
    game = europe()
    set_hand(game, 0, blue=4, **{L: 1})
    stack_deck(game, ["blue", L, "red"])
    game.apply(ClaimRoute(MUNICH_VENICE, "blue", 0))
    events = game.apply(GiveUpTunnel())
    assert kinds(events)[0] == "tunnel_abandoned" and events[0].returned == {"blue": 2}
    assert game.hands[0]["blue"] == 4 and game.hands[0][L] == 1
    assert MUNICH_VENICE not in game.claimed and game.current_player == 1
    assert game.cards.discard[-3:] == ["blue", L, "red"]
    assert all_cards(game) == full_deck(game)


def test_a_tunnel_that_cannot_be_paid_can_only_be_given_up():
    game = europe()
    set_hand(game, 0, blue=2)
    stack_deck(game, ["blue", "blue", "red"])
    game.apply(ClaimRoute(MUNICH_VENICE, "blue", 0))
    assert game.legal_actions() == [GiveUpTunnel()]
    refused(game, PayTunnel(0), "missing_cards", match="need 2 blue")


def test_tunnel_paid_with_locomotives_only_costs_only_for_revealed_locomotives():
    game = europe()
    set_hand(game, 0, **{L: 3}, blue=2)
    stack_deck(game, ["blue", L, "blue"])
    events = game.apply(ClaimRoute(MUNICH_VENICE, None, 2))
    assert events[0].extra == 1  # the two blue cards cost nothing
    refused(game, PayTunnel(0), "tunnel_wilds_only", match="locomotive cards too")
    assert game.legal_actions() == [PayTunnel(1), GiveUpTunnel()]
    game.apply(PayTunnel(1))
    assert game.hands[0] == {**game.hands[0], L: 0, "blue": 2}


def test_gray_tunnel_counts_the_colour_chosen():
    game = europe()
    set_hand(game, 0, red=5, **{L: 1})
    stack_deck(game, ["red", "blue", L])
    events = game.apply(ClaimRoute(PARIS_ZURICH, "red", 0))
    assert events[0].extra == 2


def test_fewer_cards_are_revealed_when_the_deck_runs_out():
    game = europe()
    set_hand(game, 0, blue=2)
    empty_deck_into_hands(game, 1)
    stack_deck(game, ["red"])
    events = game.apply(ClaimRoute(MUNICH_VENICE, "blue", 0))
    assert events[0].revealed == ["red"] and events[0].extra == 0
    assert game.claimed[MUNICH_VENICE] == 0


def test_answers_without_a_tunnel_are_refused():
    game = europe()
    refused(game, PayTunnel(0), "no_tunnel")
    refused(game, GiveUpTunnel(), "no_tunnel")


def test_eight_train_route_scores_21():
    game = europe()
    set_hand(game, 0, red=8)
    stack_deck(game, ["blue", "green", "yellow"])
    events = game.apply(ClaimRoute(PETROGRAD_STOCKHOLM, "red", 0))
    assert events[1].points == 21 and game.scores[0] == 21 and game.trains[0] == 37


# --- ferries ---------------------------------------------------------------------------

def test_ferry_needs_its_locomotives():
    game = europe()
    set_hand(game, 0, red=2, **{L: 1})
    refused(game, ClaimRoute(AMSTERDAM_LONDON, "red", 0), "ferry", match="at least 2 locomotive")
    refused(game, ClaimRoute(AMSTERDAM_LONDON, "red", 1), "ferry")
    assert not [a for a in game.legal_actions() if isinstance(a, ClaimRoute) and a.route == AMSTERDAM_LONDON]
    assert ClaimRoute(DIEPPE_LONDON, "red", 1) in game.legal_actions()
    refused(game, ClaimRoute(DIEPPE_LONDON, "red", 0), "ferry")
    set_hand(game, 0, **{L: 2})
    game.apply(ClaimRoute(AMSTERDAM_LONDON, None, 2))
    assert game.claimed[AMSTERDAM_LONDON] == 0


# --- stations ---------------------------------------------------------------------------

def test_stations_cost_one_two_three_cards_of_one_colour():
    game = europe(players=2)
    set_hand(game, 0, red=1, blue=1)
    events = game.apply(BuildStation("Paris", "red", 0))
    assert events[0] == ttr.Event("station_built", 0, city="Paris", paid={"red": 1}, stations_left=2)
    assert game.stations == {"Paris": 0}
    turn_comes_back(game, 0)
    set_hand(game, 0, red=1, blue=1, **{L: 1})
    refused(game, BuildStation("Wien", "red", 0), "missing_cards", match="needs 2 red")
    game.apply(BuildStation("Wien", "red", 1))
    turn_comes_back(game, 0)
    set_hand(game, 0, **{L: 3}, green=1)
    assert BuildStation("Roma", None, 3) in game.legal_actions()
    game.apply(BuildStation("Roma", None, 3))
    turn_comes_back(game, 0)
    set_hand(game, 0, green=4)
    refused(game, BuildStation("Berlin", "green", 0), "no_stations_left", match="all your 3 stations")
    assert game.stations_built(0) == 3


def test_one_station_per_city_and_only_real_cities():
    game = europe(players=2)
    set_hand(game, 0, red=1)
    game.apply(BuildStation("Paris", "red", 0))
    set_hand(game, 1, red=1)
    refused(game, BuildStation("Paris", "red", 0), "station_taken", match="one per city")
    refused(game, BuildStation("Atlantis", "red", 0), "unknown_city")
    refused(game, BuildStation("Wien", "purple", 0), "bad_payment")


def test_no_stations_on_the_usa_board():
    game = started("usa")
    set_hand(game, 0, red=1)
    refused(game, BuildStation("Denver", "red", 0), "no_stations")


def station_endgame(stations, tickets):
    """Player 0 holds Frankfurt–München–Wien (and Essen–Kobenhavn); player 1 holds
    Frankfurt–Paris and Frankfurt–Essen."""
    board = ttr.load_map("europe")
    own = [route_id(board, "Frankfurt", "München"), route_id(board, "München", "Wien"),
           route_id(board, "Essen", "Kobenhavn")]
    theirs = [route_id(board, "Frankfurt", "Paris", "orange"), route_id(board, "Frankfurt", "Essen")]
    return finished(2, routes={0: own, 1: theirs}, variant="europe", stations=stations,
                    tickets={0: [ticket_id(board, a, b) for a, b in tickets]})


def test_a_station_borrows_one_route_for_its_owners_tickets():
    game = station_endgame({"Frankfurt": 0}, [("Paris", "Wien")])
    score = game.final_scores()[0]
    assert [(t.completed, t.points) for t in score.tickets] == [(True, 8)]
    assert [(city, (r.a, r.b)) for city, r in score.borrowed] == [("Frankfurt", ("Frankfurt", "Paris"))]
    assert "station in Frankfurt uses Frankfurt–Paris" in str(game.final_scores())


def test_the_best_route_is_chosen_for_the_station():
    # One station in Frankfurt: Paris (ticket Paris–Wien, 8) beats Essen (Frankfurt–Kobenhavn, 5).
    game = station_endgame({"Frankfurt": 0}, [("Paris", "Wien"), ("Frankfurt", "Kobenhavn")])
    score = game.final_scores()[0]
    assert [t.points for t in score.tickets] == [8, -5]
    # A second station in Essen borrows Frankfurt–Essen as well: both tickets complete.
    game = station_endgame({"Frankfurt": 0, "Essen": 0}, [("Paris", "Wien"), ("Frankfurt", "Kobenhavn")])
    score = game.final_scores()[0]
    assert [t.points for t in score.tickets] == [8, 5]
    assert {city for city, _ in score.borrowed} == {"Frankfurt", "Essen"}


def test_stations_never_lengthen_the_longest_route_and_unused_ones_score_four():
    game = station_endgame({"Frankfurt": 0}, [("Paris", "Wien")])
    scores = game.final_scores()
    # Player 0: routes of 2 and 3 trains (2 + 4 points) and the 3-train ferry (4); Paris–Wien
    # +8; longest 5, not 8: the borrowed Paris route does not count; 2 unused stations +8.
    # Player 1: Paris–Frankfurt–Essen, 3 + 2 trains (4 + 2 points), longest 5; 3 stations +12.
    p0, p1 = scores[0], scores[1]
    assert p0.longest_route.length == 5 and p1.longest_route.length == 5
    assert (p0.station_points, p1.station_points) == (8, 12)
    assert p0.total == 10 + 8 + 10 + 8
    assert p1.total == 6 + 10 + 12


def test_equal_choices_prefer_fewer_borrowed_routes():
    # Stations in Frankfurt and in Paris could both borrow Frankfurt–Paris; one is enough.
    game = station_endgame({"Frankfurt": 0, "Paris": 0}, [("Paris", "Wien")])
    score = game.final_scores()[0]
    assert score.tickets[0].points == 8 and len(score.borrowed) == 1


def test_a_station_without_a_useful_route_is_simply_unused():
    game = station_endgame({"Roma": 0}, [("Paris", "Wien")])
    score = game.final_scores()[0]
    assert score.borrowed == () and score.tickets[0].points == -8 and score.station_points == 8


def test_europe_tie_break_fewest_stations_after_tickets():
    board = ttr.load_map("europe")
    # Both 26: player 0 one 3-route (4) + bonus 10 + 3 unused stations 12;
    # player 1 two separate 3-routes (8) + bonus 10 + 2 unused stations 8.
    game = finished(2, routes={0: [route_id(board, "Lisboa", "Madrid")],
                               1: [route_id(board, "Athina", "Sofia"), route_id(board, "Smolensk", "Wilno")]},
                    tickets={}, variant="europe", stations={"Roma": 1})
    scores = game.final_scores()
    assert scores.totals == [26, 26] and scores.winners == (0,)


def test_station_choice_stays_fast_in_a_full_endgame():
    game = ttr.play_random_game("europe", players=5, seed=3)
    assert sum(game.stations_built(p) for p in range(5)) > 0
    scores = game.final_scores()
    for score in scores.players:
        assert score.total == (score.route_points + score.ticket_points + score.longest_route_bonus
                               + score.station_points)
        assert len(score.borrowed) <= score.stations_built


def test_scenario_reaches_a_tunnel_by_legal_moves():
    from zuzlab.ttr import scenarios

    game = ttr.new_game("europe", players=2, seed=3)
    claim = scenarios.draw_until(game, lambda g: next(
        (a for a in g.legal_actions() if isinstance(a, ClaimRoute) and g.map.route(a.route).tunnel), None))
    assert game.current_player == 0 and game.map.route(claim.route).tunnel
    events = game.apply(claim)
    assert events[0].kind == "tunnel_revealed"
    assert all_cards(game) == full_deck(game)
