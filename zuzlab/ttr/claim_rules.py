"""Two rules of claiming, each stated once: which cards pay for a route (or a station,
or a tunnel's extra cards), and who may claim a track of a double or triple route.

The listing of legal actions (``legal.py``), the checks of an action and of a position
(``state.py``), the bots and their ticket plans all ask here, so a rule changed here
changes for all of them. (The listing runs through every way to pay a price, the check
of an action tests the one payment it names against the price: the tests that hold the
one against the other still compare two computations.)
"""

from __future__ import annotations

import functools
from typing import Iterator, Mapping, NamedTuple

from .maps import Map, Route


class Price(NamedTuple):
    """What pays for a route, a station or a tunnel's extra cards: ``length`` cards of
    one of ``colors`` (any one colour for a gray route or a station), wild cards standing
    in for them where ``wilds_usable``, at least ``ferry`` of them wild cards (a ferry's
    locomotives)."""

    length: int
    colors: tuple[str, ...]
    wilds_usable: bool = True
    ferry: int = 0


def route_price(rules, route: Route) -> Price:
    """A route's colour, or any one colour for a gray route; wild cards pay for every
    route, except Switzerland's tunnel cards (``wild_only_on_tunnels``): tunnels only."""
    return Price(route.length, rules.colors if route.is_gray else (route.color,),
                 route.tunnel or not rules.wild_only_on_tunnels, route.ferry_locomotives)


@functools.lru_cache(maxsize=64)
def route_prices(board: Map, rules) -> dict[int, Price]:
    """Route id → its price under ``rules``, made once for each board and rules (the
    bots ask for many at every turn; shared, so not to be changed)."""
    return {route.id: route_price(rules, route) for route in board.routes}


def station_price(rules, cost: int) -> Price:
    """A station: ``cost`` cards of any one colour, wild cards standing in."""
    return Price(cost, rules.colors)


def tunnel_extra(rules, color: str | None, revealed) -> int:
    """The extra cards a tunnel asks for: one for each revealed card of the colour paid
    with, or a wild card (paid with wild cards only: one for each wild card)."""
    costly = {rules.wild} if color is None else {rules.wild, color}
    return sum(1 for card in revealed if card in costly)


def tunnel_extra_price(color: str | None, extra: int) -> Price:
    """A tunnel's extra cards: of the colour paid with (or wild cards only), wild cards
    standing in."""
    return Price(extra, () if color is None else (color,))


def payments(price: Price, wilds: int, held: Mapping[str, int]) -> Iterator[tuple[str | None, int]]:
    """Every way to pay ``price`` with a hand of ``wilds`` wild cards and the colours
    ``held`` (colour → count): for each colour of the price held, from the fewest wild
    cards to the most; then wild cards only, ``(None, length)``."""
    by_color, wilds_only = _ways_to_pay(price, wilds, held)
    for color, fewest, most in by_color:
        for used in range(fewest, most + 1):
            yield color, used
    if wilds_only:
        yield None, price.length


def count_payments(price: Price, wilds: int, held: Mapping[str, int]) -> int:
    """``len(list(payments(...)))`` without the list (claims are counted, not made)."""
    by_color, wilds_only = _ways_to_pay(price, wilds, held)
    ways = 1 if wilds_only else 0
    for _, fewest, most in by_color:
        ways += most - fewest + 1
    return ways


def _ways_to_pay(price: Price, wilds: int, held: Mapping[str, int]) -> tuple[list[tuple[str, int, int]], bool]:
    """The ways to pay, in ranges: each colour of the price held that can pay, with wild
    cards standing in for the rest (colour, the fewest wild cards, the most: all but one
    card), and whether wild cards alone can pay."""
    length, colors, wilds_usable, ferry = price
    most = (wilds if wilds < length else length - 1) if wilds_usable else 0
    by_color = []
    for color in colors:
        have = held.get(color)
        if have:
            fewest = length - have if length - have > ferry else ferry
            if fewest <= most:
                by_color.append((color, fewest, most))
    return by_color, wilds_usable and wilds >= length


def tracks_open(rules, players: int, tracks: int) -> int:
    """How many of the ``tracks`` between two cities can be used with ``players`` players:
    one, the second from ``double_routes_min_players`` on, the third (of a triple route)
    from ``triple_routes_min_players`` on."""
    return min(tracks, 1 + (players >= rules.double_routes_min_players)
               + (players >= rules.triple_routes_min_players))


def double_route_problem(rules, players: int, claimed: Mapping[int, int], route: Route, player: int) -> str | None:
    """Why ``player`` may not hold ``route`` when the routes in ``claimed`` (route id →
    owner) are held, as a track of a double or triple route: "own" (nobody holds two
    tracks between the same cities), "closed" (the player count opens fewer tracks than
    are taken already: ``tracks_open``), or None."""
    if not route.parallel:  # a single route
        return None
    holders = [claimed[track] for track in route.parallel if track in claimed]
    if not holders:
        return None
    if player in holders:
        return "own"
    if len(holders) >= tracks_open(rules, players, len(route.parallel) + 1):
        return "closed"
    return None
