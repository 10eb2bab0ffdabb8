"""The longest continuous route: the longest *trail* in a multigraph.

A trail uses every route at most once but may pass through a city several times; its
length is the sum of the route lengths (trains). Finding it is NP-hard in general, but a
player's network gives way to facts worth teaching. Read the modules in this order; each
states its facts in full. The table says which function uses each fact and its teaching
version in ``zuzlab.lessons.solutions`` ("fast reference": ``longest_route_fast_reference``;
—: none); the notes below it say more.

| fact                                        | function                      | teaching version            |
|---------------------------------------------|-------------------------------|-----------------------------|
| 0. a trail stays in its connected piece     | ``pieces.connected_pieces``   | ``connected_teaching``      |
| 1. ≤ 2 odd cities: an Euler trail walks all | ``chains.euler_walk``         | ``odd_cities_reference``    |
| 2. a best trail ends at odd cities          | ``search.search_trails``      | fast reference, shortcut 2  |
| 3. runs through degree-2 cities: chains     | ``chains.contract_chains``    | —                           |
| 4. a hanging tree holds a trail's end       | ``chains.trim_hanging_trees`` | —                           |
| 5. pairing the odd cities: a ceiling        | ``pairing.cheapest_pairing``  | ``distances_from``          |
| 6. another left-out set may hang together   | ``search.search_left_out``    | —                           |
| 7. search trails from the odd cities        | ``search.search_trails``      | ``longest_route_reference`` |
| 8. each (city, routes used) state once      | ``search.search_trails``      | —                           |
| 9. too big to search: an integer program    | ``program.solve_by_program``  | —                           |

0. The pieces are joined by ``pieces.Pieces``, the kit's union–find; ``connected_teaching``
   is lesson 06's flood fill.
1. With at most two odd cities an Euler trail walks every route; so does shortcut 1 of the
   fast reference.
2. The searches start at odd cities, and the pairing leaves two of them free as the ends.
3. A run through cities of degree 2 is walked whole or not at all: one chain (``chains.Chains``).
4. Only the two longest arms at a city matter: a trail has two ends.
5. The unused routes pair the other odd cities: a ceiling, often reached. The shortest ways
   come from ``distances.dijkstra`` (between the odd cities: ``distances.odd_distances``);
   ``distances_from`` is lesson 06's Dijkstra, and shortcut 3 of the fast reference is the
   simple ceiling.
6. If the routes left after the pairing fall apart, another set to leave out may not.
7. Every trail from the odd cities, up to each start's ceiling; ``longest_route_reference``
   is plain backtracking, and ``longest_trail_steps`` (``steps.py``) the stream of its steps
   that lesson 05 animates.
8. The same routes in another order have the same future: the set ``explored``.
9. Facts 0 and 2 as an integer program, solved by HiGHS through scipy
   (``whole_map_reference`` calls the kit).

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
