"""Fact 9: facts 0 and 2 as an integer program, for the pieces the searches cannot finish.

Which chains does the trail keep? Write ``keep[k]`` (0 or 1) for each chain and maximise
the length kept, subject to the facts a trail must meet:

- fact 2: at each city the kept chains (a loop twice) are even in number, but at the
  trail's ends: ``kept at v = 2 · half[v] + end[v]``, with at most two ends;
- fact 0: the kept chains hang together. For a set of cities S: if the trail touches a
  city inside S and one outside (``inside[S]``, ``outside[S]``, each at least
  ``used[v]`` of its cities), a kept chain crosses from S to the rest:
  ``crossing(S) ≥ inside[S] + outside[S] - 1``. There are far too many sets to list, so
  they are added when met: the two sides of every bridge at the start (a trail crosses
  a bridge at most once), and each piece of an answer that falls apart, after which the
  program is solved again. (``used[v]`` is 1 when a kept chain touches ``v``.)

The kept chains of the answer meet both facts, so their Euler trail (fact 1) is a longest
trail. The solver is HiGHS through ``scipy.optimize.milp``, imported only when a piece
needs it (big dense networks, whole boards the pairing does not settle).
"""

from __future__ import annotations

from typing import Iterator, cast

import networkx as nx

from .chains import Chains
from .pieces import Pieces


def solve_by_program(chains: Chains) -> frozenset[int]:
    """The chains a longest trail keeps, by the integer program in the module text."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array

    cities = [city for city, at_city in enumerate(chains.at) if at_city]  # those the chains touch
    number = {city: i for i, city in enumerate(cities)}
    n_chains, n_cities = len(chains), len(cities)
    at = [chains.at[city] for city in cities]  # the chains at each city, a loop twice
    ends = [(number[start], number[end]) for start, end in zip(chains.start, chains.end)]
    # the variables, one block after the other: keep per chain; half, end, used per city;
    # then inside and outside per set of cities met
    keep, half, end, used = 0, n_chains, n_chains + n_cities, n_chains + 2 * n_cities
    highest = [1] * n_chains + [len(ks) // 2 for ks in at] + [1] * (2 * n_cities)
    rows: list[list[tuple[int, int]]] = []  # each constraint: (variable, coefficient) ...
    lower: list[float] = []  # ... between these bounds
    upper: list[float] = []

    def constrain(terms: list[tuple[int, int]], low: float, high: float) -> None:
        rows.append(terms)
        lower.append(low)
        upper.append(high)

    def hang_together(inside: set[int]) -> None:
        """Fact 0 for the cities ``inside`` and the rest (see the module text)."""
        inside_var, outside_var = len(highest), len(highest) + 1
        highest.extend((1, 1))
        for v in range(n_cities):
            constrain([(used + v, 1), (inside_var if v in inside else outside_var, -1)], -np.inf, 0)
        crossing = [(keep + k, 1) for k, (a, b) in enumerate(ends) if (a in inside) != (b in inside)]
        constrain(crossing + [(inside_var, -1), (outside_var, -1)], -1, np.inf)

    for v, ks in enumerate(at):
        constrain([(keep + k, 1) for k in ks] + [(half + v, -2), (end + v, -1)], 0, 0)
        constrain([(keep + k, -1) for k in ks] + [(used + v, 1)], -np.inf, 0)
        for k in set(ks):
            constrain([(keep + k, 1), (used + v, -1)], -np.inf, 0)
    constrain([(end + v, 1) for v in range(n_cities)], 0, 2)
    graph: nx.MultiGraph[int] = nx.MultiGraph(ends)
    # types-networkx 3.6 says ``bridges`` yields nodes; it yields edges, as its docs say
    bridges = cast("Iterator[tuple[int, int]]", nx.bridges(graph))
    for a, b in bridges:
        graph.remove_edge(a, b)
        hang_together(nx.node_connected_component(graph, a))
        graph.add_edge(a, b)
    while True:
        entries = [(r, var, coefficient) for r, terms in enumerate(rows) for var, coefficient in terms]
        r_index, v_index, values = zip(*entries)
        matrix = coo_array((values, (r_index, v_index)), shape=(len(rows), len(highest))).tocsr()
        lengths = np.zeros(len(highest))
        lengths[:n_chains] = [-length for length in chains.length]
        result = milp(lengths, constraints=LinearConstraint(matrix, lower, upper),
                      integrality=np.ones(len(highest)), bounds=Bounds(0, np.array(highest, dtype=float)))
        if result.status != 0:  # HiGHS proves every program here optimal; anything else is a defect
            raise RuntimeError(f"the integer program for the longest trail failed: {result.message}")
        kept = frozenset(k for k in range(n_chains) if result.x[keep + k] > 0.5)
        pieces: Pieces[int] = Pieces()
        pieces.join_all(ends[k] for k in kept)
        groups = pieces.groups()
        if len(groups) <= 1:
            return kept
        for group in groups:  # fact 0, where this answer broke it
            hang_together(set(group))
