"""The four agents of the NYU playtesting study (``zuzlab.ttr.agents``): in positions set up
by hand, each makes the move its published description fixes, as described and as coded
(``…_faithful``), and where the two modes differ they differ as the quirks say.

Most positions are on a small board made for these tests, where every path can be counted
by hand:

    A –6 red– B, and A –1 blue– C –1 blue– D –1 blue– B      (a ticket A–B: 3 trains or 1 route)
    E –5 green– F –3 red– G –2 gray– H –1 gray– J –3 red / 3 blue– K   (a double route)
    W –3 yellow– X –3 yellow– Y –3 yellow– Z, X –1 pink– V, W –3 pink– V
    S0 … S11: white routes of 6, 6, 6, 6, 6, 6, 6, 4, 3, 2, 1 (to use up a player's trains)
"""

import random
from dataclasses import replace

import pytest

from position_helpers import checked
from ttr_helpers import leave_trains, route_id, stack_deck
from zuzlab import ttr
from zuzlab.core import PlayerView, ask_bot
from zuzlab.ttr.agents.networks import Network, best_option
from zuzlab.ttr.maps import map_from_dict

ROUTES = [("A", "B", 6, "red"), ("A", "C", 1, "blue"), ("C", "D", 1, "blue"), ("D", "B", 1, "blue"),
          ("E", "F", 5, "green"), ("F", "G", 3, "red"), ("G", "H", 2, "gray"),
          ("W", "X", 3, "yellow"), ("X", "Y", 3, "yellow"), ("Y", "Z", 3, "yellow"), ("X", "V", 1, "pink"),
          ("W", "V", 3, "pink"), ("J", "K", 3, "red"), ("J", "K", 3, "blue"), ("H", "J", 1, "gray")]
CHAIN = [6, 6, 6, 6, 6, 6, 6, 4, 3, 2, 1]
TICKETS = [("A", "B", 10), ("E", "F", 4), ("F", "H", 5), ("W", "Z", 9), ("V", "Y", 5), ("J", "K", 4), ("A", "D", 5),
           ("X", "Y", 2), ("C", "B", 3), ("W", "Y", 6), ("E", "H", 7), ("V", "Z", 8), ("G", "E", 3)]


def toy_board():
    routes = ROUTES + [(f"S{i}", f"S{i + 1}", length, "white") for i, length in enumerate(CHAIN)]
    cities = sorted({city for a, b, _, _ in routes for city in (a, b)})
    entries = [{"id": n, "a": a, "b": b, "length": length, "color": color}
               for n, (a, b, length, color) in enumerate(routes)]
    entries[12]["double_with"], entries[13]["double_with"] = 13, 12
    return map_from_dict({
        "format": "zuzlab-map/1", "name": "toy",
        "cities": [{"name": c, "lat": n, "lon": n} for n, c in enumerate(cities)], "routes": entries,
        "tickets": [{"id": n, "from": a, "to": b, "points": p} for n, (a, b, p) in enumerate(TICKETS)]})


TOY = toy_board()
NOT_CHAIN = frozenset(range(len(ROUTES)))
AGENTS = ["destination_hungry", "route_focus", "one_step_thinking", "long_route_exploiting"]
QUIET = ["orange", "black", "orange", "black", "orange"]  # a face-up row of none of the colours the tests collect


def toy_game(players=2, rules=ttr.rules.USA, tickets=None, trains=None, **position):
    """A toy-board game at a position: ``tickets`` player → [(city, city)] (players not
    named hold none), ``trains`` player → trains left (their other routes on the chain)."""
    game = ttr.new_game(rules, players=players, seed=1, map=TOY)
    named = {p: (tickets or {}).get(p, []) for p in range(players)}
    game.set_up(tickets=named, **{"face_up": QUIET, "hands": {0: {}}, **position})
    for player, left in (trains or {}).items():
        leave_trains(game, player, left, avoid=NOT_CHAIN)
    return game


def move(name, game, faithful=False, bot=None):
    """The move of agent ``name`` (as coded when ``faithful``), or of the agent ``bot``."""
    bot = bot or ttr.make_bot(f"{name}_faithful" if faithful else name)
    return ask_bot(bot, game, random.Random(0))


def claim_of(game, action):
    """A claim's route as "A–B" (and its colour), anything else as its type name."""
    if not isinstance(action, ttr.ClaimRoute):
        return type(action).__name__
    route = game.map.route(action.route)
    return f"{route.a}–{route.b}"


def offer(game, player, offered):
    """``player`` draws tickets and is offered exactly ``offered`` (the next player holds
    every other ticket of the deck)."""
    wanted = [TOY.ticket(route_ticket(t)).id for t in offered]
    other = (player + 1) % game.players
    rest = [t for t in game.ticket_deck if t not in wanted]
    game.set_up(tickets={player: game.tickets[player], other: game.tickets[other] + rest}, current=player)
    game.apply(ttr.DrawTickets())
    assert set(game.pending.tickets) == set(wanted)


def route_ticket(cities):
    return next(t.id for t in TOY.tickets if {t.origin, *t.destinations} == set(cities))


# --- what all four share ----------------------------------------------------------------------

@pytest.mark.parametrize("name", AGENTS)
def test_in_a_two_player_game_both_tracks_of_a_double_route_are_gone_once_one_is_owned(name):
    """Rules that open both tracks to 2 players: the engine would let player 0 take the
    blue track, but the agents treat it as gone; in a 4-player game they take it."""
    both_open = replace(ttr.rules.USA, double_routes_min_players=2)
    blue = route_id(TOY, "J", "K", "blue")
    for players, takes_it in ((2, False), (4, True)):
        game = toy_game(players, both_open, tickets={0: [("J", "K")]}, trains={0: 10}, hands={0: {"blue": 3}},
                        claimed={route_id(TOY, "J", "K", "red"): 1})
        assert ttr.ClaimRoute(blue, "blue", 0) in game.legal_actions()
        assert (move(name, game) == ttr.ClaimRoute(blue, "blue", 0)) == takes_it, players


@pytest.mark.parametrize("name", AGENTS)
def test_a_tunnel_is_paid_when_the_hand_can_else_given_up(name):
    game = ttr.new_game("europe", players=3, seed=1)
    game.set_up(tickets={0: [], 1: [], 2: []})
    tunnel = game.map.route_between("München", "Venezia")
    for hand, answer in (({"blue": 2}, ttr.GiveUpTunnel()), ({"blue": 3}, ttr.PayTunnel(0)),
                         ({"blue": 2, "locomotive": 1}, ttr.PayTunnel(1))):
        game.set_up(hands={0: hand}, current=0)
        stack_deck(game, ["blue", "red", "red"])  # one extra blue card
        game.apply(ttr.ClaimRoute(tunnel.id, "blue", 0))
        assert game.pending.extra == 1
        assert move(name, game) == answer
        game.undo()


@pytest.mark.parametrize("name", AGENTS)
def test_a_station_rescues_a_ticket_cut_off_by_one_route_of_another_player(name):
    """Both tracks Edinburgh–London are taken: the ticket Edinburgh–Paris needs one of
    them, so a station goes up at its end, Edinburgh."""
    game = ttr.new_game("europe", players=4, seed=1)
    edinburgh_london = game.map.routes_between("Edinburgh", "London")
    game.set_up(tickets={0: [("Edinburgh", "Paris")], 1: [], 2: [], 3: []}, hands={0: {"red": 1}},
                claimed={edinburgh_london[0].id: 1, edinburgh_london[1].id: 2}, current=0)
    assert move(name, game) == ttr.BuildStation("Edinburgh", "red", 0)


# --- Destination Hungry -------------------------------------------------------------------------

def test_destination_hungry_keeps_the_best_points_per_train():
    """A–D is complete through its own routes (0 trains): the best per train, kept alone."""
    game = toy_game(claimed={route_id(TOY, "A", "C"): 0, route_id(TOY, "C", "D"): 0}, trains={0: 30})
    offer(game, 0, [("A", "D"), ("W", "Z"), ("X", "Y")])
    assert move("destination_hungry", game) == ttr.KeepTickets((route_ticket(("A", "D")),))


def test_destination_hungry_chooses_an_option_by_its_rule():
    """Points per train among the options needing at most trains − 5; else the cheapest
    that can be done; else the one worth fewest points."""
    game = toy_game(trains={0: 20})
    a_b, w_z, x_y = (ttr.KeepTickets((route_ticket(t),)) for t in (("A", "B"), ("W", "Z"), ("X", "Y")))
    cheap = Network(trains=6, route_points=10, ticket_points=4)  # 14 / 6 per train
    rich = Network(trains=15, route_points=30, ticket_points=20)  # 50 / 15 per train
    dear = Network(trains=19, route_points=60, ticket_points=40)  # within 20 trains, not within 15
    view = ask_view(game)
    assert best_option(view, [(a_b, cheap), (w_z, rich)]) == (w_z, rich)
    assert best_option(view, [(a_b, cheap), (w_z, dear)]) == (a_b, cheap)  # the best per train needs 19 > 15
    assert best_option(view, [(w_z, dear), (a_b, replace(dear, trains=17))])[0] == a_b  # the cheapest
    too_far = replace(dear, trains=30)
    assert best_option(view, [(w_z, too_far), (x_y, too_far), (a_b, too_far)])[0] == x_y  # fewest points (2)
    def unjoined(keep):
        return replace(cheap, unjoined=frozenset(keep.tickets))

    assert best_option(view, [(w_z, unjoined(w_z)), (x_y, unjoined(x_y)), (a_b, dear)])[0] == a_b
    held_lost = replace(cheap, unjoined=frozenset({route_ticket(("J", "K"))}))  # a held ticket it cannot join
    assert best_option(view, [(w_z, held_lost), (a_b, dear)])[0] == w_z


def ask_view(game):
    return PlayerView(game, game.current_player)


def test_destination_hungry_joins_its_ticket_cities_to_the_nearer_end_of_its_backbone():
    """Tickets W–Z and V–Y: the backbone W–X–Y–Z (the farthest pair, 9 trains); V joins the
    nearer end W by W–V (3 trains), not the backbone's nearest city X (1 train)."""
    game = toy_game(tickets={0: [("W", "Z"), ("V", "Y")]}, trains={0: 20}, hands={0: {"pink": 3}})
    bot = ttr.make_bot("destination_hungry")
    assert claim_of(game, move("", game, bot=bot)) == "W–V"
    assert sorted(str(r) for r in bot.network(ask_view(game)).routes) == [
        "W–V (3 pink)", "W–X (3 yellow)", "X–Y (3 yellow)", "Y–Z (3 yellow)"]


def test_destination_hungry_plans_again_when_another_player_has_claimed():
    game = toy_game(tickets={0: [("A", "B")]}, trains={0: 11}, hands={0: {"red": 6}, 1: {"blue": 1}})
    bot = ttr.make_bot("destination_hungry")
    assert move("", game, bot=bot) == ttr.DrawBlind()  # its plan: A–C–D–B, all blue
    game.apply(ttr.DrawBlind())
    game.apply(move("", game, bot=bot))
    game.apply(ttr.ClaimRoute(route_id(TOY, "C", "D"), "blue", 0))  # player 1
    assert claim_of(game, move("", game, bot=bot)) == "A–B"


@pytest.mark.parametrize("left, draws", [(45, True), (12, True), (11, False)])
def test_destination_hungry_draws_tickets_while_its_plan_needs_fewer_than_its_trains_less_8(left, draws):
    game = toy_game(tickets={0: [("A", "B")]}, trains={0: left}, hands={0: {"blue": 1}})  # the plan: 3 trains
    assert (move("destination_hungry", game) == ttr.DrawTickets()) == draws


@pytest.mark.parametrize("faithful", [False, True])
def test_destination_hungry_claims_a_gray_planned_route_only_with_a_colour_its_plan_does_not_need(faithful):
    """Ticket F–H: F–G (3 red) and G–H (2 gray). Two red cards may not pay G–H: red is
    needed; two green ones may."""
    position = {"tickets": {0: [("F", "H")]}, "trains": {0: 13}}
    assert move("destination_hungry", toy_game(hands={0: {"red": 2}}, **position), faithful) == ttr.DrawBlind()
    game = toy_game(hands={0: {"red": 2, "green": 2}}, **position)
    assert move("destination_hungry", game, faithful) == ttr.ClaimRoute(route_id(TOY, "G", "H"), "green", 0)
    game = toy_game(hands={0: {"red": 3, "green": 2}}, **position)
    assert move("destination_hungry", game, faithful) == ttr.ClaimRoute(route_id(TOY, "F", "G"), "red", 0)


@pytest.mark.parametrize("face_up, card", [(["red", "green", "orange", "orange", "black"], ttr.DrawFaceUp("green")),
                                           (["red", "black", "orange", "orange", "black"], ttr.DrawFaceUp("red")),
                                           (["locomotive", "pink", "orange", "orange", "black"], ttr.DrawBlind())])
def test_destination_hungry_draws_the_most_needed_colour_else_a_needed_one_else_the_deck(face_up, card):
    """Ticket E–H needs 5 green (E–F), 3 red (F–G) and 2 of any colour (G–H)."""
    game = toy_game(tickets={0: [("E", "H")]}, trains={0: 18}, hands={0: {"blue": 1}}, face_up=face_up)
    assert move("destination_hungry", game) == card
    assert move("destination_hungry", game, faithful=True) == card


def test_destination_hungry_counts_a_double_route_in_a_colour_not_yet_needed():
    """Tickets F–H and J–K: the backbone F–G–H–J–K needs 3 red (F–G), and the double route
    J–K (red or blue) takes blue: with 2 red cards, blue is the most needed."""
    game = toy_game(tickets={0: [("F", "H"), ("J", "K")]}, trains={0: 17}, hands={0: {"red": 2}},
                    face_up=["red", "blue", "orange", "orange", "black"])
    assert move("destination_hungry", game) == ttr.DrawFaceUp("blue")


def test_destination_hungry_with_no_plan_claims_the_longest_route_it_can_pay():
    game = toy_game(tickets={0: [("A", "D")]}, trains={0: 8}, hands={0: {"yellow": 3, "blue": 2}},
                    claimed={route_id(TOY, "A", "C"): 0, route_id(TOY, "C", "D"): 0})
    assert claim_of(game, move("destination_hungry", game)) == "W–X"


# --- Route Focus ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["route_focus", "one_step_thinking"])
@pytest.mark.parametrize("faithful", [False, True])
def test_route_focus_and_one_step_thinking_keep_every_opening_ticket(name, faithful):
    game = ttr.new_game("usa", players=3, seed=4)
    assert move(name, game, faithful) == ttr.KeepTickets(game.pending.tickets)


def test_route_focus_claims_the_first_route_of_its_queue_it_can_pay():
    """Tickets A–B (10) and E–F (4). As described (paths in trains) the queue starts with
    A–C, C–D, D–B (1 + 2 × 10 = 21 each), then E–F (10 + 2 × 4 = 18); as coded (paths in
    routes) with A–B (15 + 20 = 35), which it cannot pay, then E–F."""
    game = toy_game(tickets={0: [("A", "B"), ("E", "F")]}, hands={0: {"blue": 1, "green": 5}})
    assert move("route_focus", game) == ttr.ClaimRoute(route_id(TOY, "A", "C"), "blue", 0)
    assert move("route_focus", game, faithful=True) == ttr.ClaimRoute(route_id(TOY, "E", "F"), "green", 0)


@pytest.mark.parametrize("faithful", [False, True])
def test_route_focus_pays_with_the_colour_it_holds_most_of(faithful):
    """Ticket F–H: F–G (3 red) first, which it cannot pay; then G–H (2 gray), with yellow."""
    game = toy_game(tickets={0: [("F", "H")]}, hands={0: {"green": 2, "yellow": 3}})
    assert move("route_focus", game, faithful) == ttr.ClaimRoute(route_id(TOY, "G", "H"), "yellow", 0)


@pytest.mark.parametrize("faithful", [False, True])
def test_route_focus_draws_the_colour_of_its_first_route_face_up_else_the_deck(faithful):
    """Its first route is blue (as described: A–C) or red (as coded: A–B); it never takes a
    face-up locomotive."""
    wanted = "red" if faithful else "blue"
    game = toy_game(tickets={0: [("A", "B")]}, face_up=["red", "blue", "locomotive", "orange", "black"])
    assert move("route_focus", game, faithful) == ttr.DrawFaceUp(wanted)
    game = toy_game(tickets={0: [("A", "B")]}, face_up=["locomotive", "orange", "orange", "black", "green"])
    assert move("route_focus", game, faithful) == ttr.DrawBlind()


@pytest.mark.parametrize("faithful", [False, True])
def test_route_focus_with_no_ticket_to_connect_claims_the_free_route_worth_fewest_points(faithful):
    """Its ticket is complete: it draws no ticket but claims a free 1-train route."""
    game = toy_game(tickets={0: [("A", "D")]}, hands={0: {"yellow": 3, "pink": 1}},
                    claimed={route_id(TOY, "A", "C"): 0, route_id(TOY, "C", "D"): 0})
    assert claim_of(game, move("route_focus", game, faithful)) == "X–V"


# --- One Step Thinking ------------------------------------------------------------------------------

def test_one_step_thinking_claims_the_first_route_of_its_most_valuable_ticket():
    """Tickets A–B (10) and E–F (4), cards for A–C, A–B and E–F: the target is A–B's
    first route, A–C as described (3 trains), A–B itself as coded (1 route)."""
    game = toy_game(tickets={0: [("E", "F"), ("A", "B")]}, hands={0: {"blue": 1, "red": 6, "green": 5}})
    assert claim_of(game, move("one_step_thinking", game)) == "A–C"
    assert claim_of(game, move("one_step_thinking", game, faithful=True)) == "A–B"
    owned = toy_game(tickets={0: [("E", "F"), ("A", "B")]}, hands={0: {"blue": 1, "green": 5}},
                     claimed={route_id(TOY, "A", "C"): 0})
    assert claim_of(owned, move("one_step_thinking", owned)) == "C–D"  # the first route it does not own


@pytest.mark.parametrize("faithful, face_up, card", [
    (False, ["blue", "red", "locomotive", "orange", "black"], ttr.DrawFaceUp("blue")),
    (True, ["blue", "red", "locomotive", "orange", "black"], ttr.DrawFaceUp("red")),
    (False, ["red", "locomotive", "orange", "orange", "black"], ttr.DrawFaceUp("locomotive")),
    (True, ["blue", "locomotive", "orange", "orange", "black"], ttr.DrawFaceUp("locomotive")),
    (False, ["red", "green", "orange", "orange", "black"], ttr.DrawBlind())])
def test_one_step_thinking_draws_its_target_colour_else_a_locomotive_else_the_deck(faithful, face_up, card):
    game = toy_game(tickets={0: [("A", "B")]}, face_up=face_up)
    assert move("one_step_thinking", game, faithful) == card


@pytest.mark.parametrize("faithful", [False, True])
def test_one_step_thinking_with_no_ticket_to_connect_draws_tickets_while_every_player_has_8_trains(faithful):
    position = {"tickets": {0: [("A", "D")]}, "hands": {0: {"yellow": 3}},
                "claimed": {route_id(TOY, "A", "C"): 0, route_id(TOY, "C", "D"): 0}}
    assert move("one_step_thinking", toy_game(trains={1: 8}, **position), faithful) == ttr.DrawTickets()
    game = toy_game(trains={1: 7}, **position)
    assert claim_of(game, move("one_step_thinking", game, faithful)) == "W–X"  # the longest route it can pay


def test_one_step_thinking_keeps_later_tickets_evaluated_or_as_coded_the_fewest_points():
    """Its ticket J–K is lost (a track taken: in 2-player games both are gone), so it draws
    tickets. A–D is complete through its own routes: the evaluation keeps it; the code
    keeps X–Y, worth 2."""
    game = toy_game(tickets={0: [("J", "K")]}, claimed={route_id(TOY, "A", "C"): 0, route_id(TOY, "C", "D"): 0,
                                                        route_id(TOY, "J", "K", "red"): 1})
    assert move("one_step_thinking", game) == ttr.DrawTickets()
    offer(game, 0, [("A", "D"), ("W", "Z"), ("X", "Y")])
    assert move("one_step_thinking", game) == ttr.KeepTickets((route_ticket(("A", "D")),))
    assert move("one_step_thinking", game, faithful=True) == ttr.KeepTickets((route_ticket(("X", "Y")),))


# --- Long Route Exploiting ------------------------------------------------------------------------------

@pytest.mark.parametrize("faithful", [False, True])
def test_long_route_exploiting_plans_over_routes_of_3_or_more(faithful):
    """Ticket A–B: only A–B itself (6) is long; with cards for A–C it still waits for red."""
    game = toy_game(tickets={0: [("A", "B")]}, hands={0: {"blue": 3, "red": 6}})
    assert claim_of(game, move("long_route_exploiting", game, faithful)) == "A–B"
    game = toy_game(tickets={0: [("A", "B")]}, hands={0: {"blue": 3}},
                    face_up=["red", "blue", "orange", "orange", "black"])
    assert move("long_route_exploiting", game, faithful) == ttr.DrawFaceUp("red")


@pytest.mark.parametrize("faithful", [False, True])
def test_long_route_exploiting_otherwise_claims_the_longest_route_it_can_pay_and_never_draws_tickets(faithful):
    """Ticket C–B has no path of long routes (C–D–B, C–A–B both cross a 1-train route)."""
    game = toy_game(tickets={0: [("C", "B")]}, hands={0: {"yellow": 3, "blue": 2}})
    assert claim_of(game, move("long_route_exploiting", game, faithful)) == "W–X"
    game = toy_game(tickets={0: [("C", "B")]}, hands={0: {"blue": 2}})
    assert claim_of(game, move("long_route_exploiting", game, faithful)) == "G–H"  # gray: blue pays
    done = toy_game(tickets={0: [("A", "D")]}, claimed={route_id(TOY, "A", "C"): 0, route_id(TOY, "C", "D"): 0})
    assert move("long_route_exploiting", done, faithful) == ttr.DrawBlind()  # where One Step Thinking draws tickets
    assert move("one_step_thinking", done, faithful) == ttr.DrawTickets()


def test_long_route_exploiting_keeps_its_opening_tickets_evaluated_or_as_coded_the_fewest_points():
    game = ttr.new_game(ttr.rules.USA, players=2, seed=3, map=TOY)
    offered = game.pending.tickets
    fewest = sorted(offered, key=lambda t: (TOY.ticket(t).points, t))[:game.pending.keep_min]
    assert move("long_route_exploiting", game, faithful=True) == ttr.KeepTickets(tuple(fewest))
    evaluated = move("destination_hungry", game)
    assert move("long_route_exploiting", game) == evaluated != ttr.KeepTickets(tuple(fewest))


# --- whole games ---------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("variant, players", [("usa", 4), ("usa", 2), ("europe", 5), ("switzerland", 3)])
@pytest.mark.parametrize("suffix", ["", "_faithful"])
def test_every_agent_finishes_seeded_games_on_every_board(variant, players, suffix):
    for seed in range(2):
        names = [AGENTS[(seed + seat) % 4] + suffix for seat in range(players)]
        game = ttr.play_game(variant, players=players, seed=seed, bots=[checked(ttr.make_bot(n)) for n in names])
        assert game.is_over and len(game.final_scores().players) == players
        again = ttr.play_game(variant, players=players, seed=seed, bots=names)
        assert again.history == game.history  # seeded: the same game
