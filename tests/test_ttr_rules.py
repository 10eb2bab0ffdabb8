"""Ticket to Ride USA, rule by rule (README: rules decisions): each rule working, and each
forbidden action refused with a message naming the rule and the state left unchanged."""

from collections import Counter

import pytest

from generated_board import GENERATED
from ttr_helpers import (
    all_cards, empty_deck_into_hands, kinds, leave_trains, refused, route_id, set_face_up, set_hand, stack_deck,
    started, strand,
)
from zuzlab import ttr
from zuzlab.ttr import ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets, Pass, RuleViolation
from zuzlab.ttr.maps import map_from_dict

L = "locomotive"
FULL_DECK = Counter({c: 12 for c in ttr.rules.USA.colors} | {L: 14})


# --- setup -----------------------------------------------------------------------

def test_setup_deals_cards_face_up_and_tickets():
    game = ttr.new_game("usa", players=4, seed=3)
    assert all(sum(hand.values()) == 4 for hand in game.hands)
    assert len([c for c in game.cards.face_up if c]) == 5
    assert all(len(offer) == 3 for offer in game.offers)
    assert all_cards(game) == FULL_DECK
    assert game.pending == ttr.ChooseTickets(0, tuple(game.offers[0]), keep_min=2)
    assert game.current_player == 0 and not game.is_over


def test_setup_keep_at_least_two():
    game = ttr.new_game("usa", players=4, seed=3)
    offer = game.pending.tickets
    message = refused(game, KeepTickets(offer[:1]), "keep_min")
    assert "at least 2" in message
    assert len(game.legal_actions()) == 4  # three pairs and all three


def test_setup_returned_ticket_goes_under_the_deck_and_players_choose_in_turn():
    game = ttr.new_game("usa", players=3, seed=3)
    for player in range(3):
        assert game.current_player == player
        offer = game.pending.tickets
        events = game.apply(KeepTickets(offer[:2]))
        assert events[0].kind == "tickets_kept" and events[0].returned == [offer[2]]
        assert game.ticket_deck[-1] == offer[2]
        assert game.tickets[player] == sorted(offer[:2])
    assert game.current_player == 0 and game.pending is None and game.turn == 0


def test_setup_refuses_other_actions():
    game = ttr.new_game("usa", players=2, seed=3)
    refused(game, DrawBlind(), "pending_tickets")


def test_face_up_reset_happens_at_setup_too():
    for seed in range(2000):
        game = ttr.new_game("usa", players=2, seed=seed)
        if "face_up_reset" in kinds(game.setup_events):
            break
    else:
        pytest.fail("no seed below 2000 resets the opening face-up cards")
    assert game.cards.face_up.count(L) < 3
    reset = next(e for e in game.setup_events if e.kind == "face_up_reset")
    assert reset.discarded.count(L) >= 3
    assert all_cards(game) == FULL_DECK


# --- drawing train cards ---------------------------------------------------------

def test_two_cards_from_the_deck():
    game = started()
    hand = dict(game.hands[0])
    stack_deck(game, ["red", "blue"])
    game.apply(DrawBlind())
    assert game.pending.kind == "second_card" and game.current_player == 0
    refused(game, DrawTickets(), "pending_second_card")
    game.apply(DrawBlind())
    assert game.hands[0]["red"] == hand["red"] + 1 and game.hands[0]["blue"] == hand["blue"] + 1
    assert game.current_player == 1 and game.pending is None and game.turn == 1


def test_face_up_card_is_replaced_at_once():
    game = started()
    set_face_up(game, ["red", "blue", "green", "yellow", "black"])
    stack_deck(game, ["white"])
    events = game.apply(DrawFaceUp("green"))
    assert kinds(events) == ["card_taken", "face_up_refilled"]
    assert game.cards.face_up == ["red", "blue", "white", "yellow", "black"]
    assert game.pending.kind == "second_card"


def test_face_up_locomotive_first_ends_the_draw():
    game = started()
    set_face_up(game, ["red", L, "green", "yellow", "black"])
    locos = game.hands[0][L]
    game.apply(DrawFaceUp(L))
    assert game.hands[0][L] == locos + 1
    assert game.current_player == 1 and game.pending is None


def test_face_up_locomotive_refused_as_second_card():
    game = started()
    set_face_up(game, ["red", L, "green", "yellow", "black"])
    game.apply(DrawBlind())
    refused(game, DrawFaceUp(L), "face_up_wild_second", match="first card")
    assert DrawFaceUp("red") in game.legal_actions()


def test_locomotive_turned_up_as_replacement_cannot_be_the_second_card():
    game = started()
    set_face_up(game, ["red", "blue", "green", "yellow", "black"])
    stack_deck(game, [L])
    game.apply(DrawFaceUp("red"))
    assert game.cards.face_up[0] == L
    refused(game, DrawFaceUp(L), "face_up_wild_second")


def test_locomotive_drawn_blind_counts_as_one_card():
    game = started()
    stack_deck(game, [L, "red"])
    game.apply(DrawBlind())
    assert game.pending.kind == "second_card"
    game.apply(DrawBlind())
    assert game.current_player == 1


def test_taking_a_card_that_is_not_face_up_is_refused():
    game = started()
    set_face_up(game, ["red", "blue", "green", "yellow", "black"])
    refused(game, DrawFaceUp("pink"), "not_face_up", match="no face-up pink")


def test_three_face_up_locomotives_reset_all_five():
    game = started()
    set_face_up(game, [L, L, "red", "blue", "green"])
    stack_deck(game, [L, "white", "orange", "yellow", "green", "blue"])
    events = game.apply(DrawFaceUp("red"))
    assert kinds(events) == ["card_taken", "face_up_refilled", "face_up_reset"]
    assert Counter(events[2].discarded) == Counter({L: 3, "blue": 1, "green": 1})
    assert game.cards.face_up == ["white", "orange", "yellow", "green", "blue"]
    assert Counter(game.cards.discard[-5:]) == Counter({L: 3, "blue": 1, "green": 1})
    assert all_cards(game) == FULL_DECK


def test_face_up_reset_repeats_until_fewer_than_three():
    game = started()
    set_face_up(game, [L, L, "red", "blue", "green"])
    stack_deck(game, [L, L, L, L, "red", "red", "white", "orange", "yellow", "green", "blue"])
    events = game.apply(DrawFaceUp("red"))
    assert kinds(events).count("face_up_reset") == 2
    assert game.cards.face_up == ["white", "orange", "yellow", "green", "blue"]


def test_face_up_reset_stops_when_the_pool_is_all_locomotives():
    game = started()
    set_face_up(game, ["red", L, L, None, None])
    # Every other coloured card goes to player 1's hand: the rest of the pool is
    # locomotives, so a reset can never succeed.
    for pile in (game.cards.deck, game.cards.discard):
        for card in [c for c in pile if c != L]:
            pile.remove(card)
            game.hands[1][card] += 1
    events = game.apply(DrawFaceUp("red"))
    resets = kinds(events).count("face_up_reset")
    assert resets >= 1 and kinds(events)[-1] != "face_up_reset"
    assert "face_up_reset_stopped" in kinds(events)
    assert game.cards.face_up == [L] * 5
    assert all_cards(game) == FULL_DECK
    # The draw goes on: the second card can come from the deck (a face-up loco cannot).
    assert game.legal_actions() == [DrawBlind()]


def test_empty_deck_is_reshuffled_from_the_discards():
    game = started()
    game.cards.discard.extend(game.cards.deck)
    game.cards.deck.clear()
    cards = len(game.cards.discard)
    events = game.apply(DrawBlind())
    assert kinds(events)[:2] == ["deck_reshuffled", "card_drawn"]
    assert game.cards.shuffles == 1 and len(game.cards.deck) == cards - 1 and game.cards.discard == []
    # the reshuffle is seeded: the same situation gives the same new deck
    twin = started()
    twin.cards.discard.extend(twin.cards.deck)
    twin.cards.deck.clear()
    twin.apply(DrawBlind())
    assert twin.cards.deck == game.cards.deck


def test_no_card_can_be_drawn_when_deck_and_discards_are_empty():
    game = started()
    empty_deck_into_hands(game, 1)
    message = refused(game, DrawBlind(), "deck_empty")
    assert "both empty" in message
    assert DrawFaceUp(game.cards.face_up[0]) in game.legal_actions()


def test_turn_ends_when_no_second_card_can_be_taken():
    game = started()
    set_face_up(game, ["red", L, None, None, None])
    empty_deck_into_hands(game, 1)
    events = game.apply(DrawFaceUp("red"))
    assert "no_second_card" in kinds(events)
    assert game.current_player == 1


# --- claiming routes ---------------------------------------------------------------

ATLANTA_MIAMI = 2  # 5 blue
ATLANTA_CHARLESTON = 1  # 2 gray
ATLANTA_NEW_ORLEANS = (4, 5)  # 4 yellow / 4 orange, a double route


def test_claim_a_coloured_route():
    game = started()
    set_hand(game, 0, blue=5, red=1)
    discards = len(game.cards.discard)
    events = game.apply(ClaimRoute(ATLANTA_MIAMI, "blue", 0))
    assert events[0] == ttr.Event("route_claimed", 0, route=2, paid={"blue": 5}, points=10, trains_left=40)
    assert game.claimed == {2: 0} and game.trains[0] == 40 and game.scores[0] == 10
    assert game.hands[0]["blue"] == 0 and game.hands[0]["red"] == 1
    assert game.cards.discard[discards:] == ["blue"] * 5
    assert game.current_player == 1


def test_locomotives_stand_in_for_the_colour():
    game = started()
    set_hand(game, 0, blue=3, **{L: 2})
    game.apply(ClaimRoute(ATLANTA_MIAMI, "blue", 2))
    assert game.hands[0]["blue"] == 0 and game.hands[0][L] == 0


def test_wrong_colour_is_refused():
    game = started()
    set_hand(game, 0, red=5)
    refused(game, ClaimRoute(ATLANTA_MIAMI, "red", 0), "wrong_color", match="must be paid with blue")


def test_gray_route_takes_any_one_colour():
    game = started()
    set_hand(game, 0, pink=2)
    game.apply(ClaimRoute(ATLANTA_CHARLESTON, "pink", 0))
    assert game.claimed[ATLANTA_CHARLESTON] == 0


def test_gray_route_cannot_mix_colours():
    game = started()
    set_hand(game, 0, pink=1, red=1)
    assert not [a for a in game.legal_actions() if isinstance(a, ClaimRoute) and a.route == ATLANTA_CHARLESTON]
    refused(game, ClaimRoute(ATLANTA_CHARLESTON, "pink", 0), "missing_cards", match="needs 2 pink")


def test_locomotives_only():
    game = started()
    set_hand(game, 0, **{L: 2})
    refused(game, ClaimRoute(ATLANTA_CHARLESTON, "red", 2), "bad_payment")
    refused(game, ClaimRoute(ATLANTA_CHARLESTON, None, 1), "bad_payment")
    game.apply(ClaimRoute(ATLANTA_CHARLESTON, None, 2))
    assert game.hands[0][L] == 0 and game.claimed[ATLANTA_CHARLESTON] == 0


def test_not_enough_cards_is_refused():
    game = started()
    set_hand(game, 0, blue=4)
    refused(game, ClaimRoute(ATLANTA_MIAMI, "blue", 0), "missing_cards", match="needs 5 blue cards; you hold 4")
    refused(game, ClaimRoute(ATLANTA_MIAMI, "blue", 1), "missing_cards", match="needs 1 locomotive")


def test_not_enough_trains_is_refused():
    game = started()
    set_hand(game, 0, blue=5)
    leave_trains(game, 0, 4, avoid={ATLANTA_MIAMI})
    refused(game, ClaimRoute(ATLANTA_MIAMI, "blue", 0), "not_enough_trains", match="you have 4 left")


def test_unknown_route_and_non_actions_are_refused():
    game = started()
    refused(game, ClaimRoute(999, "red", 0), "unknown_route")
    refused(game, "claim Miami", "unknown_action")


def test_a_claimed_route_cannot_be_claimed_again():
    game = started()
    set_hand(game, 0, blue=5)
    game.apply(ClaimRoute(ATLANTA_MIAMI, "blue", 0))
    set_hand(game, 1, blue=5)
    refused(game, ClaimRoute(ATLANTA_MIAMI, "blue", 0), "route_taken", match="belongs to player 0")


# Each board's double route (two tracks, their colours) and the player count from which
# both tracks may be claimed by different players.
DOUBLE_ROUTES = {
    "usa": (("Atlanta", "New Orleans"), ("yellow", "orange"), 4),
    "europe": (("Berlin", "Warszawa"), ("pink", "yellow"), 4),
    "switzerland": (("Winterthur", "Zürich"), ("blue", "pink"), 3),
    GENERATED: (("Hamburg", "Hannover"), ("blue", "pink"), 4),  # a board made in code
}


@pytest.mark.parametrize("variant, players", [
    ("usa", 2), ("usa", 3), ("usa", 4), ("usa", 5), ("europe", 3), ("europe", 4),
    ("switzerland", 2), ("switzerland", 3), (GENERATED, 3), (GENERATED, 4),
], ids=lambda value: getattr(value, "name", None))
def test_second_track_of_a_double_route_by_player_count(variant, players):
    (a, b), (first, second), both_from = DOUBLE_ROUTES[variant]
    game = started(variant, players=players)
    tracks = [route_id(game, a, b, first), route_id(game, a, b, second)]
    set_hand(game, 0, **{first: 4})
    game.apply(ClaimRoute(tracks[0], first, 0))
    set_hand(game, 1, **{second: 4})
    if players >= both_from:
        game.apply(ClaimRoute(tracks[1], second, 0))
        assert game.claimed == {tracks[0]: 0, tracks[1]: 1}
    else:
        refused(game, ClaimRoute(tracks[1], second, 0), "double_route", match=f"With {players} players")


def test_nobody_holds_both_tracks():
    game = started(players=5)
    set_hand(game, 0, yellow=4, orange=4)
    game.apply(ClaimRoute(ATLANTA_NEW_ORLEANS[0], "yellow", 0))
    for _ in range(4):  # the others draw cards
        game.apply(DrawBlind())
        game.apply(DrawBlind())
    assert game.current_player == 0
    refused(game, ClaimRoute(ATLANTA_NEW_ORLEANS[1], "orange", 0), "double_route", match="already hold the other track")


KÖLN_DÜSSELDORF = ("Köln", "Düsseldorf")  # the generated board's triple route


def triple_route_game(players: int) -> tuple[ttr.Game, list[int]]:
    """A game on the generated board, each player holding cards for every track of its
    triple route, and the tracks' ids."""
    game = started(GENERATED, players=players)
    tracks = sorted(r.id for r in game.map.routes_between(*KÖLN_DÜSSELDORF))
    cards = Counter({game.map.route(track).color: game.map.route(track).length for track in tracks})
    for player in range(players):
        set_hand(game, player, **cards)
    return game, tracks


def claim_track(game: ttr.Game, track: int) -> None:
    game.apply(ClaimRoute(track, game.map.route(track).color, 0))


@pytest.mark.parametrize("players, usable", [(2, 1), (3, 1), (4, 2), (5, 3)])
def test_the_player_count_opens_one_two_or_three_tracks_of_a_triple_route(players, usable):
    """One track with 2–3 players, two with 4 (``double_routes_min_players``), all three with 5
    (``triple_routes_min_players``): each player in turn claims a track while one is open."""
    game, tracks = triple_route_game(players)
    assert len(tracks) == 3 and len({game.map.route(t).color for t in tracks}) == 3
    for track in tracks[:usable]:
        claim_track(game, track)
    assert sorted(game.claimed) == tracks[:usable] and len(set(game.claimed.values())) == usable
    if usable < 3:
        track = tracks[usable]
        tracks_open = "1 track" if usable == 1 else f"{usable} tracks"
        refused(game, ClaimRoute(track, game.map.route(track).color, 0), "double_route",
                match=f"With {players} players only {tracks_open} of the triple route Düsseldorf–Köln may be used, "
                      f"and that many are taken already (route numbers {', '.join(map(str, tracks[:usable]))})")
        assert not any(isinstance(a, ClaimRoute) and a.route in tracks for a in game.legal_actions())


def test_nobody_holds_two_tracks_of_a_triple_route():
    game, tracks = triple_route_game(5)
    claim_track(game, tracks[0])
    for _ in range(4):  # the others draw cards
        game.apply(DrawBlind())
        game.apply(DrawBlind())
    assert game.current_player == 0
    for track in tracks[1:]:
        refused(game, ClaimRoute(track, game.map.route(track).color, 0), "double_route",
                match=f"already hold another track of Düsseldorf–Köln (route {tracks[0]})")


def test_a_set_up_position_holds_no_more_tracks_of_a_triple_route_than_are_open():
    game, tracks = triple_route_game(4)
    before = game.copy()
    with pytest.raises(ValueError, match="Düsseldorf–Köln"):
        game.set_up(claimed={tracks[0]: 0, tracks[1]: 1, tracks[2]: 2})  # 4 players open only two
    assert game == before
    assert game.set_up(claimed={tracks[0]: 0, tracks[1]: 1}).claimed == {tracks[0]: 0, tracks[1]: 1}


@pytest.mark.parametrize("length, points", [(1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15)])
def test_route_points_table(length, points):
    game = started()
    route = next(r for r in game.map.routes if r.length == length)
    color = "red" if route.is_gray else route.color
    set_hand(game, 0, **{color: length})
    events = game.apply(ClaimRoute(route.id, color, 0))
    assert events[0].points == points and game.scores[0] == points


def test_claiming_refills_empty_face_up_slots_from_the_discards():
    game = started()
    set_hand(game, 0, blue=5)
    set_face_up(game, ["red", None, None, None, None])
    empty_deck_into_hands(game, 1)
    game.apply(ClaimRoute(ATLANTA_MIAMI, "blue", 0))
    # the five paid cards were the only discards: reshuffled, four of them fill the slots
    assert game.cards.face_up == ["red", "blue", "blue", "blue", "blue"]


# --- destination tickets -------------------------------------------------------------

def test_draw_three_tickets_keep_at_least_one():
    game = started()
    top = game.ticket_deck[:3]
    events = game.apply(DrawTickets())
    assert events[0].tickets == top
    assert game.pending == ttr.ChooseTickets(0, tuple(top), keep_min=1)
    refused(game, KeepTickets(()), "keep_min", match="at least 1")
    refused(game, DrawBlind(), "pending_tickets")
    game.apply(KeepTickets((top[1],)))
    assert game.tickets[0][-1] == top[1]
    assert game.ticket_deck[-2:] == [top[0], top[2]]
    assert game.current_player == 1


def test_tickets_not_offered_are_refused():
    game = started()
    game.apply(DrawTickets())
    offer = game.pending.tickets
    other = next(t.id for t in game.map.tickets if t.id not in offer)
    refused(game, KeepTickets((offer[0], other)), "not_offered")
    refused(game, KeepTickets((offer[0], offer[0])), "bad_ticket_choice")


def test_keep_without_an_offer_is_refused():
    game = started()
    refused(game, KeepTickets(()), "no_ticket_offer")


def test_fewer_tickets_offered_when_the_deck_runs_low():
    game = started()
    game.removed_tickets.extend(game.ticket_deck[2:])
    del game.ticket_deck[2:]
    game.apply(DrawTickets())
    assert len(game.pending.tickets) == 2 and game.ticket_deck == []


def test_empty_ticket_deck_is_refused():
    game = started()
    game.removed_tickets.extend(game.ticket_deck)
    game.ticket_deck.clear()
    refused(game, DrawTickets(), "no_tickets")


# --- passing ---------------------------------------------------------------------------

def test_pass_only_when_nothing_else_is_legal():
    game = started()
    refused(game, Pass(), "pass_not_allowed")
    strand(game, 0)
    assert game.legal_actions() == [Pass()]
    events = game.apply(Pass())
    assert kinds(events) == ["passed", "turn_ended"] and game.current_player == 1


def test_game_ends_when_every_player_passes_in_a_row():
    # A board where nobody can ever act: one 4-train route, two train cards in all (one
    # dealt to each player, none left to show face up), two tickets (one kept by each).
    tiny = map_from_dict({
        "format": "zuzlab-map/1", "name": "tiny", "title": "Two towns",
        "cities": [{"name": "Ost", "lat": 50.0, "lon": 10.0}, {"name": "West", "lat": 50.0, "lon": 9.0}],
        "routes": [{"id": 1, "a": "Ost", "b": "West", "length": 4, "color": "gray"}],
        "tickets": [{"id": 1, "from": "Ost", "to": "West", "points": 4},
                    {"id": 2, "from": "West", "to": "Ost", "points": 4}],
    })
    rules = ttr.TtrRules(name="tiny", map="tiny", colors=("red", "blue"), cards_per_color=1, wild_cards=0,
                        initial_hand=1, face_up_count=1, initial_tickets=1, initial_keep_min=1)
    game = ttr.new_game(rules, players=2, seed=1, map=tiny)
    game.apply(KeepTickets(game.pending.tickets))
    game.apply(KeepTickets(game.pending.tickets))
    assert game.legal_actions() == [Pass()]
    assert kinds(game.apply(Pass())) == ["passed", "turn_ended"]
    events = game.apply(Pass())
    assert kinds(events)[-2:] == ["game_blocked", "game_over"] and game.is_over


# --- the last round and the end ----------------------------------------------------------

def test_last_round_gives_everyone_one_more_turn():
    game = started(players=3)
    leave_trains(game, 0, 3)
    set_hand(game, 0, pink=1)
    route = next(r for r in game.map.routes if r.length == 1)
    events = game.apply(ClaimRoute(route.id, "pink", 0))
    assert ttr.Event("last_round", 0, trains=2) in events
    for player in (1, 2, 0):
        assert game.current_player == player and not game.is_over
        game.apply(DrawBlind())
        game.apply(DrawBlind())
    assert game.is_over and game.current_player is None and game.legal_actions() == []
    refused(game, DrawBlind(), "game_over")


def test_three_trains_left_is_not_yet_the_end():
    game = started(players=2)
    leave_trains(game, 0, 4)
    set_hand(game, 0, pink=1)
    route = next(r for r in game.map.routes if r.length == 1)
    events = game.apply(ClaimRoute(route.id, "pink", 0))
    assert "last_round" not in kinds(events) and game.final_turns_left is None


def test_final_scores_only_at_the_end():
    game = started()
    with pytest.raises(RuleViolation, match="not over"):
        game.final_scores()


# --- players and rules ------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 6, "4"])
def test_player_count_is_checked(players):
    with pytest.raises(ValueError, match="2–5 players"):
        ttr.new_game("usa", players=players)


def test_unknown_variant_is_named():
    with pytest.raises(ValueError, match="no Ticket to Ride variant called 'mars'"):
        ttr.new_game("mars")


# --- malformed input ---------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: DrawFaceUp(None), lambda: DrawFaceUp(3), lambda: ClaimRoute("2", "blue", 0),
    lambda: ClaimRoute(2, 7, 0), lambda: ClaimRoute(2, "blue", 1.5), lambda: ClaimRoute(2, "blue", True),
    lambda: KeepTickets(5), lambda: KeepTickets(("a",)),
])
def test_malformed_actions_are_refused_when_made(make):
    with pytest.raises(RuleViolation, match="needs") as error:
        make()
    assert error.value.rule == "malformed_action"


def test_a_card_name_that_is_no_card_is_refused_even_with_an_empty_slot():
    game = started()
    set_face_up(game, ["red", None, "green", "yellow", "black"])
    assert refused(game, DrawFaceUp("purple"), "unknown_color") == \
        "'purple' is not a train card colour (red, orange, yellow, green, blue, pink, white, black, locomotive)."
    with pytest.raises(RuleViolation) as error:  # no card at all, not "no face-up gold card", in German too
        game.apply(DrawFaceUp("gold"))
    assert error.value.in_language("de").startswith("'gold' ist keine Farbe der Wagenkarten (rot, orange")
