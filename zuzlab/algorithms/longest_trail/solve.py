"""The longest trail, fact by fact: each piece on its own (fact 0), the Euler trail when
it walks everything (fact 1), chains and hanging trees (facts 3 and 4), the pairing
ceiling (facts 2 and 5), and only then the searches (facts 6 to 8) or, for a piece too
big to search, the integer program (fact 9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple, Sequence

from .chains import (
    Chain, Walk, chains_at, contract_chains, euler_walk, odd_cities, single_edges, trim_hanging_trees, unfold,
)
from .pairing import Graph, cheapest_pairing, odd_distances, pairing_with_end
from .pieces import Edge, Piece, as_edge, connected_pieces, one_piece
from .program import solve_by_program
from .search import LEFT_OUT_SEARCH_ABOVE_PAIRING, OutOfBudget, search_left_out, search_trails


@dataclass(frozen=True)
class Trail:
    """A trail: its length, the cities in walking order and the edges it uses."""

    length: int
    cities: tuple[str, ...] = ()
    edges: tuple[Any, ...] = ()  # the caller's own items (routes or tuples), in order

    def __len__(self) -> int:
        return len(self.edges)


class Found(NamedTuple):
    """A longest trail of a piece as it was found: its length and its chains, either in
    walking order (``walk``) or as the set it keeps (all if None), walked in Euler order
    when asked. A piece walked whole keeps its routes as they are (``whole``): they become
    chains only if the trail is asked for."""

    length: int
    chains: Sequence[Chain] = ()
    walk: Walk | None = None
    kept: frozenset[int] | None = None
    whole: Piece | None = None

    def cities_and_edges(self, edges: list[Edge]) -> tuple[tuple[str, ...], list[int]]:
        """The cities and the route indices of the trail, in walking order."""
        chains = single_edges(edges, self.whole.edges) if self.whole else self.chains
        return unfold(chains, self.walk or euler_walk(chains, self.kept))


def longest_trail(items: Iterable[Any]) -> Trail:
    """The longest trail through the given routes (route objects or ``(a, b, length)``)."""
    items = list(items)
    edges = [as_edge(item) for item in items]
    best = _longest(edges, with_trail=True)
    if best is None:
        return Trail(0)
    cities, indices = best.cities_and_edges(edges)
    return Trail(best.length, cities, tuple(items[i] for i in indices))


def longest_trail_length(items: Iterable[Any]) -> int:
    """Just the length of ``longest_trail(items)``: the same facts, but the trail itself
    is not walked out."""
    best = _longest([as_edge(item) for item in items], with_trail=False)
    return 0 if best is None else best.length


def _longest(edges: list[Edge], with_trail: bool) -> Found | None:
    """The longest trail over all pieces, or None if no trail is longer than 0; only
    ``with_trail`` can it be walked out."""
    best: Found | None = None
    pieces = [(sum(edges[i].length for i in piece.edges), piece) for piece in connected_pieces(edges)]
    pieces.sort(key=lambda each: -each[0])  # biggest first: a smaller piece is often skipped unsearched
    for total, piece in pieces:
        to_beat = best.length if best else 0
        if total <= to_beat:
            break
        found = _longest_in_piece(edges, piece, total, to_beat, with_trail)
        if found is not None:
            best = found
    return best


def _longest_in_piece(edges: list[Edge], piece: Piece, total: int, to_beat: int, with_trail: bool) -> Found | None:
    """The longest trail of one piece, if it is longer than ``to_beat``."""
    if len(odd_cities(piece.touching)) <= 2:  # fact 1: an Euler trail walks it all
        return Found(total, whole=piece)
    every_chain = contract_chains(edges, piece.touching)  # fact 3
    ends_at = chains_at(every_chain)
    core, in_a_tree = trim_hanging_trees(every_chain, ends_at, unfold_arms=with_trail)  # fact 4
    best = None
    if in_a_tree is not None and in_a_tree.length > to_beat:
        best, to_beat = Found(in_a_tree.length, every_chain, walk=in_a_tree), in_a_tree.length
    if core:
        best = _longest_over_chains(core, ends_at if core is every_chain else chains_at(core), to_beat) or best
    return best


def _longest_over_chains(chains: list[Chain], ends_at: dict[str, list[int]], to_beat: int) -> Found | None:
    """The longest trail over the chains left after fact 4 (``ends_at``: the chains at each
    city), if longer than ``to_beat``."""
    total = sum(chain.length for chain in chains)
    odd = odd_cities(ends_at)
    if total <= to_beat:
        return None
    if len(odd) <= 2:  # fact 1 again: the trees cut off, the rest may be walked whole
        return Found(total, chains)
    pairing = cheapest_pairing(chains, odd, ends_at)  # fact 5
    if total - pairing.length <= to_beat:
        return None
    kept = frozenset(range(len(chains))) - pairing.left_out
    if one_piece((chains[k].start, chains[k].end) for k in kept):
        return Found(total - pairing.length, chains, kept=kept)
    try:
        most = min(pairing.length + LEFT_OUT_SEARCH_ABOVE_PAIRING, total - to_beat - 1)
        tip = next((city for city in odd if len(ends_at[city]) == 1), odd[0])  # an arm's end is soon decided
        left_out = search_left_out(chains, ends_at, tip, pairing.length, most)  # fact 6
        if left_out is not None:
            return Found(total - sum(chains[k].length for k in left_out), chains,
                         kept=frozenset(range(len(chains))) - left_out)
        ceiling = total - pairing.length - LEFT_OUT_SEARCH_ABOVE_PAIRING - 1  # what fact 6 did not find
        if ceiling <= to_beat:
            return None
        distance = pairing.distance or odd_distances(Graph.of(chains, odd, ends_at), len(odd))[0]
        ceilings = {city: min(ceiling, total - pairing_with_end(distance, i)) for i, city in enumerate(odd)}
        walk = search_trails(chains, ceilings, to_beat)  # facts 7 and 8
        return None if walk is None else Found(walk.length, chains, walk=walk)
    except OutOfBudget:
        kept = solve_by_program(chains)  # fact 9
        length = sum(chains[k].length for k in kept)
        return Found(length, chains, kept=kept) if length > to_beat else None
