"""Final scoring (README: rules decisions): tickets ±, the longest-route bonus and its ties, tie-breakers.

Each endgame below was counted by hand from the USA board; the comments show the sums.
"""

from dataclasses import replace

from ttr_helpers import finished, route_id, ticket_id
from zuzlab import ttr


def test_routes_tickets_and_the_bonus_add_up():
    board = ttr.load_map("usa")
    west = [route_id(board, "Seattle", "Portland"), route_id(board, "Portland", "San Francisco", "green"),
            route_id(board, "San Francisco", "Los Angeles", "yellow")]  # 1 + 5 + 3 trains: 1 + 10 + 4 points
    middle = [route_id(board, "Denver", "Kansas City", "black"), route_id(board, "Kansas City", "Saint Louis", "blue"),
              route_id(board, "Saint Louis", "Chicago", "green"),
              route_id(board, "Chicago", "Pittsburgh", "orange")]  # 4 + 2 + 2 + 3 trains: 7 + 2 + 2 + 4 points
    game = finished(2, routes={0: west, 1: middle}, tickets={
        0: [ticket_id(board, "Seattle", "Los Angeles"), ticket_id(board, "Portland", "Nashville")],
        1: [ticket_id(board, "Denver", "Pittsburgh")],
    })
    scores = game.final_scores()
    p0, p1 = scores[0], scores[1]
    assert p0.route_points == 15 and p1.route_points == 15
    assert [(str(t.ticket), t.completed, t.points) for t in p0.tickets] == [
        ("Seattle–Los Angeles (9)", True, 9), ("Portland–Nashville (17)", False, -17)]
    assert [(t.completed, t.points) for t in p1.tickets] == [(True, 11)]
    assert (p0.longest_route.length, p1.longest_route.length) == (9, 11)
    assert (p0.longest_route_bonus, p1.longest_route_bonus) == (0, 10)
    assert (p0.total, p1.total) == (15 + 9 - 17, 15 + 11 + 10)
    assert scores.winners == (1,) and scores.ranking == (1, 0)
    text = str(scores)
    assert "Winner: player 1" in text and "Portland–Nashville (17) -17" in text


def test_tied_longest_routes_all_get_the_bonus():
    board = ttr.load_map("usa")
    game = finished(3, routes={0: [route_id(board, "Calgary", "Winnipeg")], 1: [route_id(board, "Duluth", "Helena")],
                               2: [route_id(board, "Atlanta", "Miami")]}, tickets={})
    scores = game.final_scores()
    assert [s.longest_route_bonus for s in scores.players] == [10, 10, 0]
    assert scores.totals == [25, 25, 10]


def test_bonus_follows_the_ruleset():
    board = ttr.load_map("usa")
    game = finished(2, routes={0: [route_id(board, "Calgary", "Winnipeg")]}, tickets={})
    game.rules = replace(game.rules, longest_route_bonus=20)
    assert game.final_scores()[0].longest_route_bonus == 20


def test_no_bonus_without_any_route():
    game = finished(2, routes={}, tickets={})
    scores = game.final_scores()
    assert scores.totals == [0, 0] and all(s.longest_route_bonus == 0 for s in scores.players)
    assert scores.winners == (0, 1)  # level on every tie-breaker: a shared win


def test_tie_broken_by_completed_tickets():
    board = ttr.load_map("usa")
    # player 0: Calgary–Winnipeg (6 trains, 15) + bonus 10 = 25
    # player 1: Duluth–Helena (6, 15), Denver–Santa Fe and Santa Fe–El Paso (2 + 2 points),
    #           ticket Denver–El Paso +4, ticket Sault St. Marie–Nashville −8, bonus 10 = 25
    game = finished(2, routes={
        0: [route_id(board, "Calgary", "Winnipeg")],
        1: [route_id(board, "Duluth", "Helena"), route_id(board, "Denver", "Santa Fe"),
            route_id(board, "Santa Fe", "El Paso")],
    }, tickets={1: [ticket_id(board, "Denver", "El Paso"), ticket_id(board, "Sault St. Marie", "Nashville")]})
    scores = game.final_scores()
    assert scores.totals == [25, 25]
    assert [s.completed_tickets for s in scores.players] == [0, 1]
    assert scores.winners == (1,) and scores.ranking == (1, 0)


def test_tie_broken_by_longest_route_holder():
    board = ttr.load_map("usa")
    # player 0: Calgary–Winnipeg (15) + bonus 10 = 25, longest 6
    # player 1: two 5s (10 + 10), a 3 (4) and a 1 (1), none touching: 25, longest 5
    game = finished(2, routes={
        0: [route_id(board, "Calgary", "Winnipeg")],
        1: [route_id(board, "Atlanta", "Miami"), route_id(board, "Montréal", "Sault St. Marie"),
            route_id(board, "Phoenix", "Santa Fe"), route_id(board, "Dallas", "Houston")],
    }, tickets={})
    scores = game.final_scores()
    assert scores.totals == [25, 25]
    assert scores[1].longest_route.length == 5
    assert scores.winners == (0,)


def test_ticket_needs_a_connected_network_not_just_both_cities():
    board = ttr.load_map("usa")
    # Both Denver and Pittsburgh are on player 0's routes, but in two separate pieces.
    game = finished(2, routes={0: [route_id(board, "Denver", "Omaha"), route_id(board, "Pittsburgh", "Toronto")]},
                    tickets={0: [ticket_id(board, "Denver", "Pittsburgh")]})
    result = game.final_scores()[0].tickets[0]
    assert not result.completed and result.points == -11


def test_scores_render_as_html():
    board = ttr.load_map("usa")
    game = finished(2, routes={0: [route_id(board, "Calgary", "Winnipeg")]}, tickets={})
    html = game.final_scores()._repr_html_()
    assert "<table" in html and "Winner: player 0" in html


def test_tie_breaker_is_holding_the_longest_route_even_when_it_is_worth_nothing():
    board = ttr.load_map("usa")
    # a longest-route bonus of 0. Player 0: Calgary–Winnipeg (6 trains, 15 points);
    # player 1: a 5 (10), a 3 (4) and a 1 (1), none touching: 15. Level on points and
    # tickets; player 0 holds the longest route (6 against 5), so player 0 wins the tie
    game = finished(2, routes={
        0: [route_id(board, "Calgary", "Winnipeg")],
        1: [route_id(board, "Atlanta", "Miami"), route_id(board, "Phoenix", "Santa Fe"),
            route_id(board, "Dallas", "Houston")],
    }, tickets={})
    game.rules = replace(game.rules, longest_route_bonus=0)
    scores = game.final_scores()
    assert scores.totals == [15, 15] and [s.longest_route_bonus for s in scores.players] == [0, 0]
    assert [s.holds_longest_route for s in scores.players] == [True, False]
    assert scores.winners == (0,) and scores.places == (1, 2)


def test_players_level_on_everything_share_their_place():
    board = ttr.load_map("usa")
    # players 0 and 1: a 6-train route each (15 + bonus 10); player 2: a 5-train route (10)
    game = finished(3, routes={0: [route_id(board, "Calgary", "Winnipeg")], 1: [route_id(board, "Duluth", "Helena")],
                               2: [route_id(board, "Atlanta", "Miami")]}, tickets={})
    scores = game.final_scores()
    assert scores.totals == [25, 25, 10]
    assert scores.winners == (0, 1) and scores.places == (1, 1, 3)
    assert [row["place"] for row in scores.rows()] == [1, 1, 3]
