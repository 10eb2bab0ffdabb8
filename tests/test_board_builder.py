"""A board of your own made in code (``zuzlab.ttr.board_builder``): cities and routes with
suggested lengths and balanced colours, double routes, undo, refusals that leave the board
as it was, and a board saved, checked, given tickets and played."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from zuzlab import texts, ttr
from zuzlab.ttr import board_check, ticket_maker
from zuzlab.ttr.board_builder import BoardBuilder, kilometres
from zuzlab.ttr.maps import TRAIN_COLORS, load_map

BAVARIA = [("München", 48.14, 11.58), ("Augsburg", 48.37, 10.90), ("Nürnberg", 49.45, 11.08),
           ("Regensburg", 49.01, 12.10), ("Ingolstadt", 48.77, 11.43), ("Würzburg", 49.79, 9.95),
           ("Passau", 48.57, 13.43), ("Bamberg", 49.89, 10.89)]
LINES = [("München", "Augsburg"), ("München", "Ingolstadt"), ("Ingolstadt", "Nürnberg"), ("Nürnberg", "Würzburg"),
         ("Nürnberg", "Regensburg"), ("Regensburg", "Passau"), ("München", "Passau"), ("Nürnberg", "Bamberg"),
         ("Bamberg", "Würzburg"), ("Augsburg", "Würzburg"), ("Regensburg", "Ingolstadt")]


def bavaria() -> BoardBuilder:
    builder = BoardBuilder("bayern", "Bayern")
    for name, lat, lon in BAVARIA:
        builder.add_city(name, lat, lon)
    return builder


def test_the_distance_is_the_great_circle_one():
    assert kilometres((48.14, 11.58), (49.45, 11.08)) == pytest.approx(150, abs=3)  # München–Nürnberg


def test_a_routes_length_follows_the_distance_at_the_boards_own_scale():
    builder = bavaria()
    first = builder.add_route("München", "Augsburg", length=1)  # about 55 km: one train
    assert first["length"] == 1
    far = kilometres((48.14, 11.58), (48.57, 13.43)) / kilometres((48.14, 11.58), (48.37, 10.90))
    assert builder.suggested_length("München", "Passau") == round(far)  # 2.5 times as far
    farther = kilometres((49.79, 9.95), (48.57, 13.43)) / kilometres((48.14, 11.58), (48.37, 10.90))
    assert builder.add_route("Würzburg", "Passau")["length"] == min(6, round(farther)) == 5


def test_the_colours_are_balanced_as_routes_are_added():
    builder = bavaria()
    colours = [builder.add_route(a, b, length=2)["color"] for a, b in LINES[:8]]
    assert sorted(colours) == sorted(TRAIN_COLORS)  # each colour once before any twice


def test_a_second_route_between_two_cities_is_their_double_route_a_third_their_triple_route_and_a_fourth_is_refused():
    texts.set_language("en")
    builder = bavaria()
    first = builder.add_route("München", "Augsburg", length=2)
    second = builder.add_route("Augsburg", "München")
    assert (first["double_with"], second["double_with"], second["length"]) == (second["id"], first["id"], 2)
    third = builder.add_route("München", "Augsburg")
    ids = [first["id"], second["id"], third["id"]]
    assert [route["double_with"] for route in builder.routes_between("München", "Augsburg")] == [
        [other for other in ids if other != track] for track in ids]
    assert sorted(builder.draft().route(third["id"]).tracks) == ids and third["length"] == 2
    before = copy.deepcopy(builder.data)
    with pytest.raises(texts.InputError, match="at most 3 tracks between two cities"):
        builder.add_route("München", "Augsburg")
    assert builder.data == before
    builder.remove_route(second["id"])
    assert [route["double_with"] for route in builder.data["routes"]] == [third["id"], first["id"]]  # a double route
    builder.remove_route(first["id"])
    assert [route["double_with"] for route in builder.data["routes"]] == [None]  # the last track stands alone


@pytest.mark.parametrize("step, message", [
    (lambda b: b.add_city("München", 48.0, 11.0), "has a city 'München' already"),
    (lambda b: b.add_city("Atlantis", 95.0, 0.0), "is not on the earth"),
    (lambda b: b.add_route("München", "Atlantis"), "has no city 'Atlantis'"),
    (lambda b: b.add_route("München", "München"), "not 'München' to itself"),
    (lambda b: b.add_route("München", "Passau", length=0), "at least 1, not 0"),
    (lambda b: b.add_route("München", "Passau", colour="purple"), "No route colour 'purple'"),
    (lambda b: b.add_route("München", "Augsburg", length=3), "has the length of its first track"),
    (lambda b: b.remove_route(42), "no route 42"),
    (lambda b: b.move_city("Atlantis", 1.0, 1.0), "has no city 'Atlantis'"),
])
def test_a_refused_step_names_its_problem_and_leaves_the_board_as_it_was(step, message):
    texts.set_language("en")
    builder = bavaria()
    builder.add_route("München", "Augsburg")
    before = copy.deepcopy(builder.data)
    with pytest.raises(texts.InputError, match=message):
        step(builder)
    assert builder.data == before


def test_each_step_is_undone_in_turn():
    texts.set_language("en")
    builder = BoardBuilder("tiny")
    builder.add_city("A", 50.0, 8.0)
    after_city = copy.deepcopy(builder.data)
    builder.add_city("B", 50.5, 8.5)
    builder.add_route("A", "B")
    builder.move_city("B", 51.0, 9.0)
    builder.remove_city("A")
    assert [city["name"] for city in builder.data["cities"]] == ["B"] and builder.data["routes"] == []
    builder.undo()
    builder.undo()
    assert builder.data["cities"][1] == {"name": "B", "lat": 50.5, "lon": 8.5} and len(builder.data["routes"]) == 1
    builder.undo()
    builder.undo()
    assert builder.data == after_city
    builder.undo()
    assert builder.data["cities"] == []
    with pytest.raises(texts.InputError, match="Nothing to undo"):
        builder.undo()


def test_a_board_made_in_code_gets_tickets_is_saved_checked_and_played(tmp_path):
    texts.set_language("en")
    builder = bavaria()
    for a, b in LINES:
        builder.add_route(a, b)
    deck = ticket_maker.make_tickets(builder.draft(), trains=15, count=12, seed=1)
    assert 4 <= len(deck) < 12  # a small board runs out of pairs that are no near duplicates
    builder.set_tickets(deck)
    path = builder.save(tmp_path / "bayern.json")
    assert load_map(path).to_dict() == builder.to_map().to_dict()
    rules = dataclasses.replace(ttr.rules.USA, map=str(path), trains_per_player=15, max_players=2,
                                initial_tickets=2)
    assert board_check.board_problems(path, rules) == []
    game = ttr.play_game(rules, players=2, seed=1, bots="random")
    assert game.is_over and len(game.final_scores().totals) == 2


def test_a_made_deck_is_edited_ticket_by_ticket():
    texts.set_language("en")
    builder = bavaria()
    for a, b in LINES:
        builder.add_route(a, b)
    builder.set_tickets(ticket_maker.make_tickets(builder.draft(), trains=15, count=6, seed=1))
    shortest = ticket_maker.train_distances(builder.draft())
    own = builder.add_ticket("Passau", "Würzburg")  # worth the shortest way, as a made ticket
    assert own["points"] == shortest["Passau"]["Würzburg"]
    assert own["id"] == max(ticket["id"] for ticket in builder.data["tickets"])
    assert builder.add_ticket("München", "Bamberg", points=9)["points"] == 9
    builder.remove_ticket(own["id"])
    assert own["id"] not in [ticket["id"] for ticket in builder.data["tickets"]]
    builder.undo()
    assert own in builder.data["tickets"]
    before = copy.deepcopy(builder.data)
    for step, message in [(lambda: builder.add_ticket("Passau", "Passau"), "not 'Passau' to itself"),
                          (lambda: builder.add_ticket("Passau", "Atlantis"), "has no city 'Atlantis'"),
                          (lambda: builder.add_ticket("Passau", "Bamberg", points=0), "at least 1, not 0"),
                          (lambda: builder.remove_ticket(99), "has no ticket 99")]:
        with pytest.raises(texts.InputError, match=message):
            step()
        assert builder.data == before
    builder.add_city("Lindau", 47.55, 9.68)  # no route reaches it yet
    with pytest.raises(texts.InputError, match="No routes join Lindau and München yet"):
        builder.add_ticket("Lindau", "München")
