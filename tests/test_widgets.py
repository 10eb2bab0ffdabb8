"""Widgets checked in Python: the step player's controls, the views it plays on, and the
Ticket to Ride game view, by calling their handlers directly (no browser)."""

import html

import pytest

from ttr_helpers import set_face_up, set_hand, stack_deck
from zuzlab import cardgame, ink, ttr
from zuzlab.algorithms import longest_trail, longest_trail_steps, ticket_plan, ticket_plan_steps
from zuzlab.engines import ENGINES
from zuzlab.ink import steps as ink_steps
from zuzlab.widgets import CardGameView, InkGameView, InkStepView, MapStepView, StepPlayer, TextView, TtrGameView
from zuzlab.widgets.views import OVERLAY

USA = ttr.load_map("usa")


@pytest.fixture(autouse=True)
def views_stop_following_the_language_after_each_test():
    """A live view follows the language switch (``texts.on_language_change``); the views a
    test made stop following it when the test ends, or a language switch in a later test
    would redraw every view made before it."""
    from zuzlab import texts

    listening = list(texts._listeners)
    yield
    texts._listeners[:] = listening


def keep_all(view):
    """Tick every offered ticket (none starts ticked) and keep them."""
    for box in view.keep_boxes.children:
        box.value = True
    view.keep.click()


# --- the step player ---------------------------------------------------------------------------

def test_player_steps_forward_back_and_to_the_end():
    view = TextView(details=str)
    player = StepPlayer(range(10), view)
    assert view.shown == 0 and "step 1 of 10" in player.caption.value
    player.forward.click()
    player.forward.click()
    # the slider counts from 1, like the caption
    assert view.shown == 2 and player.index == 2 and player.position.value == 3
    player.back.click()
    assert view.shown == 1
    player.to_end.click()
    assert view.shown == 9
    player.forward.click()  # stays at the end
    assert view.shown == 9
    player.go(-5)
    assert view.shown == 0


def test_player_speed_sets_the_play_interval():
    player = StepPlayer(range(5), TextView())
    player.speed.value = 20
    assert player.play.interval == 50
    assert (player.play.min, player.play.max) == (1, 5)  # the play button runs through the slider's numbers


def test_player_keeps_a_limited_number_of_steps_and_says_so():
    player = StepPlayer(iter(range(1000)), TextView(), limit=100)
    assert len(player.steps) == 100 and player.truncated
    assert "only its first steps are kept" in player.caption.value
    with pytest.raises(ValueError, match="no steps"):
        StepPlayer([], TextView())


# --- views ---------------------------------------------------------------------------------------

def overlay_colours(view):
    from collections import Counter

    return Counter(view.lines.data["color"])


def test_map_view_follows_the_longest_trail_search():
    network = USA.random_network(trains=30, seed=4)
    view = MapStepView("usa")
    player = StepPlayer(longest_trail_steps(network), view)
    player.to_end.click()
    last = view.shown
    assert last.kind == "done" and last.best_length == longest_trail(network).length
    colours = overlay_colours(view)
    assert colours[OVERLAY["best"]] == len(last.best)
    player.go(3)
    step = player.step
    assert overlay_colours(view)[OVERLAY["trail"]] == len(step.trail)  # the trail being walked
    assert overlay_colours(view)[OVERLAY["unexplored"]] == len(step.unexplored)


def test_map_view_shows_a_steiner_tree_being_built():
    view = MapStepView("usa")
    cities = ["Seattle", "Miami", "Denver"]
    player = StepPlayer(ticket_plan_steps(USA.routes, cities), view)
    player.to_end.click()
    assert overlay_colours(view)[OVERLAY["chosen"]] == len(ticket_plan(USA.routes, cities).routes)
    assert sorted(view.dots.data["x"]) != []


def test_map_view_marks_the_routes_a_station_try_borrows():
    from zuzlab.algorithms import station_choice_steps

    game = ttr.new_game("europe", players=2, seed=3)
    board = game.map
    game.set_up(claimed={("Bruxelles", "Frankfurt"): 0, ("Berlin", "Danzig"): 0,
                         board.route_between("Frankfurt", "Berlin", "red").id: 1},
                tickets={0: [("Bruxelles", "Danzig")], 1: []}, stations={"Frankfurt": 0}, over=True)
    args = (board.places, game.routes_of(0), [board.ticket(t) for t in game.tickets[0]], ["Frankfurt"],
            [board.route(r) for r, o in game.claimed.items() if o != 0])
    view = MapStepView(game)
    player = StepPlayer(station_choice_steps(*args), view)
    player.to_end.click()
    assert view.shown.kind == "done" and len(view.shown.borrowed) == 1
    assert overlay_colours(view)[OVERLAY["chosen"]] == 1 and len(view.dots.data["x"]) == 1


def test_ink_view_shows_the_path_being_searched_and_the_errors_found():
    board = ink.play_random_game(seed=2).boards[0]
    view = InkStepView(board)
    stream = list(ink_steps.score_steps(board))
    player = StepPlayer(stream, view)
    extend = next(i for i, s in enumerate(stream) if s.part == "longest highway" and s.kind == "extend")
    player.go(extend)
    path = [s.square for s in view.canvas.shapes if s.style == "path"]
    assert path == stream[extend].detail["path"]
    last_error = max(i for i, s in enumerate(stream) if s.part == "errors" and s.kind == "error")
    player.go(last_error)
    marks = [s.square for s in view.canvas.shapes if s.style == "error"]
    assert len(marks) == ink.score(board).errors
    player.go(extend)  # going back forgets the errors again
    assert not [s for s in view.canvas.shapes if s.style == "error"]


# --- the Ticket to Ride game view --------------------------------------------------------------

def test_game_view_opening_then_two_cards_from_the_deck():
    game = ttr.new_game("usa", players=3, seed=4)
    view = TtrGameView(game, human=0)
    assert "Keep at least 2" in view.controls.children[0].value
    assert "At the end a ticket adds its points" in view.hint_box.value  # the rule of the moment
    assert not any(box.value for box in view.keep_boxes.children)  # nothing is chosen for you
    for box in view.keep_boxes.children[1:]:
        box.value = True
    view.keep.click()
    assert len(game.tickets[0]) == 2 and not game.in_setup and game.current_player == 0
    hand = sum(game.hands[0].values())
    assert "Draw two train cards" in view.hint_box.value
    view.deck.click()
    assert game.pending.kind == "second_card" and "second card" in view.controls.children[0].value
    assert "a face-up locomotive counts as two cards" in view.hint_box.value
    view.deck.click()
    assert sum(game.hands[0].values()) == hand + 2
    assert game.current_player == 0 and game.turn == 3  # the two bots have played
    assert "Player 1" in view.narration.value


def test_game_view_explains_a_refused_move_and_changes_nothing():
    game = ttr.new_game("usa", players=2, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    set_face_up(game, ["locomotive", "red", "blue", "green", "black"])
    view.refresh()
    view.deck.click()
    before = game.to_dict()
    assert view.act(ttr.DrawFaceUp("locomotive")) is False
    assert "only be taken as the first card" in view.message.value
    assert game.to_dict() == before


def test_game_view_claims_a_route_picked_in_its_menu():
    game = ttr.new_game("usa", players=2, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    set_hand(game, 0, blue=5)
    view.refresh()
    view.route_menu.value = 2  # picking the route offers its payments only
    assert {a.route for _, a in view.claim_menu.options} == {2} and not view.claim.disabled
    view.claim.click()
    assert game.claimed[2] == 0
    assert len(view.figure.select_one({"name": "trains"}).data_source.data["x"]) >= 5


def test_a_route_clicked_on_the_map_offers_its_payments_or_says_why_not():
    game = ttr.new_game("usa", players=2, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    set_hand(game, 0, pink=4, locomotive=1)
    view.refresh()
    denver_omaha = game.map.route_between("Denver", "Omaha").id
    assert view.select_route(denver_omaha)
    assert [label for label, _ in view.claim_menu.options] == ["4 pink", "3 pink + 1 locomotive"]
    calgary_winnipeg = game.map.route_between("Calgary", "Winnipeg").id
    assert view.select_route(calgary_winnipeg) is False
    assert view.claim.disabled and ("Claiming Calgary–Winnipeg (6 white) takes 6 cards: you have no white card and "
                                    "1 locomotive, so 5 cards are missing.") in view.claim_why.value
    source = view.figure.select_one({"name": "cars"}).data_source  # a click on the map: Bokeh selects a car
    index = source.data["route"].index(denver_omaha)
    source.selected.indices = [index]
    assert view.selected_route == denver_omaha and source.selected.indices == []
    view.claim.click()
    assert game.claimed[denver_omaha] == 0


@pytest.mark.slow  # some 2 s: the quick loop stays under 3 minutes
def test_a_route_number_the_map_has_not_is_refused_naming_the_map_in_the_language():
    from zuzlab import texts

    view = TtrGameView(ttr.new_game("usa", players=2, seed=4), human=0)
    texts.set_language("de")
    try:
        assert view.select_route(9999) is False
        assert "Auf dem Plan „Zug um Zug: USA (Grundspiel)“ gibt es keine Strecke 9999." in html.unescape(
            view.claim_why.value)
    finally:
        texts.set_language("en")


@pytest.mark.slow  # some 2 s: the quick loop stays under 3 minutes
def test_no_route_is_picked_for_you_so_a_bots_claim_never_shows_you_a_refusal():
    from zuzlab import texts

    game = ttr.new_game("usa", players=4, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    first = view.route_menu.options[1][1]  # the first route you could claim
    assert view.route_menu.label == "– pick one, or click on the map –" and view.selected_route is None
    assert view.claim.disabled and view.claim_why.value == "" and not view.claim_menu.options
    game.set_up(claimed={first: 3}, current=0)  # as if a bot had claimed it
    view.refresh()
    assert view.selected_route is None and view.claim_why.value == "" and "belongs" not in view.message.value
    try:
        texts.set_language("de")
        assert view.route_menu.label == "– wähle oder klicke auf dem Plan –"
    finally:
        texts.set_language("en")
    second = view.route_menu.options[1][1]
    view.route_menu.value = second  # picked: its payments are offered
    assert view.selected_route == second and not view.claim.disabled
    view.route_menu.index = 0  # back to the prompt: nothing picked, nothing offered
    assert view.selected_route is None and view.claim.disabled and view.route_menu.index == 0


@pytest.mark.slow
def test_a_route_you_hold_no_card_for_says_so_in_words():
    from zuzlab import texts

    game = ttr.new_game("europe", players=2, seed=4).set_up(hands={0: {"blue": 2}}, current=0)
    view = TtrGameView(game, human=0)
    budapest_wien = next(r.id for r in game.map.routes if set(r.cities) == {"Budapest", "Wien"} and r.color == "red")
    berlin_danzig = next(r.id for r in game.map.routes if set(r.cities) == {"Berlin", "Danzig"})
    try:
        texts.set_language("de")
        assert view._why_not(budapest_wien) == ("Für Budapest–Wien (1 rot) brauchst du 1 Karte: "
                                                "Du hast keine rote Karte, es fehlt also 1 Karte.")
        game.set_up(hands={0: {}}, current=0)
        assert "Du hast keine Karte irgendeiner Farbe, es fehlen also 4 Karten." in view._why_not(berlin_danzig)
    finally:
        texts.set_language("en")
    assert "you have no card of any colour, so 4 cards are missing." in view._why_not(berlin_danzig)


def test_a_station_is_built_by_picking_its_city_then_how_to_pay():
    game = ttr.new_game("europe", players=2, seed=4).set_up(hands={0: {"red": 2, "locomotive": 1}}, current=0)
    view = TtrGameView(game, human=0)
    prompt, *cities = [city for _, city in view.city_menu.options]
    assert view.city_menu.label == "– pick one, or click on the map –" and view.selected_city is None
    assert len(cities) == 47 and cities == sorted(cities)  # one entry a city, not a city × each way to pay
    assert view.select_city("Paris") and view.city_menu.value == "Paris"
    assert [text for text, _ in view.station_menu.options] == ["1 red", "1 locomotive"]
    view.station_menu.value = view.station_menu.options[1][1]
    view.station.click()
    assert game.stations == {"Paris": 0} and game.hands[0]["locomotive"] == 0
    assert view.select_city("Paris") is False and view.station.disabled  # taken: the reason beside it
    assert "Paris already has a station (player 0): one per city." in view.station_why.value
    assert view.select_city("Atlantis") is False
    assert "There is no city 'Atlantis'" in html.unescape(view.station_why.value)
    source = view.figure.select_one({"name": "cities"}).data_source  # a click on a city on the map
    source.selected.indices = [source.data["name"].index("Wien")]
    assert view.city_menu.value == "Wien" and view.selected_city == "Wien"


@pytest.mark.slow
def test_a_station_you_lack_the_cards_for_says_so_in_words():
    from zuzlab import texts

    game = ttr.new_game("europe", players=2, seed=4).set_up(hands={0: {}}, current=0)
    view = TtrGameView(game, human=0)
    assert view.station.disabled
    assert "You have no cards to pay with: your next station costs 1 card." in view.station_why.value
    try:
        texts.set_language("de")
        assert "Du hast keine Karten zum Bezahlen: Dein nächster Bahnhof kostet 1 Karte." in view.station_why.value
        game.set_up(hands={0: {"locomotive": 1}}, stations={"Paris": 0}, current=0)  # the second costs 2
        assert view._why_no_station("Wien") == ("Dein nächster Bahnhof kostet 2 Karten einer Farbe: Du hast keine "
                                                "Karte irgendeiner Farbe und 1 Lokomotive, es fehlt also 1 Karte.")
    finally:
        texts.set_language("en")
    assert view._why_no_station("Wien") == ("Your next station costs 2 cards of one colour: you have no card of any "
                                            "colour and 1 locomotive, so 1 card is missing.")
    assert "Paris already has a station" in view._why_no_station("Paris")  # the city's own reason comes first


def test_double_tracks_of_one_colour_are_listed_once_each_with_their_track():
    game = ttr.new_game("usa", players=4, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    set_hand(game, 0, red=2)
    view.refresh()
    labels = [label for label, _ in view.route_menu.options]
    assert len(labels) == len(set(labels))
    assert "Kansas City–Omaha (1 gray) · track 1" in labels and "Kansas City–Omaha (1 gray) · track 2" in labels


def test_you_are_told_who_you_are_and_the_opponents_are_strategy_bots():
    view = TtrGameView(ttr.new_game("usa", players=4, seed=4), human=0)
    assert "You are player 0 (purple)" in view.status.value
    assert [type(view.bots[p]).__name__ for p in (1, 2, 3)] == ["BalancedBot", "TicketBot", "LongRouteBot"]
    assert "balanced bot" in view.status.value and "long-route bot" in view.status.value


def test_undo_takes_your_move_back_with_the_bots_moves_after_it():
    game = ttr.new_game("usa", players=3, seed=4)
    view = TtrGameView(game, human=0)
    assert view.undo_button.disabled  # nothing of yours to take back yet
    keep_all(view)
    assert not view.undo_button.disabled
    view.undo_button.click()  # keeping the tickets, and the bots' choices after it
    assert game.in_setup and game.pending.kind == "keep_tickets" and view.undo_button.disabled


def test_undo_takes_a_claim_back_but_never_a_card_you_have_seen_from_the_deck():
    game = ttr.new_game("usa", players=3, seed=4).set_up(hands={0: {"pink": 4, "red": 1}}, current=0)
    view = TtrGameView(game, human=0)
    before = game.copy()
    assert view.act(ttr.ClaimRoute(("Denver", "Omaha"), "pink"))
    assert game.current_player == 0 and game.turn == 3 and not view.undo_button.disabled
    view.undo_button.click()  # the claim, and the two bots' turns after it
    assert game == before and "claims Denver–Omaha" not in view.narration.value
    assert view.act(ttr.DrawBlind())  # the card drawn is in your hand now: you have seen it
    seen = game.copy()
    assert view.undo_button.disabled and "showed you a card from the deck" in view.undo_button.tooltip
    assert view.undo() is False and game == seen and "cannot be taken back" in view.message.value
    # a face-up card taken: the card that replaces it is turned up for everyone
    assert view.act(ttr.DrawFaceUp(next(c for c in game.cards.face_up if c != "locomotive")))
    assert view.undo() is False


def test_undo_never_goes_behind_a_card_a_bot_turned_up_after_your_move():
    game = ttr.new_game("usa", players=2, seed=18).set_up(hands={0: {"pink": 4, "red": 1}}, current=0)
    view = TtrGameView(game, human=0)
    assert view.act(ttr.ClaimRoute(("Denver", "Omaha"), "pink"))
    # the bot took two face-up cards, and black and red were turned up from the deck
    assert [e.data["color"] for e in view.log if e.kind == "face_up_refilled"] == ["black", "red"]
    seen = game.copy()
    assert view.undo_button.disabled and "turned face up since your last move" in view.undo_button.tooltip
    assert view.undo() is False and game == seen and "cannot be taken back" in view.message.value


@pytest.mark.slow
def test_a_disabled_take_back_says_why_beside_it_in_one_short_line():
    from zuzlab import texts

    game = ttr.new_game("usa", players=3, seed=4).set_up(hands={0: {"pink": 4, "red": 1}}, current=0)
    view = TtrGameView(game, human=0)
    assert view.undo_why in view.help_row.children
    assert view.undo_button.disabled and "Nothing to take back yet." in view.undo_why.value
    assert view.act(ttr.ClaimRoute(("Denver", "Omaha"), "pink"))
    assert not view.undo_button.disabled and view.undo_why.value == ""  # usable: nothing to say
    assert view.act(ttr.DrawBlind())
    assert view.undo_button.disabled and "You have seen a card from the deck." in view.undo_why.value
    try:
        texts.set_language("de")
        assert "Du hast eine Karte vom Stapel gesehen." in view.undo_why.value
    finally:
        texts.set_language("en")
    ink_view = InkGameView(ink.new_game(seed=11).set_up(roll=["A0", "A0", "A3", "B2"]))
    assert "Nothing to take back yet." in ink_view.undo_why.value
    for code in ("A0", "A0", "A3", "B2"):
        assert ink_view.act(ink.Place(code, *next((ink.board.square_name(s), o) for c, s, o
                                                  in ink_view.game.legal_placements() if c == code)))
    assert ink_view.act(ink.FinishRound())
    assert "The dice of round 2 are rolled." in ink_view.undo_why.value
    try:
        texts.set_language("de")
        assert "Die Würfel für Runde 2 sind geworfen." in ink_view.undo_why.value
    finally:
        texts.set_language("en")
    assert all(len(texts.text(f"label.{key}", lang, round=7)) <= 45 for lang in ("en", "de")
               for key in texts.table("en")["label"] if key.startswith("undo_why/"))  # one short line


@pytest.mark.slow
@pytest.mark.parametrize("make_view", [
    lambda: TtrGameView(ttr.new_game("usa", players=2, seed=4), human=0, bots="random"),
    lambda: CardGameView(cardgame.new_game(players=2, seed=4), human=0, bot="random"),
    lambda: InkGameView(ink.new_game(seed=4))], ids=["ttr", "cardgame", "ink"])
def test_a_game_view_closes_the_widgets_it_no_longer_shows(make_view):
    """Each showing makes new rows and buttons; those it drops are closed, so that playing
    on does not pile up widgets in the kernel and the browser."""
    from ipywidgets.widgets.widget import _instances

    view = make_view()
    view.refresh()
    open_widgets = len(_instances)
    for _ in range(5):
        view.refresh()
    assert len(_instances) == open_widgets
    assert all(widget.comm is not None for widget in view._held_widgets().values())  # none it shows is closed
    if isinstance(view, TtrGameView):  # and while playing: the face-up row is made anew each move
        keep_all(view)
        open_widgets = len(_instances)
        for _ in range(4):
            assert view.act(ttr.DrawBlind()) and view.act(ttr.DrawBlind())
        assert len(_instances) <= open_widgets


@pytest.mark.slow
def test_the_hint_is_what_the_expert_would_do_and_why():
    game = ttr.new_game("usa", players=2, seed=4)
    view = TtrGameView(game, human=0)
    view.hint_button.click()
    assert "The expert would keep" in view.message.value
    assert "ways need 21 of your 45 trains" in view.message.value
    before = game.copy()
    keep_all(view)
    view.hint_button.click()
    assert "The expert would" in view.message.value and game != before


def test_the_hint_marks_its_planned_way_on_the_map_until_the_next_move():
    game = ttr.new_game("usa", players=4, seed=21)
    game.set_up(hands={0: {"green": 2}}, tickets={0: [("Denver", "Pittsburgh"), ("Montréal", "Atlanta")],
                                                  1: [], 2: [], 3: []}, claimed={6: 0}, current=0)
    view = TtrGameView(game, human=0)
    view.adviser = "balanced"  # its quick move on the plan below
    assert view.plan_marks.shown == 0 and not view.plan_marks.item.visible
    advice = view.hint()
    assert "New York–Pittsburgh (2 green) is on the cheapest way to join Montréal–Atlanta" in advice
    assert "with 2 green cards" in advice
    planner = ttr.make_bot("balanced").planner(game)
    planned = {r.id for t in game.tickets[0] for r in planner.path(game, t)}
    assert view.plan_marks.shown == len(planned) > 0 and view.plan_marks.item.visible
    assert view.plan_marks.item.label.value == "the hint's plan"
    assert view.act(ttr.DrawBlind())
    assert view.plan_marks.shown == 0 and not view.plan_marks.item.visible


def test_the_hint_marks_the_track_of_the_claim_it_advises_on_a_white_casing():
    """The plan runs on the blue track of Kansas City–Saint Louis, the hint claims the pink
    one: the map marks the pink one, the track the words name. The dashes lie on a white
    casing, or they would not show on a blue route."""
    game = ttr.new_game("usa", players=4, seed=21)
    game.set_up(hands={0: {"pink": 2}}, tickets={0: [("Denver", "Pittsburgh")], 1: [], 2: [], 3: []}, current=0)
    blue, pink = (USA.route_between("Kansas City", "Saint Louis", color) for color in ("blue", "pink"))
    planner = ttr.make_bot("balanced").planner(game)
    assert blue.id in {route.id for route in planner.path(game, game.tickets[0][0])}
    view = TtrGameView(game, human=0)
    view.adviser = "balanced"  # its quick moves: the marks are the same for any adviser
    assert "claim Kansas City–Saint Louis (2 pink) with 2 pink cards" in view.hint()
    marked = view.plan_marks.source.data
    marked_lines = set(zip(marked["x0"], marked["y0"], marked["x1"], marked["y1"]))
    assert view.plan_marks.line_of(pink) in marked_lines and view.plan_marks.line_of(blue) not in marked_lines
    assert view.plan_casing.source.data == marked  # the casing under every dash
    assert view.plan_marks.item.renderers == [view.plan_casing.renderer, view.plan_marks.renderer]
    assert view.plan_casing.item not in view.figure.legend[0].items  # one legend entry for the plan


def test_the_hint_button_says_it_is_working_while_the_adviser_thinks():
    """The expert searches for a second or two: while it does, the hint button is
    disabled and the message says the hint is being worked out; then the hint shows."""
    view = TtrGameView(ttr.new_game("usa", players=2, seed=4), human=0)
    view.adviser = "balanced"
    seen = {}
    work_out = view.hint

    def hint():
        seen.update(message=view.message.value, disabled=view.hint_button.disabled)
        return work_out()

    view.hint = hint
    view.hint_button.click()
    assert seen["disabled"] and "Hint:</b> working it out" in seen["message"]
    assert not view.hint_button.disabled and "The balanced bot would keep" in view.message.value

    def failing():
        raise RuntimeError("the adviser failed")

    view.hint = failing
    with pytest.raises(RuntimeError):
        view.show_hint()
    assert not view.hint_button.disabled and "working it out" not in view.message.value


@pytest.mark.slow
def test_the_hint_stays_in_sight_until_the_next_move():
    """Picking the route the hint names redraws the view: the hint's words stay, like its
    marks, until a move (or another language) makes them stale."""
    from zuzlab import texts

    game = ttr.new_game("usa", players=4, seed=21)
    game.set_up(hands={0: {"pink": 2}}, tickets={0: [("Denver", "Pittsburgh")], 1: [], 2: [], 3: []}, current=0)
    view = TtrGameView(game, human=0)
    view.adviser = "balanced"
    view.hint_button.click()
    hint = view.message.value
    assert "claim Kansas City–Saint Louis (2 pink)" in hint
    assert view.select_route(USA.route_between("Kansas City", "Saint Louis", "pink").id)
    assert view.message.value == hint and view.claim_menu.value is not None
    texts.set_language("de")
    try:
        assert view.message.value == ""  # English words in a German view: gone
    finally:
        texts.set_language("en")
    assert view.message.value == hint  # back in English, the same position: the same hint
    assert view.act(ttr.DrawBlind()) and view.message.value == ""


def test_the_hint_says_when_a_ticket_can_no_longer_be_completed():
    game = ttr.new_game("usa", players=2, seed=4)
    board = game.map
    cut = [r.id for r in board.routes if "Miami" in r.cities]  # every way into Miami taken by player 1
    game.set_up(tickets={0: [("Los Angeles", "Miami"), ("Denver", "Pittsburgh")], 1: []},
                claimed={r: 1 for r in cut}, current=0)
    view = TtrGameView(game, human=0)
    advice = view.hint()
    assert "Your ticket Los Angeles–Miami (20) can no longer be completed" in advice
    assert "it will cost 20 points at the end" in advice and "Denver–Pittsburgh" not in advice.split("Your ticket")[1]


@pytest.mark.slow
def test_the_hint_costs_lost_country_tickets_what_final_scoring_deducts():
    from zuzlab import texts

    game = ttr.new_game("switzerland", players=2, seed=4)
    france = [t.id for t in game.map.tickets if t.origin == "France"]  # worth up to 14, an unfulfilled one costs 5
    into_france = [r.id for r in game.map.routes if any(game.map.cities[c].country == "France" for c in r.cities)]
    game.set_up(tickets={0: france, 1: []}, claimed={r: 1 for r in into_france}, current=0)
    view = TtrGameView(game, human=0)
    view.adviser = "balanced"  # quick; the warnings are the same for any adviser
    assert "they will cost 10 points at the end." in view.hint()
    try:
        texts.set_language("de")
        assert "Sie kosten dich am Ende 10 Punkte." in view.hint()
    finally:
        texts.set_language("en")
    ended = game.copy().set_up(over=True)  # final scoring deducts the same
    assert ended.final_scores().players[0].total == -10


def test_the_hint_to_draw_tickets_does_not_call_a_lost_ticket_complete():
    game = ttr.new_game("usa", players=2, seed=4)
    board = game.map
    claimed = {r.id: 1 for r in board.routes if "El Paso" in r.cities}  # every way into El Paso taken
    kansas_city, _ = sorted(r.id for r in board.routes if set(r.cities) == {"Kansas City", "Oklahoma City"})
    dallas, _ = sorted(r.id for r in board.routes if set(r.cities) == {"Oklahoma City", "Dallas"})
    houston, _ = sorted(r.id for r in board.routes if set(r.cities) == {"Dallas", "Houston"})
    claimed.update({kansas_city: 0, dallas: 0, houston: 0})  # Kansas City–Houston complete
    game.set_up(claimed=claimed, tickets={0: [("Denver", "El Paso"), ("Kansas City", "Houston")]}, current=0)
    view = TtrGameView(game, human=0)
    view.adviser = "balanced"  # its quick move; the words are the same for any adviser's (the expert's: test_ttr_hint)
    advice = view.hint()
    assert advice.startswith("The balanced bot would draw destination tickets: every ticket you can still complete "
                             "is complete, and you have trains to spare.")
    assert "Your ticket Denver–El Paso (4) can no longer be completed" in advice
    game.set_up(tickets={0: [("Kansas City", "Houston")]}, current=0)  # nothing lost: all are complete
    assert "all your tickets are complete and you have trains to spare." in view.hint()
    game.set_up(tickets={0: [("Denver", "El Paso")]}, current=0)  # every ticket lost: none is called complete
    advice = view.hint()
    assert advice.startswith("The balanced bot would draw destination tickets: none of your tickets can be completed "
                             "any more, and you have trains to spare: new tickets can still score.")


@pytest.mark.slow
def test_the_hint_lists_swiss_country_tickets_each_as_one_item():
    from zuzlab import texts

    view = TtrGameView(ttr.new_game("switzerland", players=2, seed=4), human=0)
    view.adviser = "balanced"  # its quick move; the words are the same for any adviser's
    try:
        texts.set_language("de")
        advice = view.hint()
    finally:
        texts.set_language("en")
    assert advice.startswith("Der ausgewogene Bot würde Deutschland → (France 5, Österreich 5, Italia 13), "
                             "Österreich → (France 14, Deutschland 5, Italia 6), Bern–Schwyz (5) und ")
    assert "Deutschland → (France 5, Österreich 5, Italia 13)" in [b.description for b in view.keep_boxes.children]


@pytest.mark.slow
def test_the_hints_reason_words_a_country_ticket_as_the_lists_do():
    from zuzlab import texts

    game = ttr.new_game("switzerland", players=2, seed=4)
    france = next(t for t in game.map.tickets if t.origin == "France")
    game.set_up(tickets={0: [france.id], 1: []}, hands={0: {c: 3 for c in game.rules.colors}}, current=0)
    view = TtrGameView(game, human=0)
    view.adviser = "balanced"  # its quick move, a claim on France's way; the words are the same for any adviser's
    assert view.hint().endswith("is on the cheapest way to join France → (Deutschland 5, Österreich 14, Italia 11).")
    try:
        texts.set_language("de")
        assert view.hint().endswith("liegt auf dem billigsten Weg für "
                                    "France → (Deutschland 5, Österreich 14, Italia 11).")
    finally:
        texts.set_language("en")


@pytest.mark.slow
def test_the_hint_pays_in_words_and_a_single_ticket_in_the_singular():
    from zuzlab import texts

    game = ttr.new_game("usa", players=2, seed=4).set_up(hands={0: {"green": 1, "locomotive": 1}}, current=0)
    view = TtrGameView(game, human=0)
    claim = ttr.ClaimRoute(6, "green", 1)  # Atlanta–Raleigh, track 1
    assert view._describe(claim) == "claim Atlanta–Raleigh (2 gray) with a green card and a locomotive"
    try:
        texts.set_language("de")
        assert view._describe(claim) == "Atlanta–Raleigh (2 grau) mit einer grünen Karte und einer Lokomotive bauen"
    finally:
        texts.set_language("en")
    assert texts.text("bot.keep", count=1, needed=4, trains=45).startswith("its cheapest way needs")
    assert texts.text("bot.keep", count=2, needed=4, trains=45).startswith("their cheapest ways need")


def test_the_tunnel_being_decided_on_is_marked_on_the_map():
    game = ttr.new_game("europe", players=2, seed=3)
    game.set_up(hands={0: {"blue": 3, "locomotive": 1}}, deck_top=["blue", "locomotive", "red"], current=0)
    view = TtrGameView(game, human=0)
    assert view.tunnel_marks.shown == 0
    view.act(ttr.ClaimRoute(("München", "Venezia"), "blue"))
    assert view.tunnel_marks.shown == 1 and view.tunnel_marks.item.label.value == "your tunnel"
    view.give_up.click()
    assert view.tunnel_marks.shown == 0 and not view.tunnel_marks.item.visible


def test_the_status_counts_turns_from_one_and_an_empty_hand_mid_game_has_no_cards():
    game = ttr.new_game("usa", players=2, seed=4)
    view = TtrGameView(game, human=0)
    assert "turn 1 (round 1)," in view.status.value and "none yet" in view.tickets.value
    game.set_up(hands={0: {}}, current=0)
    view.refresh()
    assert "Your hand</b><br>no cards" in view.hand.value


@pytest.mark.slow  # some 2 s: the quick loop stays under 3 minutes
def test_the_status_says_that_its_turns_count_every_players_turn_by_naming_the_round():
    from zuzlab import texts

    game = ttr.new_game("usa", players=4, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    assert "(base game) – turn 1 (round 1), Player 0 to play" in view.status.value
    view.deck.click()
    view.deck.click()  # your turn, then the three bots' turns: a round
    assert game.turn == 4 and "(base game) – turn 5 (round 2), Player 0 to play" in view.status.value
    try:
        texts.set_language("de")
        assert "– Spielzug 5 (Runde 2), Spieler 0 ist an der Reihe" in view.status.value
    finally:
        texts.set_language("en")


@pytest.mark.slow
def test_drawing_tickets_in_switzerland_says_the_returned_ones_leave_the_game():
    game = ttr.new_game("switzerland", players=2, seed=4).set_up(current=0)
    view = TtrGameView(game, human=0)
    view.draw_tickets.click()
    assert "the others leave the game" in view.hint_box.value
    usa = TtrGameView(ttr.new_game("usa", players=2, seed=4).set_up(current=0), human=0)
    usa.draw_tickets.click()
    assert "the others go back" in usa.hint_box.value


def test_the_final_scores_say_who_played_each_seat():
    game = ttr.play_random_game("usa", players=3, seed=3)
    view = TtrGameView(game, human=1)
    table = view.controls.children[0].value
    assert ">who<" in table and ">you<" in table and ">balanced bot<" in table and ">ticket bot<" in table
    assert "route points" in table


def test_game_view_tunnel_decision():
    game = ttr.new_game("europe", players=2, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    set_hand(game, 0, blue=4)
    stack_deck(game, ["blue", "red", "green"])
    assert view.act(ttr.ClaimRoute(16, "blue", 0))  # München–Venezia, a tunnel
    assert "needs 1 extra card." in view.controls.children[0].value
    assert [label for label, _ in view.tunnel_menu.options] == ["1 blue"] and not view.pay.disabled
    view.pay.click()
    assert game.claimed[16] == 0


@pytest.mark.slow
@pytest.mark.parametrize("board, wild, route, colour, en, de", [
    ("europe", "locomotive", ("München", "Venezia"), "blue",
     "You paid with locomotive cards only: each revealed locomotive costs one more locomotive",
     "Du hast nur mit Lokomotiven bezahlt: Jede aufgedeckte Lokomotive kostet eine weitere Lokomotive"),
    ("switzerland", "tunnel", ("Basel", "Delémont"), "yellow",
     "You paid with tunnel cards only: each revealed tunnel card costs one more tunnel card",
     "Du hast nur mit Tunnelkarten bezahlt: Jede aufgedeckte Tunnelkarte kostet eine weitere Tunnelkarte")])
def test_the_tunnel_rule_box_says_the_case_of_a_claim_paid_with_wild_cards_only(board, wild, route, colour, en, de):
    from zuzlab import texts

    def tunnel_rule(paid_with):
        game = ttr.new_game(board, players=2, seed=3)
        game.set_up(hands={0: {wild: 3, colour: 2}}, deck_top=[wild, colour, "red"], current=0)
        view = TtrGameView(game, human=0)
        assert view.act(ttr.ClaimRoute(route, paid_with, 0 if paid_with else 2))
        return game.pending.extra, view

    extra, view = tunnel_rule(None)
    assert extra == 1  # the revealed card of a colour costs nothing
    assert en in view.hint_box.value and "revealed cards of a colour cost nothing" in view.hint_box.value
    assert "of your colour" not in view.hint_box.value
    try:
        texts.set_language("de")
        assert de in view.hint_box.value and "deiner Farbe" not in view.hint_box.value
    finally:
        texts.set_language("en")
    extra, view = tunnel_rule(colour)
    assert extra == 2 and "The revealed cards of your colour, and any" in view.hint_box.value


def test_a_tunnel_you_cannot_pay_says_so_and_you_can_give_it_up():
    game = ttr.new_game("europe", players=2, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    set_hand(game, 0, blue=2)
    stack_deck(game, ["blue", "red", "green"])
    view.refresh()
    assert view.act(ttr.ClaimRoute(("München", "Venezia"), "blue"))
    assert "The tunnel needs 1 extra card." in view.controls.children[0].value
    assert view.pay.disabled and "You cannot pay" in view.pay_why.value
    view.give_up.click()
    assert game.hands[0]["blue"] == 2 and game.pending is None


def test_the_swiss_second_card_hint_speaks_of_tunnel_cards():
    game = ttr.new_game("switzerland", players=2, seed=4)
    view = TtrGameView(game, human=0)
    keep_all(view)
    view.deck.click()
    assert "locomotive" not in view.hint_box.value and "tunnel card counts as one card" in view.hint_box.value


@pytest.mark.slow
def test_a_score_table_says_which_bot_played_each_seat():
    from zuzlab import texts

    bots = ["balanced", "tickets", "long_routes"]  # who the table says played (a random game is quicker)
    scores = ttr.play_random_game("usa", players=3, seed=5).final_scores()
    seated = scores.with_seats(bots)
    lines = str(seated).splitlines()
    assert lines[0].split()[:3] == ["player", "who", "route"] and "long-route bot" in lines[3]
    winner = seated.winners[0]
    assert f"Winner: player {winner} ({seated.seat_name(winner)})" in str(seated)
    assert "who" not in str(scores) and seated == scores  # the same scores, only told more
    with pytest.raises(ValueError, match="3 players need 3 seats, not 2"):
        scores.with_seats(bots[:2])
    try:
        texts.set_language("de")
        assert "Langstrecken-Bot" in str(seated) and "wer" in str(seated).splitlines()[0]
    finally:
        texts.set_language("en")


def test_a_score_table_says_why_a_tie_on_points_was_broken():
    from zuzlab import texts

    cards = cardgame.play_random_game(players=3, seed=37).final_scores()  # 71 points each
    assert cards.totals[0] == cards.totals[1] and cards.winners == (1,)
    assert "Winner: player 1\nPlayer 1 ahead of player 0: level on 71 points; more tickets fulfilled.\n" in str(cards)
    usa = ttr.new_game("usa", players=2, seed=1)
    route = {cities: min(r.id for r in usa.map.routes if set(r.cities) == set(cities))
             for cities in (("Denver", "Santa Fe"), ("Santa Fe", "El Paso"), ("Denver", "Omaha"),
                            ("Seattle", "Vancouver"))}
    owners = dict(zip(route.values(), (0, 0, 1, 1)))  # 4 route points and a ticket of 4, or 8 route points
    usa.set_up(claimed=owners, tickets={0: [("Denver", "El Paso")], 1: []}, over=True)
    scores = usa.final_scores()
    assert scores.totals == [18, 18] and scores.winners == (0,)
    assert "Player 0 ahead of player 1: level on 18 points; more tickets completed." in scores._repr_html_()
    level = ttr.play_random_game("usa", players=2, seed=3).final_scores()
    assert level.totals[0] != level.totals[1] and level.tie_lines() == []  # no tie, nothing to explain
    try:
        texts.set_language("de")
        assert "Spieler 1 vor Spieler 0: beide 71 Punkte; mehr erfüllte Zielkarten." in str(cards)
    finally:
        texts.set_language("en")


def test_game_view_shows_the_final_scores():
    game = ttr.play_random_game("usa", players=2, seed=3)
    view = TtrGameView(game, human=0)
    assert "Winner" in view.controls.children[0].value and view.help_row.layout.display == "none"
    assert view.act(ttr.DrawBlind()) is False and "over" in view.message.value


def test_the_narration_of_kept_tickets_says_none_all_and_which_leave_the_game():
    from zuzlab.core import Event
    from zuzlab.widgets.narration import narrate

    def told(name, kept, lang):
        """The narration of player 0 keeping the opening tickets ``kept`` picks of the offer."""
        game = ttr.new_game(name, players=2, seed=3)
        events = game.apply(ttr.KeepTickets(kept(game.pending.tickets)))
        return next(narrate(e, game, lang) for e in events if e.kind == "tickets_kept")

    assert told("usa", tuple, "de") == "Spieler 0 behält alle 3 Zielkarten."
    assert told("usa", tuple, "en") == "Player 0 keeps all 3 tickets."
    assert told("switzerland", lambda offer: offer[:2], "de") == (
        "Spieler 0 behält 2 Zielkarten; die anderen 3 Zielkarten scheiden aus dem Spiel aus.")
    # Europe: the long ticket (offered first) leaves the game, the short one goes back
    assert told("europe", lambda offer: offer[1:3], "en") == (
        "Player 0 keeps 2 tickets and returns 1 ticket; 1 ticket leaves the game.")
    cards = cardgame.new_game(players=2, seed=2).set_up(current=0)
    cards.apply(cardgame.DrawTickets())
    none = next(e for e in cards.apply(cardgame.KeepTickets(())) if e.kind == "tickets_kept")
    assert narrate(none, cards, "de") == "Spieler 0 behält keine Zielkarte und gibt 4 Zielkarten zurück."
    game = ttr.new_game("europe", players=2, seed=3)
    free = Event("tunnel_revealed", 0, route=game.map.routes[0].id, revealed=["white", "yellow", "pink"], extra=0)
    assert narrate(free, game, "de").endswith("Aufgedeckt: weiß, gelb und purpur; "
                                              "also ist keine zusätzliche Karte fällig.")
    assert narrate(free, game, "en").endswith("the deck reveals white, yellow, and pink, so no extra card is due.")


# --- the Railroad Ink game view ------------------------------------------------------------------

def ink_pixel(view, square):
    """The middle of ``square`` on the view's board canvas, in canvas pixels."""
    from zuzlab.ink.board import square_index
    from zuzlab.viz.ink_canvas import MARGIN, SIZE

    row, col = divmod(square_index(square), SIZE)
    scale = view.board_canvas.scale
    return (MARGIN + col + 0.5) * scale, (MARGIN + row + 0.5) * scale


def button_labels(toggle):
    return [text for text, _ in toggle.options]


def test_ink_view_draws_the_chosen_result_where_the_board_is_clicked():
    game = ink.new_game(seed=11)
    view = InkGameView(game)
    code, square, orientation = game.legal_placements()[0]
    view.choose(code)
    view.orientation = orientation
    assert view.click(*ink_pixel(view, ink.board.square_name(square)))
    assert game.boards[0].squares[square].turned == ink.turned(code, orientation)
    drawn = {s.square for s in view.board_canvas.shapes if s.style in ("highway", "railway")}
    assert ink.board.square_name(square) in drawn
    assert view.undo_button.disabled is False


def test_take_back_speaks_of_the_other_players_moves_only_when_there_are_other_players():
    from zuzlab import texts

    def tip_after_a_drawing(players):
        game = ink.new_game(players=players, seed=11)
        view = InkGameView(game)
        code, square, orientation = game.legal_placements()[0]
        assert view.act(ink.Place(code, ink.board.square_name(square), orientation))
        return view.undo_button.tooltip

    assert tip_after_a_drawing(1) == "Take your last move back."
    assert tip_after_a_drawing(2) == "Take your last move back (and the other players' moves after it)."
    try:
        texts.set_language("de")
        assert tip_after_a_drawing(1) == "Deinen letzten Zug zurücknehmen."
        assert tip_after_a_drawing(2) == "Deinen letzten Zug zurücknehmen (und die Züge der anderen danach)."
    finally:
        texts.set_language("en")


def test_ink_view_shows_a_result_rolled_twice_as_twice():
    game = ink.new_game(seed=11).set_up(roll=["A0", "A0", "A3", "B2"])
    view = InkGameView(game)
    assert button_labels(view.groups["dice"]) == ["railway curve (A0) ×2", "highway T (A3)", "overpass (B2)"]
    assert len(view.groups["specials"].options) == 6 and "optional" in view.headings["specials"].value
    code, square, orientation = next(p for p in game.legal_placements() if p[0] == "A0")
    assert view.act(ink.Place("A0", ink.board.square_name(square), orientation))
    assert button_labels(view.groups["dice"])[0] == "railway curve (A0)"  # one A0 left to draw


def test_ink_view_narrates_every_roll_from_the_first_round_on():
    game = ink.new_game(seed=5)
    view = InkGameView(game)
    assert "Round 1: the dice show" in view.narration.value and "expansion" not in view.narration.value
    while game.round == 1:
        view.act(ink.bots.greedy_action(game, view.rng))
    assert "Round 2: the dice show" in view.narration.value
    lake = InkGameView(ink.new_game("lake", seed=12))
    assert "the lake dice show" in lake.narration.value
    set_up = InkGameView(ink.new_game(seed=5).set_up(round=3, roll=["A1", "A1", "A4", "B2"]))
    assert "Round 3: the dice show railway straight (A1), railway straight (A1), highway straight (A4)" \
        in set_up.narration.value  # the roll of the position set up, not the seed's first one


def test_ink_view_never_takes_a_round_back_once_the_next_rounds_dice_are_shown():
    game = ink.new_game("lake", seed=12)
    view = InkGameView(game)
    while game.finish_refusal(0) is not None:
        assert view.act(ink.bots.greedy_action(game, view.rng))
    assert not view.undo_button.disabled  # a drawing of this round may still be taken back
    assert view.act(ink.FinishRound()) and game.round == 2
    seen = game.copy()
    assert view.undo_button.disabled and "dice of round 2 have been rolled" in view.undo_button.tooltip
    assert view.undo() is False and game == seen
    code, square, orientation = game.legal_placements()[0]
    assert view.act(ink.Place(code, ink.board.square_name(square), orientation))
    assert view.undo() and game == seen and view.undo_button.disabled  # back to the roll, not behind it


def test_ink_view_preview_says_how_the_tile_is_turned():
    from zuzlab.viz import tile_preview_scene

    view = InkGameView(ink.new_game(seed=11))
    view.choose("A0")  # a railway curve: turning it changes its sides
    assert "Orientation 0: as printed" in view.preview.value and "railway: north, west" in view.preview.value
    view.turn.click()
    assert view.orientation == 1 and "turned a quarter clockwise" in view.preview.value
    assert view.preview_canvas.shapes == tile_preview_scene(ink.turned("A0", 1))
    view.mirror.click()
    assert view.orientation == 5 and "mirrored, then turned a quarter clockwise" in view.preview.value
    view.mirror.click()
    view.turn.click(), view.turn.click(), view.turn.click()
    assert view.orientation == 0  # four quarter turns come back round


def test_ink_view_explains_a_refused_drawing_and_why_the_round_cannot_end_yet():
    game = ink.new_game(seed=11)
    view = InkGameView(game)
    view.choose(game.open_results[0][0])
    before = game.to_dict()
    assert view.click(*ink_pixel(view, "D3")) is False  # the middle, touching no exit or route
    assert "Not allowed" in view.message.value and "D3" in view.message.value
    assert game.to_dict() == before
    assert view.click(2.0, 2.0) is False and game.to_dict() == before  # the margin: no square
    assert view.finish.disabled and "You must still draw" in view.finish_reason.value


def test_ink_view_scores_only_the_parts_its_game_has():
    base = InkGameView(ink.new_game(seed=11))
    assert "exit networks" in base.score.value and "0 points" in base.score.value
    assert "river" not in base.score.value and "lake" not in base.score.value
    assert "smallest lake" in InkGameView(ink.new_game("lake", seed=1)).score.value
    river = InkGameView(ink.new_game("river", seed=7))
    assert "best river" in river.score.value and "River dice" in river.headings["extras"].value


def test_ink_view_explains_water_drawn_against_an_exit():
    game = ink.new_game("lake", seed=1).set_up(roll=["A1", "A4", "A0", "B0", "L0", "L4"])
    view = InkGameView(game)
    view.choose("L0")
    view.orientation = 3  # its water side turned to the west: D0's west side is a highway exit
    assert view.click(*ink_pixel(view, "D0"))
    assert "allowed" in view.message.value and "highway exit on the west side" in view.message.value
    view.choose("L4")
    view.orientation = 0
    assert view.click(*ink_pixel(view, "C4"))  # water away from any exit: nothing to explain
    assert view.message.value == ""


def test_ink_view_hint_is_the_experts_drawing_with_its_expected_scores_chosen_for_a_click():
    import re

    game = ink.new_game(seed=11)
    view = InkGameView(game)
    view.hint_button.click()  # how fast it answers: benchmarks/bench_ink.py --hints
    advice = game.legal_placements()
    message = view.message.value
    assert "Hint:" in message and "The expert would draw on " in message and view.chosen is not None
    expected, other = (float(x) for x in re.findall(r"with ([0-9.]+) points", message)[:2])
    assert expected >= other  # the expert's drawing is the one whose sampled games end best
    assert "The next best drawing: " in message and "give or take" in message  # and what separates the two
    square = message.split("would draw on ")[1].split(":")[0]
    assert view.click(*ink_pixel(view, square)) and game.history
    drawn = game.history[-1]
    assert any((code, ink.board.square_name(i), o) == (drawn.tile, drawn.square, drawn.orientation)
               for code, i, o in advice)
    view.hint_button.click()  # the next hint weighs the two best drawings on the same 32 games again
    assert "The expert would draw on " in view.message.value and "32 games" in view.message.value


def test_ink_hint_says_what_separates_the_best_drawing_from_the_next_or_that_they_are_equally_good():
    from zuzlab import texts
    from zuzlab.ink.expert import Estimate
    from zuzlab.widgets.game_views import why_best

    where = {"tile": "T", "square": "B0", "how": "as printed"}
    best, runner_up = ink.Place("B1", "B0", 2), ink.Place("A0", "F0", 3)

    def why(mine, theirs):
        return why_best(Estimate(best, sum(mine) / len(mine), len(mine), tuple(mine)),
                        Estimate(runner_up, sum(theirs) / len(theirs), len(theirs), tuple(theirs)), where)

    tied = why([20, 22, 21, 22], [20, 22, 21, 22])  # the same score in every sampled game
    assert "21.2 points on average" in tied and "with 21.2 points" in tied
    assert "railway curve (A0) on F0, turned three quarters clockwise" in tied  # the next best, in words
    assert "Both ended every one of the 4 games with the same score" in tied and "ranked first" in tied
    close = why([20, 25, 21, 22], [21, 22, 22, 21])  # +0.5 on average, but the games disagree
    assert "about equally good" in close and "give or take" in close
    ahead = why([24, 27, 25, 26], [20, 22, 21, 22])  # 4.25 ahead in every game
    assert "25.5 points on average" in ahead and "with 21.2 points" in ahead  # 21.25, written half to even
    assert "ahead by 4.3 points, give or take 0.2" in ahead and "more than chance" in ahead  # as written: 25.5 − 21.2
    rounded = why([17] * 47 + [16] * 3, [15] * 27 + [16] * 23)  # 16.94 and 15.46: 1.48 apart, written 1.4
    assert "16.9 points on average" in rounded and "with 15.5 points" in rounded and "by 1.4 points" in rounded
    digits = why([21, 21, 21] * 11 + [22], [21] * 34)  # 21.03 against 21.00: one decimal would read the same
    assert "21.03 points on average" in digits and "with 21.00 points" in digits
    last = why([53], [52])  # the last round: one exact playout, no chance left
    assert "no dice are left to roll" in last and "ends with 53 points" in last and "brings 1 point more" in last
    assert "Both end with the same score" in why([53], [53])
    try:
        texts.set_language("de")
        assert "Die beiden Zeichnungen sind etwa gleich gut" in why([20, 25, 21, 22], [21, 22, 22, 21])
        assert why([53], [52]).startswith("Der Experte würde auf B0 zeichnen: ")
    finally:
        texts.set_language("en")


def test_ink_texts_name_a_tile_inside_a_sentence_in_a_form_german_allows():
    """A tile's name has no article ("gerade Autobahn (A4)"): a sentence puts it after a
    colon, where German needs none ("zeichnet auf F1: gerade Autobahn (A4)")."""
    from zuzlab import texts

    game = ink.new_game("river", seed=7).set_up(roll=["A4", "A1", "A0", "B2", "W1", "W1"])
    view = InkGameView(game)
    code, square, orientation = next(p for p in game.legal_placements() if p[0] == "A4")
    place = ink.Place("A4", ink.board.square_name(square), orientation)
    try:
        texts.set_language("de")
        assert "Runde 1, die Würfel zeigen: gerade Autobahn (A4), " in view.narration.value
        assert "; die Flusswürfel zeigen: gerader Fluss (W1) ×2." not in view.narration.value  # each die is told
        assert "; die Flusswürfel zeigen: gerader Fluss (W1) und gerader Fluss (W1)." in view.narration.value
        view.act(place)
        assert f"Spieler 0 zeichnet auf {place.square}: gerade Autobahn (A4)." in view.narration.value
        view.choose("A1")
        view.orientation = 0
        assert not view.click(*ink_pixel(view, "D3"))
        assert "Auf D3 schlösse diese Zeichnung an nichts an: gerade Eisenbahn (A1). Jede Zeichnung muss" \
            in view.message.value
        from zuzlab.widgets.ink_replay import describe_replay, replay_steps

        drawn = describe_replay(replay_steps(game)[1])
        assert drawn.startswith(f"Runde 1, gezeichnet auf {place.square}: gerade Autobahn (A4);")
    finally:
        texts.set_language("en")
    assert f"Player 0 draws on {place.square}: highway straight (A4)." in view.narration.value


def test_ink_view_at_the_end_shows_the_final_score_and_no_stale_controls():
    from zuzlab import texts

    game = ink.new_game(seed=5)
    view = InkGameView(game)
    while not game.is_over:
        assert view.act(ink.bots.greedy_action(game, view.rng))
    assert "over" in view.status.value.lower() and view.drawing.layout.display == "none"
    assert view.help_row.layout.display == "none"  # take back, its reason and the hint
    assert "Final score" in view.final.value and f"{ink.score(game.boards[0]).total} points" in view.final.value
    try:
        texts.set_language("de")
        assert "Schlusswertung" in view.final.value and "Punkte" in view.final.value
        assert view.drawing.layout.display == "none"
    finally:
        texts.set_language("en")


# --- the Card Game view --------------------------------------------------------------------------

def test_card_game_view_keeps_tickets_and_draws():
    game = cardgame.new_game("cardgame", players=3, seed=2)
    view = CardGameView(game)
    assert "Keep at least" in view.controls.children[0].value
    assert not view.ticked() and view.keep.disabled  # nothing is chosen for you
    keep_all(view)
    assert not game.in_setup and game.current_player == 0
    hand = sum(game.hands[0].values())
    view.deck.click()
    assert game.pending is not None and game.pending.kind == "second_card"
    view.deck.click()
    assert sum(game.hands[0].values()) == hand + 2
    assert game.current_player == 0 and "Player 1" in view.narration.value  # the bots played
    assert view.figure.title.text == "Turn 4"  # your turn, then two bots' turns: the fourth turn
    cards = view.figure.select_one({"name": "cards"}).data_source.data
    assert len(cards["x"]) > 0


def test_card_game_view_keep_needs_enough_ticked_tickets():
    view = CardGameView(cardgame.new_game(players=2, seed=2))
    for box in view.keep_boxes.children:
        box.value = False
    assert view.keep.disabled and "Tick at least 1 ticket." in view.keep_reason.value
    view.keep_boxes.children[0].value = True
    assert not view.keep.disabled and view.keep_reason.value == ""
    assert "cards:" in view.keep_boxes.children[0].description  # the colours a ticket needs


def test_card_game_view_explains_a_refusal_and_changes_nothing():
    game = cardgame.new_game("cardgame", players=2, seed=2)
    view = CardGameView(game)
    before = game.to_dict()
    assert view.act(cardgame.DrawBlind()) is False  # tickets must be chosen first
    assert "Not allowed" in view.message.value and game.to_dict() == before


def test_card_game_view_shows_your_tickets_and_which_your_pile_fulfils():
    from zuzlab import texts

    game = cardgame.new_game(players=2, seed=2)
    game.set_up(tickets={0: [3, 7]}, track={0: {"yellow": 1, "green": 1}})  # Chicago–Dallas: yellow, green
    view = CardGameView(game)
    lines = view.tickets.value.split("<li>")[1:]
    assert "Chicago–Dallas" in lines[0] and "✔ fulfilled" in lines[0]
    assert "Dallas–Raleigh" in lines[1] and "not yet" in lines[1]
    assert "fulfils 1 of 2" in view.tickets.value and "would score -2 points" in view.tickets.value
    try:
        texts.set_language("de")
        assert "erfüllt" in view.tickets.value and "Verschiebebahnhof" in str(
            view.figure.select_one({"name": "zone_labels"}).data_source.data["text"])
    finally:
        texts.set_language("en")


def test_card_game_view_frames_a_train_wreck_and_says_who_caused_it():
    from zuzlab.viz.cardgame_table import FRAMES

    game = cardgame.new_game(players=3, seed=2)
    game.set_up(hands={0: {"red": 4, "blue": 2}, 1: {"yellow": 3}, 2: {"white": 2}},
                yards={1: {"red": [2, (1, 1)]}, 2: {"red": [3]}}, current=0)
    view = CardGameView(game)
    choice = next(a for _, a in view.play_menu.options if a == cardgame.PlaySet("red", 4, 0))
    assert "wrecks player 1 (4 cards) and player 2 (3 cards)" in dict((a, t) for t, a in view.play_menu.options)[choice]
    view.play_menu.value = choice
    view.play.click()
    told = html.unescape(view.narration.value)
    assert "Train wreck! Player 0's new red set" in told
    assert "player 1 (4 cards) and player 2 (3 cards) are discarded" in told
    cards = view.figure.select_one({"name": "cards"}).data_source.data
    rows = list(zip(cards["zone"], cards["player"], cards["fill"], cards["label"], cards["line_color"]))
    wrecked = [(player, label) for zone, player, _, label, _ in rows if zone == "wrecked"]
    assert wrecked == [(1, "✕ 4"), (2, "✕ 3")]
    assert any(zone == "yard" and player == 0 and line == FRAMES["wrecker"][0] for zone, player, _, _, line in rows)


def test_card_game_view_disables_what_cannot_be_played_and_says_why():
    game = cardgame.new_game(players=2, seed=2)
    game.set_up(hands={0: {"red": 1, "blue": 1}}, current=0)
    view = CardGameView(game)
    assert view.play.disabled and "no colour in your hand has 2 cards" in view.controls.children[2].children[1].value
    game.set_up(hands={0: {"red": 2}}, yards={1: {"red": [3]}}, current=0)
    view.refresh()
    reason = view.controls.children[2].children[1].value
    assert view.play.disabled and "red: your 2 cards (with your locomotives) do not outnumber player 1" in reason


def test_card_game_view_offers_drawn_tickets_to_keep_any_or_none():
    from zuzlab import texts

    game = cardgame.new_game(players=2, seed=2).set_up(current=0)
    view = CardGameView(game)
    view.draw_tickets.click()
    assert game.pending.keep_min == 0 and not view.keep.disabled  # none ticked is a choice too
    assert "Keep any of these tickets, or none:" in view.controls.children[0].value
    try:
        texts.set_language("de")
        assert "Behalte beliebig viele dieser Zielkarten oder keine:" in view.controls.children[0].value
    finally:
        texts.set_language("en")
    view.keep.click()
    assert game.pending is None and len(game.tickets[0]) == 6  # the opening's six, none of the drawn ones


def test_card_game_view_second_card_disables_the_rest_with_reasons():
    game = cardgame.new_game(players=2, seed=2)
    game.set_up(face_up=["locomotive", "red", "blue", "green", "black"], current=0)
    view = CardGameView(game)
    view.deck.click()
    locomotive = next(b for b in view.face_up.children if b.description == "locomotive")
    assert locomotive.disabled and "counts as two cards" in locomotive.tooltip
    assert view.play.disabled and view.draw_tickets.disabled
    assert "First take your second card." in str([getattr(c, "children", c) for c in view.controls.children])


def test_card_game_view_hint_points_at_a_train_wreck():
    game = cardgame.new_game(players=2, seed=2)
    game.set_up(hands={0: {"green": 3}}, yards={1: {"green": [2]}}, current=0)
    view = CardGameView(game)
    view.hint_button.click()
    assert "The collector bot would play 3 green cards to the rail yard: it wrecks player 1 (2 cards)" \
        in view.message.value


def test_card_game_narration_menus_and_hint_list_colours_with_and():
    from zuzlab import texts
    from zuzlab.core import Event
    from zuzlab.widgets.narration import narrate

    game = cardgame.new_game(players=2, seed=2)
    game.set_up(hands={0: {"blue": 1, "white": 1, "yellow": 1}}, tickets={0: [3, 7]}, current=0)
    view = CardGameView(game)
    mixed = Event("mixed_played", 1, colors=["red", "white", "yellow"])
    moved = Event("moved_to_track", 1, cards=["red", "yellow", "white"])
    play = cardgame.PlayMixed(("blue", "white", "yellow"))
    assert play in [value for _, value in view.play_menu.options]
    assert narrate(mixed, game, "de") == "Spieler 1 legt einzelne Karten in den Verschiebebahnhof: rot, weiß und gelb."
    assert narrate(moved, game, "de").endswith("eine Karte auf den Unterwegs-Stapel: rot, gelb und weiß.")
    assert narrate(mixed, game, "en") == "Player 1 lays red, white, and yellow in the rail yard."
    assert narrate(moved, game, "en").endswith("onto the on-the-track pile: red, yellow, and white.")
    assert view._play_label(play) == "three colours: blue, white, and yellow"
    assert view.hint().startswith("The collector bot would play one blue, one white, and one yellow card to the "
                                  "rail yard")
    try:
        texts.set_language("de")
        assert view._play_label(play) == "drei Farben: blau, weiß und gelb"
        assert view.hint().startswith("Der Sammler-Bot würde eine blaue, eine weiße und eine gelbe Karte in den "
                                      "Verschiebebahnhof legen")
    finally:
        texts.set_language("en")


def test_card_game_view_gives_the_collectors_ticket_advice_and_counts_colours_with_their_unit():
    view = CardGameView(cardgame.new_game(players=2, seed=2))
    view.hint_button.click()
    assert "The collector bot would keep" in view.message.value
    kept = view.hint().split("would keep ")[1].split(": ")[0]  # each ticket as its tick box names it
    offered = [view.game.data.ticket(t) for t in view.game.pending.tickets]
    assert any(f"{t.origin}–{t.destination} ({t.points} points)" in kept for t in offered) and ":" not in kept
    game = cardgame.new_game(players=2, seed=2)
    game.set_up(hands={0: {"red": 1, "blue": 1}}, current=0)
    view = CardGameView(game)
    assert "your hand has 2 such colours" in view._why_no_play()


@pytest.mark.slow  # some 2 s: the quick loop stays under 3 minutes
def test_card_game_view_at_the_end_shows_the_final_table_only():
    from zuzlab.core import random_bot

    game = cardgame.new_game(players=2, seed=3)
    view = CardGameView(game)
    while not game.is_over:
        assert view.act(random_bot(game, view.rng))
    assert [type(c).__name__ for c in view.controls.children] == ["HTML"]
    assert "Final score" in view.controls.children[0].value and "Winner" in view.controls.children[0].value
    assert ">you<" in view.controls.children[0].value and ">random bot<" in view.controls.children[0].value
    assert "over" in view.status.value and view.figure.title.text.startswith("The game is over after")
    assert "✘ not fulfilled" in view.tickets.value or "✔ fulfilled" in view.tickets.value
    cards = view.figure.select_one({"name": "cards"}).data_source.data
    assert "hidden" not in cards["name"]  # at the end every hand and pile is turned up


def test_map_view_fades_the_printed_routes_behind_its_overlay():
    faded = MapStepView("usa").figure.select_one({"name": "cars"}).glyph
    plain = MapStepView("usa", dim_map=False).figure.select_one({"name": "cars"}).glyph
    assert faded.fill_alpha < plain.fill_alpha == 1.0


# --- the rule explorer ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def usa_run():
    """A rule explorer that has played 10 three-player games under the printed and a
    changed USA rules."""
    from concurrent.futures import ThreadPoolExecutor

    from zuzlab.widgets import RuleExplorer

    with ThreadPoolExecutor(2) as threads:
        explorer = RuleExplorer("usa", games=10, players=3, executor=threads)
        explorer.controls["longest_route_bonus"].value = 25
        explorer.simulate()
    return explorer


def summary(tables):
    from zuzlab.widgets.explorer import summary

    return summary(tables)


@pytest.mark.slow
def test_rule_explorer_summary_writes_each_kind_of_number_one_way(usa_run):
    import re

    from zuzlab import texts

    table = summary(usa_run.tables)
    shown = table.to_html()
    cells = re.findall(r'class="data row\d+ col(\d+)" >([^<]*)<', shown)
    totals = [text for col, text in cells if int(col) % 2 == 0]
    rates = [text for col, text in cells if int(col) % 2 == 1]
    assert totals and all(re.fullmatch(r"\d+\.\d", text) for text in totals)  # one decimal: 91.5
    assert rates and all(re.fullmatch(r"\d+%", text) for text in rates)  # whole per cents: 30%
    means = table.data.xs("mean score", axis=1, level=1).iloc[0]
    assert totals[0] == f"{means.iloc[0]:.1f}"
    assert "<caption>mean score and win rate per bot</caption>" in shown
    try:
        texts.set_language("de")
        german = summary(usa_run.tables)
        shown = german.to_html()
        assert list(german.data.columns.get_level_values(0).unique()) == ["gedruckte Regeln", "geänderte Regeln"]
        assert {"mittlere Punkte", "Siegquote"} == set(german.data.columns.get_level_values(1))
        assert german.data.index.name == "Bot"
        assert re.search(r'col0" >\d+,\d<', shown) and re.search(r'col1" >\d+\xa0%<', shown)  # 91,5 and 30 %
    finally:
        texts.set_language("en")


def test_route_claims_map_has_a_colour_scale_with_a_title(usa_run):
    from bokeh.models import ColorBar

    claims = usa_run.figures()[-1]
    scale = claims.select_one({"type": ColorBar})
    assert scale is not None and scale.title == "share of games in which the route was claimed"
    assert (scale.color_mapper.low, scale.color_mapper.high) == (0.0, 1.0)
    lines = claims.select_one({"name": "claims"}).glyph.line_color
    assert lines.transform is scale.color_mapper  # the bar explains the very colours of the routes
    assert claims.title.text == "How often each route was claimed (changed rules, 10 games)"


@pytest.mark.slow
def test_rule_explorer_figures_follow_the_language(usa_run):
    from bokeh.models import HoverTool

    from zuzlab import texts

    def words(figs):
        found = []
        for fig in figs:
            found += [fig.title.text, *(axis.axis_label for axis in fig.xaxis + fig.yaxis if axis.axis_label)]
            found += [item.label.value for legend in fig.legend for item in legend.items]
            found += [name for tool in fig.select({"type": HoverTool}) if isinstance(tool.tooltips, list)
                      for name, _ in tool.tooltips]
        return found

    english = words(usa_run.figures())
    assert {"total score per player", "win rate per bot", "games won per seat played", "turns per game",
            "share", "route"} <= set(english)
    assert any(label.startswith("printed rules (mean ") for label in english)
    try:
        texts.set_language("de")
        german = words(usa_run.figures())
        assert {"Gesamtpunkte je Spieler", "Siegquote je Bot", "Siege je gespieltem Platz",
                "Spielzüge je Partie", "Anteil", "Strecke"} <= set(german)
        assert any(label.startswith("gedruckte Regeln (Mittelwert ") and "," in label for label in german)
        assert "Wie oft jede Strecke gebaut wurde (geänderte Regeln, 10 Partien)" in german
        assert not set(english) & set(german)
    finally:
        texts.set_language("en")

def test_rule_explorer_simulates_the_printed_and_the_changed_rules():
    from concurrent.futures import ThreadPoolExecutor

    from zuzlab.widgets import RuleExplorer

    with ThreadPoolExecutor(2) as threads:
        explorer = RuleExplorer("usa", games=10, players=3, executor=threads)
        explorer.controls["longest_route_bonus"].value = 25
        explorer.controls["route_points"].children[5].value = 9  # a 6-train route: 9 points, not 15
        tables = explorer.simulate()
    printed, changed = tables.values()
    assert set(changed.longest_route_bonus) == {0, 25} and set(printed.longest_route_bonus) == {0, 10}
    assert (changed.turns == printed.turns).all()  # the bots ignore points: the same games, scored anew
    assert "10 games under the printed rules and under yours" in explorer.message.value
    assert "no bot here reads it when choosing a move: the games of the printed rules were scored anew" \
        in shown_text(explorer.message)
    assert len(explorer.figures()) == 4


@pytest.mark.slow
def test_rule_explorer_says_it_played_the_games_again_and_why():
    """An agent of the NYU study weighs the route points: under a flatter table it plays
    other games, so the explorer plays them, and says so, naming the agent; a change of
    the play itself is played again too."""
    from concurrent.futures import ThreadPoolExecutor

    from zuzlab import texts
    from zuzlab.widgets import RuleExplorer

    with ThreadPoolExecutor(2) as threads:
        explorer = RuleExplorer("usa", games=10, players=3, executor=threads,
                                bots=["long_route_exploiting", "tickets", "balanced"])
        explorer.controls["route_points"].children[5].value = 9
        printed, changed = explorer.simulate().values()
        assert not (changed.turns == printed.turns).all()  # other games
        assert ("Only the scoring changed, but this bot reads it when choosing a move: Long Route Exploiting "
                "agent. So the games were played again under your rules") in shown_text(explorer.message)
        texts.set_language("de")
        try:
            assert "aber dieser Bot liest sie bei der Wahl seiner Züge: Langstrecken ausnutzender Agent. Darum " \
                   "wurden die Partien nach deinen Regeln neu gespielt" in shown_text(explorer.message)
        finally:
            texts.set_language("en")
        explorer.controls["route_points"].children[5].value = 15
        explorer.controls["trains_per_player"].value = 40
        explorer.simulate()
    assert "Your change alters how the game is played: the games were played again" in shown_text(explorer.message)


def shown_text(widget) -> str:
    """What an HTML widget reads, without its markup."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


@pytest.mark.slow
def test_rule_explorer_names_a_change_it_cannot_simulate_in_the_words_of_its_controls():
    from zuzlab import texts
    from zuzlab.widgets import RuleExplorer

    explorer = RuleExplorer("usa", games=10, executor=NoGames())
    explorer.controls["initial_keep_min"].value = 5  # keep 5 of 3 tickets dealt
    assert explorer.simulate() == {}
    shown = shown_text(explorer.message)
    assert "This change cannot be simulated: «tickets to keep at the start» (5) cannot be more than " \
           "«tickets dealt at the start» (3)." in shown
    assert "initial_keep_min" not in shown and "usa*" not in shown
    try:
        texts.set_language("de")  # the message follows the language, in the German labels
        assert "„zu Beginn zu behaltende Zielkarten“ (5) darf nicht größer sein als „Zielkarten zu Beginn“ (3)." \
            in shown_text(explorer.message)
    finally:
        texts.set_language("en")
    explorer.controls["initial_keep_min"].value = 2
    explorer.bots.value = "tickets, cheater"
    assert explorer.simulate() == {}
    # the strategies first, then the registry's others but those that search, listed as the language lists
    last = [bot for bot in ttr.bots.BOTS if bot not in ttr.ENGINE.searching_bots][-1]
    shown = shown_text(explorer.message)
    assert "«bots»: there is no bot called 'cheater'; choose from tickets, long_routes, balanced, random, " in shown
    assert shown.endswith(f", and {last}.")
    texts.set_language("de")
    try:  # the list as German lists: with "und"
        shown = shown_text(explorer.message)
        assert "Es gibt keinen Bot namens 'cheater'; zur Wahl stehen tickets, long_routes, balanced, random, " in shown
        assert shown.endswith(f" und {last}.") and ", und" not in shown
    finally:
        texts.set_language("en")
    explorer.bots.value = "tickets, Expert"  # a bot that searches: a minute or more a game, refused by name
    assert explorer.simulate() == {}
    shown = shown_text(explorer.message)
    assert "«bots»: expert searches before every move (a second or two each, a minute or more a game), too " \
           "slow for the explorer's hundreds of games (sim.simulate plays it); choose from tickets, " in shown
    assert ", expert" not in shown
    explorer.bots.value = " , "
    assert explorer.simulate() == {} and "«bots»: name at least one bot" in shown_text(explorer.message)


class NoGames:
    """An executor that fails the test if a game is played."""

    def submit(self, *args, **kwargs):
        raise AssertionError("a game was played")


def test_rule_explorer_clears_the_last_results_when_a_run_is_refused():
    from concurrent.futures import ThreadPoolExecutor

    from zuzlab.widgets import RuleExplorer

    with ThreadPoolExecutor(1) as thread:
        explorer = RuleExplorer("usa", games=10, players=2, executor=thread)
        assert len(explorer.simulate()) == 2
    cleared = []
    explorer.results.clear_output = lambda *args, **kwargs: cleared.append(True)  # (no kernel to show outputs)
    explorer.executor = NoGames()
    explorer.controls["initial_tickets"].value = 1  # now 2 of 1 ticket are to be kept
    assert explorer.simulate() == {} and explorer.tables == {}
    assert cleared  # no figure of the last run is left to be misread as the answer
    assert "The figures of the last run are cleared" in shown_text(explorer.message)
    assert explorer.simulate() == {} and "cleared" not in shown_text(explorer.message)  # nothing left to clear


@pytest.mark.slow
def test_rule_explorer_for_railroad_ink():
    from concurrent.futures import ThreadPoolExecutor

    from zuzlab.widgets import RuleExplorer

    with ThreadPoolExecutor(1) as thread:
        assert RuleExplorer("ink", games=10, players=1).bots.value == "expert_quick"  # the expert, where it is quick
        explorer = RuleExplorer("ink", games=10, players=1, bots=["greedy"], executor=thread)
        assert set(explorer.controls) == {"rounds", "loop_rule"}
        explorer.controls["rounds"].value = 3
        explorer.controls["loop_rule"].value = "trail"
        printed, changed = explorer.simulate().values()
    assert set(changed.turns) == {3} and set(printed.turns) == {7}
    titles = [fig.title.text for fig in explorer.figures()]  # no map for Railroad Ink, and for one player …
    assert titles == ["total score per player", "rounds per game"]  # … no win rates: a lone player always wins
    assert list(summary(explorer.tables).data.columns.get_level_values(1)) == ["mean score", "mean score"]


def test_rule_explorer_for_the_card_game():
    from concurrent.futures import ThreadPoolExecutor
    from dataclasses import replace

    from zuzlab.widgets import RuleExplorer

    with ThreadPoolExecutor(1) as thread:
        explorer = RuleExplorer("cardgame-printed", games=10, players=3, executor=thread)
        assert (explorer.players.min, explorer.players.max) == (2, 4) and explorer.bots.value == "collector, wrecker"
        explorer.controls["two_rounds_from"].value = 3  # two rounds for three players
        explorer.controls["locomotives_move_first"].value = True
        assert explorer.changed_rules() == replace(cardgame.rules.CARD_GAME_PRINTED, name="cardgame-printed*",
                                                   two_rounds_from=3, locomotives_move_first=True)
        printed, changed = explorer.simulate().values()
    assert len(printed) == len(changed) == 10 * 3 and set(changed.variant) == {"cardgame-printed*"}
    assert (printed.first_round == 0).all() and (changed.first_round != 0).any()  # a first scoring only if changed
    assert "10 games under the printed rules and under yours" in explorer.message.value
    assert len(explorer.figures()) == 3  # no map for the Card Game


def test_rule_explorer_refuses_a_card_game_change_and_plays_nothing():
    from zuzlab.widgets import RuleExplorer

    explorer = RuleExplorer("cardgame", games=10, executor=NoGames())
    explorer.controls["initial_tickets"].value = 2
    explorer.controls["initial_keep_min"].value = 3  # keep 3 of 2 tickets dealt
    assert explorer.simulate() == {} and explorer.tables == {}
    assert "«tickets to keep at the start» (3) cannot be more than «tickets dealt at the start» (2)" \
        in explorer.message.value.replace("&#x27;", "'")


@pytest.mark.slow
def test_rule_explorer_says_where_the_bots_are_picked_and_names_the_card_games_bots():
    from zuzlab import texts
    from zuzlab.widgets import RuleExplorer

    cardgame_bots = RuleExplorer("cardgame", games=10).bots_hint.value
    assert "choose from collector (collector bot), wrecker (wrecker bot), and random (random bot)" in cardgame_bots
    assert not RuleExplorer("cardgame", games=10).bots.disabled and not RuleExplorer("usa", games=10).bots.disabled
    assert ("choose from tickets (ticket bot), long_routes (long-route bot), balanced (balanced bot), "
            "random (random bot), destination_hungry (Destination Hungry agent)") \
        in RuleExplorer("usa", games=10).bots_hint.value
    explorer = RuleExplorer("cardgame", games=10)
    try:
        texts.set_language("de")
        assert "collector (Sammler-Bot), wrecker (Zugunglücks-Bot) und random (Zufalls-Bot)" in explorer.bots_hint.value
    finally:
        texts.set_language("en")


@pytest.mark.slow
def test_rule_explorer_names_each_bot_without_brackets_inside_brackets():
    import re

    from zuzlab import texts
    from zuzlab.widgets import RuleExplorer

    explorer = RuleExplorer("ink", games=10, players=1)
    assert "expert_quick (quick expert: 8 drawings, 4 sampled games each on average)" in explorer.bots_hint.value
    try:
        texts.set_language("de")
        german = explorer.bots_hint.value
    finally:
        texts.set_language("en")
    assert "expert_quick (schneller Experte: 8 Zeichnungen, im Schnitt je 4 Stichproben-Partien)" in german
    assert not re.search(r"\([^()]*\(", explorer.bots_hint.value + german)


def test_the_start_notebook_promises_of_the_language_switch_only_what_it_does():
    from zuzlab import texts

    for lang, live, rerun in (
            ("en", "its buttons and messages at once", "tables and maps when you run their cell again"),
            ("de", "Knöpfe und Meldungen sofort", "Tabellen und Pläne, wenn du ihre Zelle noch einmal")):
        said = texts.text("explain.start.widgets", lang)
        assert live in said and rerun in said and "every text" not in said and "alle Texte" not in said


@pytest.mark.slow
def test_rule_explorer_labels_wrap_instead_of_being_cut_off():
    import ipywidgets as widgets

    from zuzlab import texts
    from zuzlab.widgets import RuleExplorer

    explorer = RuleExplorer("usa", games=10)
    slider = explorer.controls["double_routes_min_players"]
    row = next(row for row in explorer.widget.children if slider in row.children)
    name = row.children[0]
    assert not isinstance(name, widgets.Label)  # a Label cuts a long name off with "…"
    try:
        texts.set_language("de")
        assert "beide Gleise von Doppelstrecken ab so vielen Spielern" in name.value
    finally:
        texts.set_language("en")


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.key)
def test_every_engine_offers_explorer_controls_each_with_an_english_and_a_german_label(engine):
    from zuzlab import texts
    from zuzlab.widgets.explorer import parameters_of

    parameters = parameters_of(engine.rules_type)
    assert parameters, f"{engine.name} declares no rules field for the rule explorer"
    for parameter in parameters:
        rules = engine.variants[engine.default_variant]
        value, shown = getattr(rules, parameter.field), parameter.read(parameter.make(rules))
        assert shown == (dict(value) if isinstance(value, tuple) else value)  # each control shows the rules' value
        for lang in texts.LANGUAGES:
            assert f"param_{parameter.field}" in texts.table(lang)["label"], (lang, parameter.field)


def test_rule_explorer_labels_follow_the_language_and_the_rules():
    from zuzlab import texts
    from zuzlab.widgets import RuleExplorer

    explorer = RuleExplorer("cardgame", games=10)
    row = next(row for row in explorer.widget.children if explorer.controls["two_rounds_from"] in row.children)
    assert shown_text(row.children[0]) == "two rounds from this many players (5\xa0=\xa0never)"  # kept on one line
    try:
        texts.set_language("de")
        assert shown_text(row.children[0]) == "zwei Runden ab so vielen Spielern (5\xa0=\xa0nie)"
    finally:
        texts.set_language("en")


def test_player_slider_and_caption_show_the_same_step_number():
    player = StepPlayer(range(50), TextView(details=str))
    player.go(42)
    assert player.position.value == 43 and "step 43 of 50" in player.caption.value
    player.position.value = 7  # the learner drags the slider
    assert player.view.shown == 6 and "step 7 of 50" in player.caption.value


def test_player_jumps_to_the_next_marked_step_then_to_the_end():
    player = StepPlayer(range(30), TextView(details=str), jump=lambda step: step % 10 == 5)
    assert player.next_mark in player.widget.children[1].children
    player.next_mark.click()
    assert player.view.shown == 5
    player.next_mark.click()
    assert player.view.shown == 15
    player.go(26)
    player.next_mark.click()  # no mark after 25: the end
    assert player.view.shown == 29
    one, other = StepPlayer(range(3), TextView()), StepPlayer(range(3), TextView())
    assert one.next_mark not in other.widget.children[1].children


def test_an_ink_game_replays_drawing_by_drawing_and_opens_on_the_finished_board():
    from zuzlab.ink.bots import expert
    from zuzlab.widgets import replay_player

    game = ink.play_game(seed=3, bots=expert(2, 3))
    player = replay_player(game)
    drawings = [a for a in game.history if isinstance(a, ink.Place)]
    assert len(player.steps) == len(game.history) + 1  # the empty board, then every action
    assert player.index == len(player.steps) - 1 and player.view.shown.board == game.boards[0]
    assert f"The game is over: {ink.score(game.boards[0]).total} points." in player.caption.value
    player.go(0)
    assert player.view.shown.board == ink.Board() and "The empty board" in player.caption.value
    player.go_to_next_mark()  # the end of round 1
    assert player.view.shown.kind == "finish" and "Round 1 is over" in player.caption.value
    first = drawings[0]
    assert player.steps[1].action == first and player.steps[1].board[first.square] is not None


def test_a_set_up_ink_game_replays_from_its_set_up_position():
    import random

    from zuzlab.widgets.ink_replay import replay_steps

    start = ink.Board.from_anu("A4A10A4B10")
    game = ink.new_game(seed=5).set_up(boards={0: start}, round=3, roll=["A1", "A1", "A4", "B2"])
    while game.round == 3:
        game.apply(ink.bots.greedy_action(game, random.Random(1)))
    steps = replay_steps(game)
    assert steps[0].board == start and steps[1].round == 3  # not the seed's empty board and first roll
    assert steps[-1].board == game.boards[0]


def test_ink_view_takes_a_bot_by_name_for_the_other_boards():
    game = ink.new_game(players=2, seed=4)
    view = InkGameView(game, bot="expert_quick")
    while game.current_player == 0 and not game.is_over:
        assert view.act(ink.bots.greedy_action(game, view.rng))
    assert game.boards[1].filled()  # the expert drew the second board after the human finished
    with pytest.raises(ValueError, match="no Railroad Ink bot called 'cheater'; known: .*expert"):
        InkGameView(ink.new_game(seed=1), bot="cheater")
