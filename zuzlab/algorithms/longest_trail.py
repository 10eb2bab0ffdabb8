"""The longest continuous route: the longest *trail* in a multigraph.

A trail uses every edge at most once but may pass through a city several times; its
length is the sum of the edge lengths (trains). Finding it is NP-hard in general, but
player networks give way to facts worth teaching, tried in this order for each
connected piece:

1. If a piece has at most two cities of odd degree, an Euler trail walks all of its
   edges: the answer is the whole piece, no search needed.
2. Otherwise the best trail starts and ends at odd-degree cities. (A trail ending at an
   even-degree city has an unused edge there and could be extended; a closed trail
   that misses an edge could be opened and extended at that edge.)
3. A best trail passes a city of degree 2 on both of its routes or not at all, so runs
   through such cities count as one long "chain".
4. Every route of a tree hanging from the network is a bridge: a trail that enters the
   tree cannot come back, so it ends there. A trail has two ends, so of the arms hanging
   at a city only the two longest matter; the rest are cut off. A trail may also stay
   inside a tree: the longest path there is a candidate too (and the answer if the whole
   piece is a tree).
5. The routes a trail leaves unused touch every odd city except its two ends an odd
   number of times, so they contain paths that pair those cities up. Pairing the odd
   cities (all but two) along shortest paths as cheaply as possible gives a ceiling; if
   the routes left after taking those paths away still hang together, their Euler trail
   reaches the ceiling: it *is* the answer. Most networks end here, without a search.
   (First try: each odd city paired with its nearest odd city, found by one Dijkstra
   from all of them at once. A pair costs at least the larger of its two cities'
   distances to their nearest odd city, so any pairing costs at least the 3rd, 5th,
   7th … largest of these distances; often this one costs no more. Else the pairing
   is an exact search over subsets for a dozen odd cities or fewer, laid out once per
   number of cities, and a minimum-weight matching from networkx for whole boards. An
   odd tip of a hanging arm at an odd city needs no Dijkstra of its own: it ends the
   trail or pairs with that city or a tip beside it.)
6. If those routes fall apart, another set to leave out, as cheap or a few trains
   dearer, may not: a search decides chain by chain whether to leave it out, so that
   each city keeps an even number of chains but for at most two ends, and cuts a branch
   when the odd cities still to mend need more than the length left to spend.
7. Otherwise an exhaustive search over trails starts from each odd city in turn, most
   promising first. Each start has its own ceiling (the cheapest pairing with that
   city as one end, and below what fact 6 ruled out): the search stops when it is
   reached and skips starts whose ceiling is below the best trail found.
8. Walking the same routes in another order ends in the same city with the same length
   and the same future, so the search explores each (city, routes used) only once.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

import networkx as nx

from ..texts import InputError


@dataclass(frozen=True)
class Trail:
    """A trail: its length, the cities in walking order and the edges it uses."""

    length: int
    cities: tuple[str, ...] = ()
    edges: tuple[Any, ...] = ()  # the caller's own items (routes or tuples), in order

    def __len__(self) -> int:
        return len(self.edges)


def as_edge(item: Any) -> tuple[str, str, int]:
    """Read a route object (``.a``, ``.b``, ``.length``) or a ``(city, city, length)`` tuple."""
    try:  # the common case first: a well-formed route object, read without further checks
        a, b, length = item.a, item.b, item.length
        if type(length) is int and length >= 0 and a != b:
            return a, b, length
    except AttributeError:
        pass
    if hasattr(item, "a") and hasattr(item, "b") and hasattr(item, "length"):
        a, b, length = item.a, item.b, item.length
    else:
        try:
            a, b, length = item
        except (TypeError, ValueError):
            raise InputError("error.not_a_route_item", item=repr(item)) from None
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise InputError("error.route_item_length", item=repr(item), length=repr(length))
    if a == b:
        raise InputError("error.route_item_loop", item=repr(item))
    return a, b, length


def longest_trail(items: Iterable[Any]) -> Trail:
    """The longest trail through the given routes (route objects or ``(a, b, length)``)."""
    items = list(items)
    best = _longest(items, with_trail=True)
    if best is None:
        return Trail(0)
    return Trail(best[0], best[1], tuple(items[i] for i in best[2]))


def longest_trail_length(items: Iterable[Any]) -> int:
    """Just the length of ``longest_trail(items)``: the same facts, but the trail itself
    is not walked out (no Euler trail, no unfolding of chains)."""
    best = _longest(list(items), with_trail=False)
    return 0 if best is None else best[0]


def _longest(items, with_trail):
    """The longest trail over all pieces, or None if no trail is longer than 0:
    (length, cities, edge indices) with ``with_trail``, else just (length,)."""
    edges = [as_edge(item) for item in items]
    best = None
    best_length = 0
    pieces = [(sum(edges[i][2] for i in piece), piece, touching) for piece, touching in connected_pieces(edges)]
    pieces.sort(key=lambda each: -each[0])  # biggest first: a smaller piece is often skipped unsearched
    for total, piece, touching in pieces:
        if total <= best_length:
            break
        odd = [city for city, ends in touching.items() if len(ends) % 2]
        if len(odd) > 2:
            found = _longest_in_piece(edges, touching, best_length, with_trail)
        elif with_trail:
            found = _euler_trail(edges, touching, odd[0] if odd else edges[piece[0]][0])
        else:
            found = (total,)
        if found is not None and found[0] > best_length:
            best_length, best = found[0], found
    return best


#: Up to this many odd cities the pairing (fact 5) is found by a small exact search over
#: who pairs with whom; bigger pieces (whole boards) use networkx's minimum-weight matching.
PAIRING_BY_HAND_UP_TO = 12

#: Longer than any trail or pairing: "no way there".
_UNREACHABLE = 1 << 62


def connected_pieces(edges: list[tuple[str, str, int]]) -> list[tuple[list[int], dict[str, list[int]]]]:
    """Each connected piece: its edge indices (in input order) and the edges at each city,
    in the order of their first edges.

    One pass over the edges: a new edge joins the pieces of its two cities, the smaller
    piece poured into the bigger one (a player's network is grown route by route, so
    this is rare; a random player's network ends in 5–8 pieces)."""
    touching: dict[str, list[int]] = {}
    piece_of: dict[str, tuple[list[str], list[int]]] = {}  # city → (its piece's cities, edges)
    joined = False
    for i, (a, b, _) in enumerate(edges):
        if a in touching:
            touching[a].append(i)
            piece = piece_of[a]
        else:
            touching[a] = [i]
            piece = None
        if b in touching:
            touching[b].append(i)
            other = piece_of[b]
        else:
            touching[b] = [i]
            other = None
        if piece is None:
            if other is None:  # a new piece
                piece_of[a] = piece_of[b] = ([a, b], [i])
                continue
            piece = piece_of[a] = other
            piece[0].append(a)
        elif other is None:
            piece_of[b] = piece
            piece[0].append(b)
        elif piece is not other:  # two pieces join: the smaller one into the bigger one
            if len(piece[0]) < len(other[0]):
                piece, other = other, piece
            piece[0].extend(other[0])
            piece[1].extend(other[1])
            for city in other[0]:
                piece_of[city] = piece
            joined = True
        piece[1].append(i)
    if not edges:
        return []
    first = piece_of[edges[0][0]]
    if len(first[0]) == len(touching):  # the common case: one piece
        return [(sorted(first[1]) if joined else first[1], touching)]
    found: dict[int, tuple[list[int], dict[str, list[int]]]] = {}
    for city, ends in touching.items():  # first cities in the order of their pieces' first edges
        piece = piece_of[city]
        if id(piece) not in found:
            found[id(piece)] = (sorted(piece[1]) if joined else piece[1], {})
        found[id(piece)][1][city] = ends
    return list(found.values())


def _in_one_piece(edges, city_count: int) -> bool:
    """Whether the edges surely join all ``city_count`` cities in one piece. Sweeps over
    the edges: one that touches a city reached so far reaches its other end too; the
    rest wait for the next sweep. A network grows route by route, so a sweep or two
    usually does, cheaper than walking out from each city; after three (or a sweep that
    adds nothing) this says no, and the pieces are walked out."""
    reached = {edges[0][0]}
    waiting = edges
    for _ in range(3):
        left = []
        for edge in waiting:
            if edge[0] in reached or edge[1] in reached:
                reached.add(edge[0])
                reached.add(edge[1])
            else:
                left.append(edge)
        if not left or len(left) == len(waiting):
            break
        waiting = left
    return len(reached) == city_count


def _euler_trail(edges, touching, start):
    """Every edge of a piece with at most two odd cities, in Euler-trail order from
    ``start`` (an odd city if there is one): Hierholzer's algorithm on plain dicts.
    ``edges`` are ``(city, city, length, ...)``; ``touching`` holds the edges at each city.
    Gives (length, cities in walking order, edge indices in walking order)."""
    left = {city: list(ends) for city, ends in touching.items()}
    used: set[int] = set()
    stack = [(start, -1)]
    cities, walk, length = [], [], 0
    while stack:
        city, via = stack[-1]
        ends = left[city]
        while ends and ends[-1] in used:
            ends.pop()
        if ends:
            i = ends.pop()
            used.add(i)
            edge = edges[i]
            stack.append((edge[1] if city == edge[0] else edge[0], i))
        else:  # a dead end: this city and the edge that led here are final, back to front
            stack.pop()
            cities.append(city)
            if via >= 0:
                walk.append(via)
                length += edges[via][2]
    cities.reverse()
    walk.reverse()
    return length, tuple(cities), walk


def _chains(edges, touching):
    """Contract runs through cities of degree 2 into single chains.

    A best trail ends at odd-degree cities, so it passes a degree-2 city on both of its
    routes or not at all: the run behaves like one long route. Each chain is
    ``(start, end, length, cities, edge indices)``.
    """
    seen: set[int] = set()
    chains = []
    for anchor, ends in touching.items():
        if len(ends) == 2:
            continue
        for first in ends:
            if first in seen:
                continue
            seen.add(first)
            a, b, length = edges[first]
            city = b if anchor == a else a
            onward = touching[city]
            if len(onward) != 2:  # the common case in a dense network: a chain of one route
                chains.append((anchor, city, length, (anchor, city), (first,)))
                continue
            run, cities, edge = [first], [anchor, city], onward[0] if onward[1] == first else onward[1]
            while True:
                seen.add(edge)
                a, b, n = edges[edge]
                city = b if city == a else a
                run.append(edge)
                cities.append(city)
                length += n
                onward = touching[city]
                if len(onward) != 2:
                    break
                edge = onward[0] if onward[1] == edge else onward[1]
            chains.append((anchor, city, length, tuple(cities), tuple(run)))
    return chains


def _longest_in_piece(edges, touching, to_beat, with_trail):
    """The longest trail of a connected piece with more than two odd cities (facts 2–7),
    or None if it cannot beat ``to_beat``: (length, cities, edge indices), or (length,)
    without ``with_trail``."""
    all_chains = _chains(edges, touching)
    chains, in_a_tree = _trim_hanging_trees(all_chains, with_trail)
    best = None
    if in_a_tree is not None and in_a_tree[0] > to_beat:
        best = (in_a_tree[0],) + (_unfold(all_chains, in_a_tree[1], in_a_tree[2]) if with_trail else ())
        to_beat = best[0]
    if chains:
        found = _longest_over_chains(chains, to_beat, with_trail)
        if found is not None:
            best = found
    return best


def _longest_over_chains(chains, to_beat, with_trail):
    """The longest trail over chains (``(start, end, length, cities, edge indices)``);
    without ``with_trail`` just (length,)."""
    ends_at: dict[str, list[int]] = {}
    for k, (start, end, _, _, _) in enumerate(chains):
        ends_at.setdefault(start, []).append(k)
        ends_at.setdefault(end, []).append(k)
    total = sum(chain[2] for chain in chains)
    if total <= to_beat:
        return None
    odd = [city for city, ends in ends_at.items() if len(ends) % 2]
    if len(odd) <= 2:
        if not with_trail:
            return (total,)
        return _unfold_euler(chains, _euler_trail(chains, ends_at, odd[0] if odd else chains[0][0]))
    nearest = _nearest_pairing(chains, ends_at, odd)
    if nearest is None:
        # the tips of hanging arms first (as the searches below start from odd[0])
        odd.sort(key=lambda city: len(ends_at[city]) != 1)
    least, left_out = nearest or _exact_pairing(chains, ends_at, odd)
    if total - least <= to_beat:
        return None
    found = _walk_all_but(chains, left_out, with_trail)
    if found is None:
        most = min(least + LEFT_OUT_SEARCH_ABOVE_PAIRING, total - to_beat - 1)
        found = _search_left_out(chains, ends_at, odd[0], least, most, with_trail)
    if found is not None:
        return found
    ceiling = total - least - LEFT_OUT_SEARCH_ABOVE_PAIRING - 1
    if ceiling <= to_beat:
        return None
    pairing = _Pairing(_odd_distances(chains, odd)[0])
    ceilings = {city: min(ceiling, total - pairing.length_with_end(i)) for i, city in enumerate(odd)}
    return _search(chains, odd, to_beat, ceilings, with_trail)


#: Fact 6 searches the chains to leave out up to this much above the cheapest pairing;
#: beyond, the search over trails (fact 7) is usually quicker (fact 6 grows with the
#: budget). Measured: 1 to 6 all within a few per cent on dense networks.
LEFT_OUT_SEARCH_ABOVE_PAIRING = 3


def _search_left_out(chains, ends_at, start, least, most, with_trail):
    """Fact 6: the longest trail that leaves out chains of total length ``most`` or less
    (none leaves out less than ``least``), if any: (length, ...) as from
    ``_walk_all_but``, or None. A branch and bound: once a trail is found, only trails
    that leave out less are looked for.

    The chains are decided one by one, leave out or keep, in the order a breadth-first
    walk from ``start`` meets them, so cities are soon finished: a finished city that
    keeps an odd number of chains is one of the trail's two ends. A city not finished
    yet that keeps an odd number must still lose one of its later chains (or be an end),
    and a left-out chain mends two cities: if half the cheapest such chains, summed over
    those cities (but for the ends still free), cost more than what is left to spend, the
    branch is cut.
    """
    order: list[int] = []
    placed: set[int] = set()
    reached, frontier = {start}, [start]
    for city in frontier:  # the list grows while it is walked: breadth first
        for k in ends_at[city]:
            if k not in placed:
                placed.add(k)
                order.append(k)
                a, b = chains[k][:2]
                other = b if city == a else a
                if other not in reached:
                    reached.add(other)
                    frontier.append(other)
    last_chain = {}
    for position, k in enumerate(order):
        last_chain[chains[k][0]] = last_chain[chains[k][1]] = position
    finished = [[] for _ in order]  # the cities whose last chain is decided at each position
    for city, position in last_chain.items():
        finished[position].append(city)
    cheapest_later: list[tuple[tuple[str, int], ...]] = [()] * len(order)  # per open city
    later: dict[str, int] = {}
    for position in range(len(order) - 1, -1, -1):
        cheapest_later[position] = tuple(later.items())
        a, b, length, _, _ = chains[order[position]]
        if a != b:  # a loop does not change a city's parity
            for city in (a, b):
                later[city] = min(later.get(city, length), length)
    odd = {city: len(ends) % 2 for city, ends in ends_at.items()}  # of the chains kept so far
    left_out: set[int] = set()
    best, limit = None, most  # the best trail found; what a better one may leave out

    def decide(position: int, spent: int, ends: int) -> bool:
        """Decide the chain at ``position`` and on; True once nothing better is possible."""
        nonlocal best, limit
        if position == len(order):
            found = _walk_all_but(chains, left_out, with_trail)
            if found is not None:
                best, limit = found, spent - 1
            return found is not None and spent == least
        k = order[position]
        a, b, length, _, _ = chains[k]
        for leave in (False, True):
            if leave:
                if spent + length > limit:
                    break
                left_out.add(k)
                spent += length
                odd[a] ^= a != b
                odd[b] ^= a != b
            now = ends + sum(odd[city] for city in finished[position])
            if now <= 2:
                to_mend = largest = second = 0  # the cheapest later chain at each odd open city
                for city, cheapest in cheapest_later[position]:
                    if odd[city]:
                        to_mend += cheapest
                        if cheapest > largest:
                            largest, second = cheapest, largest
                        elif cheapest > second:
                            second = cheapest
                to_mend -= (largest + second, largest, 0)[now]  # the ends still free need no mending
                if to_mend <= 2 * (limit - spent) and decide(position + 1, spent, now):
                    return True
            if leave:
                left_out.discard(k)
                odd[a] ^= a != b
                odd[b] ^= a != b
        return False

    decide(0, 0, 0)
    return best


def _walk_all_but(chains, left_out, with_trail):
    """The Euler trail of every chain but those ``left_out`` (which leave at most two odd
    cities), if they hang together; else None. Without ``with_trail`` just (length,)."""
    if not with_trail:
        kept_chains = [chain for k, chain in enumerate(chains) if k not in left_out]
        cities = {chain[0] for chain in kept_chains} | {chain[1] for chain in kept_chains}
        if kept_chains and _in_one_piece(kept_chains, len(cities)):
            return (sum(chain[2] for chain in kept_chains),)
    kept: dict[str, list[int]] = {}
    for k, (start, end, _, _, _) in enumerate(chains):
        if k not in left_out:
            kept.setdefault(start, []).append(k)
            kept.setdefault(end, []).append(k)
    if not _is_connected(chains, kept):
        return None
    if not with_trail:
        return (sum(chain[2] for chain in chains) - sum(chains[k][2] for k in left_out),)
    ends = [city for city, ends in kept.items() if len(ends) % 2]
    return _unfold_euler(chains, _euler_trail(chains, kept, ends[0] if ends else next(iter(kept))))


def _nearest_pairing(chains, ends_at, odd):
    """Fact 5, tried first: pair odd cities with their nearest odd city, if that provably
    costs the least. Gives (its length, the chains on its paths) or None.

    One Dijkstra from all odd cities at once tells each city its nearest odd city; a
    chain whose two ends heard of different odd cities joins those two, and among these
    joins is every odd city's way to its nearest other odd city. The closest joins,
    taken greedily, often cost no more than ``_pairing_floor``.
    """
    # city -> (distance, nearest odd city, chain came by); each odd city is its own nearest
    # (even when a route of length 0 joins it to another)
    heard: dict[str, tuple[int, int, int]] = {city: (0, i, -1) for i, city in enumerate(odd)}
    heap = []
    for i, city in enumerate(odd):
        for k in ends_at[city]:
            start, end, length, _, _ = chains[k]
            other = end if city == start else start
            if other not in heard:
                heap.append((length, i, other, k))
    heapq.heapify(heap)
    while heap:
        d, source, city, came_by = heapq.heappop(heap)
        if city in heard:
            continue
        heard[city] = d, source, came_by
        for k in ends_at[city]:
            start, end, length, _, _ = chains[k]
            other = end if city == start else start
            if other not in heard:
                heapq.heappush(heap, (d + length, source, other, k))
    joins = []
    nearest = [_UNREACHABLE] * len(odd)
    for k, (start, end, length, _, _) in enumerate(chains):
        (d_start, i, _), (d_end, j, _) = heard[start], heard[end]
        if i != j:
            via = d_start + length + d_end
            joins.append((via, i, j, k))
            if via < nearest[i]:
                nearest[i] = via
            if via < nearest[j]:
                nearest[j] = via
    floor = _pairing_floor(nearest)
    joins.sort()
    length, paired, left_out = 0, set(), set()
    for d, i, j, k in joins:
        if len(paired) == len(odd) - 2 or length + d > floor:
            break
        if i not in paired and j not in paired:
            paired.update((i, j))
            length += d
            left_out.symmetric_difference_update(_join_chains(chains, heard, k))
    return (length, left_out) if len(paired) == len(odd) - 2 else None


def _pairing_floor(nearest: list[int]) -> int:
    """The least any pairing of the odd cities (all but two ends) can cost, from each odd
    city's distance to its nearest odd city: a pair costs at least the larger of its two
    cities' distances. The least such sum leaves out the two farthest cities as ends and
    pairs the rest in order of distance: the 3rd, 5th, 7th … largest distances."""
    return sum(sorted(nearest, reverse=True)[2::2])


def _join_chains(chains, heard, k):
    """The chains of a join: chain ``k`` and the ways from its two ends back to the odd
    cities they heard of first."""
    yield k
    for city in chains[k][:2]:
        while heard[city][2] >= 0:
            chain = heard[city][2]
            yield chain
            start, end = chains[chain][:2]
            city = end if city == start else start


def _trim_hanging_trees(chains, with_trail=True):
    """Fact 4: cut the trees that hang from the network down to their two deepest arms.

    Every route of a hanging tree is a bridge, so a trail that enters the tree cannot come
    back: it ends there. A trail has two ends, so of the arms hanging at a city only the two
    longest can matter; each kept arm becomes one chain from that city to its leaf. A trail
    may also stay inside a tree: the longest such path is returned too, as
    ``(length, start city, [(chain, forwards)])`` over the given chains, or None. If the
    whole piece is a tree, no chains are left and that path is the answer. Without
    ``with_trail`` the new chains leave out their cities and edges.
    """
    ends_at: dict[str, list[int]] = {}
    for k, (start, end, _, _, _) in enumerate(chains):
        ends_at.setdefault(start, []).append(k)
        ends_at.setdefault(end, []).append(k)
    degree = {city: len(ends) for city, ends in ends_at.items()}
    leaves = [city for city, d in degree.items() if d == 1]
    if not leaves:
        return chains, None
    cut: set[int] = set()
    # the arms hanging at each city, longest first: (length, [(chain, forwards)] walking down)
    arms: dict[str, list[tuple[int, list[tuple[int, bool]]]]] = {}
    while leaves:
        city = leaves.pop()
        if degree[city] != 1:
            continue  # the last city of a piece that is one tree
        k = next(k for k in ends_at[city] if k not in cut)
        cut.add(k)
        start, end, length, _, _ = chains[k]
        parent = start if end == city else end
        degree[city] = 0
        degree[parent] -= 1
        if degree[parent] == 1:
            leaves.append(parent)
        longest, steps = arms[city][0] if city in arms else (0, [])
        arm = (longest + length, [(k, start == parent)] + steps)
        at_parent = arms.get(parent)
        if at_parent is None:
            arms[parent] = [arm]
        elif arm[0] > at_parent[-1][0] or len(at_parent) == 1:  # into the two longest, after equals
            at_parent.insert(0 if arm[0] > at_parent[0][0] else 1, arm)
            del at_parent[2:]
    core = [chain for k, chain in enumerate(chains) if k not in cut]
    inside = None  # the longest path inside a tree: (length, start city, steps)
    for city, hanging in arms.items():
        (longest, steps), (other_length, other_steps) = (hanging + [(0, [])])[:2]
        if inside is None or longest + other_length > inside[0]:  # down one arm, up the other
            walk = [(k, not forwards) for k, forwards in reversed(other_steps)] + steps
            inside = (longest + other_length, chains[walk[0][0]][0 if walk[0][1] else 1], walk)
        if degree[city] >= 2:  # a city of the network that stays: its arms become chains
            for length, steps in hanging:
                if with_trail:
                    cities, run = _unfold(chains, city, steps)
                    core.append((city, cities[-1], length, cities, tuple(run)))
                else:
                    k, forwards = steps[-1]
                    core.append((city, chains[k][1 if forwards else 0], length, None, None))
    return core, inside


def _unfold(chains, start, steps):
    """The cities and edge indices of a walk over chains, ``steps`` = [(chain, forwards)]."""
    cities, indices = [start], []
    for k, forwards in steps:
        _, _, _, chain_cities, run = chains[k]
        cities.extend(chain_cities[1:] if forwards else chain_cities[-2::-1])
        indices.extend(run if forwards else reversed(run))
    return tuple(cities), indices


def _unfold_euler(chains, euler):
    """An Euler trail over chains, unfolded into cities and edge indices."""
    length, anchors, walk = euler
    return (length,) + _unfold(chains, anchors[0], [(k, chains[k][0] == at) for k, at in zip(walk, anchors)])


def _is_connected(chains, ends_at) -> bool:
    """Whether the cities in ``ends_at`` hang together through its chains."""
    start = next(iter(ends_at))
    seen, frontier = {start}, [start]
    while frontier:
        city = frontier.pop()
        for k in ends_at[city]:
            a, b = chains[k][0], chains[k][1]
            other = b if a == city else a
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return len(seen) == len(ends_at)


def _exact_pairing(chains, ends_at, odd):
    """Fact 5 exactly: the cheapest pairing of the odd cities over all their shortest
    distances. Gives (its length, the chains on its paths).

    An odd tip of a hanging arm whose city of attachment is odd too needs no Dijkstra:
    every way from it runs along its arm to that city. In a cheapest pairing it is a
    trail end, pairs with that city, or pairs with another tip hanging there (if it pairs
    with anyone else, pairing it with its city and their partners with each other costs
    no more), so its partners are only those.
    """
    odd_cities = set(odd)
    tips: dict[str, tuple[str, int]] = {}  # tip -> (city it hangs at, its arm)
    for city in odd:
        ends = ends_at[city]
        if len(ends) == 1:
            start, end = chains[ends[0]][:2]
            at = end if city == start else start
            if at in odd_cities and len(ends_at[at]) > 1:
                tips[city] = at, ends[0]
    rest = [city for city in odd if city not in tips]
    distance, came_by = _odd_distances(chains, rest, {arm for _, arm in tips.values()})
    order = list(tips) + rest  # the tips first: the pairing plan restricts their partners
    number = {city: n for n, city in enumerate(order)}
    matrix = [[_UNREACHABLE] * len(order) for _ in tips] + [[_UNREACHABLE] * len(tips) + row for row in distance]
    partners = []
    for tip, (at, arm) in tips.items():
        i, j = number[tip], number[at]
        matrix[i][j] = matrix[j][i] = chains[arm][2]
        others = [number[other] for other, (there, _) in tips.items() if there == at and number[other] > i]
        for other in others:
            matrix[i][other] = matrix[other][i] = chains[arm][2] + chains[tips[order[other]][1]][2]
        partners.append((j, *others))
    pairs = _cheapest_pairs(matrix, _pairing_plan(len(order), 2, tuple(partners)))
    least, left_out = 0, set()  # chains on the pairing paths; used twice means not left out
    for i, j in pairs:
        least += matrix[i][j]
        if i < len(tips):
            left_out.symmetric_difference_update((tips[order[i]][1], tips[order[j]][1]) if j < len(tips)
                                                 else (tips[order[i]][1],))
        else:
            left_out.symmetric_difference_update(_path_chains(came_by, i - len(tips), j - len(tips)))
    return least, left_out


def _odd_distances(chains, odd, skip=()):
    """Shortest distances between the odd cities over the chains, as a matrix in the order
    of ``odd``, and the way back to each source: Dijkstra on plain lists, the odd cities
    numbered first. Distances are symmetric, so each search only needs the odd cities
    after its source and stops once they are settled; ``came_by[i][city]`` is (previous
    city, chain) on the way from ``odd[i]``. The chains in ``skip`` are left out."""
    number = {city: n for n, city in enumerate(odd)}
    graph: list[list[tuple[int, int, int]]] = [[] for _ in odd]
    for k, (start, end, length, _, _) in enumerate(chains):
        if start != end and k not in skip:
            for city in (start, end):
                if city not in number:
                    number[city] = len(graph)
                    graph.append([])
            graph[number[start]].append((length, number[end], k))
            graph[number[end]].append((length, number[start], k))
    distance = [[0] * len(odd) for _ in odd]
    came_by: list[list[tuple[int, int] | None]] = []
    unreached = _UNREACHABLE
    for source in range(len(odd)):
        back: list[tuple[int, int] | None] = [None] * len(graph)  # also: settled or not
        # the shortest distance seen so far: a longer way to a city is not queued at all
        tentative = [unreached] * len(graph)
        tentative[source] = 0
        to_find = len(odd) - source - 1
        heap = [(0, source, source, -1)]  # (distance, city, previous city, chain)
        while to_find:
            d, city, previous, chain = heapq.heappop(heap)
            if back[city] is not None:
                continue
            back[city] = previous, chain
            if source < city < len(odd):
                distance[source][city] = distance[city][source] = d
                to_find -= 1
            for length, other, k in graph[city]:
                if d + length < tentative[other]:
                    tentative[other] = d + length
                    heapq.heappush(heap, (d + length, other, city, k))
        came_by.append(back)
    return distance, came_by


def _path_chains(came_by, i, j):
    """The chains of the shortest path found between the odd cities ``i`` and ``j``."""
    if i > j:
        i, j = j, i
    back, city = came_by[i], j
    while city != i:
        city, chain = back[city]
        yield chain


class _Pairing:
    """Fact 5: pair the odd cities, all but at most two (the trail's ends), along shortest
    paths at the least total length. ``pairs`` (indices into ``odd``) and ``length`` give
    the cheapest pairing; ``distance`` is the matrix of shortest distances.

    Up to ``PAIRING_BY_HAND_UP_TO`` odd cities it is an exact search over subsets (see
    ``_pairing_plan``); above, networkx's minimum-weight matching.
    """

    def __init__(self, distance):
        self.distance = distance
        self.count = len(distance)
        self.by_hand = self.count <= PAIRING_BY_HAND_UP_TO
        if self.by_hand:
            self.pairs = _cheapest_pairs(distance, _pairing_plan(self.count, 2))
        else:
            self.pairs = self._matching()
        self.length = sum(distance[a][b] for a, b in self.pairs)

    def length_with_end(self, i: int) -> int:
        """A lower bound on the routes left unused by a trail that starts at ``odd[i]``:
        exact with the search by hand (the others paired, one free end), else half the
        distances to the nearest odd city."""
        if self.by_hand:
            others = [row[:i] + row[i + 1:] for c, row in enumerate(self.distance) if c != i]
            return _pairing_costs(others, _pairing_plan(self.count - 1, 1))[-1]
        nearest = sorted((min(d for b, d in enumerate(row) if b != a)
                          for a, row in enumerate(self.distance) if a != i), reverse=True)
        return -(-sum(nearest[1:]) // 2)  # the farthest of them may be the other end

    def _matching(self) -> list[tuple[int, int]]:
        pairing = nx.Graph()
        free_ends = ("free end 1", "free end 2")  # a trail's two ends need no partner
        for a, b in itertools.combinations(range(self.count), 2):
            pairing.add_edge(a, b, weight=self.distance[a][b])
        for city in range(self.count):
            pairing.add_edges_from([(city, end) for end in free_ends], weight=0)
        pairing.add_edge(*free_ends, weight=0)
        return [(a, b) for a, b in nx.min_weight_matching(pairing) if a not in free_ends and b not in free_ends]


@functools.cache
def _pairing_plan(count: int, free: int, partners: tuple[tuple[int, ...], ...] = ()
                  ) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """The exact pairing search for ``count`` cities with up to ``free`` of them left
    unpaired, laid out once per size: it only depends on the sizes, not on the distances.

    The cheapest pairing of a set of cities: its first city is either a free end or pairs
    with one of the others, and the rest is paired as cheaply as possible. The states
    (cities left, free ends left) this reaches are listed so that each comes after the
    states it needs, as ``(first city, state if it is left free or -1, ((partner, state
    after pairing), ...))``; state 0 is "nobody left" and state k is the plan's (k-1)th
    entry, the last entry being every city with ``free`` ends. The first cities may pair
    only with the later cities ``partners`` lists for them (the tips in ``_exact_pairing``).
    """
    state_of: dict[int, int] = {mask_free: 0 for mask_free in range(free + 1)}  # cities << 2 | free
    plan = []

    def visit(cities: int, free: int) -> int:
        if cities << 2 | free not in state_of:
            first = cities & -cities
            rest = cities ^ first
            if_free = visit(rest, free - 1) if free else -1
            city, choices = first.bit_length() - 1, []
            for other in partners[city] if city < len(partners) else range(city + 1, count):
                if rest >> other & 1:
                    choices.append((other, visit(rest ^ 1 << other, free)))
            plan.append((city, if_free, tuple(choices)))
            state_of[cities << 2 | free] = len(plan)
        return state_of[cities << 2 | free]

    visit((1 << count) - 1, free)
    return tuple(plan)


def _pairing_costs(distance, plan) -> list[int]:
    """The least length of every state of the ``plan`` for these distances (the last one
    is the answer): children first, so each is a minimum over values already known."""
    costs = [0]
    for first, if_free, partners in plan:
        row = distance[first]
        least = costs[if_free] if if_free >= 0 else _UNREACHABLE
        for other, after in partners:
            if row[other] + costs[after] < least:
                least = row[other] + costs[after]
        costs.append(least)
    return costs


def _cheapest_pairs(distance, plan) -> list[tuple[int, int]]:
    """The pairs of a cheapest pairing: from the last state, follow the choices that
    give each state its least length."""
    costs = _pairing_costs(distance, plan)
    pairs, state = [], len(plan)
    while state:
        first, if_free, partners = plan[state - 1]
        if if_free >= 0 and costs[if_free] == costs[state]:
            state = if_free
            continue
        row = distance[first]
        other, state = next((other, after) for other, after in partners if row[other] + costs[after] == costs[state])
        pairs.append((first, other))
    return pairs


def _search(chains, odd, to_beat, ceiling, with_trail):
    """Depth-first search over trails of chains, from each odd-degree city in turn, for
    a trail longer than ``to_beat``; ``ceiling`` bounds the trails from each start."""
    number: dict[str, int] = {}
    for start, end, *_ in chains:
        number.setdefault(start, len(number))
        number.setdefault(end, len(number))
    cities = len(number)
    # Each city's chains, longest first: good trails are found early, so the bound cuts more.
    neighbours: list[list[tuple[int, int, int, int, bool]]] = [[] for _ in range(cities)]
    for k, (start, end, length, _, _) in enumerate(chains):
        neighbours[number[start]].append((1 << k, number[end], length, k, True))
        if end != start:
            neighbours[number[end]].append((1 << k, number[start], length, k, False))
    for options in neighbours:
        options.sort(key=lambda option: -option[2])
    top = max(ceiling.values())

    best_length, best_walk, best_start = to_beat, None, None
    walk: list[tuple[int, bool]] = []
    # The same routes walked in another order lead to the same city with the same length
    # and the same future: each (city, routes used) is explored once.
    explored: set[int] = set()

    def extend(city: int, length: int, used: int, stop: int) -> bool:
        """Grow the trail from ``city``; True once a trail as long as ``stop`` is found."""
        nonlocal best_length, best_walk
        state = used * cities + city
        if state in explored:
            return False
        explored.add(state)
        if length > best_length:
            best_length, best_walk = length, list(walk)
            if length >= stop:
                return True
        for bit, other, chain_length, k, forward in neighbours[city]:
            if used & bit:
                continue
            walk.append((k, forward))
            done = extend(other, length + chain_length, used | bit, stop)
            walk.pop()
            if done:
                return True
        return False

    for start in sorted(odd, key=lambda city: -ceiling[city]):
        if best_length >= ceiling[start]:
            continue  # no trail from here can beat the best one found
        found_before = best_walk
        reached = extend(number[start], 0, 0, ceiling[start])
        if best_walk is not found_before:
            best_start = start
        if reached and best_length >= top:
            break

    if best_walk is None:
        return None
    if not with_trail:
        return (best_length,)
    trail, indices = [best_start], []
    for k, forward in best_walk:
        _, _, _, chain_cities, run = chains[k]
        trail.extend(chain_cities[1:] if forward else chain_cities[-2::-1])
        indices.extend(run if forward else reversed(run))
    return best_length, tuple(trail), indices


# --- the same search, step by step -------------------------------------------------------

@dataclass(frozen=True)
class TrailStep:
    """One step of the backtracking search, for a lesson.

    ``kind``: "start" (a new first city), "extend" (walk a route), "back" (undo it),
    "better" (a new longest trail), "prune" (what is left cannot beat the best) or
    "done". ``trail`` is the trail being walked (the caller's items), ``best`` the best
    so far and ``unexplored`` the routes not on the current trail.
    """

    kind: str
    city: str | None
    trail: tuple[Any, ...]
    length: int
    best: tuple[Any, ...]
    best_length: int
    unexplored: tuple[Any, ...] = ()


def longest_trail_steps(items: Iterable[Any]) -> Iterator[TrailStep]:
    """The backtracking search as a stream of steps; the last one ("done") carries the
    longest trail and its length, the same length ``longest_trail`` finds.

    This is the plain teaching version: it starts from every odd-degree city of each
    piece (from one city if none is odd: an Euler circuit walks it all) and cuts a
    branch when the trail so far plus every route not yet used cannot beat the best
    trail found.
    """
    items = list(items)
    edges = [as_edge(item) for item in items]
    neighbours: dict[str, list[tuple[int, str]]] = {}
    for index, (a, b, _) in enumerate(edges):
        neighbours.setdefault(a, []).append((index, b))
        neighbours.setdefault(b, []).append((index, a))
    total = sum(length for _, _, length in edges)
    starts = []
    for piece, _ in connected_pieces(edges):
        cities = sorted({city for i in piece for city in edges[i][:2]})
        odd = [c for c in cities if len(neighbours[c]) % 2]
        starts += odd or cities[:1]  # a piece without odd cities is walked whole from anywhere
    best: tuple[int, ...] = ()
    best_length = 0
    trail: list[int] = []
    used: set[int] = set()

    def step(kind: str, city: str | None, length: int) -> TrailStep:
        return TrailStep(kind, city, tuple(items[i] for i in trail), length, tuple(items[i] for i in best),
                         best_length, tuple(items[i] for i in range(len(items)) if i not in used))

    def walk(city: str, length: int) -> Iterator[TrailStep]:
        nonlocal best, best_length
        if length > best_length:
            best, best_length = tuple(trail), length
            yield step("better", city, length)
        if length + (total - sum(edges[i][2] for i in used)) <= best_length:
            yield step("prune", city, length)
            return
        for index, other in neighbours[city]:
            if index in used:
                continue
            used.add(index)
            trail.append(index)
            yield step("extend", other, length + edges[index][2])
            yield from walk(other, length + edges[index][2])
            trail.pop()
            used.discard(index)
            yield step("back", city, length)

    for start in starts:
        if best_length == total:
            break
        yield step("start", start, 0)
        yield from walk(start, 0)
    yield step("done", None, best_length)


__all__ = ["Trail", "TrailStep", "as_edge", "longest_trail", "longest_trail_length", "longest_trail_steps"]
