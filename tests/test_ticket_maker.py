"""Tickets for a board of your own (``zuzlab.ttr.ticket_maker``), held to the printed decks
of ``maps/``: worth their shortest path in trains, reaching about 0.47 of a player's trains,
about 1.1 a city, spread as the printed decks, never near duplicates, seeded."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

from zuzlab.ttr import ticket_maker
from zuzlab.ttr.maps import load_map


def off_shortest(board, tickets) -> Counter:
    """How many trains more than its shortest path each ordinary ticket is worth, counted."""
    distances = ticket_maker.train_distances(board)
    return Counter(ticket.points - distances[ticket.origin][ticket.destinations[0]]
                   for ticket in tickets if len(ticket.destinations) == 1)


def test_the_printed_decks_are_worth_their_shortest_paths_or_a_little_more():
    assert off_shortest(load_map("usa"), load_map("usa").tickets) == Counter({0: 25, 1: 4, 2: 1})
    assert off_shortest(load_map("europe"), load_map("europe").tickets) == Counter({0: 44, 1: 2})
    for name in ticket_maker.PRINTED:  # and reach about 0.47 of a player's 45 trains
        assert max(ticket.points for ticket in load_map(name).tickets) / 45 == pytest.approx(ticket_maker.REACH,
                                                                                             abs=0.025)


@pytest.mark.parametrize("name", ["usa", pytest.param("europe", marks=pytest.mark.slow)])
def test_a_made_deck_is_a_printed_decks_kind(name):
    board = load_map(name)
    deck = ticket_maker.make_tickets(board, trains=45, seed=1)
    assert off_shortest(board, deck) == Counter({0: len(deck)})  # each worth its shortest path
    assert len(deck) == round(1.1 * len(board.cities))
    longest = max(ticket.points for ticket in deck)
    assert round(0.47 * 45) - 1 <= longest <= round(0.47 * 45)
    made = statistics.quantiles([ticket.points / longest for ticket in deck], n=4)
    printed = statistics.quantiles(ticket_maker.printed_shares(), n=4)
    assert made == pytest.approx(printed, abs=0.08)  # spread as the printed decks
    used = Counter(city for ticket in deck for city in (ticket.origin, *ticket.destinations))
    assert set(used) == set(board.cities) and max(used.values()) <= 4  # every city, none much more
    assert len({ticket.id for ticket in deck}) == len(deck)


def test_no_two_tickets_are_near_duplicates():
    board = load_map("usa")
    distances = ticket_maker.train_distances(board)
    deck = ticket_maker.make_tickets(board, seed=3)
    for i, first in enumerate(deck):
        for second in deck[i + 1:]:
            pair, other = (first.origin, first.destinations[0]), (second.origin, second.destinations[0])
            assert not ticket_maker.near_duplicate(pair, other, distances), (first, second)
    assert ticket_maker.near_duplicate(("Denver", "Omaha"), ("Omaha", "Denver"), distances)
    assert ticket_maker.near_duplicate(("Denver", "Omaha"), ("Denver", "Kansas City"), distances)  # 1 train apart
    assert not ticket_maker.near_duplicate(("Denver", "Omaha"), ("Denver", "Phoenix"), distances)


def test_the_same_seed_gives_the_same_deck_and_another_seed_another():
    board = load_map("usa")
    assert ticket_maker.make_tickets(board, seed=5) == ticket_maker.make_tickets(board, seed=5)
    assert ticket_maker.make_tickets(board, seed=5) != ticket_maker.make_tickets(board, seed=6)


def test_a_made_deck_plays_as_the_boards_deck(tmp_path):
    import dataclasses
    import json

    from zuzlab import ttr

    board = load_map("usa")
    deck = ticket_maker.make_tickets(board, count=20, seed=2, first_id=100)
    assert [ticket.id for ticket in deck] == list(range(100, 120))
    path = tmp_path / "usa-made-tickets.json"
    path.write_text(json.dumps(ticket_maker.with_tickets(board, deck).to_dict()), encoding="utf-8")
    assert load_map(path).tickets == tuple(deck)  # saved and read back as the board's deck
    game = ttr.new_game(dataclasses.replace(ttr.rules.USA, map=str(path)), players=2, seed=1)
    dealt = {ticket for offer in game.offers for ticket in offer}
    assert len(dealt) == 2 * ttr.rules.USA.initial_tickets and dealt <= {ticket.id for ticket in deck}


def test_a_board_without_routes_gets_no_tickets_but_a_clear_refusal():
    from zuzlab import texts
    from zuzlab.ttr.board_builder import BoardBuilder

    texts.set_language("en")
    builder = BoardBuilder("empty", "Two lonely cities")
    builder.add_city("A", 50.0, 8.0)
    builder.add_city("B", 51.0, 9.0)
    with pytest.raises(texts.InputError, match="Two lonely cities has no two cities joined by routes yet"):
        ticket_maker.make_tickets(builder.draft())
