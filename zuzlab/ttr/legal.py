"""The claims and stations of Ticket to Ride's legal actions, counted without being made.

Random play and simulations ask for the legal actions at every decision, and a hand of
many cards can pay for the open routes in hundreds of ways. So they are listed lazily
(``zuzlab.core.LegalActions``), in the same order as a plain list would have them:

- the board's routes are grouped once into *runs*: routes of one colour (or gray) with
  one price (``claim_rules.route_price``: length, colours, wild cards, a ferry's
  locomotives), by colour, shortest first, each run in route-id order;
- the game keeps, for each player, how many routes of each run are still open to them
  (not claimed, not closed by a double route), updated claim by claim (``OpenRoutes``);
- every route of a run can be paid in the same ways, which depend only on the hand: a
  run's ways are counted once, and a claim is made only when it is looked at
  (``game.random_action(rng)`` makes just the one it picks).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Iterator, NamedTuple

from .actions import BuildStation, ClaimRoute
from .claim_rules import Price, count_payments, double_route_problem, payments, route_prices
from .maps import Map, Route


class Run(NamedTuple):
    """Routes of one colour (None: gray) with the same price (``claim_rules.route_price``)."""

    number: int  # its place in the table (a field called ``index`` would hide tuple.index)
    color: str | None
    price: Price
    routes: tuple[Route, ...]  # in id order


@dataclass(frozen=True)
class RunTable:
    """The runs of a board under a rules value, fixed for the game."""

    runs: tuple[Run, ...]
    run_of: dict[int, int]  # route id → its run
    by_color: tuple[tuple[str | None, tuple[Run, ...]], ...]  # colour → its runs, shortest first


def run_table(game) -> RunTable:
    """The runs of the game's board and rules (made once for each board and rules)."""
    return _run_table(game.map, game.rules)


@functools.lru_cache(maxsize=64)
def _run_table(board: Map, rules) -> RunTable:
    by_color: dict[str | None, list[tuple[Price, list[Route]]]] = {}
    prices = route_prices(board, rules)
    for route in sorted(board.routes, key=lambda r: (r.length, r.id)):
        price = prices[route.id]
        blocks = by_color.setdefault(None if route.is_gray else route.color, [])
        if blocks and blocks[-1][0] == price:
            blocks[-1][1].append(route)
        else:
            blocks.append((price, [route]))
    runs: list[Run] = []
    order = []
    for color, blocks in by_color.items():
        first = len(runs)
        for price, members in blocks:
            runs.append(Run(len(runs), color, price, tuple(members)))
        order.append((color, tuple(runs[first:])))
    run_of = {route.id: k for k, run in enumerate(runs) for route in run.routes}
    return RunTable(tuple(runs), run_of, tuple(order))


class OpenRoutes:
    """For each player, how many routes of each run they could still claim; the game
    calls ``claiming`` before each claim, and a changed ``claimed`` (a set-up position)
    is noticed and the counts made anew."""

    __slots__ = ("table", "claimed", "count", "open")

    def __init__(self, game, table: RunTable):
        self.table, self.claimed, self.count = table, game.claimed, len(game.claimed)
        self.open = [[sum(1 for route in run.routes if is_open(game, route, player)) for run in table.runs]
                     for player in range(game.players)]

    def is_current(self, game) -> bool:
        """Whether the counts are those of ``game``'s claims (claims change through
        ``apply``, which keeps them up to date, or by a new ``claimed``: a set-up)."""
        return self.claimed is game.claimed and self.count == len(game.claimed)

    def copy_for(self, game) -> "OpenRoutes":
        copied = object.__new__(OpenRoutes)
        copied.table, copied.claimed, copied.count = self.table, game.claimed, self.count
        copied.open = [list(row) for row in self.open]
        return copied

    def claiming(self, game, route: Route, player: int) -> None:
        """``route`` is about to become ``player``'s: it closes for everyone it was open
        to, and its other tracks (those still free) for everyone the double-route rule then
        newly keeps off them (``claim_rules.double_route_problem``)."""
        everyone = range(game.players)
        closing = [(route, [other for other in everyone if is_open(game, route, other)])]
        after = {**game.claimed, route.id: player}
        for track in route.parallel:
            if track not in game.claimed:
                partner = game.map.route(track)
                closing.append((partner, [other for other in everyone if is_open(game, partner, other)
                                          and double_route_problem(game.rules, game.players, after, partner, other)]))
        for closed, players in closing:
            k = self.table.run_of[closed.id]
            for other in players:
                self.open[other][k] -= 1
        self.count += 1


def is_open(game, route: Route, player: int) -> bool:
    """Whether ``player`` may still claim ``route``: nobody holds it, and the double-route
    rule lets them."""
    claimed = game.claimed
    return route.id not in claimed and not double_route_problem(game.rules, game.players, claimed, route, player)


def open_routes(game) -> OpenRoutes:
    """The game's open-route counts, made anew when missing or out of date."""
    tracker = game.__dict__.get("_open_routes")
    if tracker is None or not tracker.is_current(game):
        tracker = game.__dict__["_open_routes"] = OpenRoutes(game, run_table(game))
    return tracker


class Claims:
    """Every claim the player to move can pay for, in ``legal_actions`` order; a view of
    the position it was made in (asked after an action, it says so)."""

    __slots__ = ("game", "player", "wilds", "entries", "length", "run_of", "_history", "_actions", "_hand", "_trains")
    kinds = (ClaimRoute,)

    def __init__(self, game):
        self.game, self.player = game, game._current
        self._history, self._actions = game.history, len(game.history)
        rules, player = game.rules, game._current
        self._hand = hand = dict(game.hands[player])  # the hand it was counted for (and pays from)
        self._trains = trains = game.trains[player]
        self.wilds = wilds = hand[rules.wild]
        tracker = open_routes(game)
        open_runs, self.run_of = tracker.open[player], tracker.table.run_of
        self.entries = entries = []  # (run, its open routes, the ways to pay for each)
        most_of_one_color = max(map(hand.__getitem__, rules.colors))
        total = 0
        for color, members in tracker.table.by_color:
            # no route longer than the trains left, or than the cards that could pay it
            longest = wilds + (most_of_one_color if color is None else hand[color])
            if longest > trains:
                longest = trains
            for run in members:  # shortest first
                if run.price.length > longest:
                    break
                routes = open_runs[run.number]
                if routes:
                    ways = count_payments(run.price, wilds, hand)
                    if ways:
                        entries.append((run, routes, ways))
                        total += routes * ways
        self.length = total

    def is_current(self, game) -> bool:
        """Whether these are still ``game``'s claims: no action since, the same hand."""
        return (game is self.game and game.history is self._history and len(self._history) == self._actions
                and game._current == self.player and game.trains[self.player] == self._trains
                and game.hands[self.player] == self._hand)

    def _check_current(self) -> None:
        if self.game.history is not self._history or len(self._history) != self._actions:
            raise RuntimeError("these legal actions belong to an earlier position: ask game.legal_actions() again")

    def _open(self, run: Run) -> Iterator[Route]:
        return (route for route in run.routes if is_open(self.game, route, self.player))

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: int) -> ClaimRoute:
        self._check_current()
        for run, routes, ways in self.entries:
            block = routes * ways
            if index >= block:
                index -= block
                continue
            nth_route, nth_way = divmod(index, ways)
            route = next(itertools.islice(self._open(run), nth_route, None))
            return ClaimRoute(route.id, *list(payments(run.price, self.wilds, self._hand))[nth_way])
        raise IndexError(index)

    def __iter__(self) -> Iterator[ClaimRoute]:
        return self.for_routes(None)

    def for_routes(self, wanted) -> Iterator[ClaimRoute]:
        """The claims of the routes in ``wanted`` (ids; None: every route), in order."""
        self._check_current()
        runs = None if wanted is None else {self.run_of.get(r) for r in wanted}
        for run, _, _ in self.entries:
            if runs is not None and run.number not in runs:
                continue
            ways = None
            for route in self._open(run):
                if wanted is None or route.id in wanted:
                    if ways is None:
                        ways = list(payments(run.price, self.wilds, self._hand))
                    yield from (ClaimRoute(route.id, color, used) for color, used in ways)

    def __contains__(self, action: object) -> bool:
        if type(action) is not ClaimRoute or type(action.route) is not int:
            return False
        return action in list(self.for_routes({action.route}))


class Stations:
    """Every station the player to move can build: each free city, each way to pay."""

    __slots__ = ("cities", "ways")
    kinds = (BuildStation,)

    def __init__(self, cities: list[str], ways: list[tuple[str | None, int]]):
        self.cities, self.ways = cities, ways

    def __len__(self) -> int:
        return len(self.cities) * len(self.ways)

    def __getitem__(self, index: int) -> BuildStation:
        city, way = divmod(index, len(self.ways))
        return BuildStation(self.cities[city], *self.ways[way])

    def __iter__(self) -> Iterator[BuildStation]:
        return (BuildStation(city, color, used) for city in self.cities for color, used in self.ways)

    def __contains__(self, action: object) -> bool:
        return (type(action) is BuildStation and action.city in self.cities
                and (action.color, action.wilds) in self.ways)
