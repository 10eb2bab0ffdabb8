"""Fact 9: facts 0 and 2 as an integer program, for the pieces the search cannot finish.

Which chains does the trail keep? Write ``keep[k]`` (0 or 1) for each chain and maximise
the length kept, subject to the facts a trail must meet:

- fact 2: at each city the kept chains (a loop twice) are even in number, but at the
  trail's ends: ``kept at v = 2 · half[v] + end[v]``, with at most two ends;
- fact 0: the kept chains hang together. There are far too many ways to fall apart to
  list them all, so they are added when met: when the best answer falls apart into
  pieces, each city ``i`` of a piece and a city ``j`` of another may both be on the
  trail only if a kept chain leaves the piece, ``crossing ≥ used[i] + used[j] - 1``,
  and the program is solved again. (``used[v]`` is 1 when a kept chain touches ``v``.)

The answer kept chains meet both facts, so their Euler trail (fact 1) is a longest
trail. The solver is HiGHS through ``scipy.optimize.milp``, imported only when a piece
needs it (whole boards, big dense networks: tens or hundreds of milliseconds a call).
"""

from __future__ import annotations

from typing import Sequence

from .chains import Chain
from .pieces import Pieces


def solve_by_program(chains: Sequence[Chain]) -> frozenset[int]:
    """The chains a longest trail keeps, by the integer program in the module text."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array

    cities = sorted({city for chain in chains for city in (chain.start, chain.end)})
    number = {city: i for i, city in enumerate(cities)}
    n_chains, n_cities = len(chains), len(cities)
    # the variables, one block after the other: keep per chain; half, end, used per city
    keep, half, end, used = 0, n_chains, n_chains + n_cities, n_chains + 2 * n_cities
    n_vars = n_chains + 3 * n_cities
    rows: list[list[tuple[int, int]]] = []  # each constraint: (variable, coefficient) ...
    lower: list[float] = []  # ... between these bounds
    upper: list[float] = []

    def constrain(terms: list[tuple[int, int]], low: float, high: float) -> None:
        rows.append(terms)
        lower.append(low)
        upper.append(high)

    at: list[list[int]] = [[] for _ in cities]  # the chains at each city, a loop twice
    for k, chain in enumerate(chains):
        at[number[chain.start]].append(k)
        at[number[chain.end]].append(k)
    for v, ks in enumerate(at):
        constrain([(keep + k, 1) for k in ks] + [(half + v, -2), (end + v, -1)], 0, 0)
        constrain([(keep + k, -1) for k in ks] + [(used + v, 1)], -np.inf, 0)
        for k in set(ks):
            constrain([(keep + k, 1), (used + v, -1)], -np.inf, 0)
    constrain([(end + v, 1) for v in range(n_cities)], 0, 2)
    lengths = -np.array([chain.length for chain in chains] + [0] * (3 * n_cities), dtype=float)
    highest = np.array([1] * n_chains + [len(ks) // 2 for ks in at] + [1] * (2 * n_cities), dtype=float)
    while True:
        entries = [(r, var, coefficient) for r, terms in enumerate(rows) for var, coefficient in terms]
        r_index, v_index, values = zip(*entries)
        matrix = coo_array((values, (r_index, v_index)), shape=(len(rows), n_vars)).tocsr()
        result = milp(lengths, constraints=LinearConstraint(matrix, lower, upper), integrality=np.ones(n_vars),
                      bounds=Bounds(0, highest))
        if result.status != 0:  # HiGHS proves every program here optimal; anything else is a defect
            raise RuntimeError(f"the integer program for the longest trail failed: {result.message}")
        kept = frozenset(k for k in range(n_chains) if result.x[keep + k] > 0.5)
        pieces = Pieces()
        for k in kept:
            pieces.join(chains[k].start, chains[k].end)
        groups = pieces.groups()
        if len(groups) <= 1:
            return kept
        for group in groups:  # fact 0, where this answer broke it
            inside = set(group)
            crossing = [(keep + k, 1) for k, chain in enumerate(chains) if (chain.start in inside) != (chain.end in inside)]
            for other in groups:
                if other is not group:
                    j = number[other[0]]
                    for city in group:
                        constrain(crossing + [(used + number[city], -1), (used + j, -1)], -1, np.inf)
