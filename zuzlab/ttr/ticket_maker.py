"""Destination tickets for a board of your own, made the way the printed decks are.

A printed ticket is worth the fewest trains that join its two cities: in ``maps/`` 44 of the
46 Europe tickets and 25 of the 30 USA tickets are worth exactly their shortest path, the
rest one or two more. The longest ticket reaches about 0.47 of a player's trains (USA 22 of
45, Europe 21 of 45), and the values spread as in those decks: many middling tickets, a few
long ones. ``make_tickets`` draws a deck so, seeded:

- each ticket is worth its shortest path in trains (``train_distances``, networkx's Dijkstra);
- the values follow the printed decks' spread (``printed_shares``: each printed ticket's
  value as a share of its deck's longest), scaled to the board's reach, one ticket at each
  step of that spread, so a deck of any size spreads alike;
- about ``PER_CITY`` tickets a city, spread over the cities (a city already used is chosen
  later), and no near duplicate: never the same pair twice, nor two tickets from one city
  to cities ``NEAR`` trains or fewer apart.

The deck is plain data (``Ticket``): edit it, or give the board it with ``with_tickets``.
"""

from __future__ import annotations

import dataclasses
import math
from functools import cache
from itertools import combinations

import networkx as nx

from .. import texts
from ..core import seeded_random
from .maps import Map, Ticket, load_map

#: the longest ticket, as a share of a player's trains (USA 22/45, Europe 21/45)
REACH = 0.47
#: tickets per city of the board
PER_CITY = 1.1
#: two tickets from one city whose other ends are this many trains apart or fewer are near duplicates
NEAR = 2
#: the printed decks whose spread a new deck follows
PRINTED = ("usa", "europe")


def train_distances(board: Map) -> dict[str, dict[str, int]]:
    """The fewest trains between every two cities of ``board`` (a double route counts once)."""
    graph: nx.Graph = nx.Graph()
    for route in board.routes:
        if not graph.has_edge(route.a, route.b) or graph[route.a][route.b]["trains"] > route.length:
            graph.add_edge(route.a, route.b, trains=route.length)
    return {city: dict(lengths) for city, lengths in nx.all_pairs_dijkstra_path_length(graph, weight="trains")}


@cache
def printed_shares() -> tuple[float, ...]:
    """Each printed ticket's value as a share of its deck's longest, sorted (``PRINTED``)."""
    shares: list[float] = []
    for name in PRINTED:
        values = [ticket.points for ticket in load_map(name).tickets]
        shares += [value / max(values) for value in values]
    return tuple(sorted(shares))


def spread(count: int, longest: int) -> list[int]:
    """``count`` ticket values spread as the printed decks' (``printed_shares``), up to ``longest``."""
    shares = printed_shares()
    return [max(1, round(longest * shares[min(len(shares) - 1, int((i + 0.5) / count * len(shares)))]))
            for i in range(count)]


def make_tickets(board: Map, trains: int = 45, count: int | None = None, seed: int | str = 0,
                 first_id: int = 0, deck: str = "base") -> list[Ticket]:
    """A seeded deck of ``count`` tickets for ``board`` (by default ``PER_CITY`` a city) for
    players of ``trains`` trains (the module's text). Ids count up from ``first_id``. A small
    board may run out of pairs that are no near duplicates: the deck is then shorter, never
    padded with near duplicates (``board_check`` says when it is too short to deal)."""
    distances = train_distances(board)
    cities = sorted(city for city, place in board.cities.items() if place.kind == "city" and city in distances)
    pairs = [(a, b) for a, b in combinations(cities, 2) if b in distances[a]]
    if not pairs:
        raise texts.InputError("error.tickets_need_routes", map=board.title)
    reach = min(round(REACH * trains), max(distances[a][b] for a, b in pairs))
    count = round(PER_CITY * len(cities)) if count is None else count
    rng = seeded_random(seed, "tickets", board.name)
    used = dict.fromkeys(cities, 0)
    chosen: list[tuple[str, str]] = []
    targets = spread(count, reach)
    rng.shuffle(targets)  # the long tickets are not all chosen last, from what is left
    for target in targets:
        allowed = [pair for pair in pairs if distances[pair[0]][pair[1]] <= reach
                   and not any(near_duplicate(pair, other, distances) for other in chosen)]
        if not allowed:
            break
        best = min(rank(pair, target, distances, used) for pair in allowed)
        pick = rng.choice([pair for pair in allowed if rank(pair, target, distances, used) == best])
        chosen.append(pick)
        for city in pick:
            used[city] += 1
    return [Ticket(first_id + number, a, (b,), (distances[a][b],), deck) for number, (a, b) in enumerate(chosen)]


def rank(pair: tuple[str, str], target: int, distances: dict[str, dict[str, int]],
         used: dict[str, int]) -> tuple[int, int]:
    """How well a pair fits a ticket of ``target`` trains: its distance off the target
    first, then how often its cities are used already (the cities shared out)."""
    a, b = pair
    return abs(distances[a][b] - target), used[a] + used[b]


def near_duplicate(pair: tuple[str, str], other: tuple[str, str], distances: dict[str, dict[str, int]]) -> bool:
    """The same two cities, or one city shared and the other ends ``NEAR`` trains or fewer apart."""
    if set(pair) == set(other):
        return True
    shared = set(pair) & set(other)
    if not shared:
        return False
    (city,) = shared
    end, other_end = (next(c for c in pair if c != city), next(c for c in other if c != city))
    return distances[end].get(other_end, math.inf) <= NEAR


def with_tickets(board: Map, tickets: list[Ticket]) -> Map:
    """``board`` with ``tickets`` as its deck."""
    return dataclasses.replace(board, tickets=tuple(tickets))
