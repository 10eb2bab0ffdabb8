"""The longest continuous route: the longest *trail* in a multigraph.

A trail uses every route at most once but may pass through a city several times; its
length is the sum of the route lengths (trains). Finding it is NP-hard in general, but a
player's network gives way to facts worth teaching. Read the modules in this order; each
says which fact it uses:

| fact | function | teaching version (``zuzlab.lessons.solutions``) |
|---|---|---|
| 0. a trail stays in its connected piece | ``pieces.connected_pieces`` (``pieces.Pieces``, the kit's union–find) | ``connected_teaching`` (lesson 06's flood fill) |
| 1. with at most two odd cities an Euler trail walks every route | ``chains.euler_walk`` | ``odd_cities_reference``; shortcut 1 of ``longest_route_fast_reference`` |
| 2. a best trail starts and ends at odd cities | ``search.search_trails`` (its starts), ``pairing`` (the two free ends) | shortcut 2 of ``longest_route_fast_reference`` |
| 3. runs through cities of degree 2 are walked whole: chains | ``chains.contract_chains`` (``chains.Chains``) | — |
| 4. a hanging tree holds a trail's end: two arms a city | ``chains.trim_hanging_trees`` | — |
| 5. the unused routes pair the other odd cities: a ceiling, often reached | ``pairing.cheapest_pairing`` (Dijkstra: ``distances.dijkstra``; the distances between odd cities: ``distances.odd_distances``) | ``distances_from`` (lesson 06's Dijkstra); shortcut 3 of ``longest_route_fast_reference`` is the simple ceiling |
| 6. if those routes fall apart, another set to leave out may not | ``search.search_left_out`` | — |
| 7. otherwise search every trail from the odd cities, up to each start's ceiling | ``search.search_trails`` | ``longest_route_reference`` (plain backtracking); ``longest_trail_steps`` is the stream lesson 05 animates |
| 8. the same routes in another order have the same future: each state once | ``search.search_trails`` (``explored``) | — |
| 9. too big to search: facts 0 and 2 as an integer program | ``program.solve_by_program`` (HiGHS through scipy) | — (``whole_map_reference`` calls the kit) |

``solve.py`` puts them together for each piece: fact 1, else facts 3 and 4, fact 5,
and only if the ceiling is not reached the searches (facts 6 to 8), or the integer
program (fact 9) when a search would take more than ``SEARCH_BUDGET`` steps (big dense
networks, whole boards the pairing does not settle). So every call is exact and holds
bounded memory. ``steps.py`` is the teaching search as a stream of steps.

Player networks of 15 to 20 routes take 30 to 100 µs a call, and every game's scoring
and many bots call it, so the code that runs in every call is written for speed, each
choice named where it is made: route objects are read as they are (``pieces.read_routes``),
a network listed as it grew needs no union–find (``pieces.connected_pieces``), chains are
parallel lists over numbered cities (``chains.Chains``: no object per chain, lists
instead of dicts in Dijkstra and the searches), and a hanging tree of one chain is left
uncut (``chains.trim_hanging_trees``). ``bench_ttr.py`` times the networks that pay for it.
"""

from .chains import Chains, Step, Walk
from .pieces import Edge, Piece, Pieces, Route, as_edge, connected_pieces, one_piece, read_routes
from .solve import Trail, longest_trail, longest_trail_length
from .steps import TrailStep, longest_trail_steps

__all__ = [
    "Chains", "Edge", "Piece", "Pieces", "Route", "Step", "Trail", "TrailStep", "Walk", "as_edge", "connected_pieces",
    "longest_trail", "longest_trail_length", "longest_trail_steps", "one_piece", "read_routes",
]
