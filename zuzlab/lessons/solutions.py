"""The lessons' solutions: the short teaching versions of every task's answer, which the
checker takes as its reference and the teacher's notebooks show.

Why a module of their own?  A student's notebook imports its tasks and their helpers
(``lessons.check``, ``lessons.longest_route`` …), and nothing there imports this module,
so a solution is not one Tab away in a student's namespace. The checker loads it by name
when it needs an expected answer (``Task.solution``); a solution fold in a student's
notebook shows one only after the student has checked a version of their own. The
teacher's notebooks import it: ``from zuzlab.lessons import solutions``.

Each version is short on purpose (each is shown); the tests hold each equal to the kit's
fast algorithms (``zuzlab.algorithms``, ``zuzlab.ink.score``) on many seeded cases.
"""

from __future__ import annotations

import heapq
from collections import deque

from .ink_tracks import Tracks


# --- lesson 05, the longest route ------------------------------------------------------------

def odd_cities_reference(routes) -> set:
    """The cities where an odd number of the routes meet.

    Each route adds one to the count of both its cities; a double route's two tracks
    count twice. Why care?  A trail passes through a city on two routes at a time (in and
    out), so only its two ends can use an odd number of a city's routes: with at most two
    odd cities, one trail can walk every route (an Euler trail)."""
    meeting = {}
    for route in routes:
        for city in (route.a, route.b):
            meeting[city] = meeting.get(city, 0) + 1
    return {city for city, count in meeting.items() if count % 2 == 1}


def longest_route_reference(routes) -> int:
    """Length in trains of the longest trail: each route used at most once, cities may repeat.

    Why plain backtracking?  The longest-trail problem is NP-hard: no one knows a
    fast method for every network; but a player's network has only a handful of
    routes, so we can simply try every possibility: start from each city, walk along every
    unused route, and remember the longest walk.  When we come back from a
    route we "un-use" it so other walks may take it (that is the backtracking).
    """
    routes = list(routes)
    used = [False] * len(routes)

    def walk(city) -> int:
        best = 0
        for i, route in enumerate(routes):
            if used[i] or city not in (route.a, route.b):
                continue
            other = route.b if city == route.a else route.a
            used[i] = True
            best = max(best, route.length + walk(other))
            used[i] = False  # backtrack: free the route for other walks
        return best

    cities = {r.a for r in routes} | {r.b for r in routes}
    return max((walk(city) for city in cities), default=0)


def longest_route_fast_reference(routes) -> int:
    """The longest trail of a network in one piece, with three shortcuts to the search.

    1. Euler: with at most two odd cities one trail walks every route: all the trains.
    2. Otherwise a longest trail starts at an odd city (one that ends anywhere else
       leaves a route unused there, or could be opened up and made longer).
    3. Pruning: a walk stops when even all the unused routes it can still reach could
       not make it longer than the best trail found.
    """
    routes = list(routes)
    odd = odd_cities_reference(routes)
    if len(odd) <= 2:
        return sum(route.length for route in routes)  # 1. the Euler shortcut
    used, best = [False] * len(routes), 0

    def reachable(city) -> int:
        """The trains of the unused routes a walk from city can still reach (a flood fill)."""
        cities, frontier = {city}, [city]
        while frontier:
            here = frontier.pop()
            new = {route.b if here == route.a else route.a for i, route in enumerate(routes)
                   if not used[i] and here in (route.a, route.b)} - cities
            cities |= new
            frontier += new
        return sum(route.length for i, route in enumerate(routes) if not used[i] and route.a in cities)

    def walk(city, length) -> None:
        nonlocal best
        best = max(best, length)
        if length + reachable(city) <= best:
            return  # 3. pruning: what is left cannot beat the best trail
        for i, route in enumerate(routes):
            if not used[i] and city in (route.a, route.b):
                used[i] = True
                walk(route.b if city == route.a else route.a, length + route.length)
                used[i] = False

    for city in odd:  # 2. only odd cities as starts
        walk(city, 0)
    return best


def one_track_each(routes) -> list:
    """The routes with only the first track of each double route: what one player may hold."""
    seen, kept = set(), []
    for route in routes:
        if frozenset((route.a, route.b)) not in seen:
            seen.add(frozenset((route.a, route.b)))
            kept.append(route)
    return kept


def whole_map_reference(both_tracks: bool) -> int:
    """The longest continuous route on the whole USA map: with every route, or with one
    track of each double route (the kit's fast search; the teaching versions would take
    years on 100 routes)."""
    from ..algorithms import longest_trail
    from ..ttr import load_map

    routes = load_map("usa").routes
    return longest_trail(routes if both_tracks else one_track_each(routes)).length


# --- lesson 06, connecting tickets -------------------------------------------------------------

def connected_teaching(routes, a, b) -> bool:
    """Breadth-first flood fill: start in ``a``, reach every neighbour, then theirs …
    If ``b`` is ever reached, the two cities are connected."""
    neighbours = {}
    for route in routes:
        neighbours.setdefault(route.a, []).append(route.b)
        neighbours.setdefault(route.b, []).append(route.a)
    reached = {a}
    queue = deque([a])  # the frontier: reached, but its neighbours not looked at yet
    while queue:
        city = queue.popleft()
        if city == b:
            return True
        for other in neighbours.get(city, []):
            if other not in reached:
                reached.add(other)
                queue.append(other)
    return False


def distances_from(routes, start):
    """Dijkstra's algorithm: the fewest trains from ``start`` to every city it reaches,
    and for each city the route it is reached by (the shortest-path tree).

    The heap always gives the nearest city not yet settled; its distance can no longer
    improve (every other way is at least as long), so it is settled for good."""
    neighbours = {}
    for route in routes:
        neighbours.setdefault(route.a, []).append((route.b, route))
        neighbours.setdefault(route.b, []).append((route.a, route))
    distance, via = {start: 0}, {start: None}
    settled = set()
    heap = [(0, start)]
    while heap:
        d, city = heapq.heappop(heap)
        if city in settled:
            continue  # an old, longer entry for a city settled already
        settled.add(city)
        for other, route in neighbours.get(city, []):
            if d + route.length < distance.get(other, float("inf")):
                distance[other] = d + route.length  # tentative: may still improve
                via[other] = route
                heapq.heappush(heap, (distance[other], other))
    return distance, via


def shortest_route_teaching(routes, a, b):
    """The fewest trains joining ``a`` and ``b``, or None if the routes do not join them."""
    distance, _ = distances_from(routes, a)
    return distance.get(b)


def connect_three_teaching(routes, cities):
    """Routes joining three cities with the fewest trains.

    The best tree has one city where its three branches meet (it may be one of the three
    cities). So: Dijkstra from each city, pick the meeting city ``m`` with the least
    d(a, m) + d(b, m) + d(c, m), and walk back from ``m`` to each of the three."""
    trees = [distances_from(routes, city) for city in cities]
    meetings = [m for m in trees[0][0] if all(m in distance for distance, _ in trees)]
    if not meetings:
        return None
    meet = min(meetings, key=lambda m: sum(distance[m] for distance, _ in trees))
    chosen = []
    for (_, via), city in zip(trees, cities):
        here = meet
        while here != city:  # back along the shortest-path tree of ``city``
            route = via[here]
            if route not in chosen:
                chosen.append(route)
            here = route.a if route.b == here else route.b
    return chosen


# --- lesson 10, Railroad Ink scoring -----------------------------------------------------------

def count_errors(board) -> int:
    """Errors: every end of a highway or railway that meets neither the board's edge nor
    the same kind of track on the neighbouring square."""
    tracks = Tracks(board)
    errors = 0
    for piece in tracks.pieces:
        for side, kind in piece.tracks.items():
            if tracks.facing(piece, side) not in ("border", kind):
                errors += 1
    return errors


def network_exits(board) -> list[int]:
    """For each network, the number of different exits it reaches (smallest first).

    A network is a connected component of the graph of pieces, found by breadth-first
    search: start at a piece nobody has reached yet, visit its neighbours, their
    neighbours, … and collect the exits on the way."""
    tracks = Tracks(board)
    seen = set()
    counts = []
    for start in tracks.pieces:
        if start in seen:
            continue  # already part of a network we counted
        seen.add(start)
        queue, exits = deque([start]), set()
        while queue:
            piece = queue.popleft()
            exits.update(piece.exits)
            for other in tracks.neighbours(piece):
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        counts.append(len(exits))
    return sorted(counts)


def longest_railway(board) -> int:
    """The most squares on one railway path that never visits a square twice.

    Backtracking depth-first search: from every railway piece, walk to each joined
    railway piece not on the path yet, remember the longest walk, and step back so that
    other walks may use the piece (like the longest route of lesson 05)."""
    tracks = Tracks(board)

    def rail_neighbours(piece):
        return [tracks.across(piece, side) for side, kind in piece.tracks.items()
                if kind == "railway" and tracks.across(piece, side) is not None]

    def walk(piece, path) -> int:
        best = len(path)
        for other in rail_neighbours(piece):
            if other not in path:
                path.add(other)
                best = max(best, walk(other, path))
                path.discard(other)  # backtrack: free the square for other walks
        return best

    railways = [piece for piece in tracks.pieces if "railway" in piece.tracks.values()]
    return max((walk(piece, {piece}) for piece in railways), default=0)


def joined_by_square(board) -> list[int]:
    """A common mistake, for the teacher's notebook: squares as the nodes of the graph.
    Everything on one square is joined, so an overpass wrongly joins its two tracks."""
    tracks = Tracks(board)
    seen, counts = set(), []
    for start in tracks.pieces:
        if start.square in seen:
            continue
        seen.add(start.square)
        stack, exits = [start.square], set()
        while stack:
            for piece in tracks.at(stack.pop()):
                exits.update(piece.exits)
                for other in tracks.neighbours(piece):
                    if other.square not in seen:
                        seen.add(other.square)
                        stack.append(other.square)
        counts.append(len(exits))
    return counts


# the expected answers of lesson 10 come from the exact, fast scoring (the teaching
# versions above are tested equal to it on many boards)

def scored_errors(board) -> int:
    from ..ink import score

    return score(board).errors


def scored_network_exits(board) -> list[int]:
    from ..ink import score

    return sorted(len(network.exits) for network in score(board).networks)


def scored_longest_railway(board) -> int:
    from ..ink import score

    return score(board).longest_railway


# --- lesson 12, writing a bot: the teacher's example bots, one per step ----------------------

def skeleton_bot(game, rng):
    """The lesson's skeleton: any legal move, at random. It plays legally, and wins
    about half its games against the random player, which plays just so."""
    return rng.choice(list(game.legal_actions()))


def longest_claim_bot(game, rng):
    """Step 1: claim the longest route it can pay for; else draw cards; keep as few
    tickets as allowed (each one not completed costs its points)."""
    from zuzlab.ttr import ClaimRoute, DrawBlind, DrawFaceUp, KeepTickets

    actions = list(game.legal_actions())
    keeps = [action for action in actions if isinstance(action, KeepTickets)]
    if keeps:
        return min(keeps, key=lambda action: len(action.tickets))
    claims = [action for action in actions if isinstance(action, ClaimRoute)]
    if claims:
        return max(claims, key=lambda action: game.map.route(action.route).length)
    draws = [action for action in actions if isinstance(action, (DrawBlind, DrawFaceUp))]
    return rng.choice(draws) if draws else rng.choice(actions)


def ticket_plan_bot(game, rng):
    """Step 2: follow the tickets' plan: keep the cheapest tickets, claim the planned
    routes, draw the colours they need, ask for more tickets once the plan is done, and
    claim the longest route when nothing is planned."""
    from zuzlab.lessons.writing_bots import plan
    from zuzlab.ttr import ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets

    actions = list(game.legal_actions())
    keeps = [action for action in actions if isinstance(action, KeepTickets)]
    if keeps:
        return min(keeps, key=lambda action: (len(action.tickets), plan(game, action.tickets).trains_needed()))
    my_plan = plan(game)
    planned = my_plan.tracks()
    if DrawTickets() in actions and not planned and game.trains[game.current_player] > 15:
        return DrawTickets()
    claims = [action for action in actions if isinstance(action, ClaimRoute)]
    on_plan = [action for action in claims if action.route in planned]
    if on_plan or (claims and not planned):
        return max(on_plan or claims, key=lambda action: game.map.route(action.route).length)
    wanted = my_plan.wanted()
    useful = [action for action in actions if isinstance(action, DrawFaceUp) and wanted[action.color] > 0]
    if useful:
        return useful[0]
    if DrawBlind() in actions:
        return DrawBlind()
    if claims:
        return max(claims, key=lambda action: game.map.route(action.route).length)
    return rng.choice(actions)


def ink_score_bot(game, rng):
    """The Railroad Ink stretch: the drawing that gives the highest score now."""
    from zuzlab.lessons.writing_bots import score_after

    return max(game.legal_actions(), key=lambda action: score_after(game, action))
