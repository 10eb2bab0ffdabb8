"""The longest-trail package beyond player networks: bounded searches, the integer program
for big pieces (checked against the plain search and against an independent program),
the union–find the kit shares, and files and a table of facts a reader can take in."""

import importlib.util
import itertools
import re
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zuzlab import ttr
from zuzlab.algorithms import Pieces

from test_longest_route import dense_or_sparse, is_trail_of, reference_longest, valid_trail

#: the benchmark's made-up boards and the audit's network, read from benchmarks/bench_ttr.py
_BENCH_TTR = Path(__file__).parent.parent / "benchmarks" / "bench_ttr.py"
_spec = importlib.util.spec_from_file_location("bench_ttr", _BENCH_TTR)
bench_ttr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_ttr)
board_like_network, AUDIT_ROUTE_IDS = bench_ttr.board_like_network, bench_ttr.AUDIT_ROUTE_IDS

search_module = importlib.import_module("zuzlab.algorithms.longest_trail.search")
solve_module = importlib.import_module("zuzlab.algorithms.longest_trail.solve")
PACKAGE = Path(importlib.import_module("zuzlab.algorithms.longest_trail.pieces").__file__).parent


def test_the_audit_network_is_answered_in_bounded_memory():
    europe = ttr.load_map("europe")
    network = [europe.route(i) for i in AUDIT_ROUTE_IDS]
    assert len(network) == 56
    trail = ttr.longest_trail(network)
    assert ttr.longest_route(network) == 123 == trail.length
    assert valid_trail(trail) and set(trail.edges) <= set(network)


def test_a_search_gives_up_after_its_budget_and_the_program_answers(monkeypatch):
    # The audit network needs more than a few steps of either search: with a budget of
    # 50 both give up (OutOfBudget) and the integer program answers, the same 123.
    europe = ttr.load_map("europe")
    network = [europe.route(i) for i in AUDIT_ROUTE_IDS]
    programs = []
    solve_by_program = solve_module.solve_by_program
    monkeypatch.setattr(solve_module, "solve_by_program", lambda chains: programs.append(chains) or
                        solve_by_program(chains))
    monkeypatch.setattr(search_module, "SEARCH_BUDGET", 50)
    assert ttr.longest_route(network) == 123 and len(programs) == 1
    with pytest.raises(search_module.OutOfBudget):
        search_module.search_trails(programs[0], {programs[0].start[0]: 10**6}, 0, budget=50)


@settings(max_examples=120, deadline=None)
@given(dense_or_sparse)
def test_the_integer_program_agrees_with_plain_search(monkeypatch_edges):
    # With no search budget every piece the pairing does not settle goes to the program.
    edges = monkeypatch_edges
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_module, "SEARCH_BUDGET", 0)
        trail = ttr.longest_trail(edges)
        length = ttr.longest_route(edges)
    assert trail.length == length == reference_longest(edges)
    assert sum(e[2] for e in trail.edges) == trail.length and is_trail_of(trail, edges)


def test_the_integer_program_is_exercised_by_small_networks(monkeypatch):
    # The test above means something only if the program answers there: count it.
    programs = []
    solve_by_program = solve_module.solve_by_program
    monkeypatch.setattr(solve_module, "solve_by_program", lambda chains: programs.append(chains) or
                        solve_by_program(chains))
    monkeypatch.setattr(search_module, "SEARCH_BUDGET", 0)
    board = ttr.load_map("usa")
    for seed, closing in itertools.product(range(60), (0.3, 0.5)):
        network = board.dense_network(routes=20, seed=seed, closing=closing)
        before = len(programs)
        length = ttr.longest_route(network)
        if len(programs) > before:
            assert length == reference_longest([(r.a, r.b, r.length) for r in network]), (seed, closing)
    assert len(programs) >= 3


def flow_program_longest(edges) -> int:
    """An independent integer program for the longest trail: the kept routes have at most
    two odd cities, and one unit of flow from a root reaches every city they touch along
    kept routes (a single-commodity flow, solved once, no cuts added)."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    cities = sorted({c for a, b, _ in edges for c in (a, b)})
    n, m = len(cities), len(edges)
    # variables: keep[m], half[n], end[n], used[n], root[n], supply[n], flow forwards[m], backwards[m]
    keep, half, end, used, root, supply, fwd, bwd = (0, m, m + n, m + 2 * n, m + 3 * n, m + 4 * n, m + 5 * n,
                                                    2 * m + 5 * n)
    size = 3 * m + 5 * n
    rows, low, high = [], [], []

    def row(terms, lo, hi):
        vector = np.zeros(size)
        for var, coefficient in terms:
            vector[var] += coefficient
        rows.append(vector)
        low.append(lo)
        high.append(hi)

    for v, city in enumerate(cities):
        at = [k for k, (a, b, _) in enumerate(edges) if city in (a, b)]
        row([(keep + k, 1) for k in at] + [(half + v, -2), (end + v, -1)], 0, 0)
        row([(used + v, 1)] + [(keep + k, -1) for k in at], -np.inf, 0)
        for k in at:
            row([(keep + k, 1), (used + v, -1)], -np.inf, 0)
        row([(root + v, 1), (used + v, -1)], -np.inf, 0)
        row([(supply + v, 1), (root + v, -n)], -np.inf, 0)
        inflow = [(fwd + k, 1) for k, (a, b, _) in enumerate(edges) if b == city]
        inflow += [(bwd + k, 1) for k, (a, b, _) in enumerate(edges) if a == city]
        outflow = [(fwd + k, -1) for k, (a, b, _) in enumerate(edges) if a == city]
        outflow += [(bwd + k, -1) for k, (a, b, _) in enumerate(edges) if b == city]
        row(inflow + outflow + [(supply + v, 1), (used + v, -1)], 0, 0)
    row([(end + v, 1) for v in range(n)], 0, 2)
    row([(root + v, 1) for v in range(n)], 1, 1)
    for k in range(m):
        row([(fwd + k, 1), (keep + k, -n)], -np.inf, 0)
        row([(bwd + k, 1), (keep + k, -n)], -np.inf, 0)
    objective = np.zeros(size)
    objective[:m] = [-length for _, _, length in edges]
    integral = np.zeros(size)
    integral[:m + 5 * n - n] = 1  # keep, half, end, used, root whole; supply and flows not
    upper = np.concatenate([np.ones(m), np.full(n, m), np.ones(3 * n), np.full(n, n), np.full(2 * m, n)])
    result = milp(objective, constraints=LinearConstraint(np.array(rows), low, high), integrality=integral,
                  bounds=Bounds(0, upper))
    assert result.status == 0, result.message
    return round(-result.fun)


@pytest.mark.slow
@pytest.mark.parametrize("network", [
    *[("europe", routes, seed) for routes in (40, 60, 80) for seed in range(3)],
    *[("usa", routes, seed) for routes in (50, 70) for seed in range(2)],
    *[("board-like", routes, seed) for routes in (100, 150) for seed in range(2)],
], ids=str)
def test_big_networks_agree_with_an_independent_program(network):
    name, routes, seed = network
    if name == "board-like":
        edges = board_like_network(routes // 3, routes, seed)
    else:
        edges = [(r.a, r.b, r.length) for r in ttr.load_map(name).dense_network(routes=routes, seed=seed)]
    trail = ttr.longest_trail(edges)
    assert trail.length == ttr.longest_route(edges) == flow_program_longest(edges)
    assert is_trail_of(trail, edges)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=20))
def test_pieces_are_the_connected_components(pairs):
    for a, b in pairs:  # joined one by one (an item with itself too), each piece is a list of its members
        joined = Pieces()
        for x, y in pairs[:pairs.index((a, b)) + 1]:
            joined.join(x, y)
        assert sum(map(len, joined.groups())) == len(joined.piece_of)
    pieces = Pieces(range(13))
    for a, b in pairs:
        pieces.join(a, b)
    graph = nx.Graph(pairs)
    graph.add_nodes_from(range(13))
    expected = sorted(sorted(c) for c in nx.connected_components(graph))
    assert sorted(sorted(group) for group in pieces.groups()) == expected
    assert pieces.count() == len(expected)
    for a, b in pairs:
        assert pieces.same(a, b) and pieces.find(a) == pieces.find(b)


def test_no_file_of_the_package_is_over_300_lines():
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in PACKAGE.glob("*.py")}
    assert len(lengths) >= 6 and max(lengths.values()) <= 300, lengths


def test_the_table_of_facts_names_functions_that_exist():
    # The package's text maps each fact to the function that uses it and to its teaching
    # version: a function renamed or moved must not leave the table naming one that is gone.
    from zuzlab.lessons import solutions

    text = importlib.import_module("zuzlab.algorithms.longest_trail").__doc__
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in text.splitlines()
            if re.match(r"\| \d\. ", line)]
    assert [row[0].split(".")[0] for row in rows] == [str(fact) for fact in range(10)]
    named = [(module, name) for module, name in re.findall(r"``(\w+)\.(\w+)``", text) if name != "py"]
    assert {f"{module}.{name}" for module, name in named} >= {row[1].strip("`") for row in rows}
    for module, name in named:
        assert hasattr(importlib.import_module(f"zuzlab.algorithms.longest_trail.{module}"), name), (module, name)
    teaching = [name for row in rows for name in re.findall(r"``(\w+)``", row[2])]
    assert len(teaching) == 4
    for name in teaching + ["longest_route_fast_reference", "whole_map_reference"]:
        assert callable(getattr(solutions, name, None)), name
