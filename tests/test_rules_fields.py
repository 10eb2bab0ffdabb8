"""Every rules field of every engine changes what the game does: a test changes each
field and shows the effect.

For each engine a table maps every field of its rules dataclass to a case. A case
builds the same situation under the unchanged preset and under a copy with that one
field changed (``dataclasses.replace``), and asserts an observable difference: a
different set of legal actions, a refusal, other cards dealt, another score or winner,
one round more or less. Each assertion names the preset's behaviour *and* the changed
one, so it fails if the engine ignored the field.

A completeness test per engine compares the table with ``dataclasses.fields``: a field
added later without a case here makes the suite fail. A field the engine never reads is
marked ``xfail(strict=True)`` with the evidence in the reason; once the engine reads it,
the case passes, the strict mark fails, and the mark must go.
"""

from __future__ import annotations

import json
import re
import tempfile
import typing
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path

import pytest

import cardgame_helpers as cg
from generated_board import GENERATED
import ttr_helpers as th
from ttr_helpers import kinds, refused
from zuzlab import cardgame, engines, ink, ttr
from zuzlab.cardgame import PlayMixed, PlaySet
from zuzlab.cardgame.rules import CARD_GAME
from zuzlab.datafiles import data_dir
from zuzlab.ink import Board, FinishRound, Place
from zuzlab.ink.rules import INK, INK_LAKE, LAKE_DIE, ROUTE_DIE
from zuzlab.ttr import BuildStation, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets
from zuzlab.ttr.rules import EUROPE, EUROPE_SEED_TICKETS, USA, TtrRules

L = "locomotive"
USA_MAP = ttr.load_map("usa")

#: engine key (``Engine.key``) → rules field → its case
CASES: dict[str, dict] = {}

#: (engine key, field) → why the case is expected to fail: the engine never reads the field
IGNORED: dict[tuple[str, str], str] = {}


def case(engine: str, field: str):
    """Register the decorated function as the case for ``field`` of ``engine``'s rules."""
    def register(function):
        table = CASES.setdefault(engine, {})
        assert field not in table, f"two cases for {engine} {field}"
        table[field] = function
        return function
    return register


def both(preset, field, value, build):
    """``build(rules)`` for the preset and for the preset with ``field`` set to ``value``."""
    return build(preset), build(replace(preset, **{field: value}))


def legal(game) -> set:
    return set(game.legal_actions())


# =====================================================================================
# Ticket to Ride: zuzlab.ttr.rules.TtrRules
# =====================================================================================

def ttr_started(rules, players=2, seed=1):
    return th.started(rules, players=players, seed=seed)


@case("ttr", "name")
def ttr_name():
    """The game names its rules in its repr."""
    preset, changed = both(USA, "name", "usa-house", lambda r: ttr.new_game(r, players=2, seed=1))
    assert "<Game usa 2 players" in repr(preset)
    assert "<Game usa-house 2 players" in repr(changed)


@case("ttr", "map")
def ttr_map():
    """The board the game is played on: another built-in map brings other routes."""
    preset, changed = both(USA, "map", "switzerland", lambda r: ttr.new_game(r, players=2, seed=1))
    assert (preset.map.name, len(preset.map.routes)) == ("usa", 100)
    assert changed.map.name == "switzerland" and len(changed.map.routes) != 100


@case("ttr", "min_players")
def ttr_min_players():
    """The fewest players: with 3 a two-player game is refused."""
    preset, changed = both(USA, "min_players", 3, lambda r: ttr_players_or_refusal(r, 2))
    assert preset == 2 and changed == "usa is played by 3–5 players, not 2"


@case("ttr", "max_players")
def ttr_max_players():
    """The most players: with 4 a five-player game is refused."""
    preset, changed = both(USA, "max_players", 4, lambda r: ttr_players_or_refusal(r, 5))
    assert preset == 5 and changed == "usa is played by 2–4 players, not 5"


def ttr_players_or_refusal(rules, players):
    """The players of a new game, or the message refusing that many."""
    try:
        return ttr.new_game(rules, players=players, seed=1).players
    except ValueError as error:
        return str(error)


@case("ttr", "trains_per_player")
def ttr_trains_per_player():
    """The trains each player starts with."""
    preset, changed = both(USA, "trains_per_player", 30, lambda r: ttr.new_game(r, players=3, seed=1))
    assert preset.trains == [45, 45, 45] and changed.trains == [30, 30, 30]


@case("ttr", "colors")
def ttr_colors():
    """The colours of the train cards: without pink there are 12 fewer cards, and the USA
    map, which has pink routes, can no longer be played (refused before anything is dealt)."""
    no_pink = tuple(c for c in USA.colors if c != "pink")
    preset = ttr.new_game(USA, players=2, seed=1)
    assert th.all_cards(preset)["pink"] == 12 and sum(th.all_cards(preset).values()) == 110
    assert replace(USA, colors=no_pink).total_cards == 98
    with pytest.raises(ValueError, match="the usa map has pink routes, which are not colours of the rules"):
        ttr.new_game(replace(USA, colors=no_pink), players=2, seed=1)


@case("ttr", "cards_per_color")
def ttr_cards_per_color():
    """How many cards of each colour the deck holds."""
    preset, changed = both(USA, "cards_per_color", 10, lambda r: ttr.new_game(r, players=2, seed=1))
    assert th.all_cards(preset)["red"] == 12 and th.all_cards(changed)["red"] == 10


@case("ttr", "wild")
def ttr_wild():
    """The name of the wild card: the deck's 14 wild cards are called that."""
    preset, changed = both(USA, "wild", "joker", lambda r: ttr.new_game(r, players=2, seed=1))
    assert th.all_cards(preset)[L] == 14 and "joker" not in th.all_cards(preset)
    assert th.all_cards(changed)["joker"] == 14 and L not in th.all_cards(changed)


@case("ttr", "wild_cards")
def ttr_wild_cards():
    """How many wild cards the deck holds."""
    preset, changed = both(USA, "wild_cards", 20, lambda r: ttr.new_game(r, players=2, seed=1))
    assert th.all_cards(preset)[L] == 14 and th.all_cards(changed)[L] == 20


@case("ttr", "wild_only_on_tunnels")
def ttr_wild_only_on_tunnels():
    """Whether wild cards pay for ordinary routes: if only on tunnels, two locomotives no
    longer claim Portland–Seattle (1, gray) in the USA."""
    def build(rules):
        game = ttr_started(rules)
        th.set_hand(game, 0, **{L: 2})
        return game

    preset, changed = both(USA, "wild_only_on_tunnels", True, build)
    claim = ClaimRoute(th.route_id(preset, "Portland", "Seattle"), None, 1)
    assert claim in legal(preset)
    refused(changed, claim, "wild_not_allowed")


@case("ttr", "face_up_count")
def ttr_face_up_count():
    """How many cards lie face up."""
    preset, changed = both(USA, "face_up_count", 6, lambda r: ttr.new_game(r, players=2, seed=1))
    assert len(preset.cards.face_up) == 5 and len(changed.cards.face_up) == 6


@case("ttr", "face_up_wild_counts_double")
def ttr_face_up_wild_counts_double():
    """A face-up locomotive taken first ends the draw; if it counts as one card, a second
    card follows."""
    def build(rules):
        game = ttr_started(rules)
        th.set_face_up(game, [L, "red", "blue", "green", "white"])
        game.apply(DrawFaceUp(L))
        return game

    preset, changed = both(USA, "face_up_wild_counts_double", False, build)
    assert preset.current_player == 1 and preset.pending is None
    assert changed.current_player == 0 and changed.pending.kind == "second_card"


@case("ttr", "face_up_reset_wilds")
def ttr_face_up_reset_wilds():
    """Three face-up locomotives reset the face-up cards; with 4 as the limit, three stay."""
    def build(rules):
        game = ttr_started(rules)
        th.set_face_up(game, [L, L, "red", "blue", "green"])
        th.stack_deck(game, [L])
        return game, game.apply(DrawFaceUp("red"))

    (_, preset), (changed_game, changed) = both(USA, "face_up_reset_wilds", 4, build)
    assert "face_up_reset" in kinds(preset)
    assert "face_up_reset" not in kinds(changed) and changed_game.cards.face_up.count(L) == 3


@case("ttr", "initial_hand")
def ttr_initial_hand():
    """The train cards dealt to each player at the start."""
    preset, changed = both(USA, "initial_hand", 6, lambda r: ttr.new_game(r, players=2, seed=1))
    assert [sum(h.values()) for h in preset.hands] == [4, 4]
    assert [sum(h.values()) for h in changed.hands] == [6, 6]


@case("ttr", "initial_tickets")
def ttr_initial_tickets():
    """The tickets offered to each player at the start."""
    preset, changed = both(USA, "initial_tickets", 4, lambda r: ttr.new_game(r, players=2, seed=1))
    assert [len(o) for o in preset.offers] == [3, 3] and [len(o) for o in changed.offers] == [4, 4]


@case("ttr", "initial_long_tickets")
def ttr_initial_long_tickets():
    """Europe deals each player a long ticket with the regular ones; with 0, none."""
    def long_in_offers(rules):
        game = ttr.new_game(rules, players=2, seed=1)
        return [sum(game.map.ticket(t).deck == "long" for t in offer) for offer in game.offers]

    assert both(EUROPE, "initial_long_tickets", 0, long_in_offers) == ([1, 1], [0, 0])


@case("ttr", "long_ticket_deck")
def ttr_long_ticket_deck():
    """Which deck of the map is the long one: its undealt tickets leave the game. Naming a
    deck the map lacks keeps Europe's long tickets in the regular deck."""
    preset, changed = both(EUROPE_SEED_TICKETS, "long_ticket_deck", "no-such-deck",
                           lambda r: ttr.new_game(r, players=2, seed=1))
    long_tickets = sorted(t.id for t in preset.map.tickets if t.deck == "long")
    assert sorted(preset.removed_tickets) == long_tickets and not set(long_tickets) & set(preset.ticket_deck)
    assert changed.removed_tickets == []
    assert set(long_tickets) <= set(changed.ticket_deck).union(*changed.offers)


@case("ttr", "initial_keep_min")
def ttr_initial_keep_min():
    """The fewest opening tickets a player keeps: 2, or 1 when changed."""
    preset, changed = both(USA, "initial_keep_min", 1, lambda r: ttr.new_game(r, players=2, seed=1))
    keep_one = KeepTickets(preset.pending.tickets[:1])
    assert changed.pending.tickets == preset.pending.tickets
    refused(preset, keep_one, "keep_min")
    changed.apply(keep_one)
    assert changed.tickets[0] == list(keep_one.tickets)


@case("ttr", "ticket_draw")
def ttr_ticket_draw():
    """How many tickets a ticket draw offers."""
    def offered(rules):
        game = ttr_started(rules)
        game.apply(DrawTickets())
        return len(game.pending.tickets)

    assert both(USA, "ticket_draw", 5, offered) == (3, 5)


@case("ttr", "ticket_keep_min")
def ttr_ticket_keep_min():
    """The fewest tickets kept from a draw during the game: 1, or none when changed."""
    def build(rules):
        game = ttr_started(rules)
        game.apply(DrawTickets())
        return game

    preset, changed = both(USA, "ticket_keep_min", 0, build)
    refused(preset, KeepTickets(()), "keep_min")
    changed.apply(KeepTickets(()))
    assert changed.current_player == 1


@case("ttr", "returned_tickets")
def ttr_returned_tickets():
    """Where returned tickets go: under the ticket deck, or out of the game."""
    def build(rules):
        game = ttr_started(rules)
        game.apply(DrawTickets())
        offer = game.pending.tickets
        game.apply(KeepTickets(offer[:1]))
        return game, list(offer[1:])

    (preset, returned), (changed, same) = both(USA, "returned_tickets", "removed", build)
    assert returned == same
    assert preset.ticket_deck[-2:] == returned and not set(returned) & set(preset.removed_tickets)
    assert set(returned) <= set(changed.removed_tickets) and not set(returned) & set(changed.ticket_deck)


@case("ttr", "double_routes_min_players")
def ttr_double_routes_min_players():
    """With 3 players one track of a double route closes the other; from 3 on both are open."""
    def build(rules):
        game = ttr_started(rules, players=3)
        th.set_hand(game, 0, red=1)
        th.set_hand(game, 1, red=1)
        first, second = sorted(r.id for r in game.map.routes if {r.a, r.b} == {"Portland", "Seattle"})
        game.apply(ClaimRoute(first, "red", 0))
        return game, ClaimRoute(second, "red", 0)

    (preset, claim), (changed, same) = both(USA, "double_routes_min_players", 3, build)
    refused(preset, claim, "double_route")
    assert same in legal(changed)
    changed.apply(same)
    assert changed.claimed[same.route] == 1


@case("ttr", "triple_routes_min_players")
def ttr_triple_routes_min_players():
    """With 4 players two tracks of a triple route are open and the third closed; from 4 on
    all three (a board made in code, with a triple route)."""
    def build(rules):
        game = ttr_started(rules, players=4)
        tracks = sorted(r.id for r in game.map.routes_between("Köln", "Düsseldorf"))
        for player in range(3):
            th.set_hand(game, player, **{game.map.route(track).color: 3 for track in tracks})
        for track in tracks[:2]:
            game.apply(ClaimRoute(track, game.map.route(track).color, 0))
        return game, ClaimRoute(tracks[2], game.map.route(tracks[2]).color, 0)

    (preset, claim), (changed, same) = both(GENERATED, "triple_routes_min_players", 4, build)
    refused(preset, claim, "double_route")
    assert same in legal(changed)
    changed.apply(same)
    assert changed.claimed[same.route] == 2


@case("ttr", "route_points")
def ttr_route_points():
    """The points a route scores by its length: a 1-train route worth 3 instead of 1."""
    def points(rules):
        game = ttr_started(rules)
        th.set_hand(game, 0, red=1)
        events = game.apply(ClaimRoute(th.route_id(game, "Portland", "Seattle"), "red", 0))
        return next(e.points for e in events if e.kind == "route_claimed"), game.scores[0]

    assert both(USA, "route_points", {**dict(USA.route_points), 1: 3}, points) == ((1, 1), (3, 3))


@case("ttr", "longest_route_bonus")
def ttr_longest_route_bonus():
    """The bonus for the longest continuous route."""
    def scores(rules):
        game = th.finished(2, routes={0: [th.route_id(USA_MAP, "Calgary", "Winnipeg")]}, tickets={}, variant=rules)
        return game.final_scores()[0]

    preset, changed = both(USA, "longest_route_bonus", 20, scores)
    assert (preset.longest_route_bonus, preset.total) == (10, 15 + 10)
    assert (changed.longest_route_bonus, changed.total) == (20, 15 + 20)


@case("ttr", "tunnel_reveal")
def ttr_tunnel_reveal():
    """How many cards a tunnel claim turns over: München–Venezia reveals 3, or 1."""
    def revealed(rules):
        game = ttr_started(rules)
        th.set_hand(game, 0, blue=2)
        th.stack_deck(game, ["red", "green", "white"])
        events = game.apply(ClaimRoute(th.route_id(game, "München", "Venezia"), "blue", 0))
        return next(e.revealed for e in events if e.kind == "tunnel_revealed")

    assert both(EUROPE, "tunnel_reveal", 1, revealed) == (["red", "green", "white"], ["red"])


@case("ttr", "stations_per_player")
def ttr_stations_per_player():
    """How many stations a player may build: Europe 3, none when changed."""
    def build(rules):
        game = ttr_started(rules)
        th.set_hand(game, 0, red=1)
        return game

    preset, changed = both(EUROPE, "stations_per_player", 0, build)
    station = BuildStation("Berlin", "red", 0)
    assert station in legal(preset)
    assert not any(isinstance(a, BuildStation) for a in legal(changed))
    refused(changed, station, "no_stations")


@case("ttr", "station_costs")
def ttr_station_costs():
    """The cards a station costs: the first costs 1, or 2 when changed."""
    def build(rules):
        game = ttr_started(rules)
        th.set_hand(game, 0, red=1)
        return game

    preset, changed = both(EUROPE, "station_costs", (2, 2, 3), build)
    station = BuildStation("Berlin", "red", 0)
    assert station in legal(preset)
    refused(changed, station, "missing_cards")


@case("ttr", "unused_station_points")
def ttr_unused_station_points():
    """The points for each station never built: 3 stations × 4, or × 1 when changed."""
    def station_points(rules):
        return th.finished(2, routes={}, tickets={}, variant=rules).final_scores()[0].station_points

    assert both(EUROPE, "unused_station_points", 1, station_points) == (12, 3)


@case("ttr", "last_round_trains")
def ttr_last_round_trains():
    """Ending a turn with this many trains or fewer starts the last round: after a 1-train
    route 44 are left, which starts it only when the limit is 44."""
    def build(rules):
        game = ttr_started(rules)
        th.set_hand(game, 0, red=1)
        return game, game.apply(ClaimRoute(th.route_id(game, "Portland", "Seattle"), "red", 0))

    (preset, preset_events), (changed, changed_events) = both(USA, "last_round_trains", 44, build)
    assert "last_round" not in kinds(preset_events) and preset.final_turns_left is None
    assert "last_round" in kinds(changed_events) and changed.final_turns_left == 2


@case("ttr", "tie_breakers")
def ttr_tie_breakers():
    """Who wins a tie on points: player 0 (a 6-train route and the bonus: 15 + 10) and
    player 1 (routes of 5, 5, 3 and 1 trains: 10 + 10 + 4 + 1) both score 25; holding the
    longest route breaks the tie, unless the tie-breakers leave it out."""
    routes = {
        0: [th.route_id(USA_MAP, "Calgary", "Winnipeg")],
        1: [th.route_id(USA_MAP, *ends) for ends in (
            ("Atlanta", "Miami"), ("Denver", "Phoenix"), ("Chicago", "Duluth"), ("Portland", "Seattle"))],
    }

    def scores(rules):
        return th.finished(2, routes=routes, tickets={}, variant=rules).final_scores()

    preset, changed = both(USA, "tie_breakers", ("completed_tickets",), scores)
    assert preset.totals == changed.totals == [25, 25]
    assert preset.winners == (0,) and preset.places == (1, 2)
    assert changed.winners == (0, 1) and changed.places == (1, 1)



# =====================================================================================
# Ticket to Ride: The Card Game: zuzlab.cardgame.rules.CardGameRules
# =====================================================================================

def cg_new(rules, players=2, seed=1):
    return cardgame.new_game(rules, players=players, seed=seed)


def cg_started(rules, players=2, seed=1):
    return cg.started(players=players, seed=seed, rules=rules)


@case("cardgame", "name")
def cardgame_name():
    """The game names its rules when it refuses a player count."""
    preset, changed = both(CARD_GAME, "name", "cardgame-house", lambda r: cg_players_or_refusal(r, 5))
    assert preset == "cardgame is played by 2–4 players, not 5"
    assert changed == "cardgame-house is played by 2–4 players, not 5"


def cg_players_or_refusal(rules, players):
    """The players of a new game, or the message refusing that many."""
    try:
        return cg_new(rules, players=players).players
    except ValueError as error:
        return str(error)


@case("cardgame", "data")
def cardgame_data():
    """The components: a data file with 6 cards of each colour makes a deck of 8 × 6 + 16."""
    data = json.loads((data_dir() / "cardgame.json").read_text(encoding="utf-8"))
    data["cards_per_color"] = 6
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "small-deck.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        preset, changed = both(CARD_GAME, "data", str(path), cg_new)
    assert sum(cg.all_cards(preset).values()) == 96 and cg.all_cards(preset)["red"] == 10
    assert sum(cg.all_cards(changed).values()) == 64 and cg.all_cards(changed)["red"] == 6


@case("cardgame", "min_players")
def cardgame_min_players():
    """The fewest players: with 3 a two-player game is refused."""
    preset, changed = both(CARD_GAME, "min_players", 3, lambda r: cg_players_or_refusal(r, 2))
    assert preset == 2 and changed == "cardgame is played by 3–4 players, not 2"


@case("cardgame", "max_players")
def cardgame_max_players():
    """The most players: with 3 a four-player game is refused."""
    preset, changed = both(CARD_GAME, "max_players", 3, lambda r: cg_players_or_refusal(r, 4))
    assert preset == 4 and changed == "cardgame is played by 2–3 players, not 4"


@case("cardgame", "initial_hand")
def cardgame_initial_hand():
    """The train cards dealt to each player at the start."""
    preset, changed = both(CARD_GAME, "initial_hand", 5, cg_new)
    assert [sum(h.values()) for h in preset.hands] == [7, 7]
    assert [sum(h.values()) for h in changed.hands] == [5, 5]


@case("cardgame", "initial_locomotives")
def cardgame_initial_locomotives():
    """Locomotives dealt to each player before the hand (the printed rules deal one)."""
    preset, changed = both(CARD_GAME, "initial_locomotives", 2, cg_new)
    assert [sum(h.values()) for h in preset.hands] == [7, 7]
    assert [sum(h.values()) for h in changed.hands] == [9, 9] and all(h[L] >= 2 for h in changed.hands)
    assert cg.all_cards(changed) == cg.full_deck(changed)


@case("cardgame", "face_up_count")
def cardgame_face_up_count():
    """How many cards lie face up."""
    preset, changed = both(CARD_GAME, "face_up_count", 4, cg_new)
    assert len(preset.cards.face_up) == 5 and len(changed.cards.face_up) == 4


@case("cardgame", "face_up_reset_wilds")
def cardgame_face_up_reset_wilds():
    """Neither rule text resets the face-up cards; with 3, three face-up locomotives do."""
    def events(rules):
        game = cg_started(rules)
        cg.set_face_up(game, [L, L, L, "red", "blue"])
        return game.apply(DrawFaceUp("red"))

    preset, changed = both(CARD_GAME, "face_up_reset_wilds", 3, events)
    assert "face_up_reset" not in kinds(preset)
    assert "face_up_reset" in kinds(changed)


@case("cardgame", "face_up_wild_counts_double")
def cardgame_face_up_wild_counts_double():
    """A face-up locomotive taken first ends the draw; if it counts as one card, a second
    card follows."""
    def build(rules):
        game = cg_started(rules)
        cg.set_face_up(game, [L, "red", "blue", "green", "white"])
        game.apply(DrawFaceUp(L))
        return game

    preset, changed = both(CARD_GAME, "face_up_wild_counts_double", False, build)
    assert preset.current_player == 1 and preset.pending is None
    assert changed.current_player == 0 and changed.pending.kind == "second_card"


@case("cardgame", "initial_tickets")
def cardgame_initial_tickets():
    """The tickets offered to each player at the start."""
    preset, changed = both(CARD_GAME, "initial_tickets", 4, cg_new)
    assert [len(o) for o in preset.offers] == [6, 6] and [len(o) for o in changed.offers] == [4, 4]


@case("cardgame", "initial_keep_min")
def cardgame_initial_keep_min():
    """The fewest opening tickets a player keeps: 1, or none when changed."""
    preset, changed = both(CARD_GAME, "initial_keep_min", 0, cg_new)
    refused(preset, KeepTickets(()), "keep_min")
    changed.apply(KeepTickets(()))
    assert changed.tickets[0] == []


@case("cardgame", "ticket_draw")
def cardgame_ticket_draw():
    """How many tickets a ticket draw offers."""
    def offered(rules):
        game = cg_started(rules)
        game.apply(DrawTickets())
        return len(game.pending.tickets)

    assert both(CARD_GAME, "ticket_draw", 2, offered) == (4, 2)


@case("cardgame", "ticket_keep_min")
def cardgame_ticket_keep_min():
    """The fewest tickets kept from a draw during the game: none, or 1 when changed."""
    def build(rules):
        game = cg_started(rules)
        game.apply(DrawTickets())
        return game

    preset, changed = both(CARD_GAME, "ticket_keep_min", 1, build)
    preset.apply(KeepTickets(()))
    assert preset.current_player == 1
    refused(changed, KeepTickets(()), "keep_min")


@case("cardgame", "set_min_cards")
def cardgame_set_min_cards():
    """The smallest set of one colour: two red cards make a set, unless 3 are needed."""
    def build(rules):
        game = cg_started(rules)
        cg.set_hand(game, 0, red=2)
        return game

    preset, changed = both(CARD_GAME, "set_min_cards", 3, build)
    assert PlaySet("red", 2, 0) in legal(preset)
    refused(changed, PlaySet("red", 2, 0), "set_too_small")


@case("cardgame", "mixed_play_cards")
def cardgame_mixed_play_cards():
    """The other play: exactly three cards of different colours, or four when changed."""
    def mixed(rules):
        game = cg_started(rules)
        cg.set_hand(game, 0, red=1, blue=1, green=1, yellow=1)
        return {len(a.colors) for a in game.legal_actions() if isinstance(a, PlayMixed)}, game

    (preset_sizes, preset), (changed_sizes, changed) = both(CARD_GAME, "mixed_play_cards", 4, mixed)
    assert preset_sizes == {3} and changed_sizes == {4}
    refused(changed, PlayMixed(("red", "blue", "green")), "mixed_play")


@case("cardgame", "two_rounds_from")
def cardgame_two_rounds_from():
    """From this many players the game has two rounds: with 3 players the first time the
    deck runs out ends the game, or (from 3) scores a first round."""
    def build(rules):
        game = cg_started(rules, players=3)
        cg.set_yard(game, 1, "red", 2)  # cards for the second round's deck
        cg.leave_in_deck(game, 2, player=2)
        return game, game.apply(DrawBlind()) + game.apply(DrawBlind())

    (preset, preset_events), (changed, changed_events) = both(CARD_GAME, "two_rounds_from", 3, build)
    assert preset.is_over and "round_scored" not in kinds(preset_events)
    assert not changed.is_over and changed.round == 2 and "second_round" in kinds(changed_events)


@case("cardgame", "first_round_tickets_stay")
def cardgame_first_round_tickets_stay():
    """With 4 players the tickets scored after the first round leave the game, or stay."""
    def build(rules):
        game = cg_started(rules, players=4)
        kept = [list(t) for t in game.tickets]
        cg.leave_in_deck(game, 2, player=3)
        game.apply(DrawBlind())
        game.apply(DrawBlind())
        assert game.round == 2
        return game, kept

    (preset, kept), (changed, same) = both(CARD_GAME, "first_round_tickets_stay", True, build)
    assert kept == same and all(kept)
    assert preset.tickets == [[], [], [], []]
    assert changed.tickets == kept


@case("cardgame", "locomotives_move_first")
def cardgame_locomotives_move_first():
    """Which card of a rail-yard set moves onto the track first: a coloured card, or the
    locomotive."""
    def moved(rules):
        game = cg_started(rules)
        cg.set_yard(game, 1, "red", 1, 1)
        events = game.apply(DrawBlind()) + game.apply(DrawBlind())  # player 1's turn starts
        return next(e.cards for e in events if e.kind == "moved_to_track")

    assert both(CARD_GAME, "locomotives_move_first", True, moved) == (["red"], [L])


@case("cardgame", "sets_grow")
def cardgame_sets_grow():
    """Whether a player's sets of one colour merge (a second red pair makes a set of 4,
    which then stops a rival's 3) or stay apart (each pair is beaten by 3)."""
    def rival_three_allowed(rules):
        game = cg_started(rules)
        game.set_up(yards={0: {"red": [2]}})
        cg.set_hand(game, 0, red=2)
        game.apply(PlaySet("red", 2, 0))  # a second pair of red; player 1's turn
        cg.set_hand(game, 1, red=3)
        return PlaySet("red", 3, 0) in game.legal_actions(), game.yards[0]["red"]

    assert both(CARD_GAME, "sets_grow", True, rival_three_allowed) == ((True, [[2, 0], [2, 0]]), (False, [[4, 0]]))


@case("cardgame", "tie_breakers")
def cardgame_tie_breakers():
    """Who wins a tie on points. Seed 4: player 0 fulfils Chicago–Dallas and Dallas–Helena
    (6 + 10 + Chicago 12 + Dallas 10), player 1 Seattle–Miami (22 + Miami 8 + Seattle 8):
    38 each, two Big City cards each. More fulfilled tickets break the tie; counting Big
    City cards only, it stays a tie."""
    def scores(rules):
        game = cardgame.new_game(rules, players=2, seed=4)
        tickets = {}
        for player, wanted in enumerate(((("Chicago", "Dallas"), ("Dallas", "Helena")), (("Seattle", "Miami"),))):
            tickets[player] = [next(t for t in game.offers[player] if game.data.ticket(t).cities == pair)
                               for pair in wanted]
            game.apply(KeepTickets(tickets[player]))
        for player in range(2):
            needed = Counter(c for t in tickets[player] for c in game.data.ticket(t).colors)
            cg.set_track(game, player, **needed)
        cg.leave_in_deck(game, 2, player=1)
        game.apply(DrawBlind())
        game.apply(DrawBlind())  # the deck has run out: the game is over
        return game.final_scores()

    preset, changed = both(CARD_GAME, "tie_breakers", ("bonus_cards",), scores)
    assert preset.totals == changed.totals == [38, 38]
    assert [len(s.bonuses) for s in preset.players] == [2, 2]
    assert [s.fulfilled_tickets for s in preset.players] == [2, 1]
    assert preset.winners == (0,) and preset.places == (1, 2)
    assert changed.winners == (0, 1) and changed.places == (1, 1)


# =====================================================================================
# Railroad Ink: zuzlab.ink.rules.InkRules
# =====================================================================================

def ink_new(rules, players=1, seed=1):
    return ink.new_game(rules, players=players, seed=seed)


def finish_round(game):
    """Draw every rolled route result that still fits, then finish the round."""
    while True:
        required = [a for a in game.legal_actions()
                    if isinstance(a, Place) and a.tile in game.open_results[game.current_player]]
        if not required:
            break
        game.apply(required[0])
    game.apply(FinishRound())


def specials_open(game) -> set:
    return {a.tile for a in game.legal_actions() if isinstance(a, Place) and a.tile.startswith("S")}


@case("ink", "name")
def ink_name():
    """The game names its rules in its repr."""
    preset, changed = both(INK, "name", "ink-house", ink_new)
    assert repr(preset).startswith("<Railroad Ink ink 1 player(s)")
    assert repr(changed).startswith("<Railroad Ink ink-house 1 player(s)")


@case("ink", "rounds")
def ink_rounds():
    """The number of rounds: after one round the game is over, or round 2 is rolled."""
    def build(rules):
        game = ink_new(rules)
        finish_round(game)
        return game

    preset, changed = both(INK, "rounds", 1, build)
    assert not preset.is_over and preset.round == 2
    assert changed.is_over and changed.round == 1


@case("ink", "dice")
def ink_dice():
    """The dice rolled each round (three route dice and the special die), or one route die."""
    preset, changed = both(INK, "dice", (ROUTE_DIE,), ink_new)
    assert len(preset.rolled) == 4 and len(changed.rolled) == 1
    assert changed.rolled[0] in ROUTE_DIE


@case("ink", "expansion_dice")
def ink_expansion_dice():
    """The optional expansion dice: a lake die adds a lake result to draw."""
    preset, changed = both(INK, "expansion_dice", (LAKE_DIE,), ink_new)
    assert preset.rolled_extra == [] and len(changed.rolled_extra) == 1
    lake = changed.rolled_extra[0]
    assert Place(lake, "D3", 0) in legal(changed)
    refused(preset, Place(lake, "D3", 0), "not_rolled")


@case("ink", "specials")
def ink_specials():
    """The special routes a player may draw: all six, or only the highway crossing."""
    preset, changed = both(INK, "specials", ("S2",), ink_new)
    assert specials_open(preset) == {"S0", "S1", "S2", "S3", "S4", "S5"}
    assert specials_open(changed) == {"S2"}


@case("ink", "specials_per_round")
def ink_specials_per_round():
    """Specials a round: one, or two when changed."""
    def after_one(rules):
        game = ink_new(rules)
        game.apply(Place("S2", "A1", 0))  # the highway crossing on the top highway exit
        return game

    preset, changed = both(INK, "specials_per_round", 2, after_one)
    assert specials_open(preset) == set()
    refused(preset, Place("S3", "B1", 0), "special_per_round")
    assert specials_open(changed) == {"S0", "S1", "S3", "S4", "S5"}


@case("ink", "specials_per_game")
def ink_specials_per_game():
    """Specials a game: three, or none when changed."""
    preset, changed = both(INK, "specials_per_game", 0, ink_new)
    assert len(specials_open(preset)) == 6
    assert specials_open(changed) == set()
    refused(changed, Place("S2", "A1", 0), "specials_per_game")


# A crossing at D3 with a loop (tests/test_ink_scoring.py): a simple path never passes
# D3 twice (7 squares); the trail rule counts it again (9).
LOOP = "A4D21 S2D30 A4D41 A5D50 A5C53 A4C41 A5C32 A4E30".replace(" ", "")


@case("ink", "loop_rule")
def ink_loop_rule():
    """How the longest highway counts a square passed twice: never, or again ("trail")."""
    def longest_highway(rules):
        game = ink_new(rules)
        game.boards[0] = Board.from_anu(LOOP)
        return game.score(0).longest_highway

    assert both(INK, "loop_rule", "trail", longest_highway) == (7, 9)


@case("ink", "water_blocks_routes")
def ink_water_blocks_routes():
    """Whether lake water may face a highway end without a pier. Seed 4 rolls a highway
    straight and a water-on-one-side lake tile; the water against the highway's end is
    refused, or drawn when changed."""
    def build(rules):
        game = ink_new(rules, seed=4)
        assert "A4" in game.rolled and "L0" in game.rolled_extra
        game.apply(Place("A4", "A1", 0))  # the top highway exit, down to B1
        return game

    preset, changed = both(INK_LAKE, "water_blocks_routes", False, build)
    water = Place("L0", "B1", 0)  # water north, against the highway end
    refused(preset, water, "illegal_placement", match="only through a pier")
    assert water in legal(changed)
    changed.apply(water)


@case("ink", "lake_squares_are_centre")
def ink_lake_squares_are_centre():
    """Whether a lake square in the centre scores a centre point."""
    def centre(rules):
        game = ink_new(rules, seed=4)
        game.apply(Place(game.rolled_extra[0], "D3", 0))  # lakes need no connection
        return game.score(0).centre

    assert both(INK_LAKE, "lake_squares_are_centre", False, centre) == (1, 0)


# =====================================================================================
# The tables: one case per field, and no field without a case
# =====================================================================================

def cases():
    for engine in engines.ENGINES:
        for field, function in CASES.get(engine.key, {}).items():
            reason = IGNORED.get((engine.key, field))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(function, id=f"{engine.key}-{field}", marks=marks)


@pytest.mark.parametrize("change_shows", list(cases()))
def test_changing_the_field_changes_the_game(change_shows):
    change_shows()


# =====================================================================================
# Every field refuses a value of the wrong kind, by its name, when the rules are made
# =====================================================================================

def wrong_kinds(declared) -> list[tuple[object, str]]:
    """Values of the wrong kind for a field ``declared`` so, each with what the field must be."""
    whole, flag, text = "a whole number ≥ 0", "True or False", "a string"
    if declared is int:
        return [("45", whole), (2.0, whole), (True, whole), (-1, whole), (None, whole)]
    if declared is bool:
        return [({}, flag), (0, flag), ("yes", flag)]
    if declared is str:
        return [(5, text), (None, text)]
    if typing.get_origin(declared) is tuple:
        return [(5, "a list"), ("ab", "a list")]
    return [(5, "a dict"), ([[1]], "a dict")]  # a Mapping


def field_kinds():
    for engine in engines.ENGINES:
        for name, declared in typing.get_type_hints(engine.rules_type).items():
            if name in {f.name for f in fields(engine.rules_type)}:
                yield pytest.param(engine, name, declared, id=f"{engine.key}-{name}")


@pytest.mark.parametrize("engine, field, declared", list(field_kinds()))
def test_a_field_of_the_wrong_kind_is_refused_by_its_name_made_or_loaded(engine, field, declared):
    """Made with ``replace`` or read from a save's dict: "trains_per_player must be a whole
    number ≥ 0, not '45'" (a string, a bool, a float and a dict were taken and failed later,
    or never)."""
    preset = engine.variants[engine.default_variant]
    for value, must_be in wrong_kinds(declared):
        message = re.escape(f"rules {preset.name!r}: {field} must be {must_be}, not {value!r}")
        if field == "name":
            message = re.escape(f"rules {value!r}: name must be {must_be}, not {value!r}")
        with pytest.raises(ValueError, match=message):
            replace(preset, **{field: value})
        with pytest.raises(ValueError, match=message):
            type(preset).from_dict({**preset.to_dict(), field: value})


@pytest.mark.parametrize("preset, change, problem", [
    (INK, dict(dice=(ROUTE_DIE, ("A0", 3))), "dice[1][1] must be a string, not 3"),
    (USA, dict(station_costs=(1, True)), "station_costs[1] must be a whole number ≥ 0, not True"),
    (USA, dict(route_points={1: 1, 2: 2.5}), "route_points[2] must be a whole number ≥ 0, not 2.5"),
    (USA, dict(route_points={"3": 4}), "a key of route_points must be a whole number ≥ 0, not '3'"),
    (CARD_GAME, dict(tie_breakers=["bonus_cards", None]), "tie_breakers[1] must be a string, not None"),
    (USA, dict(trains_per_player="45", wild_only_on_tunnels={}),
     "trains_per_player must be a whole number ≥ 0, not '45'; wild_only_on_tunnels must be True or False, not {}"),
])
def test_the_wrong_part_of_a_field_is_named_and_every_wrong_field_at_once(preset, change, problem):
    with pytest.raises(ValueError, match=re.escape(f"rules {preset.name!r}: {problem}")):
        replace(preset, **change)


@pytest.mark.parametrize("declared, value, said", [
    (float, 0.5, "float"), (int | None, None, "int | None"), (tuple[int, int], (1, 2), "tuple[int, int]"),
    (tuple[float, ...], (), "tuple[float, ...], … (its float)"),  # an empty tuple was never checked at all
    (typing.Mapping[int, float], {}, "Mapping[int, float], … (its float)"),
], ids=["float", "optional", "fixed_tuple", "tuple_of_floats", "mapping_to_floats"])
def test_a_rules_field_of_a_type_the_check_does_not_know_is_named_with_the_types_it_knows(declared, value, said):
    """A rules class with a field the check cannot check is refused when its first value
    is made (an engine's variants: when it is imported), by the class, the field and the
    types a rules field may have; a ``float`` failed with a bare ``KeyError: <class 'float'>``."""
    from dataclasses import field, make_dataclass

    from zuzlab.core import CheckedFields

    rules_type = make_dataclass("BonusRules", [("bonus", declared), ("name", str, field(default="bonus"))],
                                bases=(CheckedFields,), frozen=True,
                                namespace={"__post_init__": lambda rules: rules.check_field_types()})
    declared_as, _, part = said.partition(", … ")
    named = (f"BonusRules.bonus is declared {declared_as}, a type the rules-field check (CheckedFields in "
             f"zuzlab/core.py) does not know{' ' + part if part else ''}: a rules field is int, bool, str, "
             f"tuple[X, ...] or Mapping[K, V] of these")
    with pytest.raises(TypeError, match=re.escape(named)):
        rules_type(bonus=value)


def test_a_saved_points_table_gets_its_whole_number_lengths_back():
    saved = json.loads(json.dumps(EUROPE.to_dict()))
    assert saved["route_points"]["8"] == 21 and TtrRules.from_dict(saved) == EUROPE


@pytest.mark.parametrize("engine", engines.ENGINES, ids=lambda engine: engine.key)
def test_every_rules_field_has_a_case(engine):
    table = CASES.get(engine.key, {})
    declared = {f.name for f in fields(engine.rules_type)}
    assert not declared - set(table), f"{engine.key}: no case for {sorted(declared - set(table))}"
    assert not set(table) - declared, f"{engine.key}: cases for fields its rules do not have"
    assert {field for e, field in IGNORED if e == engine.key} <= set(table)
    assert set(CASES) <= {engine.key for engine in engines.ENGINES}, "cases for an engine that is not registered"


@pytest.mark.parametrize("preset, change, problem", [
    (ttr.rules.USA, {"ticket_draw": 99}, "ticket_draw is 99: at most 10 tickets can be on offer at once"),
    (ttr.rules.EUROPE, {"initial_tickets": 10}, "initial_tickets is 11: at most 10 tickets"),
    (cardgame.rules.CARD_GAME, {"ticket_draw": 11}, "ticket_draw is 11: at most 10 tickets"),
    (cardgame.rules.CARD_GAME, {"ticket_keep_min": 5}, "ticket_keep_min must lie between 0 and ticket_draw"),
])
def test_a_ticket_offer_too_big_to_list_its_choices_is_refused(preset, change, problem):
    """An offer of 99 tickets would list 2**99 ways to keep some (the kernel ran out of
    memory); the keep minimum of the Card Game's draw was not checked at all."""
    with pytest.raises(ValueError, match=problem):
        replace(preset, **change)
