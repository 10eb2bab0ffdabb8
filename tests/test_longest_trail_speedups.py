"""The choices the longest trail makes for speed, each held to the plain way: route objects
read as they are, networks listed as they grew taken as one piece, hanging trees of one
chain left uncut, and the ends of arms spared a Dijkstra of their own."""

import importlib
import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from zuzlab import ttr

from test_longest_route import dense_or_sparse, multigraphs, reference_longest

chains_module = importlib.import_module("zuzlab.algorithms.longest_trail.chains")
distances_module = importlib.import_module("zuzlab.algorithms.longest_trail.distances")
pieces_module = importlib.import_module("zuzlab.algorithms.longest_trail.pieces")


def test_route_objects_are_read_as_they_are_and_tuples_as_edges():
    board = ttr.load_map("usa")
    routes = board.random_network(trains=30, seed=3)
    assert all(read is route for read, route in zip(pieces_module.read_routes(routes), routes))
    (edge,) = pieces_module.read_routes([("Denver", "Omaha", 4)])
    assert isinstance(edge, pieces_module.Edge) and (edge.a, edge.b, edge.length) == ("Denver", "Omaha", 4)


@settings(max_examples=150, deadline=None)
@given(multigraphs("ABCDEFGH", min_size=1, max_size=14), st.randoms(use_true_random=False))
def test_pieces_are_the_components_in_any_order(edges, rng):
    # Listed as they come (often not as a network grows) and listed as they grew.
    graph = nx.MultiGraph([(a, b) for a, b, _ in edges])
    expected = sorted((sorted(cities), sum(n for a, _, n in edges if a in cities))
                      for cities in nx.connected_components(graph))
    grown = _as_grown(edges, rng)
    for listed in (edges, grown):
        pieces = pieces_module.connected_pieces([pieces_module.Edge(*edge) for edge in listed])
        assert sorted((sorted(piece.cities), piece.length) for piece in pieces) == expected
        assert {city: sorted(at) for city, at in pieces[0].touching.items()} == {
            city: [i for i, (a, b, _) in enumerate(listed) if city in (a, b)] for city in graph}


def _as_grown(edges, rng):
    """The edges of each piece in an order in which each meets an earlier one of its piece."""
    left, grown = list(edges), []
    while left:
        reached = set(left[0][:2])
        while any(a in reached or b in reached for a, b, _ in left):
            touching = [edge for edge in left if edge[0] in reached or edge[1] in reached]
            edge = rng.choice(touching)
            left.remove(edge)
            grown.append(edge)
            reached.update(edge[:2])
    return grown


def test_a_network_grown_and_shuffled_is_one_piece_both_ways():
    board = ttr.load_map("europe")
    for seed in range(20):
        network = board.dense_network(routes=20, seed=seed)
        shuffled = random.Random(seed).sample(network, len(network))
        for listed in (network, shuffled):
            pieces = pieces_module.connected_pieces(listed)
            assert len(pieces) == 1 and pieces[0].length == sum(r.length for r in network)
        assert ttr.longest_route(shuffled) == ttr.longest_route(network)


def _chains(edges):
    routes = [pieces_module.Edge(*edge) for edge in edges]
    (piece,) = pieces_module.connected_pieces(routes)
    return chains_module.contract_chains(routes, piece)


def test_a_tree_of_one_chain_at_a_city_with_two_arms_is_left_uncut():
    # A ring A-B-C-A (one loop chain at A) with arms at A; the longest path inside the
    # trees is always t1-t2 (3 + 4, through A or D).
    ring = [("A", "B", 2), ("B", "C", 2), ("C", "A", 2)]
    two_arms = ring + [("A", "t1", 3), ("A", "t2", 4)]
    three_arms = two_arms + [("A", "t3", 1)]  # the shortest arm is cut
    deep_tree = ring + [("A", "D", 1), ("D", "t1", 3), ("D", "t2", 4)]  # a tree of three chains
    for edges, uncut, left in ((two_arms, True, 3), (three_arms, False, 3), (deep_tree, False, 2)):
        chains = _chains(edges)
        core, in_a_tree = chains_module.trim_hanging_trees(chains, unfold_arms=False)
        assert (core is chains) == uncut and len(core) == left, edges
        assert in_a_tree is not None and in_a_tree.length == 7
        assert ttr.longest_route(edges) == ttr.longest_trail(edges).length == reference_longest(edges)


@settings(max_examples=150, deadline=None)
@given(dense_or_sparse)
def test_odd_distances_are_the_shortest_and_their_paths_walk_them(edges):
    # The ends of arms get their distances from the city they hang at, not from a Dijkstra.
    if not edges:
        return
    routes = [pieces_module.Edge(*edge) for edge in edges]
    piece = max(pieces_module.connected_pieces(routes), key=lambda piece: piece.length)
    if sum(len(piece.touching[city]) % 2 for city in piece.cities) <= 2:
        return
    chains, _ = chains_module.trim_hanging_trees(chains_module.contract_chains(routes, piece))
    odd = chains.odd_cities()
    if len(odd) <= 2:
        return
    found = distances_module.odd_distances(chains, odd)
    graph = nx.Graph()
    for a, b, length in zip(chains.start, chains.end, chains.length):
        if a != b and (not graph.has_edge(a, b) or graph[a][b]["weight"] > length):
            graph.add_edge(a, b, weight=length)
    assert sorted(found.odd) == sorted(odd)
    for i, a in enumerate(found.odd):
        for j, b in enumerate(found.odd):
            assert found.matrix[i][j] == nx.shortest_path_length(graph, a, b, weight="weight")
            if i != j:
                path = found.path(i, j)
                assert sum(chains.length[k] for k in path) == found.matrix[i][j]
                ends = [city for k in path for city in (chains.start[k], chains.end[k])]
                assert {city for city in ends if ends.count(city) % 2} == {a, b}  # a path from a to b
