"""The claims and stations of Ticket to Ride's legal actions, counted without being made.

Random play and simulations ask for the legal actions at every decision, and a hand of
many cards can pay for the open routes in hundreds of ways. So they are listed lazily
(``zuzlab.core.LegalActions``), in the same order as a plain list would have them:

- the board's routes are grouped once into *runs*: routes of one colour and one length
  (with the same ferry and wild-card rules), by colour, shortest first, each run in
  route-id order;
- the game keeps, for each player, how many routes of each run are still open to them
  (not claimed, not closed by a double route) and which runs have any left, updated
  claim by claim (``OpenRoutes``): a listing looks at those runs only;
- every route of a run can be paid in the same ways, which depend only on the hand: a
  run's ways are counted once, and a claim is made only when it is looked at
  (``game.random_action(rng)`` makes just the one it picks).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from operator import itemgetter
from typing import Iterator, NamedTuple

from .actions import BuildStation, ClaimRoute
from .maps import Route


class Run(NamedTuple):
    """Routes of one colour (None: gray) and length that are paid for alike (a named
    tuple: its fields are read in the hottest loop of random play)."""

    index: int  # its place in the table
    color: str | None
    length: int
    colors: tuple[str, ...]  # the colours that pay for it
    wilds_usable: bool
    ferry: int  # wild cards a ferry needs at least
    routes: tuple[Route, ...]  # in id order


@dataclass(frozen=True)
class RunTable:
    """The runs of a board under a ruleset, fixed for the game."""

    runs: tuple[Run, ...]
    run_of: dict[int, int]  # route id → its run
    by_color: tuple[tuple[str | None, tuple[Run, ...]], ...]  # colour → its runs, shortest first
    group_of: tuple[int, ...]  # run → its colour's place in ``by_color``


def run_table(game) -> RunTable:
    """The runs of the game's board and rules, made once per board and rules (kept on
    the board, which is frozen and shared by every game on it)."""
    rules, board = game.rules, game.map
    tables = vars(board).setdefault("_run_tables", {})
    key = (rules.colors, rules.wild_only_on_tunnels)
    if key not in tables:
        tables[key] = _make_run_table(board.routes, rules.colors, game._wilds_usable_on)
    return tables[key]


def _make_run_table(routes, all_colors, wilds_usable_on) -> RunTable:
    by_color: dict[str | None, list[tuple]] = {}
    for route in sorted(routes, key=lambda r: (r.length, r.id)):
        color = None if route.is_gray else route.color
        kind = (route.length, wilds_usable_on(route), route.ferry_locomotives)
        blocks = by_color.setdefault(color, [])
        if blocks and blocks[-1][0] == kind:
            blocks[-1][1].append(route)
        else:
            blocks.append((kind, [route]))
    runs: list[Run] = []
    order = []
    for color, blocks in by_color.items():
        first = len(runs)
        for (length, usable, ferry), members in blocks:
            runs.append(Run(len(runs), color, length, all_colors if color is None else (color,), usable, ferry, tuple(members)))
        order.append((color, tuple(runs[first:])))
    run_of = {route.id: k for k, run in enumerate(runs) for route in run.routes}
    group_of = tuple(group for group, (_, members) in enumerate(order) for _ in members)
    return RunTable(tuple(runs), run_of, tuple(order), group_of)


class OpenRoutes:
    """For each player, how many routes of each run they could still claim, and by
    colour the runs where some are left (``live``: listing claims skips the others); the
    game calls ``claiming`` before each claim, and a changed ``claimed`` (a set-up
    position) is noticed and the counts made anew."""

    __slots__ = ("table", "claimed", "count", "open", "live")

    def __init__(self, game, table: RunTable):
        self.table, self.claimed, self.count = table, game.claimed, len(game.claimed)
        if not game.claimed:  # a new game (each simulated game starts so): every route is open
            everything = [len(run.routes) for run in table.runs]
            self.open = [list(everything) for _ in range(game.players)]
        else:
            self.open = [[sum(1 for route in run.routes if is_open(game, route, player)) for run in table.runs]
                         for player in range(game.players)]
        self.live = [[(color, [run for run in runs if row[run.index]]) for color, runs in table.by_color]
                     for row in self.open]

    def is_current(self, game) -> bool:
        """Whether the counts are those of ``game``'s claims (claims change through
        ``apply``, which keeps them up to date, or by a new ``claimed``: a set-up)."""
        return self.claimed is game.claimed and self.count == len(game.claimed)

    def copy_for(self, game) -> "OpenRoutes":
        copied = object.__new__(OpenRoutes)
        copied.table, copied.claimed, copied.count = self.table, game.claimed, self.count
        copied.open = [list(row) for row in self.open]
        copied.live = [[(color, list(runs)) for color, runs in groups] for groups in self.live]
        return copied

    def claiming(self, game, route: Route, player: int) -> None:
        """``route`` is about to become ``player``'s: it closes for everyone it was open
        to, and its other track (if still free) closes for ``player``, and for everyone
        when there are too few players for double routes."""
        run_of, open_counts = self.table.run_of, self.open
        closed_for_all = game.players < game.rules.double_routes_min_players
        k = run_of[route.id]
        partner = route.double_with
        owner = None if partner is None else game.claimed.get(partner)  # of the other track
        emptied = []  # (player, run) whose last open route closes
        for other, row in enumerate(open_counts):
            if owner is None or (other != owner and not closed_for_all):  # open to them until now
                row[k] -= 1
                if not row[k]:
                    emptied.append((other, k))
        if partner is not None and owner is None:  # the other track closes: for the claimer, or for all
            k = run_of[partner]
            for other, row in enumerate(open_counts):
                if closed_for_all or other == player:
                    row[k] -= 1
                    if not row[k]:
                        emptied.append((other, k))
        for other, k in emptied:
            run = self.table.runs[k]
            self.live[other][self.table.group_of[k]][1].remove(run)
        self.count += 1


def is_open(game, route: Route, player: int) -> bool:
    if route.id in game.claimed:
        return False
    return route.double_with is None or not game._double_route_problem(route, player)


def open_routes(game) -> OpenRoutes:
    """The game's open-route counts, made anew when missing or out of date."""
    tracker = game.__dict__.get("_open_routes")
    if tracker is None or not tracker.is_current(game):
        tracker = game.__dict__["_open_routes"] = OpenRoutes(game, run_table(game))
    return tracker


def payments(length: int, colors, wilds: int, held: dict[str, int], ferry: int = 0) -> Iterator[tuple[str | None, int]]:
    """Every way to pay ``length`` cards of one colour with wild cards standing in: for
    each colour held, from the fewest wild cards to the most (all but one card); then
    wild cards only, ``(None, length)``."""
    for color, fewest, most in _wild_cards_by_color(length, colors, wilds, held, ferry):
        for used in range(fewest, most + 1):
            yield color, used
    if wilds >= length:
        yield None, length


def nth_payment(length: int, colors, wilds: int, held: dict[str, int], ferry: int, n: int) -> tuple[str | None, int]:
    """``list(payments(...))[n]`` without the list (a claim picked at random)."""
    for color, fewest, most in _wild_cards_by_color(length, colors, wilds, held, ferry):
        if n <= most - fewest:
            return color, fewest + n
        n -= most - fewest + 1
    if n == 0 and wilds >= length:
        return None, length
    raise IndexError(f"no payment {n} of {length} cards")


def _wild_cards_by_color(length, colors, wilds, held, ferry) -> Iterator[tuple[str, int, int]]:
    """Each colour held that can pay: (colour, the fewest wild cards standing in, the most)."""
    most = min(wilds, length - 1)
    for color in colors:
        have = held.get(color)
        if have:
            fewest = max(ferry, length - have)
            if fewest <= most:
                yield color, fewest, most


_COUNT = itemgetter(1)  # of a (card, count) pair


class Claims:
    """Every claim the player to move can pay for, in ``legal_actions`` order; a view of
    the position it was made in (asked after an action, it says so)."""

    __slots__ = ("game", "player", "held", "entries", "length", "run_of", "_history", "_actions", "_hand", "_trains")
    kinds = (ClaimRoute,)

    def __init__(self, game):
        self.game, self.player = game, game._current
        self._history, self._actions = game.history, len(game.history)
        rules, player = game.rules, game._current
        hand, trains = game.hands[player], game.trains[player]
        self._hand, self._trains = dict(hand), trains
        self.held = held = dict(filter(_COUNT, hand.items()))  # the colours held (builtins only) …
        held.pop(rules.wild, None)  # … but the wild cards
        held_counts = held.values()
        most_of_one_color = max(held_counts, default=0)
        all_wilds = hand[rules.wild]
        tracker = game.__dict__.get("_open_routes")
        if tracker is None or not tracker.is_current(game):  # open_routes(game), without a call when current
            tracker = open_routes(game)
        open_runs, self.run_of = tracker.open[player], tracker.table.run_of
        self.entries = entries = []  # (run, open routes, wild cards usable, ways to pay each)
        total = 0
        for color, members in tracker.live[player]:  # the runs with routes left
            have = most_of_one_color if color is None else hand[color]
            longest = have + all_wilds
            if not longest:
                continue  # no card that pays for this colour
            if trains < longest:
                longest = trains
            for run in members:  # shortest first
                index, _, length, _, wilds_usable, ferry, _ = run  # one unpacking: the hottest loop of random play
                if length > longest:
                    break
                routes = open_runs[index]
                wilds = all_wilds if wilds_usable else 0
                if length > have + wilds:
                    continue
                most_wilds = wilds if wilds < length else length - 1  # payments(), counted
                ways = wilds >= length  # wild cards only
                for have_one in (held_counts if color is None else (have,)):  # each colour that pays
                    fewest_wilds = length - have_one if length - have_one > ferry else ferry
                    if have_one and most_wilds >= fewest_wilds:
                        ways += most_wilds - fewest_wilds + 1
                if ways:
                    entries.append((run, routes, wilds, ways))
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
        game, player, claimed = self.game, self.player, self.game.claimed
        return (route for route in run.routes  # is_open asked only where a double route makes it a question
                if route.id not in claimed and (route.double_with is None or is_open(game, route, player)))

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: int) -> ClaimRoute:
        self._check_current()
        for run, routes, wilds, ways in self.entries:
            block = routes * ways
            if index >= block:
                index -= block
                continue
            nth_route, nth_way = divmod(index, ways)
            route = next(itertools.islice(self._open(run), nth_route, None))
            return ClaimRoute(route.id, *nth_payment(run.length, run.colors, wilds, self.held, run.ferry, nth_way))
        raise IndexError(index)

    def __iter__(self) -> Iterator[ClaimRoute]:
        return self.for_routes(None)

    def for_routes(self, wanted) -> Iterator[ClaimRoute]:
        """The claims of the routes in ``wanted`` (ids; None: every route), in order."""
        self._check_current()
        runs = None if wanted is None else {self.run_of.get(r) for r in wanted}
        for run, _, wilds, _ in self.entries:
            if runs is not None and run.index not in runs:
                continue
            ways = None
            for route in self._open(run):
                if wanted is None or route.id in wanted:
                    if ways is None:
                        ways = list(payments(run.length, run.colors, wilds, self.held, run.ferry))
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
