"""The one game protocol, item by item: the entry points every engine shares, checked
saves, rules that cannot run refused at the start, positions set up through
``set_up``, routes named by their cities, and the face-up reset that is tried again."""

from __future__ import annotations

import copy
import importlib
import inspect
import json
import random
from dataclasses import replace

import pytest

from zuzlab import cardgame, engines, ink, ttr
from zuzlab.core import HiddenInformation, PlayerView, RuleViolation
from zuzlab.train_cards import TrainCards

#: every registered engine's package by the engine's key (the package exports the entry points)
ENGINES = {engine.key: importlib.import_module(engine.game.__module__.rsplit(".", 1)[0]) for engine in engines.ENGINES}


# --- the same entry points ------------------------------------------------------------

@pytest.mark.parametrize("name", ENGINES)
def test_every_engine_has_the_same_entry_points_and_keywords(name):
    engine = ENGINES[name]
    for function in ("new_game", "play_game", "play_random_game", "replay", "load_game", "make_bot"):
        assert callable(getattr(engine, function)), function
    for function in ("new_game", "play_random_game", "replay", "play_game"):
        parameters = inspect.signature(getattr(engine, function)).parameters
        assert parameters["players"].kind is inspect.Parameter.KEYWORD_ONLY
        assert parameters["seed"].kind is inspect.Parameter.KEYWORD_ONLY
    assert "random" in engine.ENGINE.bots and all(callable(make) for make in engine.ENGINE.bots.values())
    game = engine.new_game(seed=1)  # each engine's usual variant and player count
    assert game.players == {"ttr": 4, "cardgame": 3, "ink": 1}[name]
    played = engine.play_game(seed=2, bots="random")
    assert played.is_over and played == engine.play_game(seed=2, bots="random")


def test_old_defaults_still_work():
    assert cardgame.new_game(players=3, seed=1).players == 3
    assert ink.new_game(seed=1).rules.name == "ink"
    assert ink.new_game("lake", seed=1).rules.expansion == "lake"


def test_positional_players_and_seed_are_refused_clearly():
    with pytest.raises(TypeError):
        ttr.new_game("usa", 4, 7)


@pytest.mark.parametrize("name, misspelt, meant", [("ttr", "hand", "hands"), ("cardgame", "yard", "yards"),
                                                   ("ink", "board", "boards")])
def test_a_misspelt_set_up_keyword_is_refused_by_name_and_nothing_changes(name, misspelt, meant):
    game = ENGINES[name].new_game(seed=3)
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(ValueError) as refused:
        game.set_up(**{misspelt: {}})
    assert str(refused.value).startswith("set_up takes ") and f"'{meant}'" in str(refused.value)
    assert str(refused.value).endswith(f"not '{misspelt}'")
    assert refused.value.in_language("de").startswith("set_up kennt die Angaben ")
    assert json.dumps(game.to_dict(), sort_keys=True) == before


@pytest.mark.parametrize("name, seed, reds", [("ttr", 8, 12), ("cardgame", 2, 10)])
def test_a_set_up_position_is_the_same_whatever_order_the_hands_are_named_in(name, seed, reds):
    """Player 0 holds a red card at the start and no red card lies face up: giving every red
    card to player 1 must first take player 0's back, whichever hand is named first."""
    game = ENGINES[name].new_game(players=2, seed=seed)
    assert game.hands[0]["red"] and "red" not in game.cards.face_up  # the position the test is about
    first = game.copy().set_up(hands={0: {}, 1: {"red": reds}})
    second = game.copy().set_up(hands={1: {"red": reds}, 0: {}})  # refused before: "no red card is left"
    assert first.hands == second.hands and second.hands[1]["red"] == reds and not any(second.hands[0].values())
    assert first.to_dict() == second.to_dict()


# --- a rules value that cannot run is refused before anything happens ---------------------

def test_rules_without_points_for_a_route_length_of_the_map_is_refused():
    rules = replace(ttr.rules.USA, route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10})
    with pytest.raises(ValueError, match="route_points has no points for routes of length 6, which the usa map has"):
        ttr.new_game(rules, players=2, seed=1)


@pytest.mark.parametrize("engine, rules, players, problem", [
    (ttr, replace(ttr.rules.USA, initial_hand=30), 4, "initial_hand 30 for 4 players needs 120 train cards; "
                                                          "the rules have 110"),
    (ttr, replace(ttr.rules.USA, initial_tickets=8), 5, "initial_tickets 8 for 5 players needs 40 tickets"),
    (cardgame, replace(cardgame.rules.CARD_GAME, initial_hand=30), 4, "needs 120 train cards; there are 96"),
    (cardgame, replace(cardgame.rules.CARD_GAME, initial_locomotives=5), 4, "needs 20 locomotives; there are 16"),
])
def test_a_deal_the_deck_cannot_make_is_refused(engine, rules, players, problem):
    with pytest.raises(ValueError, match=problem):
        engine.new_game(rules, players=players, seed=1)


# --- saves are checked by replaying them ------------------------------------------------

def half_played(engine, steps=60, **kwargs):
    game = engine.new_game(seed=5, **kwargs)
    rng = __import__("random").Random(5)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def corrupted(game, change) -> str:
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


TTR_CORRUPTIONS = {
    "an unknown card": (lambda d: d["hands"][0].update(purple=2), r"hands\[0\]\['purple'\]: saved 2"),
    "a player out of range": (lambda d: d.update(current=7), "current: saved 7"),
    "an unknown route": (lambda d: d["claimed"].update({"999": 0}), r"claimed\['999'\]: saved 0"),
    "20 extra cards": (lambda d: d["deck"].extend(["red"] * 20), "deck: saved"),
    "a player count in words": (lambda d: d.update(players="three"), "players 'three'|not 'three'"),
    "a changed score": (lambda d: d["scores"].__setitem__(1, 99), r"scores\[1\]: saved 99"),
}


@pytest.mark.parametrize("corruption", TTR_CORRUPTIONS)
def test_a_corrupted_ticket_to_ride_save_names_the_field(corruption):
    change, message = TTR_CORRUPTIONS[corruption]
    game = half_played(ttr, players=3)
    with pytest.raises(ValueError, match=message):
        ttr.load_game(corrupted(game, change))


@pytest.mark.parametrize("engine, change, message", [
    (cardgame, lambda d: d["hands"][1].update(red=9), r"hands\[1\]\['red'\]: saved 9"),
    (cardgame, lambda d: d["yards"][0]["red"].append([2, 0]), r"yards\[0\]\['red'\]"),
    (cardgame, lambda d: d.update(current=5), "current: saved 5"),
    (ink, lambda d: d["boards"][0].update(G6=["A1", 0, 1]), r"boards\[0\]\['G6'\]: saved"),
    (ink, lambda d: d.update(round=9), "round: saved 9"),
    (ink, lambda d: d["history"].append({"type": "Place", "tile": "Q9", "square": "A1", "orientation": 0}),
     "action 21 .* is refused: 'Q9' is not a Railroad Ink tile"),
])
def test_corrupted_card_game_and_railroad_ink_saves_name_the_field(engine, change, message):
    game = half_played(engine, steps=20)
    with pytest.raises(ValueError, match=message):
        engine.load_game(corrupted(game, change))


@pytest.mark.parametrize("name", ENGINES)
def test_a_save_that_is_no_json_says_so(name):
    with pytest.raises(ValueError, match=r"not a saved game: not valid JSON "
                                         r"\(line 1, column 2: a field name in double quotes is expected here\)"):
        ENGINES[name].load_game("{this is not json")


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("kind", [["DrawBlind"], {"Place": 1}, None])
def test_a_saved_action_whose_type_is_no_name_is_refused(name, kind):
    # a list or a dict as the type raised TypeError (unhashable) in every engine
    game = ENGINES[name].new_game(seed=5)
    data = json.loads(game.to_json())
    data["history"].append({"type": kind})
    with pytest.raises(ValueError, match=r"action 1 \(.*\) is refused: not a saved action: \{'type': "):
        ENGINES[name].load_game(json.dumps(data))
    with pytest.raises(ValueError, match="not a saved action"):
        ENGINES[name].replay(seed=5, actions=[{"type": kind}])


def test_a_saved_set_up_position_is_checked_too():
    game = ttr.new_game("usa", players=2, seed=1).set_up(hands={0: {"red": 5}})
    data = json.loads(game.to_json())
    data["start"]["hands"][0]["red"] = 20  # more red cards than the game has
    with pytest.raises(ValueError, match="not a saved game: train cards: 2. red cards in the game, there are 12"):
        ttr.load_game(json.dumps(data))


def test_a_saved_position_holding_true_where_the_actions_give_1_is_refused():
    game = ttr.play_random_game("usa", players=2, seed=4)
    data = json.loads(game.to_json())
    colour = next(c for c, n in data["hands"][0].items() if n == 1)
    data["hands"][0][colour] = True  # equal to 1 for ==, but no count of cards
    with pytest.raises(ValueError, match=rf"hands\[0\]\['{colour}'\]: saved True, the actions give 1"):
        ttr.load_game(json.dumps(data))


# --- positions -------------------------------------------------------------------------

def test_set_up_a_ticket_to_ride_position():
    game = ttr.new_game("usa", players=3, seed=2)
    game.set_up(hands={0: {"red": 4, "locomotive": 1}}, face_up=["red", "red", "blue", None, "pink"],
                deck_top=["locomotive", "green"], claimed={("Denver", "Omaha"): 1, "Chicago–Omaha": 2},
                tickets={0: [("Denver", "El Paso")]}, current=0)
    assert game.hands[0] == {**dict.fromkeys(game.card_kinds, 0), "red": 4, "locomotive": 1}
    assert game.cards.face_up == ["red", "red", "blue", None, "pink"]
    assert game.cards.deck[-2:] == ["green", "locomotive"]
    assert [str(r) for r in game.routes_of(1)] == ["Denver–Omaha (4 pink)"] and game.trains[1] == 41
    assert game.scores[1] == 7 and not game.in_setup and game.pending is None and game.history == []
    assert [str(game.map.ticket(t)) for t in game.tickets[0]] == ["Denver–El Paso (4)"]
    game.apply(ttr.DrawBlind())
    assert game.hands[0]["locomotive"] == 2  # the top of the deck came first


@pytest.mark.parametrize("set_up, problem", [
    (dict(hands={0: {"red": 13}}), r"hands\[0\]: no red card is left"),
    (dict(hands={0: {"purple": 1}}), r"hands\[0\]: 'purple' is not a card"),
    (dict(hands={5: {"red": 1}}), "5 is not a player of this game"),
    (dict(face_up=["red"]), "face_up needs 5 places, not 1"),
    (dict(claimed={"Denver–Nowhere": 0}), r"'Denver–Nowhere' names no route of the map “Ticket to Ride: USA \(base"),
    (dict(claimed={("Denver", "Nowhere"): 0}), r"there is no city 'Nowhere' on the map “Ticket to Ride: USA \(base"),
    (dict(claimed={("Kansas City", "Omaha"): 0, ("Omaha", "Kansas City"): 1}), "has more than one track"),
    (dict(current=3), r"current: 3 is not a player of this game \(0–2\)"),
    (dict(tickets={0: [("Denver", "Atlantis")]}), r"no ticket \('Denver', 'Atlantis'\)"),
])
def test_a_position_that_cannot_be_is_refused_and_nothing_changes(set_up, problem):
    game = ttr.new_game("usa", players=3, seed=2)
    before = game.copy()
    with pytest.raises(ValueError, match=problem):
        game.set_up(**set_up)
    assert game == before


def test_one_player_cannot_hold_both_tracks_in_a_set_up_position():
    game = ttr.new_game("usa", players=4, seed=2)
    with pytest.raises(ValueError, match="player 0 holds two tracks of Kansas City–Omaha"):
        game.set_up(claimed={route.id: 0 for route in game.map.routes_between("Kansas City", "Omaha")})


def test_set_up_card_game_and_railroad_ink_positions():
    game = cardgame.new_game(players=2, seed=3)
    game.set_up(yards={1: {"red": [2, (1, 1)]}}, track={0: {"blue": 2}}, hands={0: {"red": 3}}, deck_top=["green"])
    assert game.yards[1]["red"] == [[2, 0], [1, 1]] and game.track[0]["blue"] == 2
    game.apply(cardgame.PlaySet("red", 3, 0))  # beats each rival set of 2
    assert game.yards[1]["red"] == [] and game.yards[0]["red"] == [[3, 0]]
    with pytest.raises(ValueError, match=r"yards\[0\]\['gold'\]|'gold' is not a colour"):
        game.set_up(yards={0: {"gold": [2]}})

    lake = ink.new_game("lake", seed=1)
    lake.set_up(boards={0: "A4A10"}, round=3, roll=["A1", "A1", "A1", "B2", "L0", "L5"],
                next_rolls=[["A0", "A0", "A0", "B0", "L1", "L1"]])
    assert lake.round == 3 and lake.open_results[0] == ["A1", "A1", "A1", "B2"] and lake.open_extras[0] == ["L0", "L5"]
    while lake.round == 3:
        lake.apply(lake.legal_actions()[-1] if ink.FinishRound() in lake.legal_actions() else lake.legal_actions()[0])
    assert lake.rolled == ["A0", "A0", "A0", "B0"] and lake.rolled_extra == ["L1", "L1"]  # the next roll as set up
    with pytest.raises(ValueError, match="die 4 has no face 'A0'"):
        lake.set_up(roll=["A0", "A0", "A0", "A0", "L1", "L1"])


# --- routes named by their cities -------------------------------------------------------

def test_a_route_can_be_claimed_by_its_cities_where_that_is_unambiguous():
    game = ttr.new_game("usa", players=2, seed=3).set_up(hands={0: {"pink": 4}, 1: {}})
    board = game.map
    assert board.route_between("Denver", "Omaha").length == 4
    game.apply(ttr.ClaimRoute(("Denver", "Omaha"), "pink"))
    assert game.history == [ttr.ClaimRoute(board.route_between("Omaha", "Denver").id, "pink", 0)]
    with pytest.raises(ValueError, match="has more than one track .* name the track by its id"):
        board.route_between("Kansas City", "Omaha")
    assert board.route_between("Kansas City", "Saint Louis", color="pink").color == "pink"  # the colour picks a track


def test_a_double_route_named_by_its_cities_is_refused_unless_the_colour_picks_the_track():
    game = ttr.new_game("usa", players=4, seed=3).set_up(hands={0: {"green": 3, "blue": 3}})
    before = game.copy()
    with pytest.raises(RuleViolation, match="has more than one track"):  # Kansas City–Saint Louis: blue and
        game.apply(ttr.ClaimRoute("Kansas City–Saint Louis", "green"))  # pink tracks, neither green
    assert game == before
    game.apply(ttr.ClaimRoute(("Kansas City", "Saint Louis"), "blue"))  # the blue track
    assert game.map.route(game.history[-1].route).color == "blue"


def test_a_route_name_that_is_no_route_is_refused():
    game = ttr.new_game("usa", players=2, seed=3)
    with pytest.raises(RuleViolation, match="No route joins Miami and Seattle"):
        game.apply(ttr.ClaimRoute(("Miami", "Seattle"), "red"))
    with pytest.raises(RuleViolation, match="malformed|needs"):
        ttr.ClaimRoute("Denver", "red")


# --- the face-up reset ------------------------------------------------------------------

def test_a_stopped_face_up_reset_is_tried_again_once_the_pool_changed_and_never_loops():
    events = []
    emit = lambda kind, **data: events.append(kind)  # noqa: E731
    # 8 locomotives and 4 red: the row keeps showing 3+ locomotives, the reset stops
    cards = TrainCards(["locomotive"] * 8 + ["red"] * 4, wild="locomotive", face_up_count=5, reset_wilds=3, seed=1)
    cards.deck = ["red"] * 4 + ["locomotive"] * 8  # locomotives on top
    cards.refill(emit)
    assert "face_up_reset_stopped" in events and cards.face_up.count("locomotive") >= 3
    events.clear()
    cards.refill(emit)  # nothing changed: not tried again (no churning)
    assert events == []
    cards.discard.extend(["blue"] * 9)  # a payment brings other cards into the pool
    cards.refill(emit)
    assert "face_up_reset" in events  # tried again at once
    assert cards.face_up.count("locomotive") < 3 or events[-1] == "face_up_reset_stopped"


def test_random_games_never_keep_three_face_up_wilds_while_the_pool_could_change_them():
    for seed in range(40):
        game = ttr.new_game("usa", players=2, seed=seed)
        rng = __import__("random").Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            stuck = game.cards.face_up.count("locomotive") >= 3
            if stuck and not isinstance(game.pending, ttr.TunnelPayment):
                # only after a stopped reset, and only while the pool is what it was then
                pool = sum(1 for c in game.cards.deck + game.cards.discard if c != "locomotive")
                assert game.cards.reset_stopped_at == pool


def test_rewind_takes_back_many_actions_at_once():
    game = ttr.play_random_game("usa", players=2, seed=6)
    middle = ttr.replay("usa", players=2, seed=6, actions=game.history[:40])
    taken_back = game.rewind(40)
    assert game == middle and len(taken_back) > 0 and game.history == middle.history
    with pytest.raises(ValueError, match="rewind to 0–40 actions, not 41"):
        game.rewind(41)
    assert game.rewind(40) == [] and game == middle


def test_a_position_reads_back_with_each_kind_of_pending_decision():
    """The position part of a save (also a set-up start) keeps its typed decision."""
    game = ttr.new_game("europe", players=2, seed=4)
    seen = set()
    rng = __import__("random").Random(4)
    while len(seen) < 3 and not game.is_over:
        if game.pending is not None:
            back = ttr.Game._from_position_dict(json.loads(json.dumps(game._position_dict())))
            assert back.pending == game.pending and type(back.pending) is type(game.pending)
            seen.add(type(game.pending))
        claims = [a for a in game.legal_actions() if isinstance(a, ttr.ClaimRoute) and game.map.route(a.route).tunnel]
        game.apply(claims[0] if claims else rng.choice(game.legal_actions()))
    assert {ttr.ChooseTickets, ttr.SecondCard} <= seen


@pytest.mark.parametrize("name", ["ttr", "cardgame", "ink"])
def test_events_are_made_only_when_asked_for_and_the_game_is_the_same(name):
    engine = {"ttr": ttr, "cardgame": cardgame, "ink": ink}[name]
    told, quiet = engine.new_game(seed=4), engine.new_game(seed=4)
    rng = random.Random(4)
    narrated = 0
    for _ in range(60):
        if told.is_over:
            break
        action = rng.choice(told.legal_actions())
        narrated += len(told.apply(action))
        assert quiet.apply(action, events=False) == []
        assert quiet == told
    assert narrated > 40  # the told game did make its events


@pytest.mark.parametrize("name", ["ttr", "cardgame"])
@pytest.mark.parametrize("tickets, message", [
    ({0: [1], 1: [1]},
     "tickets: ticket 1 is named for player 0 and for player 1; a ticket is held by one player, once"),
    ({0: [1, 1]}, "tickets: ticket 1 is named twice for player 0; a ticket is held once"),
])
def test_a_ticket_named_twice_in_a_set_up_is_refused_and_nothing_changes(name, tickets, message):
    game = ENGINES[name].new_game(players=2, seed=3)
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(ValueError) as refused:  # it was silently taken from player 0 (or held twice)
        game.set_up(tickets=tickets)
    assert str(refused.value) == message and refused.value.in_language("de").startswith("tickets: die Zielkarte 1 ist")
    assert json.dumps(game.to_dict(), sort_keys=True) == before


@pytest.mark.parametrize("name", ["ttr", "cardgame"])
def test_true_is_not_a_player_to_set_up_as_the_current_one(name):
    game = ENGINES[name].new_game(players=2, seed=3)
    with pytest.raises(ValueError, match="current: True is not a player of this game"):
        game.set_up(current=True)
    assert game.current_player == ENGINES[name].new_game(players=2, seed=3).current_player


# --- what a player may see --------------------------------------------------------------------

def peeking_bot(read):
    """A bot that reads something, then plays randomly (the read is what is tested)."""
    def bot(game, rng):
        read(game)
        return game.random_action(rng)
    return bot


@pytest.mark.parametrize("engine, read, what", [
    (ttr, lambda game: game.cards.deck, "game.cards.deck"),
    (ttr, lambda game: game.hands[(game.current_player + 1) % game.players], r"game.hands\[1\]"),
    (ttr, lambda game: game.ticket_deck, "game.ticket_deck"),
    (ttr, lambda game: game.seed, "game.seed"),
    (ttr, lambda game: [len(hand) for hand in game.tickets], "every entry of game.tickets"),
    (ttr, lambda game: game.copy(), "game.copy"),
    (cardgame, lambda game: game.track[(game.current_player + 1) % game.players], r"game.track\[1\]"),
    (cardgame, lambda game: game.cards.deck[-1], "game.cards.deck"),
    (ink, lambda game: game.next_rolls, "game.next_rolls"),
    # the ways round the view: its own inside, a method's game, a part's tools, Python's copying
    (ttr, lambda game: game._game.cards.deck, "game._game"),
    (ttr, lambda game: game.legal_actions.__self__.cards.deck, r"game.legal_actions.__self__"),
    (ttr, lambda game: game.hands._entries[1], "game.hands._entries"),
    (ttr, lambda game: game._last_claims.game, "game._last_claims"),
    (ttr, lambda game: game.cards.copy().deck, "game.cards.copy"),
    (cardgame, lambda game: game.cards._game.deck, "game.cards._game"),
    (cardgame, lambda game: game.cards.to_dict()["deck"], "game.cards.to_dict"),
    (ink, lambda game: vars(game)["next_rolls"], "game.__dict__"),
    (ink, lambda game: copy.copy(game).next_rolls, "game.__reduce_ex__"),
])
def test_a_bot_that_reads_what_its_player_may_not_see_is_refused(engine, read, what):
    with pytest.raises(HiddenInformation, match=f"player 0's bot may (not see|not use|not read) {what}"):
        engine.play_game(players=2, seed=1, bots=peeking_bot(read))


def test_a_bot_may_look_round_the_game_it_is_shown():
    looked = []

    def looking_bot(game, rng):
        looked.append((dir(game), type(game).__name__, len(game.legal_actions())))
        return game.random_action(rng)

    ttr.play_game("usa", players=2, seed=3, bots=looking_bot)
    names, kind, choices = looked[0]
    assert "legal_actions" in names and "hands" in names and not [n for n in names if n.startswith("_")]
    assert kind == "PlayerView" and choices > 0


def test_a_bot_sees_its_own_hand_and_everything_public():
    seen = []

    def looking_bot(game, rng):
        me = game.current_player
        seen.append((dict(game.hands[me]), list(game.cards.face_up), dict(game.claimed), list(game.trains)))
        return game.random_action(rng)

    played = ttr.play_game("usa", players=2, seed=3, bots=looking_bot)
    assert len(seen) == len(played.history) and seen[0][0]  # every choice saw its own hand
    assert ttr.play_game("usa", players=2, seed=3, bots="random").history == played.history  # and played as before


@pytest.mark.parametrize("engine", [ttr, cardgame, ink])
def test_an_observation_holds_only_what_the_player_may_see(engine):
    game = engine.new_game(players=2, seed=4)
    rng = __import__("random").Random(4)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    seen = game.observation(0)
    assert seen["player"] == 0 and "seed" not in seen
    assert json.loads(json.dumps(seen)) == seen  # plain JSON data
    if engine is ink:
        assert "next_rolls" not in seen and seen["boards"] == [b.to_dict() for b in game.boards]
        return
    assert seen["hands"][0] == game.hands[0] and seen["hands"][1] == sum(game.hands[1].values())
    assert seen["tickets"][1] == len(game.tickets[1]) and seen["deck"] == len(game.cards.deck)
    assert seen["ticket_deck"] == len(game.ticket_deck) and seen["face_up"] == list(game.cards.face_up)
    if engine is cardgame:
        assert seen["track"][1] == sum(game.track[1].values())
    with pytest.raises(ValueError, match="observation: 2 is not a player"):
        game.observation(2)


def test_a_view_follows_the_game_when_the_game_puts_new_parts_in_place():
    """A view keeps its wrappers of the player's own entries only while the game keeps the
    same lists: a set-up (which puts new ones in place) shows at once through the view."""
    game = ttr.new_game("usa", players=2, seed=3)
    game.set_up(current=0)
    view = PlayerView(game, 0)
    before = dict(view.hands[0])
    game.set_up(hands={0: {"red": 5}}, current=0)
    assert dict(view.hands[0]) == {**{card: 0 for card in before}, "red": 5} != before
    assert view.hands[0] is game.hands[0]
    with pytest.raises(HiddenInformation):
        view.hands[1]
