"""Facts 6 to 8: the searches, for the few player networks fact 5 leaves open.

6. If the chains left after the cheapest pairing fall apart, another set to leave out, as
   cheap or a few trains dearer, may not: a search decides chain by chain whether to
   leave it out (``search_left_out``).
7. Otherwise an exhaustive search over trails starts from each odd city in turn (fact 2),
   most promising first, and stops as soon as a trail reaches its start's ceiling
   (fact 5 with that city as an end) (``search_trails``).
8. Walking the same chains in another order ends in the same city with the same length
   and the same future, so the search over trails explores each (city, chains used) once.

Both searches count their steps: one that would need more than ``SEARCH_BUDGET`` (whole
boards, big dense networks) gives up with ``OutOfBudget``, and the integer program
(fact 9, ``program.py``) answers instead. So no call holds more than that many states.
"""

from __future__ import annotations

from .chains import Chains, Step, Walk
from .pieces import one_piece

#: The most steps one search may take (decisions, or (city, chains used) states it
#: remembers): a few MB and about a tenth of a second. Counted on 3,000 player and dense
#: networks of 15 to 35 routes: one needed more (a 35-route network of 30 chains).
SEARCH_BUDGET = 20_000


class OutOfBudget(Exception):
    """The search needed more states than ``SEARCH_BUDGET``."""


def search_trails(chains: Chains, ceilings: dict[int, int], to_beat: int, budget: int | None = None) -> Walk | None:
    """The longest trail over the chains from one of the odd cities, if it is longer than
    ``to_beat``, else None. ``ceilings`` holds each odd city and the longest a trail from
    it can be (fact 5 with that city as an end): the most promising start goes first, a
    start whose ceiling the best trail reaches is skipped."""
    budget = SEARCH_BUDGET if budget is None else budget
    # Each city's chains, longest first: good trails are found early. A chain is one bit
    # of ``used`` (a whole number), so a state is one number too: used × cities + city.
    cities = len(chains.names)
    onward: list[list[tuple[int, int, int, Step]]] = [[] for _ in range(cities)]  # (bit, city, length, step)
    for k, (start, end, length) in enumerate(zip(chains.start, chains.end, chains.length)):
        onward[start].append((1 << k, end, length, Step(k, True)))
        if end != start:
            onward[end].append((1 << k, start, length, Step(k, False)))
    for options in onward:
        options.sort(key=lambda option: -option[2])

    best_length, best_walk, best_start = to_beat, None, None
    walk: list[Step] = []
    explored: set[int] = set()  # fact 8: each (chains used, city) once

    def extend(city: int, length: int, used: int, ceiling: int) -> bool:
        """Grow the trail from ``city``; True once a trail reaches the ceiling."""
        nonlocal best_length, best_walk
        state = used * cities + city
        if state in explored:
            return False
        if len(explored) >= budget:
            raise OutOfBudget
        explored.add(state)
        if length > best_length:
            best_length, best_walk = length, tuple(walk)
            if length >= ceiling:
                return True
        for bit, other, chain_length, step in onward[city]:
            if not used & bit:
                walk.append(step)
                done = extend(other, length + chain_length, used | bit, ceiling)
                walk.pop()
                if done:
                    return True
        return False

    for start in sorted(ceilings, key=lambda city: -ceilings[city]):
        if best_length >= ceilings[start]:
            break  # no trail from here (or from the starts after it) can be longer
        found_before = best_walk
        extend(start, 0, 0, ceilings[start])
        if best_walk is not found_before:
            best_start = start
    if best_walk is None or best_start is None:
        return None
    return Walk(best_length, best_start, best_walk)


#: The left-out search looks for sets up to this much above the cheapest pairing; beyond,
#: the search over trails is usually quicker (the left-out search grows with it).
#: Measured: 1 to 6 all within a few per cent on dense networks.
LEFT_OUT_SEARCH_ABOVE_PAIRING = 3


def search_left_out(chains: Chains, start: int, least: int, most: int, budget: int | None = None
                    ) -> frozenset[int] | None:
    """Fact 6: the fewest trains to leave out, ``most`` or fewer (none leaves out less than
    ``least``), so that the chains kept hang together with at most two odd cities: the
    chains left out, or None. A branch and bound: once a set is found, only sets that
    leave out less are looked for.

    The chains are decided one by one, leave out or keep, in the order a breadth-first
    walk from ``start`` meets them, so cities are soon finished: a finished city that
    keeps an odd number of chains is one of the trail's two ends. A city not finished
    yet that keeps an odd number must still lose one of its later chains (or be an end),
    and a left-out chain mends two cities: if half the cheapest such chains, summed over
    those cities (but for the ends still free), cost more than what is left to spend, the
    branch is cut.
    """
    budget = SEARCH_BUDGET if budget is None else budget
    start_of, end_of, length_of = chains.start, chains.end, chains.length
    order: list[int] = []
    placed: set[int] = set()
    reached, frontier = {start}, [start]
    for city in frontier:  # the list grows while it is walked: breadth first
        for k in chains.at[city]:
            if k not in placed:
                placed.add(k)
                order.append(k)
                other = chains.other_end(k, city)
                if other not in reached:
                    reached.add(other)
                    frontier.append(other)
    last_chain = {}
    for position, k in enumerate(order):
        last_chain[start_of[k]] = last_chain[end_of[k]] = position
    finished: list[list[int]] = [[] for _ in order]  # the cities whose last chain is decided at each position
    for city, position in last_chain.items():
        finished[position].append(city)
    cheapest_later: list[tuple[tuple[int, int], ...]] = [()] * len(order)  # per open city
    later: dict[int, int] = {}
    for position in range(len(order) - 1, -1, -1):
        cheapest_later[position] = tuple(later.items())
        k = order[position]
        a, b, length = start_of[k], end_of[k], length_of[k]
        if a != b:  # a loop does not change a city's parity
            for city in (a, b):
                later[city] = min(later.get(city, length), length)
    odd = [len(ends) % 2 for ends in chains.at]  # of the chains kept so far
    left_out: set[int] = set()
    best, limit = None, most  # the best set found; what a better one may leave out
    steps = 0

    def decide(position: int, spent: int, ends: int) -> bool:
        """Decide the chain at ``position`` and on; True once nothing better is possible."""
        nonlocal best, limit, steps
        steps += 1
        if steps > budget:
            raise OutOfBudget
        if position == len(order):
            if one_piece((start_of[k], end_of[k]) for k in range(len(chains)) if k not in left_out):
                best, limit = frozenset(left_out), spent - 1
                return spent == least
            return False
        k = order[position]
        a, b, length = start_of[k], end_of[k], length_of[k]
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
