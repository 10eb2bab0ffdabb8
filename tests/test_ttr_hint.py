"""The Ticket to Ride hint, tried as a new user would: positions set up by hand on the USA,
Europe and Switzerland boards, each with the advice it must give and why, worked out by
hand from the board in the comment above it.

The hint's move comes from its adviser (``TtrGameView.adviser``, the expert); its words come
from the player's position and ticket plan (``ttr.advice``): which ticket a claim serves, what
a card is for, which tickets can no longer be completed and what a station could still do,
and no draw while a claim of the plan can be paid. The words are the same whichever bot
advises, so the positions below were worked out for the balanced bot's move (quick, and a
plan a reader can follow); the expert's own advice is tested on a position where it sees
further than the balanced bot.
"""

from __future__ import annotations

import random

import pytest

from zuzlab import texts, ttr
from zuzlab.core import PlayerView
from zuzlab.ttr import advice
from zuzlab.widgets import TtrGameView
from zuzlab.widgets.ttr_game import advised_move, hint_for, reason_words

#: a face-up row with no card the USA plans below need (no black, blue, green or locomotive)
PLAIN_ROW = ["red", "red", "orange", "white", "yellow"]
#: each board, for the ids of its routes
BOARDS = {variant: ttr.new_game(variant, players=2).map for variant in ("usa", "europe", "switzerland")}


def track(variant: str, a: str, b: str) -> int:
    """The id of the route between two cities (the first track of a double route)."""
    return next(r.id for r in BOARDS[variant].routes if set(r.cities) == {a, b})


def ticket(variant: str, origin: str, destination: str) -> int:
    return next(t.id for t in BOARDS[variant].tickets if (t.origin, *t.destinations) == (origin, destination))


def position(variant: str = "usa", *, tickets, hands=None, claimed=None, face_up=PLAIN_ROW, stations=None,
             current: int = 0):
    """A 2-player game of ``variant`` set up at the start of player ``current``'s turn:
    player 0 holds ``tickets`` and ``hands``, player 1 nothing; what is not given is empty."""
    more = {"stations": stations or {}} if variant == "europe" else {}
    return ttr.new_game(variant, players=2, seed=1).set_up(
        tickets={0: tickets, 1: []}, hands={0: hands or {}, 1: {}}, claimed=claimed or {}, face_up=face_up,
        current=current, **more)


def hint(game, adviser: str | type = "balanced") -> str:
    """The hint the game view shows player 0 (``TtrGameView.hint``)."""
    return hint_for(game, 0, adviser)[0]


def advised(game, adviser: str | type = "balanced"):
    return advised_move(PlayerView(game.copy(), 0), adviser, random.Random(0))


def why(game, action) -> str:
    """The reason the hint gives for ``action`` in ``game``, in words."""
    return reason_words(*advice.reason(game, action, advice.TicketPlan.for_move(game, action)))


# --- claims for a ticket ------------------------------------------------------------------

#: Dallas–Houston is yours; player 1 holds Santa Fe–El Paso (so that each ticket below has
#: one cheapest way: without it, Duluth–El Paso has three of 10 trains)
DULUTH = {"tickets": [("Duluth", "Houston"), ("Duluth", "El Paso")],
          "claimed": {track("usa", "Dallas", "Houston"): 0, track("usa", "El Paso", "Santa Fe"): 1}}


def test_a_claim_names_the_ticket_whose_planned_way_it_lies_on():
    # Duluth–Houston (8) runs Duluth–Omaha 2, Omaha–Kansas City 1, Kansas City–Oklahoma
    # City 2, Oklahoma City–Dallas 2 (Dallas–Houston is yours: 7 trains); Duluth–El Paso (10)
    # shares the first three and ends Oklahoma City–El Paso (5 yellow), 10 trains (through
    # Dallas 11, through Denver and Phoenix more). With 5 yellow cards
    # the longest planned route you can pay is El Paso–Oklahoma City, which is on El Paso's
    # way only: the hint names Duluth–El Paso, though Duluth–Houston is held first and
    # shares Oklahoma City with the route.
    game = position(**DULUTH, hands={"yellow": 5})
    assert hint(game) == ("The balanced bot would claim El Paso–Oklahoma City (5 yellow) with 5 yellow cards: "
                          "El Paso–Oklahoma City (5 yellow) is on the cheapest way to join Duluth–El Paso (10).")


def test_a_claim_on_two_tickets_ways_names_the_one_worth_more():
    # The same tickets, one red card: Kansas City–Omaha (1 gray) is the one planned route
    # it pays, and it lies on both ways; Duluth–El Paso is worth 10, Duluth–Houston 8: the
    # hint names El Paso (the first held ticket, Houston, would be the wrong reason).
    game = position(**DULUTH, hands={"red": 1})
    assert hint(game).endswith("Kansas City–Omaha (1 gray) is on the cheapest way to join Duluth–El Paso (10).")


def test_a_claim_is_not_named_for_a_ticket_whose_way_only_passes_through_its_city():
    # Duluth–Omaha and Kansas City–Oklahoma City are yours too. Left: Duluth–El Paso (10),
    # held first, Omaha–Kansas City 1 and Oklahoma City–El Paso 5 (through Dallas 7 trains);
    # Duluth–Houston (8) Omaha–Kansas City 1 and Oklahoma City–Dallas 2. Two red cards pay
    # Oklahoma City–Dallas (the longest they pay): it is on Houston's way only. El Paso's way
    # passes through Oklahoma City, but does not use the route: the hint names Houston.
    claimed = {**DULUTH["claimed"], track("usa", "Duluth", "Omaha"): 0, track("usa", "Kansas City", "Oklahoma City"): 0}
    game = position(tickets=DULUTH["tickets"][::-1], claimed=claimed, hands={"red": 2})
    assert hint(game) == ("The balanced bot would claim Dallas–Oklahoma City (2 gray) with 2 red cards: "
                          "Dallas–Oklahoma City (2 gray) is on the cheapest way to join Duluth–Houston (8).")


# --- claims off the plan: points, the longest route, the end ----------------------------------

def test_a_long_route_off_the_plan_is_claimed_for_its_points():
    # Denver–Pittsburgh's way is Denver–Kansas City 4 black, Kansas City–Saint Louis 2 blue,
    # Saint Louis–Pittsburgh 5 green: six yellow cards pay none of it. The balanced bot then
    # claims a long route it can pay: the 6-train yellow Helena–Seattle (15 points; the 6
    # gray Sault St. Marie–Winnipeg is player 1's). It touches none of your routes, so your
    # longest continuous route stays El Paso–Houston–New Orleans (8): it is for points only.
    game = position(tickets=[("Denver", "Pittsburgh")], hands={"yellow": 6},
                    claimed={track("usa", "El Paso", "Houston"): 0, track("usa", "Houston", "New Orleans"): 0,
                             track("usa", "Sault St. Marie", "Winnipeg"): 1})
    assert hint(game) == ("The balanced bot would claim Helena–Seattle (6 yellow) with 6 yellow cards: Helena–Seattle "
                          "(6 yellow) is on none of your tickets' ways, but it scores 15 points.")


def test_a_route_off_the_plan_that_lengthens_your_longest_route_says_so():
    # As above without routes of your own: Helena–Seattle makes your longest continuous
    # route 6 trains long, as long as player 1's Sault St. Marie–Winnipeg; the longest
    # route earns 10 points at the end of a USA game.
    game = position(tickets=[("Denver", "Pittsburgh")], hands={"yellow": 6},
                    claimed={track("usa", "Sault St. Marie", "Winnipeg"): 1})
    assert hint(game).endswith("Helena–Seattle (6 yellow) scores 15 points and makes your longest continuous route "
                               "6 trains long (the others' longest: 6 trains); the longest earns 10 points at the end.")


def last_turn():
    """Player 1 is down to 2 trains (43 in routes) and has just drawn: the last round has
    begun, and this is player 0's last turn, with six yellow cards and the complete ticket
    Denver–El Paso (Denver–Santa Fe, Santa Fe–El Paso, El Paso–Houston–New Orleans: a
    12-train trail; player 1's longest are 12 too, Calgary–Winnipeg–Sault St. Marie and
    Helena–Duluth–Toronto)."""
    theirs = [("Calgary", "Winnipeg"), ("Duluth", "Helena"), ("Duluth", "Toronto"), ("El Paso", "Los Angeles"),
              ("Miami", "New Orleans"), ("Portland", "Salt Lake City"), ("Sault St. Marie", "Winnipeg"),
              ("Kansas City", "Omaha")]
    mine = [("Denver", "Santa Fe"), ("El Paso", "Santa Fe"), ("El Paso", "Houston"), ("Houston", "New Orleans")]
    game = ttr.new_game("usa", players=2, seed=1).set_up(
        tickets={0: [("Denver", "El Paso")], 1: []}, hands={0: {"yellow": 6}}, face_up=PLAIN_ROW, current=1,
        claimed={**{track("usa", a, b): 1 for a, b in theirs}, **{track("usa", a, b): 0 for a, b in mine}})
    assert game.trains[1] == 2
    game.apply(ttr.DrawBlind())
    game.apply(ttr.DrawBlind())
    assert game.final_turns_left is not None and game.current_player == 0
    return game


def test_in_the_last_round_a_route_is_claimed_for_the_points_left():
    # Six yellow cards pay Helena–Seattle, away from your trail: 15 points now, and cards
    # left in your hand would score nothing.
    assert hint(last_turn()) == (
        "The balanced bot would claim Helena–Seattle (6 yellow) with 6 yellow cards: the game is ending: "
        "Helena–Seattle (6 yellow) scores 15 points now, and cards left in your hand score nothing.")


def test_the_view_advises_the_expert_who_sees_the_longest_route_bonus_the_balanced_bot_misses():
    # The same last turn. Helena–Seattle scores 15, and both players keep the longest route
    # bonus (12 trains each). El Paso–Oklahoma City (5 yellow) scores 10 and makes your trail
    # Oklahoma City–El Paso–Houston–New Orleans 13 trains long: the bonus is yours alone, and
    # player 1 loses its 10 points. Your lead grows by 20 against 15: the expert, playing the
    # games out, claims it and the hint says why.
    assert TtrGameView.adviser == "expert"
    assert hint(last_turn(), TtrGameView.adviser) == (
        "The expert would claim El Paso–Oklahoma City (5 yellow) with 5 yellow cards: El Paso–Oklahoma City "
        "(5 yellow) scores 10 points and makes your longest continuous route 13 trains long (the others' longest: "
        "12 trains); the longest earns 10 points at the end.")


def test_with_nothing_to_save_cards_for_the_hint_claims_rather_than_draws():
    # Switzerland: your ticket Luzern–Zürich is complete, 22 trains are left (too few for
    # the balanced bot to draw tickets, 25), and the four routes of 5 or 6 trains are
    # player 1's: nothing is left to save cards for, so a draw would only pile them up.
    # The longest routes three red cards pay are of 3 trains: St. Gallen–Winterthur, the red
    # tunnel Baden–Basel and the gray tunnels from Davos to Österreich and to Italia; the
    # first on the board, St. Gallen–Winterthur, scores 4 points and touches none of your
    # routes. (Before issue 26 the bot drew from the deck here.)
    mine = [("Luzern", "Zug"), ("Zug", "Zürich"), ("Genève", "Lausanne"), ("Fribourg", "Lausanne"),
            ("Bern", "Fribourg"), ("Bern", "Solothurn"), ("Olten", "Solothurn"), ("Olten", "Zürich"),
            ("Basel", "Olten")]
    theirs = {r.id: 1 for r in BOARDS["switzerland"].routes if r.length >= 5}
    game = position("switzerland", tickets=[("Luzern", "Zürich")], hands={"red": 3},
                    claimed={**theirs, **{track("switzerland", a, b): 0 for a, b in mine}},
                    face_up=["white", "white", "black", "black", "green"])
    assert game.trains[0] == 22
    assert hint(game) == ("The balanced bot would claim St. Gallen–Winterthur (3 red) with 3 red cards: St. Gallen–"
                          "Winterthur (3 red) is on none of your tickets' ways, but it scores 4 points.")


# --- drawing cards ------------------------------------------------------------------------------

def helena_los_angeles(face_up, gray_yours=True):
    """Helena–Los Angeles (8) with an empty hand: its one cheapest way is Helena–Salt Lake
    City 3 pink, Salt Lake City–Las Vegas 3 orange, Las Vegas–Los Angeles 2 gray (yours
    unless ``gray_yours`` is false)."""
    claimed = {track("usa", "Las Vegas", "Los Angeles"): 0} if gray_yours else {}
    return position(tickets=[("Helena", "Los Angeles")], claimed=claimed, face_up=face_up)


def test_a_face_up_card_the_plan_needs_is_taken():
    # Of the face-up cards only pink is on the plan (Helena–Salt Lake City, 3 pink; the hand
    # is empty, so all three are still needed).
    game = helena_los_angeles(["pink", "red", "red", "white", "black"])
    assert hint(game) == "The balanced bot would take the face-up pink card: your plan still needs 3 pink cards."


def test_with_no_face_up_card_for_the_plan_the_deck_is_drawn_and_the_missing_cards_named():
    # No orange, pink or locomotive face up: draw from the deck, which may hold them.
    game = helena_los_angeles(["red", "red", "white", "yellow", "black"])
    assert hint(game) == ("The balanced bot would draw from the deck: your plan still needs 3 orange cards and 3 pink "
                          "cards; none of them lies face up, but the deck may hold them.")
    # Toronto–Miami with its three gray routes yours and 3 pink cards: Charleston–Miami
    # (4 pink) lacks one card
    gray = [("Toronto", "Pittsburgh"), ("Pittsburgh", "Raleigh"), ("Charleston", "Raleigh")]
    game = position(tickets=[("Toronto", "Miami")], hands={"pink": 3}, claimed={track("usa", *r): 0 for r in gray},
                    face_up=["red", "red", "white", "yellow", "black"])
    assert hint(game) == ("The balanced bot would draw from the deck: your plan still needs 1 pink card; it does not "
                          "lie face up, but the deck may hold it.")


def test_a_gray_route_of_the_plan_takes_a_card_of_any_colour():
    # Las Vegas–Los Angeles (2 gray) is still to claim and no card is held for it: any one
    # colour will do. The balanced bot takes the face-up yellow card for it.
    game = helena_los_angeles(["yellow", "red", "red", "white", "black"], gray_yours=False)
    assert hint(game) == ("The balanced bot would take the face-up yellow card: a gray route of your plan still needs "
                          "2 cards of one colour: the yellow card can be one of them.")


def test_a_face_up_locomotive_stands_in_for_what_the_plan_needs():
    # No card of the plan's colours face up, but a locomotive: it pays for any of them.
    game = helena_los_angeles(["locomotive", "red", "red", "white", "black"])
    assert hint(game) == ("The balanced bot would take the face-up locomotive: a locomotive stands in for any colour "
                          "your plan needs.")


class AlwaysDraws:
    """An adviser (a bot, as any: ``bot(game, rng)``) that draws from the deck whatever the position."""

    def __call__(self, game, rng):
        return ttr.DrawBlind()


def test_the_hint_never_advises_a_draw_while_a_claim_of_the_plan_can_be_paid():
    # Denver–El Paso with Denver–Santa Fe yours: Santa Fe–El Paso (2 gray) is left, and two
    # red cards pay it. An adviser that would draw is overruled: claim it.
    claimed = {track("usa", "Denver", "Santa Fe"): 0}
    game = position(tickets=[("Denver", "El Paso")], hands={"red": 2}, claimed=claimed)
    assert advised(game, AlwaysDraws) == ttr.ClaimRoute(track("usa", "El Paso", "Santa Fe"), "red", 0)
    assert hint(game, AlwaysDraws) == ("The bot “AlwaysDraws” would claim El Paso–Santa Fe (2 gray) with 2 red cards: "
                                       "El Paso–Santa Fe (2 gray) is on the cheapest way to join Denver–El Paso (4).")
    # with one red card nothing of the plan can be paid: the draw stands
    game = position(tickets=[("Denver", "El Paso")], hands={"red": 1}, claimed=claimed)
    assert advised(game, AlwaysDraws) == ttr.DrawBlind()


@pytest.mark.parametrize("variant", ["usa", "europe", "switzerland"])
def test_the_ticket_planning_bots_never_draw_while_a_claim_of_their_plan_can_be_paid(variant):
    """Over whole seeded games, a move of the balanced or the ticket bot at the start of a
    turn is never a draw while a route of its ticket plan (the hint's plan: the cheapest
    ways in trains) can be paid for, but for a tunnel it gave up with the hand it holds."""
    for seed in range(3):
        game = ttr.new_game(variant, players=3, seed=seed)
        bots = [ttr.make_bot(name) for name in ("balanced", "tickets", "balanced")]
        rng = random.Random(seed)
        while not game.is_over:
            player = game.current_player
            action = bots[player](PlayerView(game, player), rng)
            if game.pending is None and isinstance(action, (ttr.DrawBlind, ttr.DrawFaceUp, ttr.DrawTickets)):
                claim = advice.TicketPlan(game).serving_claim()
                assert claim is None or not bots[player]._worth_trying(PlayerView(game, player), [claim]), \
                    (seed, len(game.history))
            game.apply(action)


def test_each_strategy_bot_advises_by_its_name_as_a_reader_calls_it():
    game = position(tickets=[("Duluth", "El Paso")], hands={"yellow": 5})
    assert hint(game, "tickets").startswith("The ticket bot would ")
    assert hint(game, "long_routes").startswith("The long-route bot would ")
    try:
        texts.set_language("de")
        assert hint(game, "tickets").startswith("Der Zielkarten-Bot würde ")
        assert hint(game, "route_focus").startswith("Der Bot „streckenfokussierter Agent“ würde ")
    finally:
        texts.set_language("en")


def test_the_reasons_of_moves_another_adviser_may_choose():
    """The words come from the position, whichever bot chose the move: moves the balanced
    bot would not make here are said right too (a search bot may make them)."""
    # Helena–Los Angeles with its gray route yours needs pink and orange: a face-up red
    # card is not for the plan; the deck while a pink card lies face up is a choice to hide
    # it; new tickets while the plan needs 6 of 43 trains leave 37 for them.
    game = helena_los_angeles(["pink", "red", "red", "white", "black"])
    assert why(game, ttr.DrawFaceUp("red")) == ("your plan does not need the red card, but it may pay for a route "
                                                "later.")
    assert why(game, ttr.DrawBlind()) == "the deck may hold anything, and the others do not see what you draw."
    assert why(game, ttr.DrawTickets()) == ("your tickets' ways need 6 of your 43 trains: new tickets can use the "
                                            "others.")
    # keeping Seattle–New York (22) with Denver–Pittsburgh: their ways need more than the 3
    # trains left after seven 6-train routes
    six = [r.id for r in BOARDS["usa"].routes if r.length == 6 and not r.parallel][:7]
    game = position(tickets=[("Denver", "Pittsburgh")], claimed={r: 0 for r in six})
    keep = ttr.KeepTickets((ticket("usa", "Seattle", "New York"),))
    assert why(game, keep).endswith(", but you have only 3 trains: not every ticket can be completed.")
    # a tunnel whose extra card could be paid, given up; and Europe's station off any way
    assert why(budapest_sofia({"red": 3}), ttr.GiveUpTunnel()) == (
        "you could pay the extra cards, but taking your cards back keeps them for the rest of your plan.")
    game = position("europe", tickets=[("Budapest", "Sofia")])
    assert why(game, ttr.BuildStation("Lisboa", "red", 0)) == (
        "at the end a station in Lisboa may use one route of another player into Lisboa for your tickets (a station "
        "you do not build scores 4 points).")


# --- tickets ------------------------------------------------------------------------------------

def test_kept_tickets_are_said_with_the_trains_their_ways_need():
    # The opening offer of this game: the balanced bot keeps Calgary–Phoenix (Calgary–Helena
    # 4, Helena–Denver 4, Denver–Phoenix 5: 13 trains) and Sault St. Marie–Nashville (Sault
    # St. Marie–Toronto 2, Toronto–Pittsburgh 2, Pittsburgh–Nashville 4: 8 trains): 21 of 45.
    game = ttr.new_game("usa", players=2, seed=4)
    assert hint(game) == ("The balanced bot would keep Calgary–Phoenix (13) and Sault St. Marie–Nashville (8): "
                          "their cheapest ways need 21 of your 45 trains.")


def test_kept_tickets_count_a_route_two_ways_share_once():
    # Holding Duluth–Houston (its way: Duluth–Omaha 2, Omaha–Kansas City 1, Kansas City–
    # Oklahoma City 2, Oklahoma City–Dallas 2, Dallas–Houston 1), keeping Duluth–El Paso
    # (the first three, then Oklahoma City–El Paso 5): 8 + 5 = 13 trains, not 8 + 10.
    game = position(tickets=[("Duluth", "Houston")])
    assert why(game, ttr.KeepTickets((ticket("usa", "Duluth", "El Paso"),))) == (
        "with your other tickets, the cheapest ways need 13 of your 45 trains.")


def test_with_every_ticket_complete_the_hint_draws_tickets():
    # Denver–El Paso is complete (both routes yours), 41 trains left, no card to pay a long
    # route: draw tickets.
    game = position(tickets=[("Denver", "El Paso")],
                    claimed={track("usa", "Denver", "Santa Fe"): 0, track("usa", "El Paso", "Santa Fe"): 0})
    assert hint(game) == ("The balanced bot would draw destination tickets: all your tickets are complete and you have "
                          "trains to spare.")


def test_a_ticket_with_no_way_left_is_warned_of_with_its_cost():
    # Player 1 holds all three routes into Miami: Los Angeles–Miami (20) cannot be completed
    # and costs 20 points at the end; Denver–El Paso can still be, and is not named.
    into_miami = {r.id: 1 for r in BOARDS["usa"].routes if "Miami" in r.cities}
    words = hint(position(tickets=[("Los Angeles", "Miami"), ("Denver", "El Paso")], claimed=into_miami))
    assert words.endswith(" Your ticket Los Angeles–Miami (20) can no longer be completed (no way is left through "
                          "your routes and the open ones, or it takes more trains than you have): it will cost 20 "
                          "points at the end.")
    assert "Denver–El Paso" not in words.split("Your ticket")[1]


def test_a_ticket_whose_way_takes_more_trains_than_are_left_is_warned_of():
    # Seven 6-train routes are yours (42 trains): 3 are left, and Denver–El Paso needs 4
    # (Denver–Santa Fe 2, Santa Fe–El Paso 2).
    six = [r.id for r in BOARDS["usa"].routes if r.length == 6 and not r.parallel][:7]
    game = position(tickets=[("Denver", "El Paso")], claimed={r: 0 for r in six})
    assert game.trains[0] == 3
    assert "Your ticket Denver–El Paso (4) can no longer be completed" in hint(game)


# --- Europe: tunnels and stations --------------------------------------------------------------

def budapest_sofia(hand):
    """Budapest–Sofia (5) with Budapest–Sarajevo yours: Sarajevo–Sofia (2 gray tunnel) is
    left; it is claimed with 2 red cards, and the deck reveals one red card: 1 extra."""
    game = ttr.new_game("europe", players=2, seed=1).set_up(
        tickets={0: [("Budapest", "Sofia")], 1: []}, hands={0: hand}, current=0,
        claimed={track("europe", "Budapest", "Sarajevo"): 0}, deck_top=["red", "blue", "green"])
    game.apply(ttr.ClaimRoute(track("europe", "Sarajevo", "Sofia"), "red", 0))
    assert game.pending.extra == 1
    return game


def test_a_tunnel_on_the_plan_is_worth_its_extra_card():
    # A third red card pays the extra: the tunnel is on Budapest–Sofia's way.
    assert hint(budapest_sofia({"red": 3})) == (
        "The balanced bot would pay the extra cards: Sarajevo–Sofia (2 gray tunnel) is on the cheapest way to join "
        "Budapest–Sofia (5): worth the extra cards.")


def test_a_tunnel_whose_extra_card_cannot_be_paid_is_given_up():
    # Exactly two red cards and no locomotive: the extra red card cannot be paid.
    assert hint(budapest_sofia({"red": 2})) == (
        "The balanced bot would give the tunnel up: you cannot pay the extra cards, so take your cards back.")


def sofia_cut_off(stations=None):
    """Budapest–Sofia (5) with every route into Sofia player 1's: no way of your own is left."""
    into_sofia = {r.id: 1 for r in BOARDS["europe"].routes if "Sofia" in r.cities}
    return position("europe", tickets=[("Budapest", "Sofia"), ("Paris", "Wien")], claimed=into_sofia,
                    stations=stations, face_up=["red", "red", "orange", "white", "yellow"])


def test_a_lost_ticket_in_europe_says_which_station_could_still_save_it():
    # Sofia's four routes are player 1's. A station in Sarajevo or Sofia could use player 1's
    # Sarajevo–Sofia at the end, and Budapest–Sarajevo (3 pink) is open: 3 trains. (Through
    # Bucuresti it would take Budapest–Bucuresti, 4 trains.)
    assert hint(sofia_cut_off()).endswith(
        " Your ticket Budapest–Sofia (5) can no longer be completed by routes of your own, but a station in Sarajevo "
        "or Sofia using player 1's Sarajevo–Sofia (2 gray tunnel) could still save it; else it costs 5 points at the "
        "end.")


def test_a_station_built_to_save_a_ticket_says_so():
    # A station in Sofia may use Sarajevo–Sofia at the end, for Budapest–Sofia.
    assert why(sofia_cut_off(), ttr.BuildStation("Sofia", "red", 0)) == (
        "at the end a station in Sofia may use player 1's Sarajevo–Sofia (2 gray tunnel), and so complete "
        "Budapest–Sofia (5).")


def test_with_the_stations_built_elsewhere_no_station_can_save_the_ticket():
    # Your three stations stand in Lisboa, Cadiz and Madrid, far from Sofia: none can use a
    # route into Sofia, and none is left to build.
    assert hint(sofia_cut_off({"Lisboa": 0, "Cadiz": 0, "Madrid": 0})).endswith(
        " Your ticket Budapest–Sofia (5) can no longer be completed, not even with a station borrowing another "
        "player's route: it will cost 5 points at the end.")


# --- Switzerland: country tickets ----------------------------------------------------------------

def test_a_swiss_claim_names_the_ticket_its_way_scores_most_for():
    # Chur → countries is planned to Österreich (Chur–Sargans, Sargans–Vaduz, Vaduz–
    # Österreich), which scores 3 (not its 12 for France); Luzern–Vaduz (6) runs Luzern–
    # Schwyz, Schwyz–Pfäffikon, Pfäffikon–Sargans, Sargans–Vaduz. One orange card pays
    # Sargans–Vaduz (1 orange tunnel), on both ways: it is for Luzern–Vaduz, 6 on its way.
    chur = next(t.id for t in BOARDS["switzerland"].tickets if t.origin == "Chur")  # to any of four countries
    game = position("switzerland", tickets=[chur, ("Luzern", "Vaduz")], hands={"orange": 1},
                    face_up=["red", "red", "white", "white", "black"])
    assert hint(game).endswith("Sargans–Vaduz (1 orange tunnel) is on the cheapest way to join Luzern–Vaduz (6).")


def test_a_lost_swiss_country_ticket_costs_its_lowest_value():
    # Every route out of Lugano is player 1's: Lugano → (France 14, Deutschland 12,
    # Österreich 13, Italia 2) can no longer be completed; unfulfilled it costs its lowest
    # value, 2 points.
    lugano = next(t.id for t in BOARDS["switzerland"].tickets if t.origin == "Lugano")
    out_of_lugano = {track("switzerland", *r.cities): 1 for r in BOARDS["switzerland"].routes if "Lugano" in r.cities}
    game = position("switzerland", tickets=[lugano], claimed=out_of_lugano, face_up=None)
    assert hint(game).endswith(" Your ticket Lugano → (France 14, Deutschland 12, Österreich 13, Italia 2) can no "
                               "longer be completed (no way is left through your routes and the open ones, or it "
                               "takes more trains than you have): it will cost 2 points at the end.")


# --- no hint ----------------------------------------------------------------------------------

def test_no_hint_when_it_is_not_your_turn_or_the_game_is_over():
    game = position(tickets=[("Denver", "El Paso")], current=1)
    assert hint(game) == "No hint now: it is not your turn."
    game.set_up(current=0, over=True)
    assert hint(game) == "No hint now: the game is over."


# --- in German ------------------------------------------------------------------------------------

@pytest.mark.slow  # a switch of language redraws every live game
def test_the_hint_in_german_uses_the_rules_words():
    """Positions from above, in German: Strecke, Zielkarte, Wagenkarten (Karten), Bahnhof,
    "an der Reihe"; the payment and the cards in words, lists with "und"."""
    texts.set_language("de")
    try:
        assert hint(position(**DULUTH, hands={"red": 1})) == (
            "Der ausgewogene Bot würde Kansas City–Omaha (1 grau) mit einer roten Karte bauen: Kansas City–Omaha "
            "(1 grau) liegt auf dem billigsten Weg für Duluth–El Paso (10).")
        assert hint(helena_los_angeles(["red", "red", "white", "yellow", "black"])) == (
            "Der ausgewogene Bot würde vom Stapel ziehen: Dein Plan braucht noch 3 orange Karten und 3 purpurne "
            "Karten; keine davon liegt offen aus, aber im Stapel können sie liegen.")
        assert hint(helena_los_angeles(["yellow", "red", "red", "white", "black"], gray_yours=False)).endswith(
            "Eine graue Strecke deines Plans braucht noch 2 Karten einer Farbe: Die gelbe Karte kann eine davon sein.")
        assert hint(sofia_cut_off()).endswith(
            " Deine Zielkarte Budapest–Sofia (5) kannst du mit eigenen Strecken nicht mehr erfüllen; retten könnte "
            "sie noch ein Bahnhof in Sarajevo oder Sofia, der die Strecke Sarajevo–Sofia (2 grau, Tunnel) von "
            "Spieler 1 mitbenutzt. Sonst kostet sie dich am Ende 5 Punkte.")
        game = position(tickets=[("Denver", "El Paso")], current=1)
        assert hint(game) == "Jetzt gibt es keinen Tipp: Du bist nicht an der Reihe."
        game.set_up(current=0, over=True)
        assert hint(game) == "Jetzt gibt es keinen Tipp: Die Partie ist vorbei."
    finally:
        texts.set_language("en")
