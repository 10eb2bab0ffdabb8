"""The Switzerland map, rule by rule (the README's rules decisions where the rules are silent): 2–3 players, tunnel
cards, tickets leaving the game, country tickets, double routes with three players."""

import pytest

from ttr_helpers import all_cards, finished, full_deck, kinds, refused, route_id, set_face_up, set_hand, stack_deck, started
from zuzlab import ttr
from zuzlab.ttr import BuildStation, ClaimRoute, DrawFaceUp, DrawTickets, KeepTickets, PayTunnel

T = "tunnel"
OLTEN_ZURICH = 1  # 3 white, no tunnel
WINTERTHUR_ZURICH = (4, 5)  # 1 blue / 1 pink, a double route
CHAUX_YVERDON = 47  # 3 yellow tunnel


def swiss(players=3, seed=1):
    return started("switzerland", players=players, seed=seed)


def test_two_or_three_players_only():
    with pytest.raises(ValueError, match="2–3 players, not 4"):
        ttr.new_game("switzerland", players=4)
    assert ttr.new_game("switzerland", players=2).trains == [40, 40]


def test_the_deck_has_tunnel_cards_instead_of_locomotives():
    game = swiss()
    assert all_cards(game) == full_deck(game)
    assert full_deck(game)[T] == 14 and "locomotive" not in full_deck(game)


def test_five_tickets_keep_two_and_returned_tickets_leave_the_game():
    game = ttr.new_game("switzerland", players=2, seed=4)
    offer = game.pending.tickets
    assert len(offer) == 5 and game.pending.keep_min == 2
    refused(game, KeepTickets(offer[:1]), "keep_min")
    game.apply(KeepTickets(offer[:2]))
    assert set(offer[2:]) <= set(game.removed_tickets)
    assert not set(offer[2:]) & set(game.ticket_deck)


def test_later_ticket_draws_are_three_keep_one_returned_removed():
    game = swiss()
    deck_before = len(game.ticket_deck)
    game.apply(DrawTickets())
    offer = game.pending.tickets
    assert len(offer) == 3 and game.pending.keep_min == 1
    game.apply(KeepTickets(offer[:1]))
    assert len(game.ticket_deck) == deck_before - 3
    assert set(offer[1:]) <= set(game.removed_tickets)


def test_no_stations():
    game = swiss()
    set_hand(game, 0, red=1)
    refused(game, BuildStation("Bern", "red", 0), "no_stations")


def test_tunnel_cards_are_wild_on_tunnels_only():
    game = swiss()
    set_hand(game, 0, white=2, yellow=2, **{T: 3})
    refused(game, ClaimRoute(OLTEN_ZURICH, "white", 1), "wild_not_allowed", match="tunnel routes only")
    refused(game, ClaimRoute(OLTEN_ZURICH, None, 3), "wild_not_allowed")
    claims = [a for a in game.legal_actions() if isinstance(a, ClaimRoute)]
    assert not [a for a in claims if a.route == OLTEN_ZURICH]
    assert all(a.wilds == 0 for a in claims if not game.map.route(a.route).tunnel)
    assert ClaimRoute(CHAUX_YVERDON, "yellow", 1) in claims and ClaimRoute(CHAUX_YVERDON, None, 3) in claims


def test_a_face_up_tunnel_card_counts_as_one_card():
    game = swiss()
    set_face_up(game, [T, T, "red", "blue", "green"])
    stack_deck(game, ["white", "black"])
    game.apply(DrawFaceUp(T))
    assert game.pending.kind == "second_card" and game.current_player == 0
    assert DrawFaceUp(T) in game.legal_actions()
    game.apply(DrawFaceUp(T))
    assert game.hands[0][T] >= 2 and game.current_player == 1


def test_three_face_up_tunnel_cards_are_reset():
    game = swiss()
    set_face_up(game, [T, T, "red", "blue", "green"])
    stack_deck(game, [T, "white", "orange", "yellow", "green", "blue"])
    events = game.apply(DrawFaceUp("red"))
    assert "face_up_reset" in kinds(events) and game.cards.face_up.count(T) < 3


def test_tunnel_extra_for_the_paid_colour_and_for_tunnel_cards():
    game = swiss()
    set_hand(game, 0, yellow=4, **{T: 1})
    stack_deck(game, ["yellow", T, "red"])
    events = game.apply(ClaimRoute(CHAUX_YVERDON, "yellow", 0))
    assert events[0].extra == 2
    assert PayTunnel(1) in game.legal_actions()  # a tunnel card pays an extra card
    game.apply(PayTunnel(1))
    assert game.claimed[CHAUX_YVERDON] == 0 and game.hands[0]["yellow"] == 0 and game.hands[0][T] == 0


def test_tunnel_paid_with_tunnel_cards_only_counts_only_revealed_tunnel_cards():
    game = swiss()
    set_hand(game, 0, **{T: 4})
    stack_deck(game, ["yellow", T, "yellow"])
    events = game.apply(ClaimRoute(CHAUX_YVERDON, None, 3))
    assert events[0].extra == 1
    refused(game, PayTunnel(0), "tunnel_wilds_only", match="tunnel cards too")
    game.apply(PayTunnel(1))
    assert game.hands[0][T] == 0 and game.claimed[CHAUX_YVERDON] == 0


def test_never_both_tracks_for_one_player():
    game = swiss(players=3)
    set_hand(game, 0, blue=1, pink=1)
    game.apply(ClaimRoute(WINTERTHUR_ZURICH[0], "blue", 0))
    for _ in range(2):
        game.apply(ttr.DrawBlind())
        game.apply(ttr.DrawBlind())
    refused(game, ClaimRoute(WINTERTHUR_ZURICH[1], "pink", 0), "double_route", match="already hold")


# --- country tickets ----------------------------------------------------------------------

def country_endgame(own_routes, ticket):
    board = ttr.load_map("switzerland")
    ids = [route_id(board, a, b) for a, b in own_routes]
    match = [t.id for t in board.tickets if t.origin == ticket[0] and t.destinations == ticket[1]]
    return finished(2, routes={0: ids}, tickets={0: match[:1]}, variant="switzerland").final_scores()[0].tickets[0]


BERN_TO_COUNTRIES = ("Bern", ("France", "Deutschland", "Österreich", "Italia"))  # 5, 6, 11, 8
TO_FRANCE = [("Bern", "Fribourg"), ("Fribourg", "Lausanne"), ("Lausanne", "Genève"), ("Genève", "France 2")]
TO_GERMANY = [("Bern", "Solothurn"), ("Solothurn", "Delémont"), ("Delémont", "Basel"), ("Basel", "Deutschland 1")]


def test_city_to_countries_scores_the_best_country_reached():
    result = country_endgame(TO_FRANCE + TO_GERMANY, BERN_TO_COUNTRIES)
    assert result.reached == ("France", "Deutschland") and result.points == 6


def test_city_to_countries_one_country():
    result = country_endgame(TO_FRANCE, BERN_TO_COUNTRIES)
    assert result.reached == ("France",) and result.points == 5


def test_city_to_countries_none_reached_loses_the_lowest_value():
    result = country_endgame([("Bern", "Fribourg")], BERN_TO_COUNTRIES)
    assert result.reached == () and result.points == -5


def test_country_to_countries():
    # France 4 – Delémont – Basel – Deutschland 1: France reaches Germany (5).
    result = country_endgame([("Delémont", "France 4"), ("Delémont", "Basel"), ("Basel", "Deutschland 1")],
                             ("France", ("Deutschland", "Österreich", "Italia")))
    assert result.reached == ("Deutschland",) and result.points == 5


def test_a_country_ticket_is_written_with_its_targets_in_brackets_so_a_list_of_tickets_reads_right():
    board = ttr.load_map("switzerland")
    ticket = next(t for t in board.tickets if t.origin == "Bern" and len(t.destinations) == 4)
    assert str(ticket) == "Bern → (France 5, Deutschland 6, Österreich 11, Italia 8)"
    plain = next(t for t in board.tickets if len(t.destinations) == 1)
    assert str(plain) == f"{plain.origin}–{plain.destinations[0]} ({plain.values[0]})"
