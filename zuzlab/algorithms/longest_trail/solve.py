"""The longest trail, fact by fact: each piece on its own (fact 0), the Euler trail when
it walks everything (fact 1), chains and hanging trees (facts 3 and 4), the pairing
ceiling (facts 2 and 5), and only then the searches (facts 6 to 8) or, for a piece too
big to search, the integer program (fact 9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Hashable, Iterable, NamedTuple, Sequence

from .chains import Chains, Walk, contract_chains, euler_walk, single_chains, trim_hanging_trees, unfold
from .distances import odd_distances
from .pairing import cheapest_pairing, pairing_with_end
from .pieces import City, Piece, Route, RouteItem, connected_pieces, one_piece, read_routes
from .program import solve_by_program
from .search import LEFT_OUT_SEARCH_ABOVE_PAIRING, OutOfBudget, search_left_out, search_trails


@dataclass(frozen=True)
class Trail(Generic[City]):
    """A trail: its length, the cities in walking order and the edges it uses."""

    length: int
    cities: tuple[City, ...] = ()
    edges: tuple[Any, ...] = ()  # the caller's own items (routes or tuples), in order

    def __len__(self) -> int:
        return len(self.edges)


class Found(NamedTuple, Generic[City]):
    """A longest trail of a piece as it was found: its length and its chains, either in
    walking order (``walk``) or as a set (all but those ``left_out``), walked in Euler
    order only when the trail is asked for. A piece walked whole keeps its routes as they
    are (``whole``): they become chains only if the trail is asked for."""

    length: int
    chains: Chains[City] | None = None
    walk: Walk | None = None
    left_out: frozenset[int] = frozenset()
    whole: Piece[City] | None = None

    def cities_and_edges(self, routes: Sequence[Route[City]]) -> tuple[tuple[City, ...], list[int]]:
        """The cities and the route indices of the trail, in walking order."""
        chains = self.chains
        if chains is None:
            assert self.whole is not None, "a longest trail is found as chains or as its whole piece"
            chains = single_chains(routes, self.whole)
        return unfold(chains, self.walk or euler_walk(chains, self.left_out), routes)


def longest_trail(items: Iterable[RouteItem[City]]) -> Trail[City]:
    """The longest trail through the given routes (route objects or ``(a, b, length)``)."""
    items = list(items)
    routes = read_routes(items)
    best = _longest(routes, with_trail=True)
    if best is None:
        return Trail(0)
    cities, indices = best.cities_and_edges(routes)
    return Trail(best.length, cities, tuple(items[i] for i in indices))


def longest_trail_length(items: Iterable[RouteItem[Hashable]]) -> int:
    """Just the length of ``longest_trail(items)``: the same facts, but the trail itself
    is not walked out."""
    best = _longest(read_routes(items), with_trail=False)
    return 0 if best is None else best.length


def _longest(routes: list[Route[City]], with_trail: bool) -> Found[City] | None:
    """The longest trail over all pieces, or None if no trail is longer than 0; only
    ``with_trail`` can it be walked out."""
    pieces = connected_pieces(routes)  # fact 0
    if len(pieces) == 1:
        return _longest_in_piece(routes, pieces[0], 0, with_trail)
    best: Found[City] | None = None
    pieces.sort(key=lambda piece: -piece.length)  # biggest first: a smaller piece is often skipped unsearched
    for piece in pieces:
        to_beat = best.length if best else 0
        if piece.length <= to_beat:
            break
        best = _longest_in_piece(routes, piece, to_beat, with_trail) or best
    return best


def _longest_in_piece(routes: list[Route[City]], piece: Piece[City], to_beat: int, with_trail: bool
                      ) -> Found[City] | None:
    """The longest trail of one piece, if it is longer than ``to_beat``."""
    if piece.length <= to_beat:
        return None
    if sum([len(ends) % 2 for ends in map(piece.touching.__getitem__, piece.cities)]) <= 2:  # fact 1
        return Found(piece.length, whole=piece)  # an Euler trail walks it all
    chains = contract_chains(routes, piece)  # fact 3
    core, in_a_tree = trim_hanging_trees(chains, unfold_arms=with_trail)  # fact 4
    best: Found[City] | None = None
    if in_a_tree is not None and in_a_tree.length > to_beat:
        best, to_beat = Found(in_a_tree.length, chains, walk=in_a_tree), in_a_tree.length
    if len(core):
        best = _longest_over_chains(core, to_beat) or best
    return best


def _longest_over_chains(chains: Chains[City], to_beat: int) -> Found[City] | None:
    """The longest trail over the chains left after fact 4, if longer than ``to_beat``."""
    total = sum(chains.length)
    if total <= to_beat:
        return None
    odd = chains.odd_cities()
    if len(odd) <= 2:  # fact 1 again: the trees cut off, the rest may be walked whole
        return Found(total, chains)
    pairing = cheapest_pairing(chains, odd)  # fact 5
    if total - pairing.length <= to_beat:
        return None
    left_out = pairing.left_out
    kept_ends = list(zip(chains.start, chains.end))
    for k in sorted(left_out, reverse=True):
        del kept_ends[k]
    if one_piece(kept_ends):
        return Found(total - pairing.length, chains, left_out=left_out)
    try:
        most = min(pairing.length + LEFT_OUT_SEARCH_ABOVE_PAIRING, total - to_beat - 1)
        tip = next((city for city in odd if len(chains.at[city]) == 1), odd[0])  # an arm's end is soon decided
        cheapest = search_left_out(chains, tip, pairing.length, most)  # fact 6
        if cheapest is not None:
            return Found(total - sum(chains.length[k] for k in cheapest), chains, left_out=cheapest)
        ceiling = total - pairing.length - LEFT_OUT_SEARCH_ABOVE_PAIRING - 1  # what fact 6 did not find
        if ceiling <= to_beat:
            return None
        distances = pairing.distances or odd_distances(chains, odd)
        ceilings = {city: min(ceiling, total - pairing_with_end(distances.matrix, i))
                    for i, city in enumerate(distances.odd)}
        walk = search_trails(chains, ceilings, to_beat)  # facts 7 and 8
        return None if walk is None else Found(walk.length, chains, walk=walk)
    except OutOfBudget:
        kept = solve_by_program(chains)  # fact 9
        length = sum(chains.length[k] for k in kept)
        return Found(length, chains, left_out=frozenset(range(len(chains))) - kept) if length > to_beat else None
