"""Connecting tickets (lesson algorithms): connectivity, shortest routes, Steiner trees and
the station choice; each fast function against its stream of steps."""

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zuzlab import ttr
from zuzlab.algorithms import (
    best_station_use, components, connected, connectivity_steps, route_graph, shortest_route, shortest_route_steps,
    station_choice_steps, ticket_plan, ticket_plan_steps,
)

USA = ttr.load_map("usa")
CITIES = sorted(USA.cities)


def last(steps):
    *_, done = steps
    assert done.kind == "done"
    return done.result


def test_components_and_connected():
    routes = [("A", "B", 1), ("B", "C", 2), ("X", "Y", 3)]
    assert components(routes) == [{"A", "B", "C"}, {"X", "Y"}]
    assert connected(routes, "A", "C") and not connected(routes, "A", "X") and not connected(routes, "A", "Q")


def test_flood_fill_reaches_the_same_cities():
    network = USA.random_network(trains=45, seed=3)
    start = network[0].a
    reached = last(connectivity_steps(network, start))
    assert reached == next(c for c in components(network) if start in c)
    steps = list(connectivity_steps(network, start, goal=network[-1].b))
    assert steps[-1].detail["connected"] is True


def test_shortest_route_on_the_usa_board():
    plan = shortest_route(USA.routes, "Los Angeles", "New York")
    assert plan.cities[0] == "Los Angeles" and plan.cities[-1] == "New York"
    graph = route_graph(USA.routes)
    assert plan.length == nx.dijkstra_path_length(graph, "Los Angeles", "New York", weight="length")
    assert sum(r.length for r in plan.routes) == plan.length
    assert shortest_route([("A", "B", 1)], "A", "Z") is None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CITIES), st.sampled_from(CITIES))
def test_dijkstra_steps_agree_with_networkx(a, b):
    fast = shortest_route(USA.routes, a, b)
    slow = last(shortest_route_steps(USA.routes, a, b))
    assert slow.length == fast.length
    assert slow.cities[0] == a and slow.cities[-1] == b
    settled = [s.distance for s in shortest_route_steps(USA.routes, a, b) if s.kind == "settle"]
    assert settled == sorted(settled)  # Dijkstra settles cities nearest first


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(CITIES), min_size=2, max_size=6, unique=True))
def test_steiner_steps_build_networkx_tree(terminals):
    fast = ticket_plan(USA.routes, terminals)
    slow = last(ticket_plan_steps(USA.routes, terminals))
    assert slow == fast  # the same tree, its routes in the same (city) order
    assert [sorted((r.a, r.b)) for r in fast.routes] == sorted(sorted((r.a, r.b)) for r in fast.routes)
    tree = nx.Graph([(r.a, r.b) for r in fast.routes])
    assert nx.is_tree(tree) and set(terminals) <= set(tree)
    # never worse than joining the terminals one shortest path at a time from the first
    chain = sum(shortest_route(USA.routes, terminals[0], t).length for t in terminals[1:])
    assert fast.length <= chain


def test_steiner_tree_of_two_cities_is_a_shortest_route():
    plan = ticket_plan(USA.routes, ["Seattle", "Miami"])
    assert plan.length == shortest_route(USA.routes, "Seattle", "Miami").length


def test_unknown_cities_are_named():
    with pytest.raises(ValueError, match="no route reaches 'Atlantis'"):
        ticket_plan(USA.routes, ["Atlantis", "Boston"])
    with pytest.raises(ValueError, match="no route reaches 'Bostn'"):  # the step view too, before networkx fails
        list(ticket_plan_steps(USA.routes, ["Denver", "Bostn"]))


def test_station_choice_steps_agree_with_the_fast_choice():
    europe = ttr.load_map("europe")
    r = {(x.a, x.b, x.color): x for x in europe.routes}
    own = [r["Frankfurt", "München", "pink"], r["München", "Wien", "orange"]]
    foreign = [r["Frankfurt", "Paris", "orange"], r["Frankfurt", "Paris", "white"], r["Essen", "Frankfurt", "green"],
               r["Berlin", "Frankfurt", "red"]]
    tickets = [t for t in europe.tickets if (t.origin, t.destinations[0]) in (("Paris", "Wien"), ("Berlin", "Roma"))]
    fast = best_station_use(europe.places, own, tickets, ["Frankfurt"], foreign)
    steps = list(station_choice_steps(europe.places, own, tickets, ["Frankfurt"], foreign))
    assert steps[-1].result == fast
    assert [c for c, _ in fast.borrowed] == ["Frankfurt"] and fast.borrowed[0][1].b == "Paris"
    # tried: nothing, Paris (both tracks join the same two pieces: one choice), Essen, Berlin
    assert [s.kind for s in steps].count("try") == 4
