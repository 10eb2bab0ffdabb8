"""The longest continuous route: hand-counted networks and a brute-force check."""

import importlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zuzlab import ttr

#: the package's modules (``zuzlab.algorithms.longest_trail`` is also the name of its function)
pairing_module = importlib.import_module("zuzlab.algorithms.longest_trail.pairing")
distances_module = importlib.import_module("zuzlab.algorithms.longest_trail.distances")
solve_module = importlib.import_module("zuzlab.algorithms.longest_trail.solve")


def test_single_route_and_nothing():
    assert ttr.longest_route([("A", "B", 4)]) == 4
    assert ttr.longest_route([]) == 0


def test_branches_do_not_add():
    # A star: three arms of 3, 4, 5 from a hub. Only two arms make a trail: 4 + 5.
    star = [("hub", "x", 3), ("hub", "y", 4), ("hub", "z", 5)]
    assert ttr.longest_route(star) == 9


def test_a_loop_is_skipped_when_it_cannot_be_left_again():
    # t1 -5- A, a triangle A-B-C of 1s, C -6- t2. Walking the whole triangle would need
    # to pass A twice, but A has only the tail besides. Best: t1-A-B-C-t2 = 5+1+1+6.
    routes = [("t1", "A", 5), ("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "t2", 6)]
    assert ttr.longest_route(routes) == 13


def test_loop_walked_whole_when_euler():
    # A square with one diagonal: degrees A3 B2 C3 D2; Euler trail from A to C uses all 5.
    routes = [("A", "B", 2), ("B", "C", 2), ("C", "D", 2), ("D", "A", 2), ("A", "C", 3)]
    assert ttr.longest_route(routes) == 11


def test_figure_eight_through_a_city_twice():
    # Two triangles sharing city X: every city has even degree, all 6 routes in one trail.
    routes = [("X", "a", 1), ("a", "b", 2), ("b", "X", 3), ("X", "c", 4), ("c", "d", 5), ("d", "X", 6)]
    trail = ttr.longest_trail(routes)
    assert trail.length == 21
    assert trail.cities.count("X") >= 2


def test_separate_pieces_do_not_join():
    assert ttr.longest_route([("A", "B", 3), ("C", "D", 5), ("D", "E", 1)]) == 6


def test_trail_is_a_real_trail():
    routes = [("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4), ("B", "E", 1), ("E", "F", 5)]
    trail = ttr.longest_trail(routes)
    assert trail.length == 13 == sum(e[2] for e in trail.edges)
    assert len(set(map(id, trail.edges))) == len(trail.edges)  # each route once
    for (a, b), edge in zip(zip(trail.cities, trail.cities[1:]), trail.edges):
        assert {a, b} == {edge[0], edge[1]}


def test_route_objects_work_and_come_back():
    board = ttr.load_map("usa")
    routes = [board.route(i) for i in (12, 13, 30, 100)]  # Calgary–Seattle, –Vancouver, Denver–Helena, Calgary–Helena
    trail = ttr.longest_trail(routes)
    # Seattle-Calgary(4)-Helena(4)-Denver(4) = 12 beats the branch from Vancouver (3).
    assert trail.length == 12
    assert set(trail.edges) == {board.route(12), board.route(100), board.route(30)}


def test_double_track_counts_twice_in_a_trail():
    # Two parallel tracks between the same cities form a little loop.
    assert ttr.longest_route([("A", "B", 2), ("A", "B", 2), ("B", "C", 1)]) == 5


@pytest.mark.parametrize("bad", [("A", "B"), ("A", "A", 2), ("A", "B", -1), ("A", "B", "3"), 42])
def test_bad_input_is_named(bad):
    with pytest.raises(ValueError, match="route"):
        ttr.longest_route([bad])


def brute_force(edges):
    """Every trail from every start, no pruning: slow but obviously right."""
    best = 0

    def walk(city, used, length):
        nonlocal best
        best = max(best, length)
        for i, (a, b, n) in enumerate(edges):
            if i not in used and city in (a, b):
                walk(b if city == a else a, used | {i}, length + n)

    for city in {c for a, b, _ in edges for c in (a, b)}:
        walk(city, frozenset(), 0)
    return best


def multigraphs(cities: str, shortest: int = 1, min_size: int = 0, max_size: int = 9):
    """Lists of routes ``(a, b, length)`` between the given cities (one letter each),
    parallel routes allowed, lengths from ``shortest`` to 6."""
    route = st.tuples(st.sampled_from(cities), st.sampled_from(cities), st.integers(shortest, 6))
    return st.lists(route.filter(lambda e: e[0] != e[1]), min_size=min_size, max_size=max_size)


small_graphs = multigraphs("ABCDEF")


@settings(max_examples=150, deadline=None)
@given(small_graphs)
def test_agrees_with_brute_force(edges):
    trail = ttr.longest_trail(edges)
    assert trail.length == brute_force(edges)
    assert sum(e[2] for e in trail.edges) == trail.length


def plain_search(edges):
    """Every trail from every city, no pruning, no shortcuts."""
    neighbours = {}
    for i, (a, b, n) in enumerate(edges):
        neighbours.setdefault(a, []).append((i, b, n))
        neighbours.setdefault(b, []).append((i, a, n))
    best = 0

    def walk(city, used, length):
        nonlocal best
        best = max(best, length)
        for i, other, n in neighbours[city]:
            if not used >> i & 1:
                walk(other, used | 1 << i, length + n)

    for city in neighbours:
        walk(city, 0, 0)
    return best


def test_agrees_with_plain_search_on_real_45_train_networks():
    board = ttr.load_map("usa")
    for seed in range(40):
        network = board.random_network(trains=45, seed=seed)
        assert sum(r.length for r in network) <= 45
        edges = [(r.a, r.b, r.length) for r in network]
        assert ttr.longest_route(network) == plain_search(edges), seed


def reference_longest(edges):
    """The longest trail by plain search, remembering the best continuation from each
    (city, routes used): no bounds, no shortcuts, obviously right and fast enough here."""
    neighbours = {}
    for i, (a, b, n) in enumerate(edges):
        neighbours.setdefault(a, []).append((1 << i, b, n))
        neighbours.setdefault(b, []).append((1 << i, a, n))
    memo = {}

    def longest_from(city, used):
        if (city, used) not in memo:
            memo[city, used] = max((n + longest_from(other, used | bit)
                                    for bit, other, n in neighbours[city] if not used & bit), default=0)
        return memo[city, used]

    return max((longest_from(city, 0) for city in neighbours), default=0)


def is_trail_of(trail, edges) -> bool:
    """The caller's own routes, each at most once, consecutive cities joined by them."""
    cities = list(trail.cities)
    own_routes_once = (len(set(map(id, trail.edges))) == len(trail.edges)
                       and all(any(e is x for x in edges) for e in trail.edges))
    walks = (not trail.edges or len(cities) == len(trail.edges) + 1) and all(
        {a, b} == {e[0], e[1]} for a, b, e in zip(cities, cities[1:], trail.edges))
    return own_routes_once and walks


# Dense multigraphs (few cities, many routes: cycles and parallel routes) and sparse ones
# (pieces and hanging trees: trimmed arms and the path inside a tree).
dense_or_sparse = st.one_of(multigraphs("ABCDE", shortest=0, max_size=14),
                            multigraphs("ABCDEFGHIJ", min_size=6, max_size=13))


@settings(max_examples=400, deadline=None)
@given(dense_or_sparse)
def test_dense_and_sparse_graphs_agree_with_plain_search(edges):
    trail = ttr.longest_trail(edges)
    assert trail.length == reference_longest(edges)
    assert sum(e[2] for e in trail.edges) == trail.length
    assert is_trail_of(trail, edges)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["usa", "europe"]), st.integers(0, 10**6), st.sampled_from([0.5, 0.8, 1.0]))
def test_dense_20_route_networks_agree_with_plain_search(name, seed, closing):
    network = ttr.load_map(name).dense_network(routes=20, seed=seed, closing=closing)
    trail = ttr.longest_trail(network)
    assert trail.length == reference_longest([(r.a, r.b, r.length) for r in network])
    assert valid_trail(trail) and set(trail.edges) <= set(network)


def test_dense_networks_are_connected_with_busy_cities():
    import networkx as nx

    board = ttr.load_map("usa")
    busy = cities = 0
    for seed in range(20):
        network = board.dense_network(routes=20, seed=seed)
        assert len({frozenset(r.cities) for r in network}) == 20  # one track per double route
        graph = nx.MultiGraph([r.cities for r in network])
        assert nx.is_connected(graph)
        busy += sum(d >= 3 for _, d in graph.degree())
        cities += graph.number_of_nodes()
    assert busy > cities / 2
    with pytest.raises(ValueError, match="fewer than"):
        board.dense_network(routes=10**4)


# --- the step stream ---------------------------------------------------------------------

from zuzlab.algorithms import longest_trail_steps  # noqa: E402


@settings(max_examples=100, deadline=None)
@given(small_graphs)
@pytest.mark.slow
def test_steps_end_with_the_same_length(edges):
    steps = list(longest_trail_steps(edges))
    assert steps[-1].kind == "done"
    assert steps[-1].best_length == ttr.longest_route(edges)
    assert sum(e[2] for e in steps[-1].best) == steps[-1].best_length
    lengths = [s.best_length for s in steps]
    assert lengths == sorted(lengths)  # the best never falls
    for s in steps:  # the trail and what is left to explore always make up every route
        assert sorted(map(repr, s.trail + s.unexplored)) == sorted(map(repr, edges))


def test_steps_walk_a_disconnected_loop_too():
    # a triangle (no odd city) and a separate path: the triangle wins
    steps = list(longest_trail_steps([("a", "b", 3), ("b", "c", 3), ("c", "a", 3), ("x", "y", 2)]))
    assert steps[-1].best_length == 9
    assert [s.kind for s in steps][:2] == ["start", "extend"]


# --- whole boards: the pairing shortcut and networkx matching ------------------------------

def valid_trail(trail) -> bool:
    cities = list(trail.cities)
    return (len(set(map(id, trail.edges))) == len(trail.edges)
            and all({a, b} == {e.a, e.b} for a, b, e in zip(cities, cities[1:], trail.edges)))


@pytest.mark.slow
@pytest.mark.parametrize("board, length", [("usa", 285), ("europe", 269), ("switzerland", 159)])
def test_the_longest_route_of_a_whole_board(board, length):
    # One player holding every route (both tracks of double routes too).
    routes = ttr.load_map(board).routes
    trail = ttr.longest_trail(routes)
    assert trail.length == length and valid_trail(trail)
    assert sum(r.length for r in trail.edges) == length


def test_pairing_by_hand_and_by_networkx_agree(monkeypatch):

    board = ttr.load_map("usa")
    for seed in range(8):
        network = board.random_network(trains=90, seed=seed)
        by_hand = ttr.longest_trail(network)
        monkeypatch.setattr(pairing_module, "PAIRING_BY_HAND_UP_TO", 0)
        by_networkx = ttr.longest_trail(network)
        monkeypatch.undo()
        assert by_hand.length == by_networkx.length and valid_trail(by_hand) and valid_trail(by_networkx)


# --- the pairing of odd cities (fact 5) on its own ----------------------------------------

def perfect_pairing(distance, cities):
    """The cheapest way to pair up all of ``cities``, trying every partner of the first."""
    if not cities:
        return 0
    first, rest = cities[0], cities[1:]
    return min(distance[first][b] + perfect_pairing(distance, tuple(c for c in rest if c != b)) for b in rest)


def cheapest_pairing_by_enumeration(distance, end=None):
    """Every choice of the two ends (one of them ``end`` if given) and every pairing of
    the rest: slow, obviously right."""
    cities = range(len(distance))
    ends = [(end, o) for o in cities if o != end] if end is not None else itertools.combinations(cities, 2)
    return min(perfect_pairing(distance, tuple(c for c in cities if c not in pair)) for pair in ends)


@st.composite
def shortest_distances(draw):
    """Shortest-path distances between an even number of cities (4 to 10) of a random graph."""
    count = draw(st.sampled_from([4, 6, 8, 10]))
    import networkx as nx

    graph = nx.complete_graph(count)
    for a, b in graph.edges:
        graph[a][b]["weight"] = draw(st.integers(0, 12))
    lengths = dict(nx.all_pairs_dijkstra_path_length(graph))
    return [[lengths[a][b] for b in range(count)] for a in range(count)]


@settings(max_examples=150, deadline=None)
@given(shortest_distances())
@pytest.mark.slow
def test_pairing_is_the_cheapest(distance):
    expected = cheapest_pairing_by_enumeration(distance)
    for pairs in (pairing_module.exact_pairs(distance), pairing_module.matched_pairs(distance)):
        assert sum(distance[a][b] for a, b in pairs) == expected
        paired = [c for pair in pairs for c in pair]
        assert len(paired) == len(set(paired)) == len(distance) - 2  # all but the two ends, once each
    for end in range(len(distance)):  # the exact ceiling per start: that city is one end
        assert pairing_module.pairing_with_end(distance, end) == cheapest_pairing_by_enumeration(distance, end)


# Sparse networks on many cities: up to a dozen odd cities, pairings with free ends, and
# ``longest_route`` (length only, no trail walked out) against the plain search.
many_odd_cities = multigraphs("ABCDEFGHIJKL", min_size=8, max_size=15)


@settings(max_examples=200, deadline=None)
@given(many_odd_cities)
def test_many_odd_cities_agree_with_plain_search(edges):
    expected = reference_longest(edges)
    trail = ttr.longest_trail(edges)
    assert trail.length == expected == ttr.longest_route(edges)
    assert is_trail_of(trail, edges)


def test_the_searches_are_exercised_on_dense_networks_and_agree(monkeypatch):
    # Most dense networks are settled by the pairing (fact 5). Where its leftovers fall
    # apart, the search over what to leave out (fact 6) or the full search over trails
    # (facts 7-8) takes over. Check those networks, and that each search settles some.
    settled = {"leaving out": 0, "trail search": 0}
    search_left_out, search = solve_module.search_left_out, solve_module.search_trails

    def counted_search_left_out(*args):
        found = search_left_out(*args)
        settled["leaving out"] += found is not None
        return found

    def counted_search(*args):
        settled["trail search"] += 1
        return search(*args)

    monkeypatch.setattr(solve_module, "search_left_out", counted_search_left_out)
    monkeypatch.setattr(solve_module, "search_trails", counted_search)
    board = ttr.load_map("usa")
    for seed, closing in itertools.product(range(120), (0.3, 0.5)):
        network = board.dense_network(routes=20, seed=seed, closing=closing)
        before = dict(settled)
        length = ttr.longest_route(network)
        if settled != before:
            expected = reference_longest([(r.a, r.b, r.length) for r in network])
            trail = ttr.longest_trail(network)
            assert length == trail.length == expected, (seed, closing)
            assert valid_trail(trail)
    assert settled["leaving out"] >= 3 and settled["trail search"] >= 3, settled


def record_calls(monkeypatch, module, name: str) -> list:
    """Replace the module's step ``name`` by one that records each call: a list of
    (arguments, answer), filled as longest routes are found."""
    step, calls = getattr(module, name), []

    def recorded(*args):
        found = step(*args)
        calls.append((args, found))
        return found

    monkeypatch.setattr(module, name, recorded)
    return calls


def dense_networks(seeds: int = 60):
    """Dense 20-route networks on the USA and Europe boards."""
    for name in ("usa", "europe"):
        board = ttr.load_map(name)
        yield from (board.dense_network(routes=20, seed=seed) for seed in range(seeds))


def test_the_nearest_pairing_answers_only_when_it_costs_the_least(monkeypatch):
    # Fact 5's first try claims the cheapest pairing from one Dijkstra; the exact pairing
    # over all shortest distances must cost the same whenever it answers.
    calls = record_calls(monkeypatch, pairing_module, "_nearest_pairing")
    for network in dense_networks():
        ttr.longest_route(network)
    answered = [(chains, odd, found) for (chains, odd), found in calls if found is not None]
    assert len(calls) > len(answered) > len(calls) / 3  # often, not always
    for chains, odd, found in answered:
        distance = distances_module.odd_distances(chains, odd).matrix
        assert found.length == sum(distance[a][b] for a, b in pairing_module.exact_pairs(distance))
        assert found.length == sum(chains.length[k] for k in found.left_out)


@settings(max_examples=150, deadline=None)
@given(shortest_distances())
def test_the_nearest_floor_is_below_every_pairing_and_above_half_the_nearest(distance):
    # The nearest pairing is only claimed cheapest when it costs no more than this floor,
    # so the floor must never exceed the exact pairing; it is at least the older floor
    # (half of each distance to the nearest odd city, but for the two farthest).
    nearest = [min(d for b, d in enumerate(row) if b != a) for a, row in enumerate(distance)]
    floor = pairing_module.pairing_floor(nearest)
    assert floor <= cheapest_pairing_by_enumeration(distance)
    assert floor >= -(-(sum(nearest) - sum(sorted(nearest)[-2:])) // 2)


def test_the_nearest_floor_settles_more_networks_than_half_the_nearest(monkeypatch):
    # Counted: on dense USA networks the raised floor lets the nearest pairing answer
    # more often than the halved distances did, with the same lengths.
    calls = record_calls(monkeypatch, pairing_module, "_nearest_pairing")

    def halved(nearest):
        return -(-(sum(nearest) - sum(sorted(nearest)[-2:])) // 2)

    board = ttr.load_map("usa")
    networks = [board.dense_network(routes=20, seed=seed) for seed in range(80)]
    answered, lengths = {}, {}
    for name, floor in (("raised", pairing_module.pairing_floor), ("halved", halved)):
        calls.clear()
        monkeypatch.setattr(pairing_module, "pairing_floor", floor)
        lengths[name] = [ttr.longest_route(network) for network in networks]
        answered[name] = sum(found is not None for _, found in calls)
    assert lengths["raised"] == lengths["halved"]
    assert answered["raised"] > answered["halved"], answered


def test_two_tips_at_one_city_may_pair_with_each_other():
    # A square x-y-z-c with both diagonals (routes of 9, but c-z of 1) and two arms at c,
    # to t1 (2) and t2 (3). Odd: t1, t2, c, x, y, z; the cheapest pairing leaves x and y
    # as the ends and pairs t1 with t2 (5) and c with z (1): 51 - 6 = 45, the five routes
    # of 9. Were a tip only ever paired with c, the cheapest would be dearer (t1-c and
    # y-z: 11), a ceiling of 40.
    routes = [("c", "z", 1), ("c", "x", 9), ("c", "y", 9), ("z", "x", 9), ("z", "y", 9), ("x", "y", 9),
              ("c", "t1", 2), ("c", "t2", 3)]
    assert ttr.longest_route(routes) == 45 == ttr.longest_trail(routes).length == reference_longest(routes)
